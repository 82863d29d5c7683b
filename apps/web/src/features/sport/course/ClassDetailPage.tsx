import { useLayoutEffect, useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Form, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { Dayjs } from 'dayjs';
import { Perm, type ClassPeople, type ClassRow, type LessonRow, type Page } from '@venue/contract';
import { queryClient } from '../../../app/query.ts';
import { api, http } from '../../../app/request.ts';
import { formatDay, useCan, useLabelT, type Option } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { formatTime, yuan } from '../../../kit/pay/index.ts';
import { CLASS_LIST_PATH, NS, classStateOptions, lessonStateOptions, orderDetailPath, useCourseT } from './shared.tsx';
import { useLang } from '../../../app/prefs.ts';

const url = (p: string) => api.sport(`course/${p}`);
const keyOf = (id: number) => ['course', 'class', id];

/** A tag of one of the feature's options. */
function StateTag({ value, options }: { value: string; options: Option[] }) {
  const label = useLabelT(NS);
  const o = options.find((x) => x.value === value);
  return <Tag color={o?.color}>{o ? label(o.label) : value}</Tag>;
}

/** A lesson: its start and end, claimed on the class's coach (and site). */
function LessonDialog({ classId, open, onClose }: { classId: number; open: boolean; onClose: () => void }) {
  const t = useCourseT();
  const [form] = Form.useForm<{ range?: [Dayjs, Dayjs] }>();
  useLayoutEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const { busy, submit } = useFormSubmit(form, async (v) => {
    await http.post(url('lesson'), { classId, startsAt: v.range![0].toISOString(), endsAt: v.range![1].toISOString() });
    await queryClient.invalidateQueries({ queryKey: keyOf(classId) });
    onClose();
  });
  return (
    <Modal
      open={open}
      title={t('action.addLesson')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={{ id: 'lesson-form-ok' }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="range" label={`${t('field.startsAt')} – ${t('field.endsAt')}`} rules={[{ required: true }]}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            data-testid="lesson-form-range"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** sport.course.classDetail (classDetail): the class, its lessons (add, cancel), its roster and its waitlist. */
export default function ClassDetailPage() {
  const t = useCourseT();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const [adding, setAdding] = useState(false);
  const cls = useQuery({ queryKey: [...keyOf(id), 'row'], queryFn: () => http.get<ClassRow>(url(`class/${id}`)), enabled: id > 0 });
  const lessons = useQuery({
    queryKey: [...keyOf(id), 'lessons'],
    queryFn: () => http.post<Page<LessonRow>>(url('lesson/list'), { classId: id, pageNum: 1, pageSize: 500 }),
    enabled: id > 0,
  });
  const people = useQuery({ queryKey: [...keyOf(id), 'people'], queryFn: () => http.post<ClassPeople>(url('class/people'), { classId: id }), enabled: id > 0 });
  const c = cls.data;
  const cancel = async (lessonId: number) => {
    await http.post(url(`lesson/${lessonId}/cancel`));
    await queryClient.invalidateQueries({ queryKey: keyOf(id) });
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="class-detail">
      <Card
        variant="borderless"
        title={c ? `${c.courseName} · ${c.name}` : t('detail.title')}
        loading={cls.isLoading}
        extra={<Button onClick={() => navigate(CLASS_LIST_PATH)}>{t('detail.back')}</Button>}
      >
        {c ? (
          <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="class-detail-info">
            <Descriptions.Item label={t('field.coach')}>{c.coachName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.capacity')}>{c.capacity}</Descriptions.Item>
            <Descriptions.Item label={t('field.enrolled')}>
              <span data-testid="class-detail-enrolled">{c.enrolled}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.waitlisted')}>
              <span data-testid="class-detail-waitlisted">{c.waitlisted}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.price')}>{yuan(c.priceFen)}</Descriptions.Item>
            <Descriptions.Item label={t('field.classState')}>
              <StateTag value={c.state} options={classStateOptions} />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.startDay')}>{formatDay(c.startDay, lang)}</Descriptions.Item>
            <Descriptions.Item label={t('field.endDay')}>{formatDay(c.endDay, lang)}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
      <Card
        variant="borderless"
        title={t('detail.lessons')}
        extra={
          can(Perm.courseClass.edit) ? (
            <Button type="primary" onClick={() => setAdding(true)} data-testid="lesson-add">
              {t('action.addLesson')}
            </Button>
          ) : null
        }
      >
        <Table<LessonRow>
          size="small"
          rowKey="id"
          loading={lessons.isLoading}
          pagination={false}
          locale={{ emptyText: t('detail.noLessons') }}
          dataSource={lessons.data?.data ?? []}
          data-testid="lesson-table"
          columns={[
            { key: 'startsAt', title: t('field.startsAt'), dataIndex: 'startsAt', render: (v: string) => formatTime(v) },
            { key: 'endsAt', title: t('field.endsAt'), dataIndex: 'endsAt', render: (v: string) => formatTime(v) },
            { key: 'coach', title: t('field.coach'), dataIndex: 'coachName', render: (v: string | null) => v ?? '—' },
            { key: 'state', title: t('field.lessonState'), dataIndex: 'state', render: (v: string) => <StateTag value={v} options={lessonStateOptions} /> },
            {
              key: 'actions',
              title: t('actions'),
              render: (_: unknown, l) =>
                can(Perm.courseClass.edit) && (l.state === 'scheduled' || l.state === 'suspended') ? (
                  <Popconfirm title={t('detail.confirmCancel')} onConfirm={() => cancel(l.id)}>
                    <Button type="link" danger size="small" data-testid="lesson-cancel" data-row-key={l.id}>
                      {t('action.cancelLesson')}
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </Card>
      <Card variant="borderless" title={`${t('detail.roster')} (${people.data?.enrolled.length ?? 0})`}>
        <Table
          size="small"
          rowKey="memberId"
          loading={people.isLoading}
          pagination={false}
          dataSource={people.data?.enrolled ?? []}
          data-testid="class-roster"
          columns={[
            { key: 'name', title: t('field.member'), dataIndex: 'memberName' },
            { key: 'phone', title: t('field.phone'), dataIndex: 'memberPhone' },
            {
              key: 'order',
              title: t('field.orderNo'),
              dataIndex: 'orderNo',
              render: (v: string, r) => (
                <Button type="link" size="small" onClick={() => navigate(orderDetailPath(r.orderId))}>
                  {v}
                </Button>
              ),
            },
            { key: 'orderState', title: t('field.orderState'), dataIndex: 'orderState', render: (v: string) => t(`orderStateOf.${v as 'paid'}`) },
            { key: 'time', title: t('field.enrolTime'), dataIndex: 'enrolTime', render: (v: string) => formatTime(v) },
          ]}
        />
      </Card>
      <Card variant="borderless" title={`${t('detail.waitlist')} (${people.data?.waitlist.length ?? 0})`}>
        <Table
          size="small"
          rowKey="memberId"
          loading={people.isLoading}
          pagination={false}
          dataSource={people.data?.waitlist ?? []}
          data-testid="class-waitlist"
          columns={[
            { key: 'position', title: t('field.position'), dataIndex: 'position' },
            { key: 'name', title: t('field.member'), dataIndex: 'memberName' },
            { key: 'phone', title: t('field.phone'), dataIndex: 'memberPhone' },
            { key: 'time', title: t('field.enrolTime'), dataIndex: 'enrolTime', render: (v: string) => formatTime(v) },
          ]}
        />
      </Card>
      <LessonDialog classId={id} open={adding} onClose={() => setAdding(false)} />
    </Space>
  );
}

import { useLayoutEffect } from 'react';
import { Button, Descriptions, Drawer, Empty, Form, Input, Rate, Select, Space, Statistic, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Perm, type LessonDetail, type RatingAverage } from '@venue/contract';
import { success } from '../../../../app/feedback.tsx';
import { http } from '../../../../app/request.ts';
import { rangeIn, useCan, useVenueTimeZone } from '../../../../kit/index.ts';
import { useFormSubmit } from '../../../../kit/form.ts';
import { formatTime } from '../../../../kit/pay/index.ts';
import { LessonStateTag } from './StateTag.tsx';
import { ShareButton, ShareLabel } from '../share/ShareButton.tsx';
import { lessonUrl, useLessonT } from './shared.ts';

function Average({ title, r, none }: { title: string; r: RatingAverage; none: string }) {
  return <Statistic title={title} value={r.avg === null ? none : r.avg.toFixed(2)} suffix={r.avg === null ? undefined : `/ 5 (${r.count})`} />;
}

/** A lesson's drawer: what and when, the averages of the lesson, its course and its coach, the ratings, and a rating entered at the desk. */
export function LessonDrawer({ id, onClose, onChanged }: { id: number | null; onClose: () => void; onChanged: () => void }) {
  const t = useLessonT();
  const timeZone = useVenueTimeZone();
  const can = useCan();
  const [form] = Form.useForm<{ memberId?: number; rating?: number; comment?: string }>();
  const q = useQuery({ queryKey: ['courseLesson', 'detail', id], queryFn: () => http.get<LessonDetail>(lessonUrl(String(id))), enabled: id !== null });
  useLayoutEffect(() => {
    if (id !== null) form.resetFields();
  }, [id, form]);
  const d = q.data;
  const rated = new Set(d?.evaluations.map((e) => e.memberId));
  const started = d ? new Date(d.startsAt).getTime() <= Date.now() && d.state !== 'cancelled' : false;
  const { busy, submit } = useFormSubmit(form, async (v) => {
    await http.post(lessonUrl(`${id}/evaluate`), { memberId: v.memberId, rating: v.rating, comment: v.comment || null });
    success(t('evaluate.done'));
    form.resetFields();
    await q.refetch();
    onChanged();
  });
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('drawer.title')}
      width={640}
      data-testid="lesson-drawer"
      extra={d && can(Perm.courseLesson.list) ? <ShareButton kind="lesson" id={d.id} size="small" /> : null}
    >
      {d && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('field.courseName')}>{d.courseName}</Descriptions.Item>
            <Descriptions.Item label={t('field.className')}>{d.className}</Descriptions.Item>
            <Descriptions.Item label={t('field.time')} span={2}>
              {rangeIn(d.startsAt, d.endsAt, timeZone)}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.coach')}>{d.coachName}</Descriptions.Item>
            <Descriptions.Item label={t('field.site')}>{d.siteName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('field.state')}>
              <LessonStateTag value={d.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.enrolled')}>{d.enrolled}</Descriptions.Item>
          </Descriptions>
          <Space size={48}>
            <Average title={t('drawer.lessonRating')} r={{ avg: d.ratingAvg, count: d.ratingCount }} none={t('drawer.none')} />
            <Average title={t('drawer.courseRating')} r={d.courseRating} none={t('drawer.none')} />
            <Average title={t('drawer.coachRating')} r={d.coachRating} none={t('drawer.none')} />
          </Space>
          <div>
            <Typography.Title level={5}>{t('drawer.evaluations')}</Typography.Title>
            {d.evaluations.length ? (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={d.evaluations}
                columns={[
                  { key: 'member', title: t('field.member'), dataIndex: 'memberName' },
                  { key: 'rating', title: t('field.rating'), dataIndex: 'rating', render: (v: number) => <Rate disabled value={v} style={{ fontSize: 14 }} /> },
                  { key: 'comment', title: t('field.comment'), dataIndex: 'comment' },
                  { key: 'time', title: t('field.createTime'), dataIndex: 'createTime', render: (v: string) => formatTime(v) },
                ]}
              />
            ) : (
              <Empty description={t('drawer.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </div>
          {can(Perm.courseLesson.evaluate) && d.state !== 'cancelled' && d.members.some((m) => !rated.has(m.memberId)) && (
            <div data-testid="lesson-rating-links">
              <ShareLabel />
              <Space wrap size="small">
                {d.members
                  .filter((m) => !rated.has(m.memberId))
                  .map((m) => (
                    <ShareButton key={m.memberId} kind="rating" id={d.id} memberId={m.memberId} label={m.memberName} size="small" />
                  ))}
              </Space>
            </div>
          )}
          {can(Perm.courseLesson.evaluate) && started && (
            <Form form={form} layout="vertical" name="lessonEvaluate">
              <Typography.Title level={5}>{t('action.evaluate')}</Typography.Title>
              <Form.Item name="memberId" label={t('field.member')} rules={[{ required: true }]}>
                <Select options={d.members.filter((m) => !rated.has(m.memberId)).map((m) => ({ value: m.memberId, label: m.memberName }))} />
              </Form.Item>
              <Form.Item name="rating" label={t('field.rating')} rules={[{ required: true }]}>
                <Rate />
              </Form.Item>
              <Form.Item name="comment" label={t('field.comment')} rules={[{ max: 500 }]}>
                <Input.TextArea rows={3} maxLength={500} showCount />
              </Form.Item>
              <Button type="primary" loading={busy} onClick={() => void submit()} id="lesson-evaluate-ok">
                {t('action.evaluate')}
              </Button>
            </Form>
          )}
        </Space>
      )}
    </Drawer>
  );
}

import { useMemo, useState } from 'react';
import { Form, Input, Modal, Radio, Table, Tabs, Typography } from 'antd';
import { z } from 'zod';
import { Perm, courseCreate, type CourseDetail, type CourseRow, type courseListQuery, type courseUpdate } from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import { invalidateResource, ListPage, sportOptions, useVenueOptions, type ResourceDef, type Row } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { formatTime, toFen, yuan } from '../../../kit/pay/index.ts';
import { RatingSummary } from './participant/Rating.tsx';
import { NS, fenToYuan, kindOptions, stateOptions, useCourseT } from './shared.tsx';
import { ConsignedTag, usePartnerOptions } from './consign/shared.tsx';

type CourseForm = z.input<typeof courseCreate> & z.input<typeof courseUpdate>;
const url = (p: string) => api.sport(p ? `course/${p}` : 'course');

/** The course's operating log and audit log, newest first. */
function CourseLogs({ course }: { course: CourseRow }) {
  const t = useCourseT();
  const logs = (course as CourseDetail).logs ?? [];
  const columns = [
    { key: 'time', title: t('log.time'), dataIndex: 'createTime', render: (v: string) => formatTime(v) },
    { key: 'action', title: t('actions'), dataIndex: 'action', render: (v: CourseDetail['logs'][number]['action']) => t(`log.action.${v}`) },
    {
      key: 'change',
      title: t('log.change'),
      render: (_: unknown, r: CourseDetail['logs'][number]) =>
        [r.fromState, r.toState]
          .filter(Boolean)
          .map((s) => t(`state.${s as 'draft'}`))
          .join(' → '),
    },
    { key: 'remark', title: t('log.remark'), dataIndex: 'remark', render: (v: string | null) => v ?? '—' },
    { key: 'operator', title: t('log.operator'), dataIndex: 'operatorName', render: (v: string | null) => v ?? '—' },
  ];
  const table = (kind: 'operate' | 'audit') => (
    <Table size="small" rowKey="id" pagination={false} columns={columns} dataSource={logs.filter((l) => l.kind === kind)} data-testid={`course-log-${kind}`} />
  );
  return (
    <div style={{ marginTop: 16 }}>
      <RatingSummary testId="course-rating" avg={(course as CourseDetail).ratingAvg} count={(course as CourseDetail).ratingCount} />
      <Typography.Title level={5}>{t('log.title')}</Typography.Title>
      <Tabs
        items={[
          { key: 'operate', label: t('log.operate'), children: table('operate') },
          { key: 'audit', label: t('log.audit'), children: table('audit') },
        ]}
      />
    </div>
  );
}

/** Approve, or reject with a reason. */
function ReviewDialog({ course, onClose }: { course: CourseRow | null; onClose: () => void }) {
  const t = useCourseT();
  const [form] = Form.useForm<{ approved: boolean; reason?: string }>();
  const approved = Form.useWatch('approved', form);
  const { busy, submit } = useFormSubmit(form, async (v) => {
    await http.post(url(`${course!.id}/review`), { approved: v.approved, reason: v.reason?.trim() || null, version: course!.version });
    invalidateResource('course');
    onClose();
  });
  return (
    <Modal
      open={course !== null}
      title={`${t('review.title')}：${course?.name ?? ''}`}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ id: 'course-review-ok' }}
    >
      <Form form={form} layout="vertical" initialValues={{ approved: true }} preserve={false}>
        <Form.Item name="approved" label={t('action.review')}>
          <Radio.Group
            options={[
              { value: true, label: t('action.approve') },
              { value: false, label: t('action.reject') },
            ]}
            data-testid="course-review-approved"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('review.reason')}
          extra={t('review.reasonHint')}
          rules={[{ required: approved === false, message: t('review.reasonHint') }, { max: 200 }]}
        >
          <Input.TextArea rows={3} maxLength={200} data-testid="course-review-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function toBody(values: Row): Row {
  const out: Row = { ...values };
  if ('priceFen' in out) out.priceFen = out.priceFen === null ? 0 : toFen(out.priceFen as number);
  return out;
}

export const courseResource: ResourceDef<CourseRow, CourseForm, z.input<typeof courseListQuery>> = {
  key: 'course',
  ns: NS,
  name: 'course',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'course' },
  perms: { add: Perm.course.add, edit: Perm.course.edit },
  features: { remove: false, batchRemove: false, selection: false, export: false, import: false },
  search: [
    { name: 'name', label: 'field.name' },
    { name: 'state', label: 'field.state', type: 'select', options: stateOptions },
    { name: 'sport', label: 'field.sport', type: 'select', options: sportOptions },
    { name: 'kind', label: 'field.kind', type: 'select', options: kindOptions },
  ],
  columns: [
    { key: 'name', label: 'field.name', sorter: true },
    { key: 'venueName', label: 'field.venue' },
    { key: 'sport', label: 'field.sport', options: sportOptions },
    { key: 'kind', label: 'field.kind', options: kindOptions },
    { key: 'priceFen', label: 'field.price', content: 'number', sorter: true, render: (v: number) => yuan(v) },
    { key: 'lessonsPerClass', label: 'field.lessonsPerClass', content: 'number' },
    { key: 'minutesPerLesson', label: 'field.minutesPerLesson', content: 'number', hiddenByDefault: true },
    { key: 'state', label: 'field.state', options: stateOptions },
    { key: 'partnerName', label: 'field.partner', render: (v: string | null) => <ConsignedTag name={v} /> },
    { key: 'rejectReason', label: 'field.rejectReason', hiddenByDefault: true },
    { key: 'intro', label: 'field.intro', inTable: false },
    { key: 'sellingPoints', label: 'field.sellingPoints', inTable: false },
    { key: 'level', label: 'field.level', inTable: false },
    {
      key: '$ages',
      label: 'field.ageRange',
      inTable: false,
      render: (_: unknown, r) => (r.ageMin === null && r.ageMax === null ? '—' : `${r.ageMin ?? ''}–${r.ageMax ?? ''}`),
    },
    { key: 'saleFrom', label: 'field.saleFrom', format: 'date' },
    { key: 'saleTo', label: 'field.saleTo', format: 'date' },
    { key: 'updateTime', label: 'field.updateTime', format: 'datetime', hiddenByDefault: true },
  ],
  formColumns: 2,
  formWidth: 860,
  form: [
    { name: 'name', label: 'field.name', rule: courseCreate.shape.name, group: 'group.basic' },
    { name: 'venueId', label: 'field.venue', type: 'select', useOptions: useVenueOptions, required: true },
    { name: 'sport', label: 'field.sport', type: 'select', options: sportOptions, required: true },
    { name: 'kind', label: 'field.kind', type: 'radio', options: kindOptions, required: true, initialValue: 'group' },
    { name: 'ageMin', label: 'field.ageMin', type: 'integer', rule: z.number().int().min(0).max(120), required: false },
    { name: 'ageMax', label: 'field.ageMax', type: 'integer', rule: z.number().int().min(0).max(120), required: false },
    { name: 'level', label: 'field.level', rule: courseCreate.shape.level },
    { name: 'coverUrl', label: 'field.coverUrl', rule: courseCreate.shape.coverUrl },
    { name: 'intro', label: 'field.intro', type: 'textarea', rule: courseCreate.shape.intro, span: 2 },
    { name: 'lessonsPerClass', label: 'field.lessonsPerClass', type: 'integer', rule: courseCreate.shape.lessonsPerClass, group: 'group.class' },
    { name: 'minutesPerLesson', label: 'field.minutesPerLesson', type: 'integer', rule: courseCreate.shape.minutesPerLesson, initialValue: 60 },
    { name: 'priceFen', label: 'field.priceYuan', type: 'number', rule: z.number().min(0), required: true },
    { name: 'saleFrom', label: 'field.saleFrom', type: 'date', required: false, group: 'group.marketing' },
    { name: 'saleTo', label: 'field.saleTo', type: 'date', required: false },
    { name: 'sellingPoints', label: 'field.sellingPoints', type: 'textarea', rule: courseCreate.shape.sellingPoints, span: 2 },
    { name: 'partnerId', label: 'field.partner', type: 'select', useOptions: usePartnerOptions, required: false, props: { allowClear: true } },
  ],
  toForm: (row) => ({ ...row, priceFen: fenToYuan(row.priceFen) }),
  toBody: (values) => toBody(values),
  api: { get: (row) => http.get<CourseDetail>(url(String(row.id))) },
  detailExtra: (row) => <CourseLogs course={row} />,
};

/** sport.course.management (courseManagement, also at /courseManagement): add, edit, detail with its logs, submit, review, take off sale. */
export default function CourseManagementPage() {
  const t = useCourseT();
  const [reviewing, setReviewing] = useState<CourseRow | null>(null);
  const def = useMemo<typeof courseResource>(
    () => ({
      ...courseResource,
      rowActions: [
        {
          key: 'submit',
          label: 'action.submit',
          perm: Perm.course.edit,
          confirm: t('review.confirmSubmit'),
          visible: (r) => r.state === 'draft' || r.state === 'rejected',
          run: async (r, ctx) => {
            await http.post(url(`${r.id}/submit`), { version: r.version });
            ctx.reload();
          },
        },
        { key: 'review', label: 'action.review', perm: Perm.course.audit, visible: (r) => r.state === 'submitted', run: (r) => setReviewing(r) },
        {
          key: 'offSale',
          label: 'action.offSale',
          perm: Perm.course.audit,
          danger: true,
          confirm: t('review.confirmOff'),
          visible: (r) => r.state === 'approved',
          run: async (r, ctx) => {
            await http.post(url(`${r.id}/offSale`), { version: r.version });
            ctx.reload();
          },
        },
      ],
    }),
    [t],
  );
  return (
    <>
      <ListPage def={def} />
      <ReviewDialog course={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}

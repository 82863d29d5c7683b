import { useMemo, useRef, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Segmented, Select, Tabs, Typography } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  Perm,
  couponTemplateCreate,
  type CouponBatchRow,
  type CouponRow,
  type CouponTemplateRow,
  type couponQuery,
  type couponTemplateQuery,
  type couponTemplateUpdate,
} from '@venue/contract';
import { confirm, success } from '../../../app/feedback.tsx';
import { useSession } from '../../../app/session.ts';
import { ListPage, MemberSelect, sportOptions, useVenueOptions, type ResourceDef, type Row } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { PayDialog, newIdempotencyKey, toFen, yuan } from '../../../kit/pay/index.ts';
import {
  NS,
  itemKindOptions,
  kindOptions,
  post,
  refreshCoupons,
  refundRuleOptions,
  sourceOptions,
  stateOptions,
  statusOptions,
  useCouponT,
  type CouponT,
} from './shared.tsx';

type TemplateForm = z.input<typeof couponTemplateCreate> & z.input<typeof couponTemplateUpdate>;
const MONEY = ['valueFen', 'thresholdFen', 'capFen', 'priceFen'] as const;
const yuanRule = z.number().min(0).max(9_999_999);
const fenToYuan = (v: number | null | undefined) => (v === null || v === undefined ? v : v / 100);

export const detailPath = (id: number) => `/sport/views/operatManagement/couponManagement/details/${id}`;

/** What a template gives, in one line: ¥20 off above ¥100, 10% off (at most ¥5), one free, 10 uses. */
export function termsOf(t: CouponT, r: CouponTemplateRow): string {
  const kind = t(`kind.${r.kind}`);
  switch (r.kind) {
    case 'amount':
      return `${kind} ${r.thresholdFen ? `${yuan(r.thresholdFen)} − ` : '− '}${yuan(r.valueFen)}`;
    case 'percent':
      return `${kind} −${r.percentOff}%${r.capFen !== null ? ` ≤ ${yuan(r.capFen)}` : ''}`;
    case 'times':
      return `${kind} ×${r.times ?? 1}${r.valueFen ? ` ≤ ${yuan(r.valueFen)}` : ''}`;
    default:
      return `${kind}${r.valueFen ? ` ≤ ${yuan(r.valueFen)}` : ''}`;
  }
}

/** The validity of a template: its dates, or its days from issue. */
export function validityOf(r: CouponTemplateRow, t: CouponT): string {
  if (r.validFrom && r.validTo) return `${r.validFrom.slice(0, 10)} ~ ${r.validTo.slice(0, 10)}`;
  return t('field.validDaysText', { n: r.validDays ?? '—' });
}

function Terms({ row }: { row: CouponTemplateRow }) {
  const t = useCouponT();
  return <span data-testid={`coupon-terms-${row.id}`}>{termsOf(t, row)}</span>;
}
function Validity({ row }: { row: CouponTemplateRow }) {
  const t = useCouponT();
  return <>{validityOf(row, t)}</>;
}

export const templateResource: ResourceDef<CouponTemplateRow, TemplateForm, z.input<typeof couponTemplateQuery>> = {
  key: 'couponTemplate',
  ns: NS,
  name: 'template',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'coupon/template' },
  perms: { add: Perm.coupon.add, edit: Perm.coupon.edit, remove: Perm.coupon.remove },
  // The detail is a page of its own (its figures, coupons and batches).
  features: { export: false, import: false, detail: false },
  search: [
    { name: 'name', label: 'field.name' },
    { name: 'kind', label: 'field.kind', type: 'select', options: kindOptions },
    { name: 'status', label: 'field.status', type: 'select', options: statusOptions },
  ],
  columns: [
    { key: 'name', label: 'field.name', sorter: true },
    { key: 'kind', label: 'field.kind', options: kindOptions },
    { key: '$terms', label: 'field.terms', render: (_: unknown, r) => <Terms row={r} />, inDetail: false },
    { key: 'code', label: 'field.code', content: 'code' },
    { key: '$validity', label: 'field.validity', render: (_: unknown, r) => <Validity row={r} /> },
    { key: 'taken', label: 'field.taken', content: 'number', sorter: true, render: (v: number, r) => `${v} / ${r.totalLimit ?? '∞'}` },
    { key: 'perMemberLimit', label: 'field.perMemberLimit', content: 'number', render: (v: number | null) => v ?? '∞' },
    { key: 'stackable', label: 'field.stackable', format: 'yesNo' },
    { key: 'refundRule', label: 'field.refundRule', options: refundRuleOptions, hiddenByDefault: true },
    { key: 'priceFen', label: 'field.priceFen', content: 'number', render: (v: number | null) => (v === null ? '—' : yuan(v)) },
    { key: 'status', label: 'field.status', options: statusOptions },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', sorter: true, hiddenByDefault: true },
  ],
  formColumns: 2,
  formWidth: 820,
  form: [
    { name: 'name', label: 'field.name', rule: couponTemplateCreate.shape.name, group: 'group.basic' },
    { name: 'kind', label: 'field.kind', type: 'select', options: kindOptions, required: true, initialValue: 'amount', extra: 'hint.kind' },
    { name: 'status', label: 'field.status', type: 'radio', options: statusOptions, initialValue: 'on' },
    { name: 'code', label: 'field.code', rule: couponTemplateCreate.shape.code, required: false, extra: 'hint.code' },
    { name: 'valueFen', label: 'field.valueFen', type: 'number', rule: yuanRule, required: false, group: 'group.rule', props: { prefix: '¥' } },
    { name: 'thresholdFen', label: 'field.thresholdFen', type: 'number', rule: yuanRule, required: false, props: { prefix: '¥' } },
    { name: 'percentOff', label: 'field.percentOff', type: 'integer', required: false, hidden: (v) => v.kind !== 'percent', props: { suffix: '%' } },
    { name: 'capFen', label: 'field.capFen', type: 'number', rule: yuanRule, required: false, hidden: (v) => v.kind !== 'percent', props: { prefix: '¥' } },
    { name: 'times', label: 'field.times', type: 'integer', required: false, hidden: (v) => v.kind !== 'times' },
    { name: 'stackable', label: 'field.stackable', type: 'switch', initialValue: false },
    { name: 'refundRule', label: 'field.refundRule', type: 'radio', options: refundRuleOptions, initialValue: 'return' },
    { name: 'totalLimit', label: 'field.totalLimit', type: 'integer', required: false, group: 'group.limit' },
    { name: 'perMemberLimit', label: 'field.perMemberLimit', type: 'integer', required: false },
    { name: 'validFrom', label: 'field.validFrom', type: 'date', required: false, extra: 'hint.validity' },
    { name: 'validTo', label: 'field.validTo', type: 'date', required: false },
    { name: 'validDays', label: 'field.validDays', type: 'integer', required: false },
    { name: 'priceFen', label: 'field.priceFen', type: 'number', rule: yuanRule, required: false, extra: 'hint.priceFen', props: { prefix: '¥' } },
    { name: 'itemKinds', label: 'field.itemKinds', type: 'multiSelect', options: itemKindOptions, required: false, group: 'group.scope' },
    { name: 'venueIds', label: 'field.venueIds', type: 'multiSelect', useOptions: useVenueOptions, required: false },
    { name: 'sports', label: 'field.sports', type: 'multiSelect', options: sportOptions, required: false },
    { name: 'bandStart', label: 'field.bandStart', rule: couponTemplateCreate.shape.bandStart, required: false, props: { placeholder: '08:00' } },
    { name: 'bandEnd', label: 'field.bandEnd', rule: couponTemplateCreate.shape.bandEnd, required: false, props: { placeholder: '12:00' } },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: couponTemplateCreate.shape.remark, span: 2 },
  ],
  toForm: (row) => ({
    ...row,
    valueFen: fenToYuan(row.valueFen),
    thresholdFen: fenToYuan(row.thresholdFen),
    capFen: fenToYuan(row.capFen),
    priceFen: fenToYuan(row.priceFen),
    validFrom: row.validFrom?.slice(0, 10) ?? null,
    validTo: row.validTo ? new Date(new Date(row.validTo).getTime() - 1).toISOString().slice(0, 10) : null,
  }),
  toBody: (values) => {
    const out: Row = { ...values };
    for (const k of MONEY) if (k in out) out[k] = out[k] === null || out[k] === undefined ? (k === 'capFen' || k === 'priceFen' ? null : 0) : toFen(out[k]);
    return out;
  },
};

// ---------------------------------------------------------------- issue

interface IssueValues {
  to: 'members' | 'segment';
  memberIds?: number[];
  level?: string;
  tag?: string;
  remark?: string;
}

/** The issue dialog: chosen members or a segment (level, tag); one batch key per dialog opened, so a retried click issues once. */
export function IssueDialog({ row, onClose }: { row: CouponTemplateRow | null; onClose: () => void }) {
  const t = useCouponT();
  const [form] = Form.useForm<IssueValues>();
  const to = Form.useWatch('to', form) ?? 'members';
  const batchKey = useRef(`issue-${newIdempotencyKey()}`.slice(0, 64));
  const { busy, submit } = useFormSubmit(form, async (v) => {
    const made = await post<CouponBatchRow>(`template/${row!.id}/issue`, {
      batchKey: batchKey.current,
      ...(v.to === 'members'
        ? { memberIds: v.memberIds }
        : { segment: { ...(v.level ? { level: v.level.trim() } : {}), ...(v.tag ? { tag: v.tag.trim() } : {}) } }),
      remark: v.remark?.trim() || undefined,
    });
    success(t('issue.done', { n: made.issued, key: made.batchKey }));
    batchKey.current = `issue-${newIdempotencyKey()}`.slice(0, 64);
    refreshCoupons();
    onClose();
  });
  if (!row) return null;
  return (
    <Modal
      open
      title={t('issue.title', { name: row.name })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('issue.ok')}
      okButtonProps={{ loading: busy, 'data-testid': 'coupon-issue-ok' } as never}
      destroyOnHidden
      width={560}
    >
      <div data-testid="coupon-issue">
        {row.perMemberLimit ? <Alert type="info" showIcon title={t('issue.limitHint', { n: row.perMemberLimit })} style={{ marginBottom: 12 }} /> : null}
        <Form form={form} layout="vertical" name="coupon-issue" initialValues={{ to: 'members' }}>
          <Form.Item name="to" label={t('issue.to')}>
            <Segmented
              options={[
                { value: 'members', label: <span data-testid="coupon-issue-to-members">{t('issue.toMembers')}</span> },
                { value: 'segment', label: <span data-testid="coupon-issue-to-segment">{t('issue.toSegment')}</span> },
              ]}
            />
          </Form.Item>
          {to === 'members' ? (
            <Form.Item name="memberIds" label={t('field.memberIds')} rules={[{ required: true }]}>
              <MembersPicker />
            </Form.Item>
          ) : (
            <>
              <Typography.Paragraph type="secondary">{t('issue.segmentHint')}</Typography.Paragraph>
              <div style={{ display: 'flex', gap: 12 }}>
                <Form.Item name="level" label={t('field.level')} style={{ flex: 1 }}>
                  <Input maxLength={32} data-testid="coupon-issue-level" />
                </Form.Item>
                <Form.Item name="tag" label={t('field.tag')} style={{ flex: 1 }}>
                  <Input maxLength={32} data-testid="coupon-issue-tag" />
                </Form.Item>
              </div>
            </>
          )}
          <Form.Item name="remark" label={t('field.remark')}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}

/** Several members, one picked at a time with the member search (each shown as a tag). */
function MembersPicker({ value, onChange }: { value?: number[]; onChange?: (v: number[]) => void }) {
  const [names, setNames] = useState<Record<number, string>>({});
  const ids = value ?? [];
  return (
    <div>
      <MemberSelect
        testId="coupon-issue-member"
        value={null}
        onMember={(m) => {
          if (!m) return;
          setNames((n) => ({ ...n, [m.id]: m.name }));
          if (!ids.includes(m.id)) onChange?.([...ids, m.id]);
        }}
      />
      <Select
        mode="multiple"
        open={false}
        style={{ width: '100%', marginTop: 8 }}
        value={ids}
        options={ids.map((id) => ({ value: id, label: names[id] ?? String(id) }))}
        onChange={(v) => onChange?.(v)}
        data-testid="coupon-issue-members"
      />
    </div>
  );
}

// ---------------------------------------------------------------- sell

/** Sells a template's coupons to a member: a coupon order, then the pay dialog. */
function SellDialog({ row, onClose, onOrder }: { row: CouponTemplateRow | null; onClose: () => void; onOrder: (orderId: number) => void }) {
  const t = useCouponT();
  const stadiumId = useSession((s) => s.stadiumId);
  const [form] = Form.useForm<{ memberId?: number; quantity: number }>();
  const key = useRef(newIdempotencyKey());
  const { busy, submit } = useFormSubmit(form, async (v) => {
    const made = await post<{ orderId: number }>('order', {
      templateId: row!.id,
      quantity: v.quantity,
      memberId: v.memberId,
      ...(stadiumId ? { stadiumId } : {}),
    });
    key.current = newIdempotencyKey();
    onOrder(made.orderId);
  });
  if (!row) return null;
  return (
    <Modal
      open
      title={t('sell.title', { name: row.name })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('sell.ok')}
      okButtonProps={{ loading: busy, 'data-testid': 'coupon-sell-ok' } as never}
      destroyOnHidden
    >
      <div data-testid="coupon-sell">
        <Typography.Paragraph>{t('sell.price', { price: yuan(row.priceFen ?? 0) })}</Typography.Paragraph>
        <Form form={form} layout="vertical" name="coupon-sell" initialValues={{ quantity: 1 }}>
          <Form.Item name="memberId" label={t('field.memberId')} rules={[{ required: true }]}>
            <MemberSelect testId="coupon-sell-member" />
          </Form.Item>
          <Form.Item name="quantity" label={t('field.quantity')} rules={[{ required: true }]}>
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}

// ---------------------------------------------------------------- coupons and batches

export const couponListResource: ResourceDef<CouponRow, CouponRow, z.input<typeof couponQuery>> = {
  key: 'couponList',
  ns: NS,
  name: 'coupon',
  endpoint: { prefix: 'sport', path: 'coupon' },
  features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false, detail: false },
  search: [
    { name: 'keyword', label: 'field.keyword' },
    { name: 'state', label: 'field.state', type: 'select', options: stateOptions },
    { name: 'source', label: 'field.source', type: 'select', options: sourceOptions },
  ],
  columns: [
    { key: 'couponNo', label: 'field.couponNo', content: 'code' },
    { key: 'templateName', label: 'field.templateName' },
    { key: 'kind', label: 'field.kind', options: kindOptions },
    { key: 'memberName', label: 'field.memberName', render: (v: string | null) => v ?? '—' },
    { key: 'state', label: 'field.state', options: stateOptions },
    { key: 'source', label: 'field.source', options: sourceOptions },
    { key: 'usesLeft', label: 'field.usesLeft', content: 'number', hiddenByDefault: true },
    { key: 'validTo', label: 'field.validTo', format: 'datetime' },
    { key: 'orderNo', label: 'field.orderNo', content: 'code', render: (v: string | null) => v ?? '—' },
    { key: 'usedAt', label: 'field.usedAt', format: 'datetime', hiddenByDefault: true },
    { key: 'createTime', label: 'field.createTime', format: 'datetime' },
  ],
};

export const batchResource: ResourceDef<CouponBatchRow> = {
  key: 'couponBatch',
  ns: NS,
  name: 'coupon',
  endpoint: { prefix: 'sport', path: 'coupon/batch' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
  columns: [
    { key: 'batchKey', label: 'field.batchKey', content: 'code' },
    { key: 'templateName', label: 'field.templateName' },
    { key: 'source', label: 'field.source', options: sourceOptions },
    { key: 'target', label: 'field.target' },
    { key: 'requested', label: 'field.requested', content: 'number' },
    { key: 'issued', label: 'field.issued', content: 'number' },
    { key: 'remark', label: 'field.remark' },
    { key: 'createTime', label: 'field.createTime', format: 'datetime' },
  ],
};

/** sport.coupon.management (operatManagement/couponManagement): templates, the coupons issued, the batches. */
export default function CouponManagementPage() {
  const t = useCouponT();
  const navigate = useNavigate();
  const [issuing, setIssuing] = useState<CouponTemplateRow | null>(null);
  const [selling, setSelling] = useState<CouponTemplateRow | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const templates = useMemo<typeof templateResource>(
    () => ({
      ...templateResource,
      rowActions: [
        { key: 'detail', label: 'action.detail', run: (r) => navigate(detailPath(r.id)) },
        { key: 'issue', label: 'action.issue', perm: Perm.coupon.issue, visible: (r) => r.status === 'on' && !r.code, run: (r) => setIssuing(r) },
        { key: 'sell', label: 'action.sell', perm: Perm.coupon.sell, visible: (r) => r.status === 'on' && r.priceFen !== null, run: (r) => setSelling(r) },
      ],
    }),
    [navigate],
  );
  const coupons = useMemo<typeof couponListResource>(
    () => ({
      ...couponListResource,
      toolbar: [
        {
          key: 'void',
          label: 'action.void',
          icon: <StopOutlined />,
          perm: Perm.coupon.void,
          need: 'some',
          danger: true,
          run: async (ctx) => {
            const ids = ctx.selectedRows.filter((r) => r.state === 'issued').map((r) => r.id);
            if (!ids.length) return;
            if (!(await confirm({ content: t('voidConfirm', { n: ids.length }), danger: true }))) return;
            const done = await post<{ voided: number }>('void', { ids, reason: 'console' });
            success(t('voidDone', { n: done.voided }));
            ctx.clearSelection();
            ctx.reload();
          },
        },
      ],
    }),
    [t],
  );
  return (
    <div data-testid="coupon-page">
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'templates', label: <span data-testid="coupon-tab-templates">{t('tabs.templates')}</span>, children: <ListPage def={templates} /> },
          { key: 'coupons', label: <span data-testid="coupon-tab-coupons">{t('tabs.coupons')}</span>, children: <ListPage def={coupons} /> },
          { key: 'batches', label: <span data-testid="coupon-tab-batches">{t('tabs.batches')}</span>, children: <ListPage def={batchResource} /> },
        ]}
      />
      <IssueDialog row={issuing} onClose={() => setIssuing(null)} />
      <SellDialog
        row={selling}
        onClose={() => setSelling(null)}
        onOrder={(id) => {
          setSelling(null);
          setPaying(id);
        }}
      />
      <PayDialog orderId={paying} open={paying !== null} onClose={() => setPaying(null)} onPaid={refreshCoupons} />
    </div>
  );
}

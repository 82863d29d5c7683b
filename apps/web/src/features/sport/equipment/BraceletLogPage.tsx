import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Form, Input, InputNumber, Modal, Segmented, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { BRACELET_MAX_DEPOSIT_FEN, Perm, type BraceletHolderKind, type BraceletLogRow, type BraceletRow, type braceletLogListQuery } from '@venue/contract';
import { confirm, success } from '../../../app/feedback.tsx';
import { api, http } from '../../../app/request.ts';
import { useSession } from '../../../app/session.ts';
import { ListPage, MemberSelect, clockIn, invalidateResource, useCan, useVenueOptions, type ResourceDef } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { PayDialog, newIdempotencyKey, toFen, yuan } from '../../../kit/pay/index.ts';
import { NS, braceletActionOptions, braceletStateOptions, holderKindOptions, useEquipmentT } from './shared.tsx';

const DEFAULT_DEPOSIT_YUAN = 50;
const refresh = () => void invalidateResource('braceletLog');
const braceletUrl = (p: string) => api.sport(`equipment/bracelet/${p}`);

export const braceletLogResource: ResourceDef<BraceletLogRow, BraceletLogRow, z.input<typeof braceletLogListQuery>> = {
  key: 'braceletLog',
  ns: NS,
  name: 'bracelet.name',
  endpoint: { prefix: 'sport', path: 'equipment/bracelet/log' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
  search: [
    { name: 'stadiumId', label: 'braceletField.stadiumId', type: 'select', useOptions: useVenueOptions },
    { name: 'code', label: 'braceletField.code' },
    { name: 'holder', label: 'braceletField.holder' },
    { name: 'action', label: 'braceletField.action', type: 'select', options: braceletActionOptions },
    { name: 'days', label: 'braceletField.days', type: 'dateRange', rangeKeys: ['fromDay', 'toDay'] },
  ],
  searchVisible: 4,
  columns: [
    // The venue's clock, whatever the browser's (the bracelet's venue).
    { key: 'time', label: 'braceletField.time', content: 'time', render: (v: string, r) => clockIn(v, r.timeZone) },
    { key: 'code', label: 'braceletField.code', content: 'code' },
    { key: 'action', label: 'braceletField.action', options: braceletActionOptions },
    { key: 'holderKind', label: 'braceletField.holderKind', options: holderKindOptions },
    { key: 'holderName', label: 'braceletField.holderName', render: (v: string | null, r) => v ?? r.bookingOrderNo ?? '—' },
    { key: 'bookingOrderNo', label: 'braceletField.bookingOrderNo', content: 'code' },
    { key: 'amountFen', label: 'braceletField.amount', content: 'number', render: (v: number) => yuan(v) },
    { key: 'stadiumName', label: 'braceletField.stadiumName' },
    { key: 'braceletState', label: 'braceletField.braceletState', options: braceletStateOptions },
    { key: 'operatorName', label: 'braceletField.operatorName' },
    { key: 'orderNo', label: 'braceletField.depositOrderNo', content: 'code', hiddenByDefault: true },
    { key: 'refundNo', label: 'braceletField.refundNo', content: 'code', hiddenByDefault: true },
    { key: 'remark', label: 'braceletField.remark', hiddenByDefault: true },
  ],
};

// ---------------------------------------------------------------- issue

interface IssueValues {
  code?: string;
  holderKind: BraceletHolderKind;
  memberId?: number;
  orderNo?: string;
  depositYuan?: number;
}

/** The issue drawer: code, holder (a member or a booking's order number) and deposit at the current venue; then the pay dialog takes the deposit. */
function IssueDrawer({ open, onClose, onOrder }: { open: boolean; onClose: () => void; onOrder: (orderId: number) => void }) {
  const t = useEquipmentT();
  const stadiumId = useSession((s) => s.stadiumId);
  const stadiumName = useSession((s) => s.stadiumName);
  const [form] = Form.useForm<IssueValues>();
  const holderKind = Form.useWatch('holderKind', form) ?? 'member';
  const key = useRef(newIdempotencyKey());
  const { busy, submit } = useFormSubmit(form, async (v) => {
    if (!stadiumId) return;
    const made = await http.post<{ orderId: number }>(
      braceletUrl('issue'),
      {
        stadiumId,
        code: v.code?.trim(),
        holderKind: v.holderKind,
        ...(v.holderKind === 'member' ? { memberId: v.memberId } : { orderNo: v.orderNo?.trim() }),
        depositFen: toFen(v.depositYuan) ?? 0,
      },
      { headers: { 'Idempotency-Key': key.current } },
    );
    key.current = newIdempotencyKey();
    form.resetFields();
    onOrder(made.orderId);
  });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('bracelet.issueTitle')}
      size={480}
      destroyOnHidden
      extra={
        <Button type="primary" loading={busy} disabled={!stadiumId} onClick={() => void submit()} data-testid="bracelet-issue-ok">
          {t('bracelet.issueOk')}
        </Button>
      }
    >
      <div data-testid="bracelet-issue">
        {stadiumId ? (
          <Typography.Paragraph strong>{t('bracelet.issueVenue', { name: stadiumName ?? '' })}</Typography.Paragraph>
        ) : (
          <Alert type="warning" showIcon title={t('bracelet.noVenue')} style={{ marginBottom: 12 }} />
        )}
        <Typography.Paragraph type="secondary">{t('bracelet.issueHint')}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          name="bracelet-issue"
          requiredMark={false}
          initialValues={{ holderKind: 'member', depositYuan: DEFAULT_DEPOSIT_YUAN }}
        >
          <Form.Item name="code" label={t('braceletField.code')} extra={t('bracelet.codeHint')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={24} autoComplete="off" />
          </Form.Item>
          <Form.Item name="holderKind" label={t('braceletField.holderKind')}>
            <Segmented<BraceletHolderKind>
              options={[
                { value: 'member', label: t('bracelet.holderMember') },
                { value: 'booking', label: t('bracelet.holderBooking') },
              ]}
            />
          </Form.Item>
          {holderKind === 'member' ? (
            <Form.Item name="memberId" label={t('braceletField.memberId')} rules={[{ required: true }]}>
              <MemberSelect testId="bracelet-member" />
            </Form.Item>
          ) : (
            <Form.Item name="orderNo" label={t('braceletField.orderNo')} extra={t('bracelet.orderNoHint')} rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={40} autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item name="depositYuan" label={t('braceletField.depositYuan')} rules={[{ required: true }]}>
            <InputNumber min={0.01} max={BRACELET_MAX_DEPOSIT_FEN / 100} precision={2} prefix="¥" style={{ width: 180 }} />
          </Form.Item>
        </Form>
      </div>
    </Drawer>
  );
}

// ---------------------------------------------------------------- return

/** The return dialog: a damage charge (never more than the deposit) and a remark; the rest of the deposit goes back to the original payment. */
function ReturnDialog({ row, onClose }: { row: BraceletLogRow | null; onClose: () => void }) {
  const t = useEquipmentT();
  const [form] = Form.useForm<{ damageYuan?: number; remark?: string }>();
  const damageYuan = Form.useWatch('damageYuan', form);
  const { busy, submit } = useFormSubmit(form, async (v) => {
    await http.post<BraceletRow>(braceletUrl(`${row!.braceletId}/return`), {
      damageFen: toFen(v.damageYuan) ?? 0,
      remark: v.remark?.trim() || undefined,
      version: row!.braceletVersion,
    });
    success(t('bracelet.returned', { refund: yuan(row!.amountFen - Math.min(row!.amountFen, toFen(v.damageYuan) ?? 0)) }));
    refresh();
    onClose();
  });
  if (!row) return null;
  const deposit = row.amountFen;
  const charge = Math.min(deposit, toFen(damageYuan) ?? 0);
  return (
    <Modal
      open
      title={t('bracelet.returnTitle', { code: row.code })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('bracelet.returnOk')}
      okButtonProps={{ loading: busy, 'data-testid': 'bracelet-return-ok' } as React.ComponentProps<typeof Button>}
      destroyOnHidden
    >
      <div data-testid="bracelet-return">
        <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('braceletField.holderName')}>{row.holderName ?? row.bookingOrderNo ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('braceletField.depositYuan')}>{yuan(deposit)}</Descriptions.Item>
        </Descriptions>
        <Form form={form} layout="vertical" name="bracelet-return" requiredMark={false} initialValues={{ damageYuan: 0 }}>
          <Form.Item name="damageYuan" label={t('braceletField.damageYuan')}>
            <InputNumber min={0} max={deposit / 100} precision={2} prefix="¥" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="remark" label={t('braceletField.remark')}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </Form>
        <Typography.Text strong data-testid="bracelet-refund" data-refund={deposit - charge}>
          {t('bracelet.refundPreview', { deposit: yuan(deposit), charge: yuan(charge), refund: yuan(deposit - charge) })}
        </Typography.Text>
      </div>
    </Modal>
  );
}

/** sport.bracelet.log (equipmentManage/braceletLog): every change of every bracelet; bracelets issued, returned and reported lost. */
export default function BraceletLogPage() {
  const t = useEquipmentT();
  const can = useCan();
  const [issuing, setIssuing] = useState(false);
  const [paying, setPaying] = useState<number | null>(null);
  const [returning, setReturning] = useState<BraceletLogRow | null>(null);
  const out = (r: BraceletLogRow) => r.action === 'issued' && r.braceletState === 'active';
  const def = useMemo<typeof braceletLogResource>(
    () => ({
      ...braceletLogResource,
      toolbar: [{ key: 'issue', label: 'bracelet.issue', icon: <PlusOutlined />, perm: Perm.bracelet.issue, run: () => setIssuing(true) }],
      rowActions: [
        { key: 'return', label: 'bracelet.return', perm: Perm.bracelet.back, visible: out, run: (r) => setReturning(r) },
        {
          key: 'lost',
          label: 'bracelet.lost',
          perm: Perm.bracelet.lost,
          danger: true,
          visible: out,
          run: async (r) => {
            if (!(await confirm({ content: t('bracelet.lostConfirm', { deposit: yuan(r.amountFen) }), danger: true }))) return;
            await http.post<BraceletRow>(braceletUrl(`${r.braceletId}/lost`), { version: r.braceletVersion });
            success(t('bracelet.lostDone', { code: r.code }));
            refresh();
          },
        },
      ],
    }),
    [t],
  );
  return (
    <div data-testid="bracelet-log-page">
      <ListPage def={def} />
      {can(Perm.bracelet.issue) ? (
        <IssueDrawer
          open={issuing}
          onClose={() => setIssuing(false)}
          onOrder={(id) => {
            setIssuing(false);
            setPaying(id);
          }}
        />
      ) : null}
      <PayDialog orderId={paying} open={paying !== null} onClose={() => setPaying(null)} onPaid={refresh} />
      <ReturnDialog row={returning} onClose={() => setReturning(null)} />
    </div>
  );
}

import { useMemo, useState } from 'react';
import { Empty, Form, Segmented } from 'antd';
import type { z } from 'zod';
import {
  ACCOUNT_STATUS,
  ORDER_STATES,
  Perm,
  type BalanceAccountRow,
  type OrderRow,
  type VenueRow,
  type accountListQuery,
  type orderListQuery,
} from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import {
  FormModal,
  ListPage,
  NumberInput,
  errorFieldsOf,
  focusFirstError,
  invalidateResource,
  useCan,
  useFieldRules,
  type Option,
  type ResourceDef,
} from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { yuanRule } from './PricesTab.tsx';
import { PayDialog, newIdempotencyKey, refreshCommerce } from '../../../kit/pay/index.ts';
import { accountApi } from './venue.api.ts';
import { NS, toFen, useVenueT, yuan } from './shared.tsx';

const statusOptions: Option[] = ACCOUNT_STATUS.map((s) => ({
  value: s,
  label: `account.statusOf.${s}`,
  color: s === 'active' ? 'green' : s === 'frozen' ? 'orange' : 'default',
}));
const stateOptions: Option[] = ORDER_STATES.map((s) => ({
  value: s,
  label: `account.stateOf.${s}`,
  color: { pending: 'gold', paid: 'green', completed: 'blue', cancelled: 'default', part_refunded: 'purple', refunded: 'magenta' }[s],
}));

function assetsDef(recharge: (row: BalanceAccountRow) => void): ResourceDef<BalanceAccountRow, Record<string, never>, z.input<typeof accountListQuery>> {
  return {
    key: 'venueAccount',
    ns: NS,
    name: 'account.assets',
    endpoint: { prefix: 'sport', path: 'commerce/account' },
    features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
    search: [{ name: 'keyword', label: 'account.holderName' }],
    columns: [
      { key: 'accountNo', label: 'account.accountNo', content: 'code' },
      { key: 'holderName', label: 'account.holderName' },
      { key: 'holderPhone', label: 'account.holderPhone', content: 'code' },
      { key: 'balanceFen', label: 'account.balance', content: 'number', align: 'right', render: (v: number) => yuan(v) },
      { key: 'status', label: 'account.status', options: statusOptions },
      { key: 'createTime', label: 'field.createTime', format: 'datetime' },
    ],
    rowActions: [{ key: 'recharge', label: 'account.recharge', perm: Perm.account.recharge, visible: (r) => r.status === 'active', run: (r) => recharge(r) }],
  };
}

const rechargeDef: ResourceDef<OrderRow, Record<string, never>, z.input<typeof orderListQuery>> = {
  key: 'venueRecharge',
  ns: NS,
  name: 'account.rechargeRecord',
  endpoint: { prefix: 'sport', path: 'commerce/order' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
  search: [{ name: 'buyer', label: 'account.buyer' }],
  columns: [
    { key: 'orderNo', label: 'account.orderNo', content: 'code' },
    { key: 'buyerName', label: 'account.buyer' },
    { key: 'itemSummary', label: 'account.items' },
    { key: 'payableFen', label: 'account.payable', content: 'number', align: 'right', render: (v: number) => yuan(v) },
    { key: 'paidFen', label: 'account.amountPaid', content: 'number', align: 'right', render: (v: number) => yuan(v) },
    { key: 'state', label: 'account.orderState', options: stateOptions },
    { key: 'createTime', label: 'account.createTime', format: 'datetime' },
  ],
};

/** A recharge: the account's own call makes the order (type card, one `recharge` item), then it is paid in the pay dialog. */
function RechargeDialog({
  venue,
  account,
  onClose,
  onOrder,
}: {
  venue: VenueRow;
  account: BalanceAccountRow | null;
  onClose: () => void;
  onOrder: (orderId: number) => void;
}) {
  const t = useVenueT();
  const [form] = Form.useForm<{ amount: number }>();
  const rules = useFieldRules({ name: 'amount', label: 'account.amount', rule: yuanRule.min(0.01), required: true });
  const [busy, setBusy] = useState(false);
  // One key per recharge opened: a retry of the same one never makes a second order.
  const key = useMemo(() => (account ? newIdempotencyKey() : ''), [account]);
  const submit = async () => {
    if (!account) return;
    let v: { amount: number };
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      const order = await accountApi.recharge(account.id, { amountFen: toFen(v.amount) ?? 0, venueId: venue.id }, key);
      success(t('account.created'));
      void refreshCommerce();
      onClose();
      onOrder(order.id);
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      open={!!account}
      title={t('account.rechargeTitle', { name: account?.holderName ?? '' })}
      testId="venueRecharge-form"
      busy={busy}
      width={420}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      <Form form={form} name="venueRecharge-form" layout="vertical" autoComplete="off" onFinish={() => void submit()}>
        <Form.Item name="amount" label={t('account.amount')} rules={rules} required>
          <NumberInput decimals={2} prefix="¥" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </FormModal>
  );
}

/** After a recharge is paid (or left): the balances and the recharge orders are read again. */
const refreshAfterPay = () => Promise.all([invalidateResource('venueAccount'), invalidateResource('venueRecharge'), refreshCommerce()]);

/** The account tab: the stored-value accounts (assets, with recharge) and the recharge orders. */
export function AccountTab({ venue }: { venue: VenueRow }) {
  const t = useVenueT();
  const can = useCan();
  const [view, setView] = useState<'assets' | 'rechargeRecord'>('assets');
  const [recharging, setRecharging] = useState<BalanceAccountRow | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const assets = useMemo(() => assetsDef(setRecharging), []);
  const allowed = view === 'assets' ? can(Perm.account.list) : can(Perm.order.list);
  return (
    <>
      <Segmented
        value={view}
        onChange={(v) => setView(v as typeof view)}
        options={[
          { value: 'assets', label: <span data-testid="venue-account-assets">{t('account.assets')}</span> },
          { value: 'rechargeRecord', label: <span data-testid="venue-account-records">{t('account.rechargeRecord')}</span> },
        ]}
        style={{ marginBottom: 16 }}
      />
      {!allowed ? (
        <Empty description={t('account.noPermission')} />
      ) : view === 'assets' ? (
        <ListPage def={assets as ResourceDef<BalanceAccountRow>} />
      ) : (
        <ListPage def={rechargeDef as ResourceDef<OrderRow>} extraFilters={{ type: 'card' }} />
      )}
      <RechargeDialog venue={venue} account={recharging} onClose={() => setRecharging(null)} onOrder={setPaying} />
      <PayDialog
        orderId={paying}
        open={paying !== null}
        onClose={() => {
          setPaying(null);
          void refreshAfterPay();
        }}
        onPaid={() => void refreshAfterPay()}
      />
    </>
  );
}

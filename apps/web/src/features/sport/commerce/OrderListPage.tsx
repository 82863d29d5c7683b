import { useMemo, useState, type ComponentType } from 'react';
import { Alert, Tabs, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ORDER_TYPE_TABS, Perm, type OrderRow, type OrderType, type orderListQuery } from '@venue/contract';
import { t as translate } from '../../../app/i18n.ts';
import { ListPage, type ColumnDef, type Option, type ResourceDef, type Row } from '../../../kit/index.ts';
import { commerceApi } from './commerce.api.ts';
import { useOrderActions, type OrderActions } from './OrderDialogs.tsx';
import { MemberBuyer, NS, channelOptions, orderStateOptions, orderTypeOptions, useCommerceT, withDayBounds, yuan } from './shared.tsx';

export type OrderTab = keyof typeof ORDER_TYPE_TABS;
type OrderDef = ResourceDef<OrderRow, Row, z.input<typeof orderListQuery>>;

export const orderDetailPath = (id: number) => `/sport/views/orderManagement/orderDetail/${id}`;
export const orderPrintPath = (id: number) => `/sport/views/orderManagement/print/${id}`;
const RENT_AND_SALE_PATH = '/sport/views/goodsMangement/rentAndSale/index';

const money = (key: keyof OrderRow & `${string}Fen`, label: string, extra: Partial<ColumnDef<OrderRow>> = {}): ColumnDef<OrderRow> => ({
  key,
  label,
  render: (v: number) => yuan(v),
  content: 'number',
  align: 'right',
  ...extra,
});

const buyer = (row: OrderRow) =>
  row.buyerKind === 'member' ? (
    <MemberBuyer row={row} testId="order-member" />
  ) : (
    [row.buyerName, row.buyerPhone].filter(Boolean).join(' ') || <Typography.Text type="secondary">{translate(`${NS}:buyerKind.walkin`)}</Typography.Text>
  );

/** The columns of every order list; a tab names its item column after what its orders sell. */
function orderColumns(tab: OrderTab | null): ColumnDef<OrderRow>[] {
  return [
    { key: 'orderNo', label: 'field.orderNo', sorter: true, content: 'code' },
    ...(tab ? [] : [{ key: 'type', label: 'field.type', options: orderTypeOptions } as ColumnDef<OrderRow>]),
    { key: 'itemSummary', label: tab ? `tabItems.${tab}` : 'field.itemSummary' },
    { key: '$buyer', label: 'field.buyer', width: 220, render: (_: unknown, row: OrderRow) => buyer(row) },
    money('payableFen', 'field.payableFen', { sorter: true }),
    money('paidFen', 'field.paidFen'),
    money('refundedFen', 'field.refundedFen', { hiddenByDefault: !!tab }),
    money('totalFen', 'field.totalFen', { inTable: false }),
    money('discountFen', 'field.discountFen', { inTable: false }),
    { key: 'state', label: 'field.state', options: orderStateOptions, sorter: true },
    {
      key: 'channel',
      label: 'field.channel',
      options: channelOptions,
      hiddenByDefault: tab !== null && tab !== 'venueReservation' && tab !== 'ticketsForShow',
    },
    { key: 'orgName', label: 'field.orgName', hiddenByDefault: true },
    { key: 'createdByName', label: 'field.createdByName', hiddenByDefault: true },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', sorter: true },
    { key: 'paidAt', label: 'field.paidAt', format: 'datetime', hiddenByDefault: true },
  ];
}

/** The order list of the main screen (tab null: every type, or its type tab's) or of one tab (its type). */
function orderDef(tab: OrderTab | null, actions: OrderActions, open: (path: string) => void, typeOptions: Option[]): OrderDef {
  const type: OrderType | undefined = tab ? ORDER_TYPE_TABS[tab] : undefined;
  return {
    key: tab ? `order-${tab}` : 'order',
    ns: NS,
    name: 'order',
    endpoint: { prefix: 'sport', path: 'commerce/order' },
    features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
    defaultSort: { field: 'createTime', order: 'descend' },
    search: [
      { name: 'orderNo', label: 'field.orderNo' },
      // The type filter offers the types some loaded module sells (GET order/types), not a fixed list.
      ...(tab ? [] : [{ name: 'type' as const, label: 'field.type', type: 'select' as const, options: typeOptions }]),
      { name: 'state', label: 'field.state', type: 'select', options: orderStateOptions },
      { name: 'channel', label: 'field.channel', type: 'select', options: channelOptions },
      { name: 'buyer', label: 'field.buyer' },
      { name: 'created', label: 'field.created', type: 'dateRange', rangeKeys: ['createdFrom', 'createdTo'] },
    ],
    columns: orderColumns(tab),
    api: {
      list: (body) => commerceApi.orders(withDayBounds(type ? { ...body, type } : body, 'createdFrom', 'createdTo')),
    },
    toolbar: tab
      ? []
      : [{ key: 'newSale', label: 'action.newSale', icon: <ShoppingCartOutlined />, primary: true, perm: Perm.order.add, run: () => actions.newSale() }],
    inlineActions: 3,
    rowActions: [
      { key: 'detail', label: 'action.detail', run: (row) => open(orderDetailPath(row.id)) },
      { key: 'pay', label: 'action.pay', perm: Perm.order.pay, visible: (row) => row.state === 'pending', run: (row) => actions.pay(row.id) },
      {
        key: 'cancel',
        label: 'action.cancel',
        perm: Perm.order.cancel,
        danger: true,
        visible: (row) => row.state === 'pending',
        run: (row) => actions.cancel(row),
      },
      // A rental is returned (and its deposit settled) on the rent and sale screen, found there by the order's number.
      {
        key: 'rentalReturn',
        label: 'action.rentalReturn',
        perm: Perm.goodsRental.back,
        visible: (row) => tab === 'rentAndSell' && (row.state === 'paid' || row.state === 'part_refunded'),
        run: (row) => open(`${RENT_AND_SALE_PATH}?orderNo=${encodeURIComponent(row.orderNo)}`),
      },
      {
        key: 'print',
        label: 'action.print',
        perm: Perm.order.print,
        visible: (row) => row.state !== 'pending' && row.state !== 'cancelled',
        run: (row) => open(orderPrintPath(row.id)),
      },
    ],
  };
}

/** The order types the loaded modules sell in (GET order/types): a tab only for these. */
function useSoldTypes() {
  return useQuery({ queryKey: ['commerce', 'orderTypes'], queryFn: () => commerceApi.orderTypes(), staleTime: 5 * 60_000 });
}

function OrderList({ tab }: { tab: OrderTab | null }) {
  const t = useCommerceT();
  const navigate = useNavigate();
  const actions = useOrderActions();
  const sold = useSoldTypes();
  // The main list's type tab ('' = every type).
  const [typeTab, setTypeTab] = useState('');
  const types = useMemo(() => sold.data ?? [], [sold.data]);
  const typeOptions = useMemo<Option[]>(() => (sold.data ? sold.data.map((x) => ({ value: x.type, label: `type.${x.type}` })) : orderTypeOptions), [sold.data]);
  // The description is made once per tab and set of types: the dialogs' openers are stable enough (state setters).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- made once per tab and set of types: the dialogs' openers are state setters (stable)
  const def = useMemo(() => orderDef(tab, actions, (p) => navigate(p), typeOptions), [tab, typeOptions]);
  // A screen of a type no loaded module sells says so instead of an empty list that can never fill.
  const unsold = tab !== null && sold.isSuccess && !types.some((x) => x.type === ORDER_TYPE_TABS[tab]);
  return (
    <>
      {unsold && <Alert type="info" showIcon data-testid={`order-${tab}-unsold`} message={t('typeTab.unsold')} style={{ marginBottom: 12 }} />}
      {tab === null && types.length > 0 && (
        <Tabs
          data-testid="order-type-tabs"
          activeKey={typeTab}
          onChange={setTypeTab}
          items={[
            { key: '', label: <span data-testid="order-type-tab-all">{t('typeTab.all')}</span> },
            ...types.map((x) => ({
              key: x.type,
              label: <span data-testid={`order-type-tab-${x.type}`}>{x.type === 'general' ? t('typeTab.general') : t.dynamic('type', x.type)}</span>,
            })),
          ]}
        />
      )}
      <ListPage def={def as ResourceDef<OrderRow>} extraFilters={typeTab ? { type: typeTab } : undefined} />
      {actions.dialogs}
    </>
  );
}

/** All orders (sport.order.main): every type, with the new sale. */
export default function OrderListPage() {
  return <OrderList tab={null} />;
}

/** One screen per tab of ORDER_TYPE_TABS: the main list filtered by its type. */
export const ORDER_TAB_PAGES = Object.fromEntries(
  (Object.keys(ORDER_TYPE_TABS) as OrderTab[]).map((tab) => {
    const Page = () => <OrderList tab={tab} />;
    Page.displayName = `OrderList(${tab})`;
    return [tab, Page];
  }),
) as unknown as Record<OrderTab, ComponentType>;

import { useState } from 'react';
import { Button, Card, Col, Descriptions, Empty, Row as GridRow, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import { CloseCircleOutlined, FileTextOutlined, PayCircleOutlined, PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { INVOICE_SCREEN_PATH, Perm, type LedgerRow, type OrderDetail, type OrderItemRow, type PaymentRow, type RefundRow } from '@venue/contract';
import { useCan } from '../../../kit/index.ts';
import { commerceApi, orderKey } from './commerce.api.ts';
import { useOrderActions } from './OrderDialogs.tsx';
import { orderPrintPath } from './OrderListPage.tsx';
import { RefundApplyDialog, refundableFen } from './RefundApplyDialog.tsx';
import { RefundLegs } from './RefundLegs.tsx';
import {
  CodeLabel,
  channelOptions,
  flowOptions,
  holdStateOptions,
  itemKindOptions,
  ledgerAccountOptions,
  methodOptions,
  orderStateOptions,
  orderTypeOptions,
  payStateOptions,
  refundStateOptions,
  refundToOptions,
  sideOptions,
  txnKindOptions,
  formatTime,
  useCommerceT,
  yuan,
} from './shared.tsx';

function Amount({ label, fen, testId, strong }: { label: string; fen: number; testId: string; strong?: boolean }) {
  return (
    <div data-testid={testId} data-fen={fen}>
      <Statistic title={label} value={yuan(fen)} styles={{ content: { fontSize: strong ? 24 : 20, fontWeight: strong ? 600 : undefined } }} />
    </div>
  );
}

/** sport.order.detail: an order with its amounts, buyer, items, payments, refunds and ledger entries; pay, cancel, refund, print. */
export default function OrderDetailPage() {
  const t = useCommerceT();
  const can = useCan();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.orderId);
  const order = useQuery({ queryKey: orderKey(id), queryFn: () => commerceApi.order(id), enabled: Number.isInteger(id) && id > 0 });
  const reload = () => void order.refetch();
  const actions = useOrderActions(reload);
  const [refunding, setRefunding] = useState<OrderDetail | null>(null);

  if (order.isLoading) return <Skeleton active />;
  const o = order.data;
  if (!o) return <Empty description={t('detail.notFound')} data-testid="order-detail-missing" />;

  const refundable = (o.state === 'paid' || o.state === 'part_refunded' || o.state === 'completed') && refundableFen(o) > 0;
  const buttons = (
    <Space wrap>
      {o.state === 'pending' && can(Perm.order.pay) ? (
        <Button type="primary" icon={<PayCircleOutlined />} onClick={() => actions.pay(o.id)} data-testid="order-detail-pay">
          {t('action.pay')}
        </Button>
      ) : null}
      {o.state === 'pending' && can(Perm.order.cancel) ? (
        <Button danger icon={<CloseCircleOutlined />} onClick={() => actions.cancel(o)} data-testid="order-detail-cancel">
          {t('action.cancel')}
        </Button>
      ) : null}
      {refundable && can(Perm.refund.apply) ? (
        <Button icon={<RollbackOutlined />} onClick={() => setRefunding(o)} data-testid="order-detail-refund">
          {t('action.refund')}
        </Button>
      ) : null}
      {(o.state === 'paid' || o.state === 'completed') && can(Perm.invoice.add) ? (
        <Button icon={<FileTextOutlined />} onClick={() => navigate(`${INVOICE_SCREEN_PATH}?orderId=${o.id}`)} data-testid="order-detail-invoice">
          {t('action.invoice')}
        </Button>
      ) : null}
      {o.state !== 'pending' && o.state !== 'cancelled' && can(Perm.order.print) ? (
        <Button icon={<PrinterOutlined />} onClick={() => navigate(orderPrintPath(o.id))} data-testid="order-detail-print">
          {t('action.print')}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <div data-testid="order-detail" data-order-no={o.orderNo}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card
          variant="borderless"
          title={
            <Space wrap>
              <span>{t('detail.title', { orderNo: o.orderNo })}</span>
              <CodeLabel value={o.state} options={orderStateOptions} testId="order-detail-state" />
              {o.overpaid ? <Tag color="red">{t('field.overpaid')}</Tag> : null}
            </Space>
          }
          extra={buttons}
        >
          <GridRow gutter={[16, 16]}>
            <Col xs={12} sm={8} lg={4}>
              <Amount label={t('field.totalFen')} fen={o.totalFen} testId="order-detail-total" />
            </Col>
            <Col xs={12} sm={8} lg={4}>
              <Amount label={t('field.discountFen')} fen={o.discountFen} testId="order-detail-discount" />
            </Col>
            <Col xs={12} sm={8} lg={4}>
              <Amount label={t('field.payableFen')} fen={o.payableFen} testId="order-detail-payable" strong />
            </Col>
            <Col xs={12} sm={8} lg={4}>
              <Amount label={t('field.paidFen')} fen={o.paidFen} testId="order-detail-paid" />
            </Col>
            <Col xs={12} sm={8} lg={4}>
              <Amount label={t('field.refundedFen')} fen={o.refundedFen} testId="order-detail-refunded" />
            </Col>
            <Col xs={12} sm={8} lg={4}>
              <Amount label={t('field.dueFen')} fen={o.dueFen} testId="order-detail-due" />
            </Col>
          </GridRow>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginTop: 16 }}>
            <Descriptions.Item label={t('field.type')}>
              <CodeLabel value={o.type} options={orderTypeOptions} />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.channel')}>
              <CodeLabel value={o.channel} options={channelOptions} />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.orgName')}>{o.orgName}</Descriptions.Item>
            <Descriptions.Item label={t('detail.buyer')}>
              <span data-testid="order-detail-buyer">
                {o.buyerKind === 'member'
                  ? o.memberName
                    ? `${t('detail.memberNamed')} · ${o.memberName}${o.memberPhoneMasked ? ` · ${o.memberPhoneMasked}` : ''}`
                    : t('detail.member', { id: o.memberId ?? '' })
                  : t('detail.walkin')}
                {o.buyerKind !== 'member' && o.buyerName ? ` · ${o.buyerName}` : ''}
                {o.buyerKind !== 'member' && o.buyerPhone ? ` · ${o.buyerPhone}` : ''}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.createTime')}>{formatTime(o.createTime)}</Descriptions.Item>
            <Descriptions.Item label={t('field.createdByName')}>{o.createdByName}</Descriptions.Item>
            {o.state === 'pending' && o.expiresAt ? <Descriptions.Item label={t('field.expiresAt')}>{formatTime(o.expiresAt)}</Descriptions.Item> : null}
            {o.paidAt ? <Descriptions.Item label={t('field.paidAt')}>{formatTime(o.paidAt)}</Descriptions.Item> : null}
            {o.cancelledAt ? <Descriptions.Item label={t('field.cancelledAt')}>{formatTime(o.cancelledAt)}</Descriptions.Item> : null}
            {o.cancelReason ? <Descriptions.Item label={t('field.cancelReason')}>{o.cancelReason}</Descriptions.Item> : null}
            {o.discountReason ? (
              <Descriptions.Item label={t('field.discountReason')}>
                <span data-testid="order-detail-discount-reason">{o.discountReason}</span>
              </Descriptions.Item>
            ) : null}
            {o.remark ? <Descriptions.Item label={t('field.remark')}>{o.remark}</Descriptions.Item> : null}
          </Descriptions>
        </Card>

        <Card variant="borderless" title={t('detail.items')} size="small">
          <Table<OrderItemRow>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={o.items}
            data-testid="order-detail-items"
            columns={[
              { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 48 },
              { key: 'kind', title: t('detail.kind'), dataIndex: 'kind', render: (v: string) => <CodeLabel value={v} options={itemKindOptions} /> },
              { key: 'name', title: t('detail.name'), dataIndex: 'name' },
              { key: 'spec', title: t('detail.spec'), dataIndex: 'spec' },
              { key: 'quantity', title: t('detail.quantity'), dataIndex: 'quantity', align: 'right' },
              { key: 'unitPrice', title: t('detail.unitPrice'), dataIndex: 'unitPriceFen', align: 'right', render: (v: number) => yuan(v) },
              {
                key: 'discount',
                title: t('field.discountFen'),
                dataIndex: 'discountFen',
                align: 'right',
                // The amount, and under it each adjustment's source, amount and reason (a member price is already in the unit price).
                render: (v: number, item) => (
                  <>
                    {yuan(v)}
                    {item.adjustments.map((a, i) => (
                      <Typography.Text
                        key={i}
                        type="secondary"
                        style={{ display: 'block', fontSize: 12 }}
                        data-testid={`order-item-adjustment-${item.lineNo}-${i}`}
                      >
                        {t.dynamic('adjustment', a.source)} {yuan(a.amountFen)}
                        {a.reason ? ` · ${a.reason}` : ''}
                      </Typography.Text>
                    ))}
                  </>
                ),
              },
              { key: 'amount', title: t('field.amountFen'), dataIndex: 'amountFen', align: 'right', render: (v: number) => yuan(v) },
              { key: 'refundedQty', title: t('detail.refundedQty'), dataIndex: 'refundedQty', align: 'right' },
              {
                key: 'hold',
                title: t('detail.hold'),
                dataIndex: 'holdState',
                render: (v: string) => (v === 'none' ? null : <CodeLabel value={v} options={holdStateOptions} />),
              },
            ]}
          />
        </Card>

        <Card variant="borderless" title={t('detail.payments')} size="small">
          <Table<PaymentRow>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={o.payments}
            data-testid="order-detail-payments"
            locale={{ emptyText: t('detail.none') }}
            columns={[
              { key: 'paymentNo', title: t('field.paymentNo'), dataIndex: 'paymentNo' },
              { key: 'method', title: t('field.method'), dataIndex: 'method', render: (v: string) => <CodeLabel value={v} options={methodOptions} /> },
              { key: 'flow', title: t('pay.flow'), dataIndex: 'flow', render: (v: string) => <CodeLabel value={v} options={flowOptions} /> },
              { key: 'amount', title: t('field.amountFen'), dataIndex: 'amountFen', align: 'right', render: (v: number) => yuan(v) },
              { key: 'received', title: t('detail.received'), dataIndex: 'receivedFen', align: 'right', render: (v: number | null) => yuan(v) },
              { key: 'change', title: t('detail.change'), dataIndex: 'changeFen', align: 'right', render: (v: number | null) => yuan(v) },
              { key: 'state', title: t('field.payState'), dataIndex: 'state', render: (v: string) => <CodeLabel value={v} options={payStateOptions} /> },
              { key: 'trade', title: t('detail.providerTradeNo'), dataIndex: 'providerTradeNo' },
              { key: 'operator', title: t('detail.operator'), dataIndex: 'operatorName' },
              { key: 'time', title: t('detail.time'), render: (_: unknown, p) => formatTime(p.succeededAt ?? p.closedAt ?? p.createTime) },
            ]}
          />
        </Card>

        <Card variant="borderless" title={t('detail.refunds')} size="small">
          <Table<RefundRow>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={o.refunds}
            data-testid="order-detail-refunds"
            locale={{ emptyText: t('detail.none') }}
            expandable={{ expandedRowRender: (r) => <RefundLegs refund={r} />, rowExpandable: () => true }}
            columns={[
              { key: 'refundNo', title: t('field.refundNo'), dataIndex: 'refundNo' },
              { key: 'amount', title: t('field.amountFen'), dataIndex: 'amountFen', align: 'right', render: (v: number) => yuan(v) },
              { key: 'to', title: t('field.to'), dataIndex: 'to', render: (v: string) => <CodeLabel value={v} options={refundToOptions} /> },
              {
                key: 'state',
                title: t('field.refundState'),
                dataIndex: 'state',
                render: (v: string) => <CodeLabel value={v} options={refundStateOptions} testId="order-detail-refund-state" />,
              },
              { key: 'reason', title: t('field.reason'), dataIndex: 'reason' },
              { key: 'appliedBy', title: t('field.appliedByName'), dataIndex: 'appliedByName' },
              { key: 'applyTime', title: t('field.applyTime'), dataIndex: 'applyTime', render: (v: string) => formatTime(v) },
            ]}
          />
        </Card>

        <Card variant="borderless" title={t('detail.ledger')} size="small">
          <Table<LedgerRow>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={o.ledger}
            data-testid="order-detail-ledger"
            locale={{ emptyText: t('detail.none') }}
            columns={[
              { key: 'txnNo', title: t('field.txnNo'), dataIndex: 'txnNo' },
              { key: 'txnKind', title: t('field.txnKind'), dataIndex: 'txnKind', render: (v: string) => <CodeLabel value={v} options={txnKindOptions} /> },
              {
                key: 'account',
                title: t('field.account'),
                dataIndex: 'account',
                render: (v: string) => <CodeLabel value={v} options={ledgerAccountOptions} />,
              },
              { key: 'side', title: t('field.side'), dataIndex: 'side', render: (v: string) => <CodeLabel value={v} options={sideOptions} /> },
              { key: 'amount', title: t('field.amountFen'), dataIndex: 'amountFen', align: 'right', render: (v: number) => yuan(v) },
              { key: 'day', title: t('field.businessDay'), dataIndex: 'businessDay' },
              { key: 'time', title: t('detail.time'), dataIndex: 'createTime', render: (v: string) => formatTime(v) },
            ]}
          />
        </Card>
      </Space>
      {actions.dialogs}
      <RefundApplyDialog order={refunding} onClose={() => setRefunding(null)} onDone={reload} />
    </div>
  );
}

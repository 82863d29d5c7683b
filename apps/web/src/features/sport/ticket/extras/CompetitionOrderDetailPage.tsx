import { Button, Card, Descriptions, Empty, Skeleton, Space, Table, Tag } from 'antd';
import { ArrowLeftOutlined, FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Perm, type CompetitionOrderDetail, type PaymentRow, type RefundRow, type TicketRow } from '@venue/contract';
import { http } from '../../../../app/request.ts';
import { useTabLabel } from '../../../../app/tabs.ts';
import { useCan } from '../../../../kit/index.ts';
import { PayCodeLabel, formatTime, payMethodOptions, payRefundStateOptions, payStateOptions, yuan } from '../../../../kit/pay/index.ts';
import { COMPETITION_ORDER_LIST_PATH, orderDetailPath, orderStateOptions, ticketPath, useExtrasT } from './shared.tsx';

/**
 * A competition order's detail: the order (buyer, amounts, state), its tickets with their seats and
 * levels, its payments and its refunds; the commerce order screen (pay, cancel, refund, print) is a
 * click away.
 */
export default function CompetitionOrderDetailPage() {
  const t = useExtrasT();
  const can = useCan();
  const navigate = useNavigate();
  const id = Number(useParams().orderId);
  const q = useQuery({
    queryKey: ['ticketExtras', 'competitionOrder', id],
    queryFn: () => http.get<CompetitionOrderDetail>(ticketPath(`competitionOrder/${id}`)),
    enabled: id > 0,
  });
  useTabLabel(q.data?.order.orderNo);
  if (q.isLoading) return <Skeleton active />;
  if (!q.data) return <Empty />;
  const { order: o, tickets } = q.data;
  const state = orderStateOptions.find((s) => s.value === o.state);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="competitionOrder-detail">
      <Space>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(COMPETITION_ORDER_LIST_PATH)}>
          {t('back')}
        </Button>
        {can(Perm.order.list) ? (
          <Button icon={<FileTextOutlined />} onClick={() => navigate(orderDetailPath(o.id))} data-testid="competitionOrder-fullOrder">
            {t('fullOrder')}
          </Button>
        ) : null}
      </Space>
      <Card size="small" title={o.orderNo} extra={<Tag color={state?.color}>{t(`orderState.${o.state}`)}</Tag>}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('field.buyerName')}>{o.buyerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.buyerPhone')}>{o.buyerPhone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.orderTime')}>{formatTime(o.createTime)}</Descriptions.Item>
          <Descriptions.Item label={t('field.payableFen')}>{yuan(o.payableFen)}</Descriptions.Item>
          <Descriptions.Item label={t('field.paidFen')}>{yuan(o.paidFen)}</Descriptions.Item>
          <Descriptions.Item label={t('field.refundedFen')}>{yuan(o.refundedFen)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={`${t('tickets')} (${tickets.length})`}>
        <Table<TicketRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={tickets}
          data-testid="competitionOrder-tickets"
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'code', title: t('code'), dataIndex: 'code', render: (v: string) => <code>{v}</code> },
            { key: 'session', title: t('field.sessionNames'), dataIndex: 'sessionName' },
            { key: 'seat', title: t('seat'), dataIndex: 'seatLabel', render: (v: string | null) => v ?? '—' },
            { key: 'level', title: t('level'), dataIndex: 'levelName' },
            { key: 'price', title: t('price'), dataIndex: 'priceFen', align: 'right', render: (v: number) => yuan(v) },
            { key: 'state', title: t('field.state'), dataIndex: 'state', render: (v: string) => <Tag>{t.dynamic('ticketState', v)}</Tag> },
          ]}
        />
      </Card>
      <Card size="small" title={t('payments')}>
        <Table<PaymentRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={o.payments}
          data-testid="competitionOrder-payments"
          locale={{ emptyText: t('none') }}
          columns={[
            { key: 'no', title: '#', dataIndex: 'paymentNo', render: (v: string) => <code>{v}</code> },
            { key: 'method', title: t('method'), dataIndex: 'method', render: (v: string) => <PayCodeLabel value={v} options={payMethodOptions} /> },
            { key: 'amount', title: t('amount'), dataIndex: 'amountFen', align: 'right', render: (v: number) => yuan(v) },
            { key: 'state', title: t('field.state'), dataIndex: 'state', render: (v: string) => <PayCodeLabel value={v} options={payStateOptions} /> },
            { key: 'time', title: t('time'), dataIndex: 'succeededAt', render: (v: string | null, r) => formatTime(v ?? r.createTime) },
          ]}
        />
      </Card>
      <Card size="small" title={t('refunds')}>
        <Table<RefundRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={o.refunds}
          data-testid="competitionOrder-refunds"
          locale={{ emptyText: t('none') }}
          columns={[
            { key: 'no', title: t('refundNo'), dataIndex: 'refundNo', render: (v: string) => <code>{v}</code> },
            { key: 'amount', title: t('amount'), dataIndex: 'amountFen', align: 'right', render: (v: number) => yuan(v) },
            { key: 'reason', title: t('reason'), dataIndex: 'reason' },
            { key: 'state', title: t('field.state'), dataIndex: 'state', render: (v: string) => <PayCodeLabel value={v} options={payRefundStateOptions} /> },
            { key: 'time', title: t('time'), dataIndex: 'applyTime', render: (v: string) => formatTime(v) },
          ]}
        />
      </Card>
    </Space>
  );
}

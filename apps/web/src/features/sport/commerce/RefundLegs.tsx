import { Descriptions, Space, Table } from 'antd';
import type { RefundRow } from '@venue/contract';
import { CodeLabel, formatTime, legStateOptions, methodOptions, useCommerceT, yuan } from './shared.tsx';

/** The legs of a refund (one per payment it goes back to) and its review. */
export function RefundLegs({ refund }: { refund: RefundRow }) {
  const t = useCommerceT();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={refund.legs}
        data-testid="refund-legs"
        locale={{ emptyText: t('detail.none') }}
        columns={[
          { key: 'outRefundNo', title: t('detail.outRefundNo'), dataIndex: 'outRefundNo' },
          { key: 'paymentNo', title: t('field.paymentNo'), dataIndex: 'paymentNo' },
          { key: 'method', title: t('field.method'), dataIndex: 'method', render: (v: string) => <CodeLabel value={v} options={methodOptions} /> },
          { key: 'amount', title: t('field.amountFen'), dataIndex: 'amountFen', align: 'right', render: (v: number) => yuan(v) },
          { key: 'state', title: t('field.payState'), dataIndex: 'state', render: (v: string) => <CodeLabel value={v} options={legStateOptions} /> },
          { key: 'error', title: t('field.error'), dataIndex: 'error' },
        ]}
      />
      {refund.reviewedByName || refund.reviewRemark ? (
        <Descriptions size="small" bordered column={{ xs: 1, sm: 3 }} title={t('review.info')} data-testid="refund-review-info">
          <Descriptions.Item label={t('field.reviewedByName')}>{refund.reviewedByName}</Descriptions.Item>
          <Descriptions.Item label={t('field.reviewTime')}>{formatTime(refund.reviewTime)}</Descriptions.Item>
          <Descriptions.Item label={t('field.reviewRemark')}>{refund.reviewRemark}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Space>
  );
}

import { useState } from 'react';
import { Button, Card, Descriptions, Space, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Perm } from '@venue/contract';
import { useCan } from '../../../kit/index.ts';
import { PayDialog } from '../../../kit/pay/index.ts';
import { sparringApi } from './sparring.api.ts';
import { formatTime, orderDetailPath, stateOptions, useSparringT, yuan } from './shared.tsx';

/** sport.sparring.detail: one booked coach hour with its order's money; pay it, or open its order (cancel, refund). */
export default function SparringDetailPage() {
  const t = useSparringT();
  const can = useCan();
  const navigate = useNavigate();
  const orderId = Number(useParams().orderId);
  const [paying, setPaying] = useState(false);
  const q = useQuery({ queryKey: ['sparring', 'detail', orderId], queryFn: () => sparringApi.detail(orderId), enabled: orderId > 0 });
  const d = q.data;
  if (!d) return <Spin spinning={q.isLoading} />;
  const color = stateOptions.find((o) => o.value === d.state)?.color;
  return (
    <Card
      title={`${t('sparring')} ${d.orderNo}`}
      data-testid="sparring-detail"
      extra={
        <Space>
          {d.orderState === 'pending' && can(Perm.order.pay) ? (
            <Button type="primary" data-testid="sparring-detail-pay" onClick={() => setPaying(true)}>
              {t.dynamic('state', 'held')}
            </Button>
          ) : null}
          <Button data-testid="sparring-detail-order" onClick={() => navigate(orderDetailPath(d.orderId))}>
            {t('toOrder')}
          </Button>
        </Space>
      }
    >
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={t('field.coach')}>{d.coachName}</Descriptions.Item>
        <Descriptions.Item label={t('field.coachLevel')}>{d.coachLevel ? t.dynamic('level', d.coachLevel) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.date')}>{d.date}</Descriptions.Item>
        <Descriptions.Item label={t('field.time')}>{`${d.start}-${d.end}`}</Descriptions.Item>
        <Descriptions.Item label={t('field.site')}>{d.siteName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.buyer')}>{[d.buyerName, d.buyerPhone].filter(Boolean).join(' ') || t('walkIn')}</Descriptions.Item>
        <Descriptions.Item label={t('field.amount')}>{yuan(d.amount)}</Descriptions.Item>
        <Descriptions.Item label={t('field.state')}>
          <Tag color={color}>{t.dynamic('state', d.state)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.paidFen')}>{yuan(d.paidFen)}</Descriptions.Item>
        <Descriptions.Item label={t('field.refundedFen')}>{yuan(d.refundedFen)}</Descriptions.Item>
        <Descriptions.Item label={t('field.expiresAt')}>{d.expiresAt ? formatTime(d.expiresAt) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.remark')}>{d.remark ?? '—'}</Descriptions.Item>
      </Descriptions>
      <PayDialog orderId={paying ? d.orderId : null} open={paying} onClose={() => setPaying(false)} onPaid={() => void q.refetch()} />
    </Card>
  );
}

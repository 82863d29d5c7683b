import { useState, type ReactNode } from 'react';
import { Alert, Button, Result, Space, Spin, Typography } from 'antd';
import { AlipayCircleOutlined, QrcodeOutlined, WechatOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ProviderMethod } from '@venue/contract';
import { isApiError } from '../../../app/request.ts';
import { scanApi } from './commerce.api.ts';
import { PublicFrame } from './PublicFrame.tsx';
import { formatTime, useCommerceT, yuan } from './shared.tsx';

const ICONS: Record<ProviderMethod, ReactNode> = {
  alipay: <AlipayCircleOutlined />,
  wechat: <WechatOutlined />,
  aggregate: <QrcodeOutlined />,
};

/** Where the provider's cashier sends the customer back: the result page, which watches the order by its token. */
export function returnUrlOf(origin: string, orderNo: string, token: string): string {
  return `${origin}/payCallback?${new URLSearchParams({ orderNo, token }).toString()}`;
}

/**
 * /thirdScanPage?token=…: the scan-to-pay page a customer opens on a phone (public, no session,
 * exempt from the expiry redirect). It shows what to pay and a button per enabled method; a tap
 * goes to the provider's cashier page, which comes back to /payCallback.
 */
export default function ScanPayPage() {
  const t = useCommerceT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [going, setGoing] = useState<ProviderMethod | null>(null);
  const [error, setError] = useState<string | null>(null);
  const order = useQuery({
    queryKey: ['scan', token],
    queryFn: () => scanApi.order(token),
    enabled: /^[A-Za-z0-9_-]{16,64}$/.test(token),
    retry: false,
    refetchOnWindowFocus: true,
  });
  const o = order.data;

  const pay = async (method: ProviderMethod) => {
    if (!o) return;
    setGoing(method);
    setError(null);
    try {
      const answer = await scanApi.pay(token, { method, returnUrl: returnUrlOf(window.location.origin, o.orderNo, token) });
      window.location.assign(answer.payUrl);
    } catch (err) {
      setGoing(null);
      setError(isApiError(err) ? err.msg || err.message : String(err));
      void order.refetch();
    }
  };

  let body: ReactNode;
  if (!token || order.isError || (!order.isLoading && !o)) {
    body = <Result status="warning" title={<span data-testid="scan-missing">{t('scan.missing')}</span>} />;
  } else if (!o) {
    body = (
      <div style={{ textAlign: 'center', padding: 40 }}>
        <Spin size="large" />
      </div>
    );
  } else if (o.state === 'paid' || o.state === 'completed') {
    body = <Result status="success" title={<span data-testid="scan-paid">{t('scan.paid')}</span>} subTitle={`${t('callback.orderNo')} ${o.orderNo}`} />;
  } else if (o.state === 'cancelled') {
    body = (
      <Result status="warning" title={<span data-testid="scan-cancelled">{t('scan.cancelled')}</span>} subTitle={`${t('callback.orderNo')} ${o.orderNo}`} />
    );
  } else if (o.state !== 'pending') {
    body = <Result status="info" title={t('scan.notPayable', { state: t(`state.${o.state}`) })} />;
  } else {
    body = (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <div style={{ textAlign: 'center' }}>
          <Typography.Title level={4} style={{ marginBottom: 4 }} data-testid="scan-org">
            {o.orgName}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('callback.orderNo')} {o.orderNo}
          </Typography.Text>
        </div>
        <div>
          <Typography.Text type="secondary">{t('scan.subject')}</Typography.Text>
          <div data-testid="scan-subject" style={{ fontSize: 16 }}>
            {o.subject}
          </div>
        </div>
        <div style={{ textAlign: 'center' }}>
          <Typography.Text type="secondary">{t('scan.due')}</Typography.Text>
          <div data-testid="scan-due" data-fen={o.dueFen} style={{ fontSize: 34, fontWeight: 600 }}>
            {yuan(o.dueFen)}
          </div>
          {o.expiresAt ? <Typography.Text type="secondary">{t('scan.expiresAt', { time: formatTime(o.expiresAt) })}</Typography.Text> : null}
        </div>
        {error ? <Alert type="error" showIcon title={error} data-testid="scan-error" /> : null}
        {o.methods.length ? (
          <>
            <Typography.Text strong>{t('scan.choose')}</Typography.Text>
            {o.methods.map((m) => (
              <Button
                key={m}
                block
                size="large"
                type={m === o.methods[0] ? 'primary' : 'default'}
                icon={ICONS[m]}
                loading={going === m}
                disabled={!!going}
                onClick={() => void pay(m)}
                data-testid={`scan-pay-${m}`}
              >
                {t(`method.${m}`)}
              </Button>
            ))}
            {going ? <Typography.Text type="secondary">{t('scan.going')}</Typography.Text> : null}
          </>
        ) : (
          <Alert type="info" showIcon title={t('scan.noMethods')} data-testid="scan-no-methods" />
        )}
      </Space>
    );
  }
  return <PublicFrame testId="scan-page">{body}</PublicFrame>;
}

import { useEffect, useState, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { scanApi } from './commerce.api.ts';
import { PublicFrame } from './PublicFrame.tsx';
import { useCommerceT, yuan } from './shared.tsx';

/** How long the page keeps asking before it leaves the customer with the pending note. */
const WATCH_MS = 5 * 60_000;

/**
 * /payCallback?orderNo=…&token=…: where the provider's cashier page sends the customer back
 * (public, no session). It watches the order through the public scan call until it is paid;
 * notifications may arrive a moment after the customer does.
 */
export default function PayCallbackPage() {
  const t = useCommerceT();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const token = params.get('token') ?? '';
  const [started] = useState(() => Date.now());
  const [, setTick] = useState(0);
  const watching = Date.now() - started < WATCH_MS;
  const order = useQuery({
    queryKey: ['scan', token],
    queryFn: () => scanApi.order(token),
    enabled: /^[A-Za-z0-9_-]{16,64}$/.test(token),
    retry: false,
    refetchInterval: (q) => (watching && (!q.state.data || q.state.data.state === 'pending') ? 2000 : false),
  });
  useEffect(() => {
    const id = setTimeout(() => setTick((n) => n + 1), WATCH_MS);
    return () => clearTimeout(id);
  }, []);
  const o = order.data;
  const paid = o && (o.state === 'paid' || o.state === 'completed' || o.state === 'part_refunded' || o.state === 'refunded');

  let body: ReactNode;
  if (paid) {
    body = (
      <Result
        status="success"
        title={<span data-testid="callback-success">{t('callback.success')}</span>}
        subTitle={
          <>
            <div>{t('callback.successHint', { orderNo: o.orderNo })}</div>
            <div style={{ fontSize: 20, marginTop: 8 }}>{yuan(o.payableFen)}</div>
          </>
        }
      />
    );
  } else if (!token || order.isError) {
    body = (
      <Result
        status="info"
        title={<span data-testid="callback-unknown">{t('callback.unknown')}</span>}
        subTitle={orderNo ? `${t('callback.orderNo')} ${orderNo}` : undefined}
      />
    );
  } else {
    body = (
      <Result
        icon={<Spin size="large" />}
        title={<span data-testid="callback-pending">{t('callback.pending')}</span>}
        subTitle={
          <>
            <div>{t('callback.pendingHint')}</div>
            {orderNo ? <div>{`${t('callback.orderNo')} ${orderNo}`}</div> : null}
          </>
        }
        extra={
          o?.state === 'pending' ? (
            <Link to={`/thirdScanPage?token=${encodeURIComponent(token)}`}>
              <Button data-testid="callback-again">{t('callback.again')}</Button>
            </Link>
          ) : null
        }
      />
    );
  }
  return <PublicFrame testId="callback-page">{body}</PublicFrame>;
}

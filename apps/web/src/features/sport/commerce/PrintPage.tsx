import { useEffect } from 'react';
import { Button, Empty, Skeleton } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { commerceApi, orderKey } from './commerce.api.ts';
import { orderDetailPath } from './OrderListPage.tsx';
import { formatTime, useCommerceT, yuan } from './shared.tsx';
import './commerce.css';

/**
 * sport.order.print: a clean printable receipt (organisation, order no., items, amounts,
 * payments, time, operator). Print calls window.print(); the print style shows the receipt alone.
 */
export default function PrintPage() {
  const t = useCommerceT();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.orderId);
  const me = useSession((s) => s.userName || null);
  const order = useQuery({ queryKey: orderKey(id), queryFn: () => commerceApi.order(id), enabled: Number.isInteger(id) && id > 0 });

  // While this screen is shown (a hidden kept-alive tab runs no effects), printing prints the receipt alone.
  useEffect(() => {
    document.body.classList.add('commerce-printing');
    return () => document.body.classList.remove('commerce-printing');
  }, []);

  if (order.isLoading) return <Skeleton active />;
  const o = order.data;
  if (!o) return <Empty description={t('detail.notFound')} />;
  const paid = o.payments.filter((p) => p.state === 'succeeded');
  const change = paid.reduce((s, p) => s + (p.changeFen ?? 0), 0);
  const operator = paid[paid.length - 1]?.operatorName ?? o.createdByName ?? me ?? '';

  return (
    <div data-testid="receipt-page">
      <div className="commerce-print-actions">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(orderDetailPath(o.id))} data-testid="receipt-back">
          {t('action.back')}
        </Button>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="receipt-print">
          {t('receipt.print')}
        </Button>
      </div>
      <div className="commerce-receipt" data-testid="receipt">
        <h1 data-testid="receipt-org">{o.orgName}</h1>
        <div className="receipt-sub">{t('receipt.title')}</div>
        <div className="receipt-line">
          <span>{t('receipt.orderNo')}</span>
          <span data-testid="receipt-order-no">{o.orderNo}</span>
        </div>
        <div className="receipt-line">
          <span>{t('receipt.time')}</span>
          <span>{formatTime(o.paidAt ?? o.createTime)}</span>
        </div>
        <div className="receipt-line">
          <span>{t('receipt.operator')}</span>
          <span>{operator}</span>
        </div>
        {o.buyerName || o.buyerPhone ? (
          <div className="receipt-line">
            <span>{t('receipt.buyer')}</span>
            <span>{[o.buyerName, o.buyerPhone].filter(Boolean).join(' ')}</span>
          </div>
        ) : null}
        <hr />
        <table data-testid="receipt-items">
          <thead>
            <tr>
              <th>{t('receipt.item')}</th>
              <th className="num">{t('receipt.qty')}</th>
              <th className="num">{t('receipt.price')}</th>
              <th className="num">{t('receipt.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {o.items.map((i) => (
              <tr key={i.id}>
                <td>
                  {i.name}
                  {i.spec ? ` (${i.spec})` : ''}
                </td>
                <td className="num">{i.quantity}</td>
                <td className="num">{yuan(i.unitPriceFen)}</td>
                <td className="num">{yuan(i.amountFen)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <hr />
        <div className="receipt-line">
          <span>{t('receipt.total')}</span>
          <span>{yuan(o.totalFen)}</span>
        </div>
        {o.discountFen ? (
          <div className="receipt-line">
            <span>{t('receipt.discount')}</span>
            <span>-{yuan(o.discountFen)}</span>
          </div>
        ) : null}
        <div className="receipt-line receipt-strong">
          <span>{t('receipt.payable')}</span>
          <span data-testid="receipt-payable">{yuan(o.payableFen)}</span>
        </div>
        <div className="receipt-line">
          <span>{t('receipt.paid')}</span>
          <span data-testid="receipt-paid">{yuan(o.paidFen)}</span>
        </div>
        {o.refundedFen ? (
          <div className="receipt-line">
            <span>{t('receipt.refunded')}</span>
            <span>{yuan(o.refundedFen)}</span>
          </div>
        ) : null}
        <hr />
        <div>{t('receipt.payments')}</div>
        {paid.map((p) => (
          <div className="receipt-line" key={p.id}>
            <span>
              {t.dynamic('method', p.method)}
              {p.receivedFen ? ` (${yuan(p.receivedFen)})` : ''}
            </span>
            <span>{yuan(p.amountFen)}</span>
          </div>
        ))}
        {change ? (
          <div className="receipt-line">
            <span>{t('receipt.change')}</span>
            <span data-testid="receipt-change">{yuan(change)}</span>
          </div>
        ) : null}
        <div className="receipt-thanks">{t('receipt.thanks')}</div>
      </div>
    </div>
  );
}

import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import type { RefundRow } from '@venue/contract';
import { orderDetailPath } from './OrderListPage.tsx';
import { refundDef } from './refunds.tsx';

/** sport.refund.orderRefund: the refunds of orders, with their state; the drawer shows the legs and the review. */
export default function OrderRefundPage() {
  const navigate = useNavigate();
  const def = useMemo(
    () => ({
      ...refundDef('refund', 'order', { kind: 'order' }),
      rowActions: [
        {
          key: 'order',
          label: 'action.viewOrder',
          visible: (r: RefundRow) => r.orderId !== null,
          run: (r: RefundRow) => navigate(orderDetailPath(r.orderId!)),
        },
      ],
    }),
    [navigate],
  );
  return <ListPage def={def as ResourceDef<RefundRow>} />;
}

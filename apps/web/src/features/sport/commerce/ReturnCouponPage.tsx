import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import type { RefundRow } from '@venue/contract';
import { orderDetailPath } from './OrderListPage.tsx';
import { refundDef } from './refunds.tsx';

/**
 * sport.refund.returnBillAndCoupon: refunds of orders that hold coupons, whose coupons go back to
 * the buyer (the coupon kind's release hook). Empty until the marketing module sells coupons.
 */
export default function ReturnCouponPage() {
  const navigate = useNavigate();
  const def = useMemo(
    () => ({
      ...refundDef('returnCoupon', 'order', { kind: 'order', itemKind: 'coupon' }),
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

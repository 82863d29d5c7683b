import { useMemo } from 'react';
import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { CouponReturnRow, couponReturnQuery } from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { NS, outcomeOptions, useCouponT } from './shared.tsx';

export const returnResource: ResourceDef<CouponReturnRow, CouponReturnRow, z.input<typeof couponReturnQuery>> = {
  key: 'couponReturn',
  ns: NS,
  name: 'coupon',
  endpoint: { prefix: 'sport', path: 'coupon/return' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
  search: [
    { name: 'keyword', label: 'field.returnKeyword' },
    { name: 'outcome', label: 'field.outcome', type: 'select', options: outcomeOptions },
  ],
  columns: [
    { key: 'refundNo', label: 'field.refundNo', content: 'code' },
    { key: 'orderNo', label: 'field.orderNo', content: 'code' },
    { key: 'couponNo', label: 'field.couponNo', content: 'code' },
    { key: 'templateName', label: 'field.templateName' },
    { key: 'memberName', label: 'field.memberName', render: (v: string | null) => v ?? '—' },
    { key: 'outcome', label: 'field.outcome', options: outcomeOptions },
    { key: 'amountFen', label: 'field.amountFen', content: 'number', render: (v: number) => yuan(v) },
    { key: 'createTime', label: 'field.createTime', format: 'datetime' },
  ],
};

/** sport.refund.returnBillAndCoupon (refundList/returnBillAndCoupon): the coupons refunds returned to members or recorded as spent (real rows). */
export default function ReturnCouponPage() {
  const t = useCouponT();
  const navigate = useNavigate();
  const def = useMemo<typeof returnResource>(
    () => ({
      ...returnResource,
      rowActions: [{ key: 'order', label: 'field.orderNo', run: (r) => navigate(`/sport/views/orderManagement/orderDetail/${r.orderId}`) }],
    }),
    [navigate],
  );
  return (
    <div data-testid="coupon-return-page">
      <Typography.Paragraph type="secondary">{t('returns.hint')}</Typography.Paragraph>
      <ListPage def={def} />
    </div>
  );
}

import { Form } from 'antd';
import { GoodsPicker, goodsTotal, type GoodsPick } from '../../../kit/index.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { useBookingT } from './shared.tsx';

/**
 * The booking dialog's goods step: rackets, shuttlecocks or water sold with the booking, on the same
 * order (goods lines held with the courts until paid). The form's `goods` holds the picks.
 */
export function GoodsStep({ open }: { open: boolean }) {
  const t = useBookingT();
  const picks = Form.useWatch<GoodsPick[] | undefined>('goods');
  const total = goodsTotal(picks);
  return (
    <Form.Item
      name="goods"
      htmlFor="booking-goods-pick"
      label={t('goods.title')}
      extra={
        total ? (
          <span data-testid="booking-goods-total" data-fen={total}>
            {t('goods.total', { total: yuan(total) })}
          </span>
        ) : (
          t('goods.hint')
        )
      }
    >
      <GoodsPicker open={open} id="booking-goods" />
    </Form.Item>
  );
}

import { useState } from 'react';
import { Button, Form, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { yuan } from '../../../kit/pay/index.ts';
import { bookingApi } from './booking.api.ts';
import { useBookingT } from './shared.tsx';

/** A good sold with the booking, as the step keeps it (its name and price to show, the quantity to send). */
export interface GoodsPick {
  goodsId: number;
  name: string;
  priceFen: number;
  quantity: number;
}

/** The booking's goods as the order takes them. */
export const goodsOfPicks = (picks: GoodsPick[] | undefined) => (picks ?? []).map(({ goodsId, quantity }) => ({ goodsId, quantity }));
export const goodsTotal = (picks: GoodsPick[] | undefined) => (picks ?? []).reduce((n, g) => n + g.priceFen * g.quantity, 0);

function GoodsPicker({ value, onChange, open }: { value?: GoodsPick[]; onChange?: (v: GoodsPick[]) => void; open: boolean }) {
  const t = useBookingT();
  const [keyword, setKeyword] = useState('');
  const picks = value ?? [];
  const found = useQuery({ queryKey: ['booking', 'goods', keyword], queryFn: () => bookingApi.goods(keyword), enabled: open, staleTime: 10_000 });
  const set = (next: GoodsPick[]) => onChange?.(next);
  const add = (id: number) => {
    const g = found.data?.data.find((x) => x.id === id);
    if (!g) return;
    const same = picks.find((p) => p.goodsId === id);
    set(
      same
        ? picks.map((p) => (p === same ? { ...p, quantity: p.quantity + 1 } : p))
        : [...picks, { goodsId: g.id, name: g.name, priceFen: g.priceFen, quantity: 1 }],
    );
  };
  return (
    <div data-testid="booking-goods">
      <Select<number>
        id="booking-goods-pick"
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        value={null}
        placeholder={t('goods.pick')}
        loading={found.isFetching}
        onChange={add}
        style={{ width: '100%' }}
        options={(found.data?.data ?? []).map((g) => ({
          value: g.id,
          disabled: g.stock <= 0,
          label: `${g.name} · ${yuan(g.priceFen)} · ${t('goods.stock', { n: g.stock })}`,
        }))}
        data-testid="booking-goods-pick"
      />
      {picks.map((p) => (
        <Space
          key={p.goodsId}
          style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}
          data-testid="booking-goods-line"
          data-goods={p.goodsId}
        >
          <Typography.Text>{p.name}</Typography.Text>
          <Space>
            <InputNumber
              size="small"
              min={1}
              max={999}
              precision={0}
              value={p.quantity}
              aria-label={t('goods.quantity', { name: p.name })}
              onChange={(q) => set(picks.map((x) => (x === p ? { ...x, quantity: q ?? 1 } : x)))}
              style={{ width: 72 }}
            />
            <Typography.Text style={{ minWidth: 72, display: 'inline-block', textAlign: 'right' }}>{yuan(p.priceFen * p.quantity)}</Typography.Text>
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('goods.remove', { name: p.name })}
              onClick={() => set(picks.filter((x) => x !== p))}
            />
          </Space>
        </Space>
      ))}
    </div>
  );
}

/**
 * The booking dialog's goods step: rackets, shuttlecocks or water sold with the booking, looked up
 * by name, code or barcode, on the same order (goods lines held with the courts until paid). The
 * form's `goods` holds the picks.
 */
export function GoodsStep({ open }: { open: boolean }) {
  const t = useBookingT();
  const picks = Form.useWatch<GoodsPick[] | undefined>('goods');
  const total = goodsTotal(picks);
  return (
    <Form.Item
      name="goods"
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
      <GoodsPicker open={open} />
    </Form.Item>
  );
}

import { useRef } from 'react';
import type { z } from 'zod';
import type { Page, goodsListRow } from '@venue/contract';
import { toast } from '../app/feedback.tsx';
import { api, http } from '../app/request.ts';
import { useBarcodeWedge } from './barcode.ts';
import { useKitT } from './kitI18n.ts';
import { GoodsSearch, PickedLine } from './PickedGoods.tsx';
import { yuan } from './pay/money.ts';

/** A good sold with a booking or a ticket, as a picker keeps it (its name and price to show, the quantity to send). */
export interface GoodsPick {
  goodsId: number;
  name: string;
  priceFen: number;
  quantity: number;
}

/** The picks as an order takes them. */
export const goodsOfPicks = (picks: GoodsPick[] | undefined) => (picks ?? []).map(({ goodsId, quantity }) => ({ goodsId, quantity }));
export const goodsTotal = (picks: GoodsPick[] | undefined) => (picks ?? []).reduce((n, g) => n + g.priceFen * g.quantity, 0);

type GoodsRow = z.output<typeof goodsListRow>;

/** Goods on sale by name, code or barcode, with the stock that can be sold now (`POST {sport}goods/list`). */
const searchGoods = (keyword: string) => http.post<Page<GoodsRow>>(api.sport('goods/list'), { pageNum: 1, pageSize: 20, ...(keyword ? { keyword } : {}) });

export interface GoodsPickerProps {
  value?: GoodsPick[];
  onChange?: (v: GoodsPick[]) => void;
  /** Looks goods up only while its dialog or page is open. */
  open: boolean;
  /** The search box's id and test id. */
  id: string;
}

/**
 * Goods sold alongside another sale (a booking, tickets): looked up by name, code or barcode, or
 * scanned with a keyboard-wedge scanner anywhere on the screen (or in the picker's dialog), each
 * with its quantity and amount, removable. A form item's control: its value is the picks.
 */
export function GoodsPicker({ value, onChange, open, id }: GoodsPickerProps) {
  const t = useKitT();
  const picks = value ?? [];
  const box = useRef<HTMLDivElement>(null);
  const set = (next: GoodsPick[]) => onChange?.(next);
  const add = (g: GoodsRow) => {
    const same = picks.find((p) => p.goodsId === g.id);
    set(
      same
        ? picks.map((p) => (p === same ? { ...p, quantity: p.quantity + 1 } : p))
        : [...picks, { goodsId: g.id, name: g.name, priceFen: g.priceFen, quantity: 1 }],
    );
  };
  // A scanned barcode adds its good: the one good the code finds (a barcode names one good).
  useBarcodeWedge(
    (code) => {
      void searchGoods(code).then((p) => {
        if (p.data.length === 1 && p.data[0]!.stock > 0) add(p.data[0]!);
        else toast(t('goodsScanNone', { barcode: code }), 'warning');
      });
    },
    { enabled: open, within: box },
  );
  return (
    <div data-testid={id} ref={box}>
      <GoodsSearch<GoodsRow>
        id={id}
        open={open}
        queryKey={['kit', 'goods']}
        search={searchGoods}
        placeholder={t('goodsPick')}
        label={(g) => `${g.name} · ${yuan(g.priceFen)} · ${t('goodsStock', { n: g.stock })}`}
        disabled={(g) => g.stock <= 0}
        onPick={add}
      />
      {picks.map((p) => (
        <PickedLine
          key={p.goodsId}
          id={id}
          goodsId={p.goodsId}
          name={p.name}
          quantity={p.quantity}
          onQuantity={(quantity) => set(picks.map((x) => (x === p ? { ...x, quantity } : x)))}
          amountFen={p.priceFen * p.quantity}
          onRemove={() => set(picks.filter((x) => x !== p))}
        />
      ))}
    </div>
  );
}

import { InputNumber, Select, Typography } from 'antd';
import { RENT_BASES, RENT_MAX_DURATION, type GoodsRow, type Page, type RentalAsk } from '@venue/contract';
import { api, http } from '../app/request.ts';
import { useKitT } from './kitI18n.ts';
import { GoodsSearch, PickedLine } from './PickedGoods.tsx';
import { yuan } from './pay/money.ts';

type Basis = (typeof RENT_BASES)[number];

/** A good rented with another sale (tickets), as the picker keeps it: its terms to show and price, the ask to send. */
export interface RentalPick extends RentalAsk {
  name: string;
  rentHourFen: number | null;
  rentDayFen: number | null;
  depositFen: number;
}

const rateOf = (p: Pick<RentalPick, 'rentHourFen' | 'rentDayFen'>, basis: Basis) => (basis === 'hour' ? p.rentHourFen : p.rentDayFen);
/** The rent for the term and the deposit of one pick, as the order will price it. */
const amountOf = (p: RentalPick) => ((rateOf(p, p.basis) ?? 0) * p.duration + p.depositFen) * p.quantity;

/** The picks as an order takes them. */
export const rentalsOfPicks = (picks: RentalPick[] | undefined): RentalAsk[] =>
  (picks ?? []).map(({ goodsId, quantity, basis, duration }) => ({ goodsId, quantity, basis, duration }));
export const rentalsTotal = (picks: RentalPick[] | undefined) => (picks ?? []).reduce((n, p) => n + amountOf(p), 0);

/** Goods that can be rented, by name, code or barcode (`POST {sport}goods/page` with `rentable`). */
const searchRentable = (keyword: string) =>
  http.post<Page<GoodsRow>>(api.sport('goods/page'), { pageNum: 1, pageSize: 20, status: 'on', rentable: true, ...(keyword ? { keyword } : {}) });

export interface RentalPickerProps {
  value?: RentalPick[];
  onChange?: (v: RentalPick[]) => void;
  /** Looks goods up only while its dialog or page is open. */
  open: boolean;
  /** The search box's id and test id. */
  id: string;
}

/**
 * Goods rented alongside another sale (binoculars, cushions with tickets): each with its units, by
 * the hour or the day and for how long, its rent and deposit shown; removable. A form item's
 * control: its value is the picks. The deposit comes back when the units are returned.
 */
export function RentalPicker({ value, onChange, open, id }: RentalPickerProps) {
  const t = useKitT();
  const picks = value ?? [];
  const set = (next: RentalPick[]) => onChange?.(next);
  const change = (p: RentalPick, patch: Partial<RentalPick>) => set(picks.map((x) => (x === p ? { ...x, ...patch } : x)));
  const add = (g: GoodsRow) => {
    if (picks.some((p) => p.goodsId === g.id)) return;
    const basis: Basis = g.rentHourFen !== null ? 'hour' : 'day';
    set([
      ...picks,
      { goodsId: g.id, name: g.name, rentHourFen: g.rentHourFen, rentDayFen: g.rentDayFen, depositFen: g.depositFen ?? 0, quantity: 1, basis, duration: 1 },
    ]);
  };
  return (
    <div data-testid={id}>
      <GoodsSearch<GoodsRow>
        id={id}
        open={open}
        queryKey={['kit', 'goods', 'rentable']}
        search={searchRentable}
        placeholder={t('rentPick')}
        label={(g) => `${g.name} · ${t('rentDeposit', { deposit: yuan(g.depositFen ?? 0) })} · ${t('goodsStock', { n: g.available })}`}
        disabled={(g) => g.available <= 0}
        onPick={add}
      />
      {picks.map((p) => (
        <PickedLine
          key={p.goodsId}
          id={id}
          goodsId={p.goodsId}
          name={p.name}
          quantity={p.quantity}
          onQuantity={(quantity) => change(p, { quantity })}
          amountFen={amountOf(p)}
          onRemove={() => set(picks.filter((x) => x !== p))}
        >
          <InputNumber
            size="small"
            min={1}
            max={RENT_MAX_DURATION[p.basis]}
            precision={0}
            value={p.duration}
            aria-label={t('rentDuration', { name: p.name })}
            onChange={(d) => change(p, { duration: d ?? 1 })}
            style={{ width: 64 }}
            data-testid={`${id}-duration`}
          />
          <Select<Basis>
            size="small"
            value={p.basis}
            onChange={(basis) => change(p, { basis, duration: Math.min(p.duration, RENT_MAX_DURATION[basis]) })}
            options={RENT_BASES.filter((b) => rateOf(p, b) !== null).map((b) => ({ value: b, label: t(b === 'hour' ? 'rentHour' : 'rentDay') }))}
            aria-label={t('rentBasis', { name: p.name })}
            style={{ width: 72 }}
          />
        </PickedLine>
      ))}
      {picks.length ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6 }}>
          {t('rentDepositBack', { deposit: yuan(picks.reduce((n, p) => n + p.depositFen * p.quantity, 0)) })}
        </Typography.Text>
      ) : null}
    </div>
  );
}

import { Button, Space, TimePicker } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { NumberInput } from '../../../kit/index.ts';
import { useCardT } from './shared.tsx';

/** A recharge bonus tier as typed (yuan). */
export interface BonusTier {
  minFen?: number | string | null;
  bonusFen?: number | string | null;
}

/** Recharge bonus tiers: recharging at least … adds … (yuan). */
export function BonusTiers({ id, value, onChange }: { id?: string; value?: BonusTier[] | null; onChange?: (v: BonusTier[]) => void }) {
  const t = useCardT();
  const rows = value ?? [];
  const set = (i: number, patch: BonusTier) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} id={id} data-testid="card-bonus-tiers">
      {rows.map((r, i) => (
        <Space key={i} wrap>
          <span>{t('bonus.min')}</span>
          <NumberInput
            value={r.minFen ?? null}
            onChange={(v) => set(i, { minFen: v })}
            style={{ width: 110 }}
            prefix="¥"
            aria-label={t('bonus.min')}
            data-testid={`card-bonus-min-${i}`}
          />
          <span>{t('bonus.add')}</span>
          <NumberInput
            value={r.bonusFen ?? null}
            onChange={(v) => set(i, { bonusFen: v })}
            style={{ width: 110 }}
            prefix="¥"
            aria-label={t('bonus.add')}
            data-testid={`card-bonus-add-${i}`}
          />
          <Button type="text" icon={<DeleteOutlined />} aria-label={t('remove')} onClick={() => onChange?.(rows.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange?.([...rows, { minFen: null, bonusFen: null }])} data-testid="card-bonus-add">
        {t('bonus.addTier')}
      </Button>
    </Space>
  );
}

export interface Band {
  from: string;
  to: string;
}

/** Time bands of a day (HH:mm–HH:mm) when a card may be used; none: all day. */
export function BandsInput({ id, value, onChange }: { id?: string; value?: Band[] | null; onChange?: (v: Band[]) => void }) {
  const t = useCardT();
  const rows = value ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} id={id} data-testid="card-bands">
      {rows.map((r, i) => (
        <Space key={i}>
          <TimePicker.RangePicker
            format="HH:mm"
            minuteStep={15}
            needConfirm={false}
            allowClear={false}
            value={[dayjs(`2000-01-01T${r.from}`), dayjs(`2000-01-01T${r.to}`)]}
            onChange={(v) => {
              if (!v?.[0] || !v[1]) return;
              onChange?.(rows.map((x, j) => (j === i ? { from: v[0]!.format('HH:mm'), to: v[1]!.format('HH:mm') } : x)));
            }}
          />
          <Button type="text" icon={<DeleteOutlined />} aria-label={t('remove')} onClick={() => onChange?.(rows.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange?.([...rows, { from: '08:00', to: '12:00' }])} data-testid="card-band-add">
        {t('band.add')}
      </Button>
      {!rows.length ? <span style={{ opacity: 0.65 }}>{t('band.allDay')}</span> : null}
    </Space>
  );
}

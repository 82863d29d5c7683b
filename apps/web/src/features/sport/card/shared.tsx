import { Tag, Typography, theme } from 'antd';
import { CARD_KINDS, CARD_LOG_ACTIONS, CARD_STATUS, CARD_USAGE_KINDS, CHECKIN_METHODS, type CardRow } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { useLang } from '../../../app/prefs.ts';
import { codeOptions, useLabelT, formatDay, UserSelect, type Option } from '../../../kit/index.ts';
import { yuan } from '../../../kit/pay/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

export { formatTime, yuan } from '../../../kit/pay/index.ts';

/** The member card screens' texts: one namespace for the feature. */
export const NS = 'card';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;

export function useCardT(): Translate {
  return useFeatureT<typeof zh>(NS);
}

export const CARD_LIST_PATH = '/sport/views/member/memberCard/index';
export const CARD_SELL_PATH = '/sport/views/member/memberCard/sellCard';
export const cardDetailPath = (id: number) => `/sport/views/member/memberCard/cardDetail/${id}`;
export const orderDetailPath = (id: number) => `/sport/views/orderManagement/orderDetail/${id}`;

/** Fen to yuan for an input's value (1234 -> 12.34); null stays null. */
export function fenToYuan(fen: number | null | undefined): number | null {
  return fen === null || fen === undefined ? null : Math.round(fen) / 100;
}

export const kindOptions = codeOptions(CARD_KINDS, 'kind', { value: 'gold', times: 'blue', period: 'purple' });
export const statusOptions = codeOptions(CARD_STATUS, 'status', {
  pending: 'default',
  active: 'green',
  frozen: 'cyan',
  refunded: 'magenta',
  cancelled: 'default',
});
export const typeStatusOptions: Option[] = [
  { value: 0, label: 'typeStatus.0', color: 'green' },
  { value: 1, label: 'typeStatus.1', color: 'default' },
];
export const shareStatusOptions: Option[] = [
  { value: 0, label: 'shareStatus.0', color: 'green' },
  { value: 1, label: 'shareStatus.1', color: 'default' },
];
export const usageKindOptions = codeOptions(CARD_USAGE_KINDS, 'usageKind', {
  sale: 'green',
  recharge: 'green',
  bonus: 'lime',
  pay: 'orange',
  refund: 'magenta',
  checkin: 'blue',
  distribute: 'purple',
  adjust: 'default',
});
export const logActionOptions = codeOptions(CARD_LOG_ACTIONS, 'logAction');
export const checkinMethodOptions = codeOptions(CHECKIN_METHODS, 'checkinMethod');

/** A coded value as its tag, with `data-value` for tests. */
export function CodeLabel({ value, options, testId }: { value: string | number | null | undefined; options: Option[]; testId?: string }) {
  const optionLabel = useLabelT(NS);
  if (value === null || value === undefined) return null;
  const o = options.find((x) => x.value === value);
  const label = o ? optionLabel(o.label) : String(value);
  return o?.color ? (
    <Tag color={o.color} data-testid={testId} data-value={value}>
      {label}
    </Tag>
  ) : (
    <span data-testid={testId} data-value={value}>
      {label}
    </span>
  );
}

/** What is left on a card: the balance of a value card, the uses left of a times card, the end of a period card. */
export function CardLeft({
  card,
  testId,
  strong,
}: {
  card: Pick<CardRow, 'kind' | 'balanceFen' | 'timesLeft' | 'timesTotal' | 'validTo'>;
  testId?: string;
  strong?: boolean;
}) {
  const t = useCardT();
  const lang = useLang();
  const style = strong ? { fontSize: 20, fontWeight: 600 } : undefined;
  if (card.kind === 'value')
    return (
      <Typography.Text style={style} data-testid={testId} data-fen={card.balanceFen ?? 0}>
        {yuan(card.balanceFen ?? 0)}
      </Typography.Text>
    );
  if (card.kind === 'times')
    return (
      <Typography.Text style={style} data-testid={testId} data-times={card.timesLeft ?? 0}>
        {t('timesLeftOf', { left: card.timesLeft ?? 0, total: card.timesTotal ?? 0 })}
      </Typography.Text>
    );
  return (
    <Typography.Text style={style} data-testid={testId}>
      {card.validTo ? t('until', { day: formatDay(card.validTo, lang) }) : t('noEnd')}
    </Typography.Text>
  );
}

/** From–to of a card, in the current language. */
export function useValidity(): (from: string | null, to: string | null) => string {
  const t = useCardT();
  const lang = useLang();
  return (from, to) => (from || to ? `${from ? formatDay(from, lang) : '…'} ~ ${to ? formatDay(to, lang) : t('noEnd')}` : '—');
}

/** The manager (salesperson responsible): the signed-in user, or (with the user list permission) any staff member found by name. */
export function ManagerSelect({
  id,
  value,
  onChange,
  initialName,
}: {
  id?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  initialName?: string | null;
}) {
  const t = useCardT();
  return <UserSelect id={id} value={value} onChange={onChange} initialName={initialName} placeholder={t('managerPick')} testId="card-manager" />;
}

/** Signed money of a usage row: credits green with +, debits red. */
export function Signed({ fen, times, kind }: { fen: number; times: number; kind: string }) {
  const t = useCardT();
  const { token } = theme.useToken();
  const n = kind === 'value' || fen !== 0 ? fen : times;
  const color = n > 0 ? token.colorSuccess : n < 0 ? token.colorError : undefined;
  const text = kind === 'value' || fen !== 0 ? `${fen > 0 ? '+' : ''}${yuan(fen)}` : `${times > 0 ? '+' : ''}${t('timesN', { n: times })}`;
  return <span style={{ color, fontVariantNumeric: 'tabular-nums' }}>{text}</span>;
}

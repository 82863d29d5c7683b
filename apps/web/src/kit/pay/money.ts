import dayjs from 'dayjs';
import { formatMoney } from '../../app/format.ts';
import { getLang, type Lang } from '../../app/prefs.ts';

/** Money: fen to '¥1,234.50' (the one money format of every screen that sells); '' for nothing. */
export function yuan(fen: number | null | undefined, lang: Lang = getLang()): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '';
  return `${fen < 0 ? '-' : ''}¥${formatMoney(Math.abs(fen), lang)}`;
}

/** Yuan as typed (number or text with at most two decimals) to fen; undefined when empty or not a number. */
export function toFen(v: unknown): number | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/,/g, ''));
  if (!Number.isFinite(n)) return undefined;
  return Math.round(n * 100);
}

/** An instant with its time of day in both languages (receipts, payments, the ledger need the time). */
export function formatTime(value: unknown, lang: Lang = getLang()): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value as string);
  if (!d.isValid()) return '';
  return d.format(lang === 'en-US' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY年MM月DD日 HH:mm:ss');
}

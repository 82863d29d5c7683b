import type { CardRules } from '@venue/contract';
import type { Executor, Tx } from '../../../platform/db.ts';
import { invalid } from '../../../platform/errors.ts';
import type { Scope } from '../../../platform/scope.ts';
import { timeZoneOf } from '../commerce/index.ts';
import { usesBetween, type CardRecord, type CardTypeRecord } from './card.repository.ts';
import './card.messages.ts';
import { hhmmOf, wallClockIn } from '../../../platform/zone.ts';

/** Days and rules shared by the cards' services and item kinds. */

/** `day` plus `n` days (`YYYY-MM-DD`, calendar arithmetic). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `a` to `b`. */
export const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** Monday of the week of `day`. */
export function mondayOf(day: string): string {
  const wd = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((wd + 6) % 7));
}

/** Today and the wall-clock time (`HH:mm`) in an organisation's time zone. */
export async function localNow(db: Executor, orgId: number, at = new Date()): Promise<{ day: string; hhmm: string }> {
  const tz = await timeZoneOf(db as Tx, orgId);
  const { day, minutes } = wallClockIn(at, tz);
  return { day, hhmm: hhmmOf(minutes) };
}

/** The usage rules in force: the card's own over its type's. */
export function rulesOf(card: Pick<CardRecord, 'rules'>, type: CardTypeRecord) {
  const own = card.rules as CardRules;
  return {
    perDay: own.perDay !== undefined ? own.perDay : type.perDay,
    perWeek: own.perWeek !== undefined ? own.perWeek : type.perWeek,
    timeBands: own.timeBands ?? type.timeBands,
    venueIds: own.venueIds ?? type.venueIds,
    sports: own.sports ?? type.sports,
  };
}

/** Why a card cannot be used today (a message key), or null. `field` names the request field a refusal points at. */
export function refusalOf(card: CardRecord, today: string, use: 'pay' | 'checkin'): string | null {
  if (card.status === 'frozen') return use === 'pay' ? 'card.frozen' : 'card.frozenCheckin';
  if (card.status === 'refunded') return 'card.refunded';
  if (card.status !== 'active') return 'card.notActive';
  if (card.validTo && today > card.validTo) return 'card.expired';
  if (card.validFrom && today < card.validFrom) return 'card.notYet';
  return null;
}

/** Refuses a use (times payment or check-in) past the card's per-day or per-week limit. */
export async function checkLimits(db: Executor, scope: Scope, card: CardRecord, type: CardTypeRecord, today: string, n: number, field: string): Promise<void> {
  const r = rulesOf(card, type);
  if (r.perDay) {
    const used = await usesBetween(db, scope, card.id, today, today);
    if (used + n > r.perDay) throw invalid(field, 'card.perDayReached', { n: used });
  }
  if (r.perWeek) {
    const from = mondayOf(today);
    const used = await usesBetween(db, scope, card.id, from, addDays(from, 6));
    if (used + n > r.perWeek) throw invalid(field, 'card.perWeekReached', { n: used });
  }
}

/** `138****1234`. */
export const maskPhone = (p: string) => (p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : '****');

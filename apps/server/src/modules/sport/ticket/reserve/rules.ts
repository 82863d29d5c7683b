import { idCardChecksumOk, parseIdCard, type RefundRules, type TicketViewer } from '@venue/contract';
import { conflict, invalid } from '../../../../platform/errors.ts';
import './reserve.messages.ts';

/** The identity-card type (as members and users use it). */
export const ID_CARD = '1';

/** A viewer as stored on a ticket. */
export interface ViewerValues {
  viewerName: string;
  viewerIdType: string;
  viewerIdNo: string;
  /** The number the one-ticket-per-id rule compares (`idNumberKey`). */
  viewerKey: string;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** A 15-digit (pre-1999) identity number as its 18-digit form: "19" after the 6-digit area code, then the ISO 7064 MOD 11-2 check character. */
export function idCard18(id15: string): string {
  const body = `${id15.slice(0, 6)}19${id15.slice(6)}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * ID_WEIGHTS[i]!;
  return body + ID_CHECK[sum % 11];
}

/**
 * The one form of an id number that limits compare: spaces and hyphens dropped, upper case (a
 * passport typed `E1234-5678` is `E12345678`), and a 15-digit identity number as its 18-digit
 * form, so one person's old and new numbers are one key. An identity card is the type '1', or
 * any number of 15 digits when no type is given.
 */
export function idNumberKey(idNo: string, idType: string | null = ID_CARD): string {
  const n = idNo.replace(/[\s-]/g, '').toUpperCase();
  return (idType ?? ID_CARD) === ID_CARD && /^\d{15}$/.test(n) ? idCard18(n) : n;
}

/** `1101...1234` → `1101**********1234` (the list's view of an id number). */
export function maskIdNo(idNo: string | null): string | null {
  if (!idNo) return idNo;
  if (idNo.length <= 8) return `${idNo.slice(0, 2)}${'*'.repeat(Math.max(0, idNo.length - 4))}${idNo.slice(-2)}`;
  return `${idNo.slice(0, 4)}${'*'.repeat(idNo.length - 8)}${idNo.slice(-4)}`;
}

/**
 * A real-name order's viewers, one per ticket: each named, an identity card's number valid (15
 * digits with a real birth date, or 18 with the right check character), no id number twice.
 * `field` names the body's list (`viewers`).
 */
export function checkViewers(viewers: TicketViewer[] | undefined, count: number, field = 'viewers'): ViewerValues[] {
  if (!viewers?.length) throw invalid(field, 'ticket.viewersRequired', { n: count });
  if (viewers.length !== count) throw invalid(field, 'ticket.viewersCount', { n: count, given: viewers.length });
  const seen = new Set<string>();
  return viewers.map((v, i) => {
    const idType = v.idType || ID_CARD;
    if (!v.idNo) throw invalid(`${field}.${i}.idNo`, 'error.field.required');
    const idNo = v.idNo.trim().toUpperCase();
    if (!v.name?.trim()) throw invalid(`${field}.${i}.name`, 'error.field.required');
    if (idType === ID_CARD && !((idNo.length === 18 && idCardChecksumOk(idNo) && parseIdCard(idNo)) || (idNo.length === 15 && parseIdCard(idNo))))
      throw invalid(`${field}.${i}.idNo`, 'ticket.viewerIdBad', { idNo });
    const key = idNumberKey(idNo, idType);
    if (key.length < 4) throw invalid(`${field}.${i}.idNo`, 'ticket.viewerIdBad', { idNo });
    // One person once per order: the same number in its old or new form, or with hyphens, is the same person.
    if (seen.has(key)) throw invalid(`${field}.${i}.idNo`, 'ticket.viewerTwice', { idNo });
    seen.add(key);
    return { viewerName: v.name.trim(), viewerIdType: idType, viewerIdNo: idNo, viewerKey: key };
  });
}

/** The refund a ticket bought at `priceFen` gives back at `now` by its session's rules; throws the refusal. */
export function refundQuote(rules: RefundRules | null, startAt: Date, priceFen: number, now = new Date()) {
  const msLeft = startAt.getTime() - now.getTime();
  const hoursLeft = Math.floor(msLeft / 3_600_000);
  if (rules && !rules.refundable) throw conflict('state', 'ticket.notRefundable');
  if (msLeft <= 0) throw conflict('state', 'ticket.refundStarted');
  let percent = 100;
  if (rules?.tiers.length) {
    const tier = [...rules.tiers].sort((a, b) => b.hoursBefore - a.hoursBefore).find((t) => msLeft >= t.hoursBefore * 3_600_000);
    if (!tier) throw conflict('state', 'ticket.refundClosed', { hours: Math.min(...rules.tiers.map((t) => t.hoursBefore)) });
    percent = tier.percent;
  }
  const amountFen = Math.round((priceFen * percent) / 100);
  return { percent, amountFen, hoursLeft };
}

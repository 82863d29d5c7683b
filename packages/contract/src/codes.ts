/** Envelope result codes (ARCHITECTURE section 4). One list, used by server and console. */
export const Code = {
  OK: 0,
  OK_NOTICE: 103005,
  INVALID: 100400,
  BAD_CREDENTIALS: 100401,
  NOT_FOUND: 100404,
  SESSION_EXPIRED: 100405,
  CONFLICT: 100409,
  FORBIDDEN: 100420,
  LOCKED: 100423,
  TOO_MANY: 100429,
  INTERNAL: 100500,
  CAPTCHA_REQUIRED: 411001,
  FORM_INVALID: 969600,
  PASSWORD_CHANGE_REQUIRED: 200003,
  // Signed calls of third-party applications (`/api/open/`): each refusal has its own code.
  OPEN_UNKNOWN_APP: 300400,
  OPEN_BAD_SIGN: 300401,
  OPEN_STALE: 300402,
  OPEN_REPLAY: 300403,
  OPEN_IP_REFUSED: 300404,
  OPEN_APP_DISABLED: 300405,
  OPEN_NOT_GRANTED: 300406,
} as const;

export type CodeName = keyof typeof Code;
export type ResultCode = (typeof Code)[CodeName];

/** Codes the console treats as success. */
export const SUCCESS_CODES: readonly number[] = [Code.OK, Code.OK_NOTICE];
/** Codes for which the console shows no popup (the screen handles them). */
export const SILENT_CODES: readonly number[] = [Code.CAPTCHA_REQUIRED, Code.FORM_INVALID, Code.PASSWORD_CHANGE_REQUIRED];

/**
 * Why a 100409 happened: its `detail.reason`. The console reacts to each (the page kit):
 * - `stale`: the record's `version` is old, someone else saved it first: offer to reload it;
 * - `duplicate`: a unique key is taken by another record: mark the field(s) in `detail.fields`;
 * - `taken`: what was to be booked or sold is held or sold already: refresh the list;
 * - `state`: the record is in the wrong state for the action (has children, in use, already
 *   done): refresh the row;
 * - `stock`: too few units of a good are left to sell, hold or take out (`detail` of the message names
 *   the good and what is left): refresh the list;
 * - `yearLimit`: the member has used their year limit of the event type (sports registration).
 * - `invoiced`: the order has a live invoice already (issuing, issued or being credited): open it.
 * - `budget`: a marketing campaign's budget cannot take this redemption (a hard limit): sell again without it.
 */
export const CONFLICT_REASONS = ['stale', 'duplicate', 'taken', 'state', 'stock', 'yearLimit', 'invoiced', 'coupon', 'budget'] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];

/** `detail` of every 100409 answer: the reason, and the fields it concerns (duplicates; else []). */
export interface ConflictDetail {
  reason: ConflictReason;
  fields: { field: string; message: string }[];
}

/** The ConflictDetail of a 100409 answer's `detail`, or null when it is not one. */
export function conflictDetailOf(detail: unknown): ConflictDetail | null {
  if (!detail || typeof detail !== 'object' || Array.isArray(detail)) return null;
  const d = detail as { reason?: unknown; fields?: unknown };
  if (typeof d.reason !== 'string' || !(CONFLICT_REASONS as readonly string[]).includes(d.reason)) return null;
  const fields = Array.isArray(d.fields)
    ? d.fields
        .filter((f): f is { field: unknown; message: unknown } => !!f && typeof f === 'object' && 'field' in f)
        .map((f) => ({ field: String(f.field), message: String(f.message ?? '') }))
    : [];
  return { reason: d.reason as ConflictReason, fields };
}

/** HTTP status that goes with a code; business errors are HTTP 200. */
export function httpStatusOf(code: number): number {
  if (code === Code.SESSION_EXPIRED) return 401;
  return 200;
}

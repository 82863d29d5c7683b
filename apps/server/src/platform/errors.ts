import { Code, type CodeName, type ConflictReason } from '@venue/contract';
import type { MessageKey } from './i18n.ts';

/** A field error as thrown: its message is a key, translated with `params` by the error handler. */
export interface FieldIssue {
  field: string;
  message: string;
  params?: Record<string, unknown>;
}

/** The detail of a 100409 as thrown (answered as `{reason, fields}`, see ConflictDetail in the contract). */
export interface ConflictIssue {
  reason: ConflictReason;
  fields?: FieldIssue[];
}

type ErrorCodeName = Exclude<CodeName, 'OK' | 'OK_NOTICE'>;

/**
 * A business error: an envelope code, a message key translated by the request's language,
 * and optional detail (field errors, lock time). Thrown by services, mapped by one handler.
 * A 100409 (CONFLICT) always says why (`conflict(reason, ...)`): without a reason it does not compile.
 */
export class AppError extends Error {
  constructor(codeName: Exclude<ErrorCodeName, 'CONFLICT'>, msgKey: MessageKey | (string & {}), params?: Record<string, unknown>, detail?: unknown);
  constructor(codeName: 'CONFLICT', msgKey: MessageKey | (string & {}), params: Record<string, unknown> | undefined, detail: ConflictIssue);
  constructor(
    readonly codeName: ErrorCodeName,
    readonly msgKey: MessageKey | (string & {}),
    readonly params?: Record<string, unknown>,
    readonly detail?: unknown,
  ) {
    super(msgKey);
  }
  get code(): number {
    return Code[this.codeName];
  }
}

/**
 * 100409 with its reason: `stale` (version), `duplicate` (a unique key; name the fields),
 * `taken` (booked or sold already), `state` (wrong state for the action).
 */
export function conflict(reason: ConflictReason, msgKey: MessageKey | (string & {}), params?: Record<string, unknown>, fields?: FieldIssue[]): AppError {
  return new AppError('CONFLICT', msgKey, params, { reason, fields });
}

export const notFound = () => new AppError('NOT_FOUND', 'error.notFound');
export const forbidden = () => new AppError('FORBIDDEN', 'error.forbidden');
export const staleVersion = () => conflict('stale', 'error.stale');
export const invalid = (field: string, msgKey: string, params?: Record<string, unknown>) =>
  new AppError('FORM_INVALID', msgKey, params, [{ field, message: msgKey, params }]);

/** Maps a unique-violation from PostgreSQL (23505) to a 100409 naming the field. */
export function isUniqueViolation(e: unknown): e is { code: string; constraint?: string } {
  const c = (e as { code?: string; cause?: { code?: string } })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;
  return c === '23505';
}

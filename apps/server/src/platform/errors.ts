import { Code, type CodeName } from '@venue/contract';
import type { MessageKey } from './i18n.ts';

/**
 * A business error: an envelope code, a message key translated by the request's language,
 * and optional detail (field errors, lock time). Thrown by services, mapped by one handler.
 */
export class AppError extends Error {
  constructor(
    readonly codeName: Exclude<CodeName, 'OK' | 'OK_NOTICE'>,
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

export const notFound = () => new AppError('NOT_FOUND', 'error.notFound');
export const forbidden = () => new AppError('FORBIDDEN', 'error.forbidden');
export const staleVersion = () => new AppError('CONFLICT', 'error.stale');
export const invalid = (field: string, msgKey: string, params?: Record<string, unknown>) =>
  new AppError('FORM_INVALID', msgKey, params, [{ field, message: msgKey, params }]);

/** Maps a unique-violation from PostgreSQL (23505) to a 100409 naming the field. */
export function isUniqueViolation(e: unknown): e is { code: string; constraint?: string } {
  const c = (e as { code?: string; cause?: { code?: string } })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;
  return c === '23505';
}

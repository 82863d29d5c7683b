import { ilike, like, type Column, type SQL } from 'drizzle-orm';
import { AppError, conflict, isUniqueViolation } from '../../platform/errors.ts';
import { label } from '../../platform/i18n.ts';
import type { Shape } from '../../platform/prepared.ts';
import './user.messages.ts';
import { dayIn } from '../../platform/zone.ts';

/** Helpers shared by the user, role, organisation, menu and role-to-API modules. */

/** `%text%` for ILIKE with the wildcard characters of the text escaped. */
export function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * A contains-filter: case-insensitive (ILIKE) when the text has letters with case, plain LIKE
 * otherwise. Chinese names, digits and codes without letters compare the same either way, and
 * LIKE is several times cheaper than ILIKE on multi-byte text.
 */
export function containsText(column: Column | SQL, text: string, bound?: { shape: Shape; name: string }): SQL {
  const anyCase = text.toLowerCase() !== text.toUpperCase();
  // Bound into a hot statement's shape: the operator is part of the text, the pattern a parameter.
  bound?.shape.mark(`${bound.name}:${anyCase ? 'ilike' : 'like'}`);
  const pattern = bound ? bound.shape.bind(bound.name, contains(text)) : contains(text);
  return anyCase ? ilike(column, pattern) : like(column, pattern);
}

/** 100409 naming the duplicated field: `error.duplicate` with the field's label in the caller's language. */
export function duplicate(field: string, labelKey: string): AppError {
  const params = { field: label(labelKey) };
  return conflict('duplicate', 'error.duplicate', params, [{ field, message: 'error.duplicate', params }]);
}

/** Runs a write and maps a unique violation of a known constraint to `duplicate(...)`. */
export async function mapDuplicate<T>(work: Promise<T>, constraints: Record<string, [field: string, labelKey: string]>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (isUniqueViolation(e)) {
      const c = (e as { constraint?: string }).constraint ?? (e as { cause?: { constraint?: string } }).cause?.constraint ?? '';
      const hit =
        constraints[c] ??
        Object.entries(constraints).find(
          ([k]) => String((e as { message?: string }).message ?? '').includes(k) || String((e as { cause?: Error }).cause?.message ?? '').includes(k),
        )?.[1];
      if (hit) throw duplicate(hit[0], hit[1]);
      throw conflict('duplicate', 'error.conflict');
    }
    throw e;
  }
}

/** True for a foreign-key violation (a row still referenced elsewhere). */
export function isForeignKeyViolation(e: unknown): boolean {
  const c = (e as { code?: string })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;
  return c === '23503';
}

/** Today in a time zone, as YYYY-MM-DD. */
export function today(timeZone: string): string {
  return dayIn(new Date(), timeZone);
}

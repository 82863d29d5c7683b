import { asc, count, desc, type SQL, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './db.ts';
import type { PageQuery } from '@venue/contract';
import { AppError } from './errors.ts';

/** Limit/offset of the one list protocol. */
export function pageOf(q: Pick<PageQuery, 'pageNum' | 'pageSize'>): { limit: number; offset: number } {
  return { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize };
}

/**
 * ORDER BY from `sortField`/`sortOrder`, limited to the columns a list allows (its own keys only:
 * `__proto__` or `constructor` are not columns); no sortField: the default. A field the list cannot
 * sort by answers 100400 naming `sortField`.
 */
export function orderOf(q: Pick<PageQuery, 'sortField' | 'sortOrder'>, allowed: Record<string, Column>, fallback: SQL | SQL[]): SQL[] {
  if (!q.sortField) return Array.isArray(fallback) ? fallback : [fallback];
  if (!Object.hasOwn(allowed, q.sortField)) throw new AppError('INVALID', 'error.invalid', undefined, [{ field: 'sortField', message: 'error.field.invalid' }]);
  const col = allowed[q.sortField]!;
  return [q.sortOrder === 'descend' ? desc(col) : asc(col)];
}

/**
 * One page of a table's rows in an order, and the count of every row the filter matches, read
 * together: the list protocol's `{total, data}`. `where` carries the scope (repositories only).
 */
export async function selectPage<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: T['$inferSelect'][] }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows: rows as T['$inferSelect'][] };
}

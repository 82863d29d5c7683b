import { asc, desc, type SQL, type Column } from 'drizzle-orm';
import type { PageQuery } from '@venue/contract';

/** Limit/offset of the one list protocol. */
export function pageOf(q: Pick<PageQuery, 'pageNum' | 'pageSize'>): { limit: number; offset: number } {
  return { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize };
}

/** ORDER BY from `sortField`/`sortOrder`, limited to the columns a list allows; else the default. */
export function orderOf(q: Pick<PageQuery, 'sortField' | 'sortOrder'>, allowed: Record<string, Column>, fallback: SQL | SQL[]): SQL[] {
  const col = q.sortField ? allowed[q.sortField] : undefined;
  if (!col) return Array.isArray(fallback) ? fallback : [fallback];
  return [q.sortOrder === 'descend' ? desc(col) : asc(col)];
}

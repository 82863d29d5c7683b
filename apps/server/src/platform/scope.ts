import { sql, type SQL, type Column } from 'drizzle-orm';
import type { Caller } from './http.ts';
import { staleVersion } from './errors.ts';

/**
 * Organisation scoping: a caller in the platform organisation sees every organisation;
 * anyone else sees their current organisation and the organisations below it.
 * Answers undefined when no filter applies (pass straight into `and(...)`).
 */
export function orgScope(caller: Caller, column: Column | SQL): SQL | undefined {
  if (caller.platform) return undefined;
  return sql`${column} in (with recursive t as (select id from sys_org where id = ${caller.orgId}
    union all select o.id from sys_org o join t on o.parent_id = t.id) select id from t)`;
}

/** Throws 100409 when an optimistic-lock update touched no row. */
export function expectOneUpdated(rows: unknown[]): void {
  if (rows.length === 0) throw staleVersion();
}

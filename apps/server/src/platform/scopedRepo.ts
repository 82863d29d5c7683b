import { and, count, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './db.ts';
import { selectPage } from './list.ts';
import { assertInScope, expectOneUpdated, inScope, type Scope } from './scope.ts';

/** An organisation-owned table: a numeric `id` and the owning `org_id` (docs/decisions.md, "Tenant scope by construction"). */
export type OrgTable = PgTable & { id: PgColumn; orgId: PgColumn };

type Row<T extends OrgTable> = T['$inferSelect'];
type Insert<T extends OrgTable> = T['$inferInsert'];
/** What an update may change: never the id, the organisation, the version or the timestamps the repository keeps. */
export type Changes<T extends OrgTable> = Partial<Omit<Insert<T>, 'id' | 'orgId' | 'version' | 'createdAt' | 'updatedAt'>>;

/** Update with version, for tables that carry one. */
interface VersionedWrites<T extends OrgTable> {
  /** The row at this version, changed and its version raised; 100409 `stale` when the version is old (find it in scope first, so another organisation's id answers 100404). */
  update(db: Executor, scope: Scope, id: number, version: number, values: Changes<T>): Promise<Row<T>>;
}

export interface ScopedRepoBase<T extends OrgTable> {
  readonly table: T;
  /** The scope's predicate and the given conditions: the `where` of a read or write the common shapes do not cover (a join, a filter, a batch). */
  where(scope: Scope, ...conditions: (SQL | undefined)[]): SQL | undefined;
  find(db: Executor, scope: Scope, id: number): Promise<Row<T> | undefined>;
  findMany(db: Executor, scope: Scope, ids: readonly number[]): Promise<Row<T>[]>;
  /** A new row; its organisation must be in the scope (100404 otherwise: `assertInScope`, no query for the scope's own organisation). */
  insert(db: Executor, scope: Scope, values: Insert<T>): Promise<Row<T>>;
  /** Many rows in one statement, each organisation in the scope; answers how many went in. */
  insertMany(db: Executor, scope: Scope, values: readonly Insert<T>[]): Promise<number>;
  /** A change to rows in scope without a version check (a versioned table's version still rises); answers how many changed. */
  patch(db: Executor, scope: Scope, ids: readonly number[], values: Changes<T>, ...conditions: (SQL | undefined)[]): Promise<number>;
  /** Deletes rows in scope; answers how many went. */
  remove(db: Executor, scope: Scope, ids: readonly number[]): Promise<number>;
  /** One page of the table's own rows in scope and the count of all the filter matches, read together (`selectPage`). */
  page(db: Executor, scope: Scope, where: SQL | undefined, order: SQL[], page: { limit: number; offset: number }): Promise<{ total: number; rows: Row<T>[] }>;
  count(db: Executor, scope: Scope, where?: SQL): Promise<number>;
}

export type ScopedRepo<T extends OrgTable> = ScopedRepoBase<T> & (T extends { version: PgColumn } ? VersionedWrites<T> : unknown);

/**
 * The common shapes of an organisation-owned table with the scope built in: every method takes a
 * required `Scope` and puts its predicate in the statement (or checks an insert's organisation), so
 * a function written with it cannot forget the tenant. There is no unscoped method: deliberately
 * platform-wide work passes `SYSTEM_SCOPE`. Each method is one statement, as the hand-written
 * functions were (an insert outside the scope's own organisation adds the `assertInScope` check).
 */
export function scopedRepo<T extends OrgTable>(table: T): ScopedRepo<T> {
  const cols = table as unknown as Record<string, PgColumn | undefined>;
  const { id, orgId, version, updatedAt } = cols as { id: PgColumn; orgId: PgColumn; version?: PgColumn; updatedAt?: PgColumn };
  // Drizzle's builders are typed per concrete table; the generic table goes through this view.
  const t = table as PgTable;
  const stamped = (values: object): Record<string, unknown> => ({
    ...values,
    ...(updatedAt ? { updatedAt: new Date() } : {}),
    ...(version ? { version: sql`${version} + 1` } : {}),
  });
  const where = (scope: Scope, ...conditions: (SQL | undefined)[]) => and(inScope(scope, orgId), ...conditions);

  const repo: ScopedRepoBase<T> & VersionedWrites<T> = {
    table,
    where,
    async find(db, scope, rowId) {
      const [row] = await db
        .select()
        .from(t)
        .where(where(scope, eq(id, rowId)));
      return row as Row<T> | undefined;
    },
    async findMany(db, scope, ids) {
      if (!ids.length) return [];
      return (await db
        .select()
        .from(t)
        .where(where(scope, inArray(id, [...ids])))) as Row<T>[];
    },
    async insert(db, scope, values) {
      await assertInScope(db, scope, [(values as { orgId: number }).orgId]);
      const [row] = await db.insert(t).values(values).returning();
      return row as Row<T>;
    },
    async insertMany(db, scope, values) {
      if (!values.length) return 0;
      await assertInScope(db, scope, new Set(values.map((v) => (v as { orgId: number }).orgId)));
      return (
        await db
          .insert(t)
          .values([...values])
          .returning({ id })
      ).length;
    },
    async update(db, scope, rowId, at, values) {
      if (!version) throw new Error(`${getTableName(t)}: update with version on a table without a version column`);
      const rows = await db
        .update(t)
        .set(stamped(values))
        .where(where(scope, eq(id, rowId), eq(version, at)))
        .returning();
      expectOneUpdated(rows);
      return rows[0] as Row<T>;
    },
    async patch(db, scope, ids, values, ...conditions) {
      if (!ids.length) return 0;
      const rows = await db
        .update(t)
        .set(stamped(values))
        .where(where(scope, inArray(id, [...ids]), ...conditions))
        .returning({ id });
      return rows.length;
    },
    async remove(db, scope, ids) {
      if (!ids.length) return 0;
      return (
        await db
          .delete(t)
          .where(where(scope, inArray(id, [...ids])))
          .returning({ id })
      ).length;
    },
    page(db, scope, filter, order, page) {
      return selectPage(db, table, where(scope, filter), order, page) as Promise<{ total: number; rows: Row<T>[] }>;
    },
    async count(db, scope, filter) {
      const [row] = await db.select({ n: count() }).from(t).where(where(scope, filter));
      return Number(row?.n ?? 0);
    },
  };
  return repo as unknown as ScopedRepo<T>;
}

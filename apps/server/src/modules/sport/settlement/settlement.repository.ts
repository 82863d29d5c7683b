import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../platform/scope.ts';
import { users } from '../../system/index.ts';
import { venues } from '../venue/index.ts';
import { closes } from './settlement.table.ts';

export type CloseRecord = typeof closes.$inferSelect;
export type CloseFigures = Pick<
  typeof closes.$inferInsert,
  'totals' | 'ledgerFirstId' | 'ledgerLastId' | 'ledgerEntries' | 'digest' | 'shifts' | 'cashExpectedFen' | 'cashCountedFen' | 'computedAt'
>;

/** The close of a venue's day, locked for the rest of the transaction (undefined: none yet). */
export async function lockCloseOfDay(db: Executor, scope: Scope, venueId: number, day: string): Promise<CloseRecord | undefined> {
  const [row] = await db
    .select()
    .from(closes)
    .where(and(inScope(scope, closes.orgId), eq(closes.venueId, venueId), eq(closes.day, day)))
    .for('update');
  return row;
}

export async function lockClose(db: Executor, scope: Scope, id: number): Promise<CloseRecord | undefined> {
  const [row] = await db
    .select()
    .from(closes)
    .where(and(inScope(scope, closes.orgId), eq(closes.id, id)))
    .for('update');
  return row;
}

/** Inserts the day's close; undefined when a close of the day exists already (a racing close made it). */
export async function insertClose(
  db: Executor,
  scope: Scope,
  values: { orgId: number; venueId: number; day: string } & CloseFigures,
): Promise<CloseRecord | undefined> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db
    .insert(closes)
    .values(values)
    .onConflictDoNothing({ target: [closes.venueId, closes.day] })
    .returning();
  return row;
}

/** Refreshes an open close's figures, or signs it with them: only while it is open. */
export async function updateOpenClose(
  db: Executor,
  scope: Scope,
  id: number,
  values: CloseFigures & Partial<Pick<CloseRecord, 'state' | 'signedBy' | 'signedAt'>>,
): Promise<CloseRecord | undefined> {
  const [row] = await db
    .update(closes)
    .set({ ...values, version: sql`${closes.version} + 1` })
    .where(and(inScope(scope, closes.orgId), eq(closes.id, id), eq(closes.state, 'open')))
    .returning();
  return row;
}

const listed = {
  id: closes.id,
  orgId: closes.orgId,
  stadiumId: closes.venueId,
  stadiumName: venues.stadiumName,
  day: closes.day,
  state: closes.state,
  totals: closes.totals,
  ledgerFirstId: closes.ledgerFirstId,
  ledgerLastId: closes.ledgerLastId,
  ledgerEntries: closes.ledgerEntries,
  digest: closes.digest,
  shifts: closes.shifts,
  cashExpectedFen: closes.cashExpectedFen,
  cashCountedFen: closes.cashCountedFen,
  signedByName: users.name,
  signedAt: closes.signedAt,
  computedAt: closes.computedAt,
  version: closes.version,
};
export type CloseListed = Awaited<ReturnType<typeof findCloseListed>>;

const base = (db: Executor) => db.select(listed).from(closes).innerJoin(venues, eq(venues.id, closes.venueId)).leftJoin(users, eq(users.id, closes.signedBy));

export async function findCloseListed(db: Executor, scope: Scope, id: number) {
  const [row] = await base(db).where(and(inScope(scope, closes.orgId), eq(closes.id, id)));
  return row;
}

export async function pageCloses(
  db: Executor,
  scope: Scope,
  f: { venueId?: number | undefined; state?: string | undefined; fromDay?: string | undefined; toDay?: string | undefined },
  page: { limit: number; offset: number },
) {
  const where = and(
    inScope(scope, closes.orgId),
    f.venueId !== undefined ? eq(closes.venueId, f.venueId) : undefined,
    f.state ? eq(closes.state, f.state) : undefined,
    f.fromDay ? gte(closes.day, f.fromDay) : undefined,
    f.toDay ? lte(closes.day, f.toDay) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    base(db).where(where).orderBy(desc(closes.day), desc(closes.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(closes).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, inScopeSql, type Scope } from '../../../platform/scope.ts';
import { users } from '../../system/index.ts';
import { clearingReceipts, mismatches, reconcileRuns } from './settlement.table.ts';

export type RunRecord = typeof reconcileRuns.$inferSelect;
export type NewMismatch = Omit<typeof mismatches.$inferInsert, 'id' | 'orgId' | 'runId' | 'state' | 'version' | 'createdAt'>;
type RunFigures = Pick<RunRecord, 'lines' | 'matched' | 'mismatches' | 'grossFen' | 'refundFen' | 'feeFen' | 'netFen' | 'ranBy' | 'ranAt'>;

/**
 * The run of an organisation's provider and day, made or refreshed with `figures` and locked for
 * the rest of the transaction: two racing runs of one day take turns on this row.
 */
export async function upsertRun(db: Executor, scope: Scope, orgId: number, provider: string, day: string, figures: RunFigures): Promise<RunRecord> {
  await assertInScope(db, scope, [orgId]);
  const [row] = await db
    .insert(reconcileRuns)
    .values({ orgId, provider, day, ...figures })
    .onConflictDoUpdate({
      target: [reconcileRuns.orgId, reconcileRuns.provider, reconcileRuns.day],
      set: { ...figures, version: sql`${reconcileRuns.version} + 1` },
    })
    .returning();
  return row!;
}

/**
 * Replaces the run's open mismatches with `found`; a resolved one stays as it was, and the same
 * difference found again is that resolved one (not a new open row). Answers the open ones written.
 */
export async function replaceOpenMismatches(db: Executor, scope: Scope, run: RunRecord, found: NewMismatch[]): Promise<number> {
  await db.delete(mismatches).where(and(inScope(scope, mismatches.orgId), eq(mismatches.runId, run.id), eq(mismatches.state, 'open')));
  let written = 0;
  for (let i = 0; i < found.length; i += 1000) {
    const made = await db
      .insert(mismatches)
      .values(found.slice(i, i + 1000).map((m) => ({ ...m, orgId: run.orgId, runId: run.id })))
      .onConflictDoNothing({ target: [mismatches.runId, mismatches.kind, mismatches.refKey] })
      .returning({ id: mismatches.id });
    written += made.length;
  }
  return written;
}

const runListed = {
  id: reconcileRuns.id,
  orgId: reconcileRuns.orgId,
  provider: reconcileRuns.provider,
  day: reconcileRuns.day,
  lines: reconcileRuns.lines,
  matched: reconcileRuns.matched,
  grossFen: reconcileRuns.grossFen,
  refundFen: reconcileRuns.refundFen,
  feeFen: reconcileRuns.feeFen,
  netFen: reconcileRuns.netFen,
  ranByName: users.name,
  ranAt: reconcileRuns.ranAt,
  mismatches: sql<number>`(select count(*)::int from ${mismatches} m where m.run_id = ${reconcileRuns.id})`,
  openMismatches: sql<number>`(select count(*)::int from ${mismatches} m where m.run_id = ${reconcileRuns.id} and m.state = 'open')`,
};

export async function pageRuns(
  db: Executor,
  scope: Scope,
  f: { provider?: string | undefined; fromDay?: string | undefined; toDay?: string | undefined },
  page: { limit: number; offset: number },
) {
  const where = and(
    inScope(scope, reconcileRuns.orgId),
    f.provider ? eq(reconcileRuns.provider, f.provider) : undefined,
    f.fromDay ? gte(reconcileRuns.day, f.fromDay) : undefined,
    f.toDay ? lte(reconcileRuns.day, f.toDay) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(runListed)
      .from(reconcileRuns)
      .leftJoin(users, eq(users.id, reconcileRuns.ranBy))
      .where(where)
      .orderBy(desc(reconcileRuns.day), asc(reconcileRuns.provider))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(reconcileRuns).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

export async function findRunListed(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select(runListed)
    .from(reconcileRuns)
    .leftJoin(users, eq(users.id, reconcileRuns.ranBy))
    .where(and(inScope(scope, reconcileRuns.orgId), eq(reconcileRuns.id, id)));
  return row;
}

export async function mismatchesOfRun(db: Executor, scope: Scope, runId: number) {
  return db
    .select({
      id: mismatches.id,
      kind: mismatches.kind,
      tradeNo: mismatches.tradeNo,
      ourNo: mismatches.ourNo,
      oursFen: mismatches.oursFen,
      theirsFen: mismatches.theirsFen,
      ourDay: mismatches.ourDay,
      theirDay: mismatches.theirDay,
      state: mismatches.state,
      way: mismatches.way,
      note: mismatches.note,
      txnNo: mismatches.txnNo,
      adjustFen: mismatches.adjustFen,
      resolvedByName: users.name,
      resolvedAt: mismatches.resolvedAt,
      version: mismatches.version,
    })
    .from(mismatches)
    .leftJoin(users, eq(users.id, mismatches.resolvedBy))
    .where(and(inScope(scope, mismatches.orgId), eq(mismatches.runId, runId)))
    .orderBy(asc(mismatches.state), asc(mismatches.kind), asc(mismatches.id));
}

/** A mismatch with its run's provider, locked for the rest of the transaction. */
export async function lockMismatch(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select({ m: mismatches, provider: reconcileRuns.provider, runId: reconcileRuns.id })
    .from(mismatches)
    .innerJoin(reconcileRuns, eq(reconcileRuns.id, mismatches.runId))
    .where(and(inScope(scope, mismatches.orgId), eq(mismatches.id, id)))
    .for('update', { of: mismatches });
  return row;
}

export async function markResolved(
  db: Executor,
  scope: Scope,
  id: number,
  values: { way: string; note: string; txnNo: string | null; resolvedBy: number },
): Promise<boolean> {
  const done = await db
    .update(mismatches)
    .set({ ...values, state: 'resolved', resolvedAt: new Date(), version: sql`${mismatches.version} + 1` })
    .where(and(inScope(scope, mismatches.orgId), eq(mismatches.id, id), eq(mismatches.state, 'open')))
    .returning({ id: mismatches.id });
  return done.length === 1;
}

// ---------------------------------------------------------------- clearing

export async function insertReceipts(db: Executor, scope: Scope, rows: (typeof clearingReceipts.$inferInsert)[]): Promise<number> {
  if (!rows.length) return 0;
  await assertInScope(db, scope, [...new Set(rows.map((r) => r.orgId))]);
  const made = await db
    .insert(clearingReceipts)
    .values(rows)
    .onConflictDoNothing({ target: [clearingReceipts.orgId, clearingReceipts.reference] })
    .returning({ id: clearingReceipts.id });
  return made.length;
}

export async function receiptsOf(db: Executor, scope: Scope, orgId: number, provider: string, day: string) {
  return db
    .select({
      id: clearingReceipts.id,
      provider: clearingReceipts.provider,
      day: clearingReceipts.day,
      amountFen: clearingReceipts.amountFen,
      source: clearingReceipts.source,
      reference: clearingReceipts.reference,
      note: clearingReceipts.note,
      createdAt: clearingReceipts.createdAt,
    })
    .from(clearingReceipts)
    .where(
      and(inScope(scope, clearingReceipts.orgId), eq(clearingReceipts.orgId, orgId), eq(clearingReceipts.provider, provider), eq(clearingReceipts.day, day)),
    )
    .orderBy(asc(clearingReceipts.id));
}

/**
 * Each provider's day of an organisation: the bill's figures (its reconciliation run) beside the
 * money received for it, days with only one of the two included; newest first.
 */
export async function pageClearing(
  db: Executor,
  scope: Scope,
  orgId: number,
  f: { provider?: string | undefined; fromDay?: string | undefined; toDay?: string | undefined },
  page: { limit: number; offset: number },
) {
  const filter = (t: typeof reconcileRuns | typeof clearingReceipts) =>
    sql`${t.orgId} = ${orgId} and ${inScopeSql(scope, t.orgId)}
      ${f.provider ? sql`and ${t.provider} = ${f.provider}` : sql``}
      ${f.fromDay ? sql`and ${t.day} >= ${f.fromDay}` : sql``}
      ${f.toDay ? sql`and ${t.day} <= ${f.toDay}` : sql``}`;
  const res = (await db.execute(sql`
    with runs as (select provider, day, gross_fen, refund_fen, fee_fen, net_fen from ${reconcileRuns} where ${filter(reconcileRuns)}),
         got as (select provider, day, sum(amount_fen)::bigint as fen, count(*)::int as n from ${clearingReceipts} where ${filter(clearingReceipts)} group by 1, 2),
         days as (select coalesce(r.provider, g.provider) as provider, coalesce(r.day, g.day)::text as day, r.day is not null as billed,
                         coalesce(r.gross_fen, 0) as gross_fen, coalesce(r.refund_fen, 0) as refund_fen, coalesce(r.fee_fen, 0) as fee_fen,
                         coalesce(r.net_fen, 0) as net_fen, coalesce(g.fen, 0) as received_fen, coalesce(g.n, 0) as receipts
                    from runs r full join got g on g.provider = r.provider and g.day = r.day)
    select *, count(*) over () as total from days order by day desc, provider limit ${page.limit} offset ${page.offset}`)) as unknown as {
    rows: {
      provider: string;
      day: string;
      billed: boolean;
      gross_fen: string;
      refund_fen: string;
      fee_fen: string;
      net_fen: string;
      received_fen: string;
      receipts: number;
      total: string;
    }[];
  };
  const total = Number(res.rows[0]?.total ?? 0);
  return {
    total,
    rows: res.rows.map((r) => ({
      key: `${r.provider}:${r.day}`,
      provider: r.provider,
      day: r.day,
      billed: r.billed,
      grossFen: Number(r.gross_fen),
      refundFen: Number(r.refund_fen),
      feeFen: Number(r.fee_fen),
      netFen: Number(r.net_fen),
      receivedFen: Number(r.received_fen),
      receipts: Number(r.receipts),
      diffFen: Number(r.received_fen) - Number(r.net_fen),
    })),
  };
}

import { asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../platform/db.ts';
import { scopedRepo, type Changes } from '../../../platform/scopedRepo.ts';
import { assertInScope, type Scope } from '../../../platform/scope.ts';
import { users } from '../../system/index.ts';
import { venues } from '../venue/index.ts';
import { agencyContracts, agencyStatements } from './agency.table.ts';

export type ContractRecord = typeof agencyContracts.$inferSelect;
export type StatementRecord = typeof agencyStatements.$inferSelect;
/** What a computation of a statement writes. */
export type StatementFigures = Pick<
  typeof agencyStatements.$inferInsert,
  | 'byKind'
  | 'grossFen'
  | 'refundFen'
  | 'feeFen'
  | 'netFen'
  | 'platformFen'
  | 'venueFen'
  | 'partnerFen'
  | 'ledgerFirstId'
  | 'ledgerLastId'
  | 'ledgerEntries'
  | 'digest'
  | 'computedAt'
>;

const contractRepo = scopedRepo(agencyContracts);
const statementRepo = scopedRepo(agencyStatements);

// ---------------------------------------------------------------- contracts

export const findContract = (db: Executor, scope: Scope, id: number) => contractRepo.find(db, scope, id);
export const findContracts = (db: Executor, scope: Scope, ids: number[]) => contractRepo.findMany(db, scope, ids);
export const insertContract = (db: Executor, scope: Scope, values: typeof agencyContracts.$inferInsert) => contractRepo.insert(db, scope, values);
export const updateContract = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof agencyContracts>) =>
  contractRepo.update(db, scope, id, version, values);
export const removeContractRows = (db: Executor, scope: Scope, ids: number[]) => contractRepo.remove(db, scope, ids);
/** How many statements the contracts have (a contract with statements stays). */
export const statementsOfContracts = (db: Executor, scope: Scope, ids: number[]) =>
  statementRepo.count(db, scope, sql`${agencyStatements.contractId} = any(${`{${ids.join(',')}}`}::bigint[])`);

const contractListed = {
  id: agencyContracts.id,
  orgId: agencyContracts.orgId,
  stadiumId: agencyContracts.venueId,
  stadiumName: venues.stadiumName,
  name: agencyContracts.name,
  partnerName: agencyContracts.partnerName,
  platformBp: agencyContracts.platformBp,
  venueBp: agencyContracts.venueBp,
  partnerBp: agencyContracts.partnerBp,
  kindShares: agencyContracts.kindShares,
  validFrom: agencyContracts.validFrom,
  validTo: agencyContracts.validTo,
  period: agencyContracts.period,
  remark: agencyContracts.remark,
  version: agencyContracts.version,
  createTime: agencyContracts.createdAt,
  updateTime: agencyContracts.updatedAt,
};

export async function pageContracts(
  db: Executor,
  scope: Scope,
  f: { id?: number; venueId?: number | undefined; name?: string | undefined; period?: string | undefined },
  page: { limit: number; offset: number },
) {
  const where = contractRepo.where(
    scope,
    f.id !== undefined ? eq(agencyContracts.id, f.id) : undefined,
    f.venueId !== undefined ? eq(agencyContracts.venueId, f.venueId) : undefined,
    f.name ? sql`${agencyContracts.name} ilike ${`%${f.name.replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
    f.period ? eq(agencyContracts.period, f.period) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(contractListed)
      .from(agencyContracts)
      .innerJoin(venues, eq(venues.id, agencyContracts.venueId))
      .where(where)
      .orderBy(desc(agencyContracts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(agencyContracts).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

// ---------------------------------------------------------------- statements

/** The statement of a contract's period, locked for the rest of the transaction (undefined: none yet). */
export async function lockStatementOfPeriod(db: Executor, scope: Scope, contractId: number, periodStart: string): Promise<StatementRecord | undefined> {
  const [row] = await db
    .select()
    .from(agencyStatements)
    .where(statementRepo.where(scope, eq(agencyStatements.contractId, contractId), eq(agencyStatements.periodStart, periodStart)))
    .for('update');
  return row;
}

export const findStatement = (db: Executor, scope: Scope, id: number) => statementRepo.find(db, scope, id);

/** Inserts the period's statement; undefined when one exists already (a racing computation made it). */
export async function insertStatement(db: Executor, scope: Scope, values: typeof agencyStatements.$inferInsert): Promise<StatementRecord | undefined> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db
    .insert(agencyStatements)
    .values(values)
    .onConflictDoNothing({ target: [agencyStatements.contractId, agencyStatements.periodStart] })
    .returning();
  return row;
}

/**
 * The one conditional write of every statement change: from the state `from` (and at `version`,
 * when given) to the new values. Undefined when the statement is no longer in that state or at
 * that version (a racing approval or payment won): the caller says which.
 */
export async function moveStatement(
  db: Executor,
  scope: Scope,
  id: number,
  from: 'draft' | 'approved',
  version: number | undefined,
  values: Partial<StatementFigures> &
    Partial<Pick<StatementRecord, 'fromDay' | 'toDay' | 'state' | 'approvedBy' | 'approvedAt' | 'paidBy' | 'paidAt' | 'paymentRef'>>,
): Promise<StatementRecord | undefined> {
  const [row] = await db
    .update(agencyStatements)
    .set({ ...values, version: sql`${agencyStatements.version} + 1` })
    .where(
      statementRepo.where(
        scope,
        eq(agencyStatements.id, id),
        eq(agencyStatements.state, from),
        version !== undefined ? eq(agencyStatements.version, version) : undefined,
      ),
    )
    .returning();
  return row;
}

const approver = alias(users, 'approver');
const payer = alias(users, 'payer');
const statementListed = {
  id: agencyStatements.id,
  orgId: agencyStatements.orgId,
  contractId: agencyStatements.contractId,
  contractName: agencyContracts.name,
  partnerName: agencyContracts.partnerName,
  stadiumId: agencyStatements.venueId,
  stadiumName: venues.stadiumName,
  period: agencyContracts.period,
  periodStart: agencyStatements.periodStart,
  periodEnd: agencyStatements.periodEnd,
  fromDay: agencyStatements.fromDay,
  toDay: agencyStatements.toDay,
  state: agencyStatements.state,
  byKind: agencyStatements.byKind,
  grossFen: agencyStatements.grossFen,
  refundFen: agencyStatements.refundFen,
  feeFen: agencyStatements.feeFen,
  netFen: agencyStatements.netFen,
  platformFen: agencyStatements.platformFen,
  venueFen: agencyStatements.venueFen,
  partnerFen: agencyStatements.partnerFen,
  ledgerFirstId: agencyStatements.ledgerFirstId,
  ledgerLastId: agencyStatements.ledgerLastId,
  ledgerEntries: agencyStatements.ledgerEntries,
  digest: agencyStatements.digest,
  computedAt: agencyStatements.computedAt,
  approvedByName: approver.name,
  approvedAt: agencyStatements.approvedAt,
  paidByName: payer.name,
  paidAt: agencyStatements.paidAt,
  paymentRef: agencyStatements.paymentRef,
  version: agencyStatements.version,
};
export type StatementListed = NonNullable<Awaited<ReturnType<typeof findStatementListed>>>;

const statementBase = (db: Executor) =>
  db
    .select(statementListed)
    .from(agencyStatements)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyStatements.contractId))
    .innerJoin(venues, eq(venues.id, agencyStatements.venueId))
    .leftJoin(approver, eq(approver.id, agencyStatements.approvedBy))
    .leftJoin(payer, eq(payer.id, agencyStatements.paidBy));

export async function findStatementListed(db: Executor, scope: Scope, id: number) {
  const [row] = await statementBase(db).where(statementRepo.where(scope, eq(agencyStatements.id, id)));
  return row;
}

export interface StatementFilter {
  venueId?: number | undefined;
  contractId?: number | undefined;
  state?: string | undefined;
  fromDay?: string | undefined;
  toDay?: string | undefined;
}

export async function pageStatements(db: Executor, scope: Scope, f: StatementFilter, page: { limit: number; offset: number }) {
  const where = statementRepo.where(
    scope,
    f.venueId !== undefined ? eq(agencyStatements.venueId, f.venueId) : undefined,
    f.contractId !== undefined ? eq(agencyStatements.contractId, f.contractId) : undefined,
    f.state ? eq(agencyStatements.state, f.state) : undefined,
    // Periods that overlap the days asked for.
    f.fromDay ? gte(agencyStatements.periodEnd, f.fromDay) : undefined,
    f.toDay ? lte(agencyStatements.periodStart, f.toDay) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    statementBase(db)
      .where(where)
      .orderBy(desc(agencyStatements.periodStart), asc(agencyStatements.venueId), desc(agencyStatements.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(agencyStatements).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

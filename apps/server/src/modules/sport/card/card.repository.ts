import { and, asc, count, desc, eq, gte, inArray, isNull, lte, max, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, inScopeSql, type Scope } from '../../../platform/scope.ts';
import { containsText, users } from '../../system/index.ts';
import { balanceAccounts, orders, paidFenOf, someRefundOpen } from '../commerce/index.ts';
import { members, memberVisits } from '../member/index.ts';
import { cardDistributions, cardLogs, cardShares, cardTypes, cardUsages, memberCards } from './card.table.ts';

export type CardTypeRecord = typeof cardTypes.$inferSelect;
export type CardRecord = typeof memberCards.$inferSelect;
export type ShareRecord = typeof cardShares.$inferSelect;
export type UsageRecord = typeof cardUsages.$inferSelect;

// ---------------------------------------------------------------- card types

export interface CardTypeFilter {
  id?: number;
  name?: string;
  kind?: string;
  status?: number;
}

function typeWhere(scope: Scope, f: CardTypeFilter): SQL | undefined {
  return and(
    inScope(scope, cardTypes.orgId),
    f.id !== undefined ? eq(cardTypes.id, f.id) : undefined,
    f.name ? containsText(cardTypes.name, f.name) : undefined,
    f.kind ? eq(cardTypes.kind, f.kind) : undefined,
    f.status !== undefined ? eq(cardTypes.status, f.status) : undefined,
  );
}

export const cardTypeSorts = { name: cardTypes.name, priceFen: cardTypes.priceFen, createTime: cardTypes.createdAt };
export const cardTypeDefaultOrder = [asc(cardTypes.orgId), asc(cardTypes.id)];

// Qualified by hand: in a one-table select Drizzle writes `${cardTypes.id}` as a bare "id", which inside
// the subquery would be the card's own id.
const liveCards = sql<number>`(select count(*)::int from sport_member_card mc where mc.type_id = "sport_card_type"."id" and mc.status <> 'cancelled')`;

export async function pageCardTypes(db: Executor, scope: Scope, f: CardTypeFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = typeWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select({ t: cardTypes, cardCount: liveCards })
      .from(cardTypes)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(cardTypes).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r.t, cardCount: Number(r.cardCount) })) };
}

export async function findCardType(db: Executor, scope: Scope, id: number): Promise<CardTypeRecord | undefined> {
  const [row] = await db
    .select()
    .from(cardTypes)
    .where(and(eq(cardTypes.id, id), inScope(scope, cardTypes.orgId)));
  return row;
}

export async function insertCardType(db: Executor, scope: Scope, values: typeof cardTypes.$inferInsert): Promise<CardTypeRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(cardTypes).values(values).returning();
  return row!;
}

export async function updateCardType(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof cardTypes.$inferInsert, 'orgId' | 'id' | 'kind'>>,
) {
  return db
    .update(cardTypes)
    .set({ ...values, updatedAt: new Date(), version: sql`${cardTypes.version} + 1` })
    .where(and(eq(cardTypes.id, id), eq(cardTypes.version, version), inScope(scope, cardTypes.orgId)))
    .returning();
}

/** Deletes the types that no card names (answers how many went, and the ids that have cards). */
export async function deleteCardTypes(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  const gone = await db
    .delete(cardTypes)
    .where(and(inArray(cardTypes.id, ids), inScope(scope, cardTypes.orgId)))
    .returning({ id: cardTypes.id });
  return gone.length;
}

export async function typesWithCards(db: Executor, scope: Scope, ids: number[]): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: memberCards.typeId })
    .from(memberCards)
    .where(and(inArray(memberCards.typeId, ids), inScope(scope, memberCards.orgId)));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- cards

export interface CardFilter {
  id?: number;
  ids?: number[];
  cardNo?: string;
  cardNoExact?: string;
  keyword?: string;
  typeId?: number;
  kind?: string;
  status?: string;
  statuses?: string[];
  memberId?: number;
  memberIds?: number[];
  managerId?: number;
  orgId?: number;
  validToFrom?: string;
  validToTo?: string;
}

function cardWhere(scope: Scope, f: CardFilter): SQL | undefined {
  return and(
    inScope(scope, memberCards.orgId),
    f.id !== undefined ? eq(memberCards.id, f.id) : undefined,
    f.ids ? inArray(memberCards.id, f.ids.length ? f.ids : [0]) : undefined,
    f.cardNo ? containsText(memberCards.cardNo, f.cardNo) : undefined,
    f.cardNoExact ? eq(memberCards.cardNo, f.cardNoExact) : undefined,
    f.keyword ? or(containsText(members.name, f.keyword), containsText(members.phone, f.keyword), containsText(members.memberNo, f.keyword)) : undefined,
    f.typeId !== undefined ? eq(memberCards.typeId, f.typeId) : undefined,
    f.kind ? eq(memberCards.kind, f.kind) : undefined,
    f.status ? eq(memberCards.status, f.status) : undefined,
    f.statuses ? inArray(memberCards.status, f.statuses) : undefined,
    f.memberId !== undefined ? eq(memberCards.memberId, f.memberId) : undefined,
    f.memberIds ? inArray(memberCards.memberId, f.memberIds.length ? f.memberIds : [0]) : undefined,
    f.managerId !== undefined ? eq(memberCards.managerId, f.managerId) : undefined,
    f.orgId !== undefined ? eq(memberCards.orgId, f.orgId) : undefined,
    f.validToFrom ? gte(memberCards.validTo, f.validToFrom) : undefined,
    f.validToTo ? lte(memberCards.validTo, f.validToTo) : undefined,
  );
}

export const cardSorts = { cardNo: memberCards.cardNo, validTo: memberCards.validTo, createTime: memberCards.createdAt, status: memberCards.status };
export const cardDefaultOrder = [desc(memberCards.createdAt), desc(memberCards.id)];

const manager = alias(users, 'card_manager');
const cardColumns = {
  card: memberCards,
  typeName: cardTypes.name,
  memberNo: members.memberNo,
  memberName: members.name,
  memberPhone: members.phone,
  balanceFen: balanceAccounts.balanceFen,
  managerName: manager.name,
};

export async function pageCards(db: Executor, scope: Scope, f: CardFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = cardWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns)
      .from(memberCards)
      .innerJoin(cardTypes, eq(cardTypes.id, memberCards.typeId))
      .innerJoin(members, eq(members.id, memberCards.memberId))
      .leftJoin(balanceAccounts, eq(balanceAccounts.id, memberCards.accountId))
      .leftJoin(manager, eq(manager.id, memberCards.managerId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(memberCards).innerJoin(members, eq(members.id, memberCards.memberId)).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      ...r.card,
      typeName: r.typeName,
      memberNo: r.memberNo,
      memberName: r.memberName,
      memberPhone: r.memberPhone,
      balanceFen: r.balanceFen === null ? null : Number(r.balanceFen),
      managerName: r.managerName,
    })),
  };
}
export type CardView = Awaited<ReturnType<typeof pageCards>>['rows'][number];

export async function findCard(db: Executor, scope: Scope, id: number, opts: { lock?: boolean } = {}): Promise<CardRecord | undefined> {
  const q = db
    .select()
    .from(memberCards)
    .where(and(eq(memberCards.id, id), inScope(scope, memberCards.orgId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

/** The card whose money an account holds (`orgId`, when known, narrows the search to the organisation's cards). */
export async function findCardByAccount(db: Executor, scope: Scope, accountId: number, orgId?: number): Promise<CardRecord | undefined> {
  const [row] = await db
    .select()
    .from(memberCards)
    .where(and(eq(memberCards.accountId, accountId), orgId !== undefined ? eq(memberCards.orgId, orgId) : undefined, inScope(scope, memberCards.orgId)));
  return row;
}

export async function insertCard(db: Executor, scope: Scope, values: typeof memberCards.$inferInsert): Promise<CardRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(memberCards).values(values).returning();
  return row!;
}

/** Changes a card only from the given states (and version, when given); answers the row or undefined. */
export async function updateCard(
  db: Executor,
  scope: Scope,
  id: number,
  from: readonly string[] | null,
  version: number | undefined,
  values: Partial<Omit<typeof memberCards.$inferInsert, 'orgId' | 'id'>>,
): Promise<CardRecord | undefined> {
  const [row] = await db
    .update(memberCards)
    .set({ ...values, updatedAt: new Date(), version: sql`${memberCards.version} + 1` })
    .where(
      and(
        eq(memberCards.id, id),
        from ? inArray(memberCards.status, [...from]) : undefined,
        version !== undefined ? eq(memberCards.version, version) : undefined,
        inScope(scope, memberCards.orgId),
      ),
    )
    .returning();
  return row;
}

/** Takes `n` uses from an active times card only when it has them (exact under concurrency). */
export async function takeTimes(db: Executor, scope: Scope, id: number, n: number): Promise<CardRecord | undefined> {
  const [row] = await db
    .update(memberCards)
    .set({ timesLeft: sql`${memberCards.timesLeft} - ${n}`, updatedAt: new Date() })
    .where(and(eq(memberCards.id, id), eq(memberCards.status, 'active'), gte(memberCards.timesLeft, n), inScope(scope, memberCards.orgId)))
    .returning();
  return row;
}

/** Gives `n` uses back (never above the card's total). */
export async function giveTimes(db: Executor, scope: Scope, id: number, n: number): Promise<CardRecord | undefined> {
  const [row] = await db
    .update(memberCards)
    .set({ timesLeft: sql`least(${memberCards.timesLeft} + ${n}, ${memberCards.timesTotal})`, updatedAt: new Date() })
    .where(and(eq(memberCards.id, id), inScope(scope, memberCards.orgId)))
    .returning();
  return row;
}

/** Cards of these members (own cards), with their types, for the level resolver and check-in. */
export async function cardsWithTypes(db: Executor, scope: Scope, f: { memberIds?: number[]; ids?: number[]; accountIds?: number[]; statuses: string[] }) {
  return db
    .select({ card: memberCards, type: cardTypes })
    .from(memberCards)
    .innerJoin(cardTypes, eq(cardTypes.id, memberCards.typeId))
    .where(
      and(
        inScope(scope, memberCards.orgId),
        inArray(memberCards.status, f.statuses),
        f.memberIds ? inArray(memberCards.memberId, f.memberIds.length ? f.memberIds : [0]) : undefined,
        f.ids ? inArray(memberCards.id, f.ids.length ? f.ids : [0]) : undefined,
        f.accountIds ? inArray(memberCards.accountId, f.accountIds.length ? f.accountIds : [0]) : undefined,
      ),
    );
}

// ---------------------------------------------------------------- usage

export async function insertUsage(db: Executor, scope: Scope, values: typeof cardUsages.$inferInsert): Promise<UsageRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(cardUsages).values(values).returning();
  return row!;
}

/** The usage row of a card's sale. */
export async function saleOf(db: Executor, scope: Scope, cardId: number): Promise<UsageRecord | undefined> {
  const [row] = await db
    .select()
    .from(cardUsages)
    .where(and(eq(cardUsages.cardId, cardId), eq(cardUsages.kind, 'sale'), inScope(scope, cardUsages.orgId)));
  return row;
}

/** The `pay` usage rows of a payment (which card paid it, by whom, how many uses). */
export async function usagesOfPayment(db: Executor, scope: Scope, paymentId: number): Promise<UsageRecord[]> {
  return db
    .select()
    .from(cardUsages)
    .where(and(eq(cardUsages.paymentId, paymentId), eq(cardUsages.kind, 'pay'), inScope(scope, cardUsages.orgId)));
}

/** Uses (check-ins and times payments) of a card on days [from, to]. */
export async function usesBetween(db: Executor, scope: Scope, cardId: number, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(case when ${cardUsages.kind} = 'checkin' then 1 else -${cardUsages.times} end), 0)::int` })
    .from(cardUsages)
    .where(
      and(
        eq(cardUsages.cardId, cardId),
        inArray(cardUsages.kind, ['checkin', 'pay']),
        or(eq(cardUsages.kind, 'checkin'), ne(cardUsages.times, 0)),
        gte(cardUsages.businessDay, from),
        lte(cardUsages.businessDay, to),
        inScope(scope, cardUsages.orgId),
      ),
    );
  return Number(row?.n ?? 0);
}

export interface UsageFilter {
  cardId?: number;
  cardNo?: string;
  memberId?: number;
  kind?: string;
  dayFrom?: string;
  dayTo?: string;
}

function usageWhere(scope: Scope, f: UsageFilter): SQL | undefined {
  return and(
    inScope(scope, cardUsages.orgId),
    f.cardId !== undefined ? eq(cardUsages.cardId, f.cardId) : undefined,
    f.cardNo ? containsText(memberCards.cardNo, f.cardNo) : undefined,
    f.memberId !== undefined ? or(eq(cardUsages.memberId, f.memberId), eq(memberCards.memberId, f.memberId)) : undefined,
    f.kind ? eq(cardUsages.kind, f.kind) : undefined,
    f.dayFrom ? gte(cardUsages.businessDay, f.dayFrom) : undefined,
    f.dayTo ? lte(cardUsages.businessDay, f.dayTo) : undefined,
  );
}

export const usageSorts = { createTime: cardUsages.createdAt, amountFen: cardUsages.amountFen, businessDay: cardUsages.businessDay };
export const usageDefaultOrder = [desc(cardUsages.createdAt), desc(cardUsages.id)];

export async function pageUsages(db: Executor, scope: Scope, f: UsageFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = usageWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select({ u: cardUsages, cardNo: memberCards.cardNo, memberName: members.name, orderNo: orders.orderNo, operatorName: users.name })
      .from(cardUsages)
      .innerJoin(memberCards, eq(memberCards.id, cardUsages.cardId))
      .leftJoin(members, eq(members.id, cardUsages.memberId))
      .leftJoin(orders, eq(orders.id, cardUsages.orderId))
      .leftJoin(users, eq(users.id, cardUsages.operatorId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(cardUsages).innerJoin(memberCards, eq(memberCards.id, cardUsages.cardId)).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({ ...r.u, cardNo: r.cardNo, memberName: r.memberName, orderNo: r.orderNo, operatorName: r.operatorName })),
  };
}

/** Debits per day of [from, to]: money spent (positive fen) and uses. */
export async function spendingByDay(db: Executor, scope: Scope, cardId: number, from: string, to: string) {
  const rows = await db
    .select({
      day: cardUsages.businessDay,
      spentFen: sql<number>`coalesce(sum(case when ${cardUsages.amountFen} < 0 then -${cardUsages.amountFen} else 0 end), 0)::bigint`,
      times: sql<number>`coalesce(sum(case when ${cardUsages.times} < 0 then -${cardUsages.times} else 0 end), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(cardUsages)
    .where(
      and(
        eq(cardUsages.cardId, cardId),
        inArray(cardUsages.kind, ['pay', 'checkin']),
        gte(cardUsages.businessDay, from),
        lte(cardUsages.businessDay, to),
        inScope(scope, cardUsages.orgId),
      ),
    )
    .groupBy(cardUsages.businessDay)
    .orderBy(asc(cardUsages.businessDay));
  return rows.map((r) => ({ day: r.day, spentFen: Number(r.spentFen), times: Number(r.times), count: Number(r.count) }));
}

// ---------------------------------------------------------------- logs

export async function insertCardLog(db: Executor, scope: Scope, values: typeof cardLogs.$inferInsert): Promise<void> {
  await assertInScope(db, scope, [values.orgId]);
  await db.insert(cardLogs).values(values);
}

export async function logsOf(db: Executor, scope: Scope, cardId: number, limit: number) {
  const rows = await db
    .select({ l: cardLogs, operatorName: users.name })
    .from(cardLogs)
    .leftJoin(users, eq(users.id, cardLogs.operatorId))
    .where(and(eq(cardLogs.cardId, cardId), inScope(scope, cardLogs.orgId)))
    .orderBy(desc(cardLogs.createdAt), desc(cardLogs.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.l, operatorName: r.operatorName }));
}

/** The log row a card's refund application wrote. */
export async function refundLogOf(db: Executor, scope: Scope, orgId: number, refundId: number) {
  const [row] = await db
    .select()
    .from(cardLogs)
    .where(
      and(
        eq(cardLogs.orgId, orgId),
        eq(cardLogs.action, 'refund'),
        sql`(${cardLogs.after} ->> 'refundId')::bigint = ${refundId}`,
        inScope(scope, cardLogs.orgId),
      ),
    );
  return row;
}

/** The card whose refund (non-order, paid out of its account) this is: by the log row its application wrote. */
export async function cardOfRefund(db: Executor, scope: Scope, orgId: number, refundId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ cardId: cardLogs.cardId })
    .from(cardLogs)
    .where(
      and(
        eq(cardLogs.orgId, orgId),
        eq(cardLogs.action, 'refund'),
        sql`(${cardLogs.after} ->> 'refundId')::bigint = ${refundId}`,
        inScope(scope, cardLogs.orgId),
      ),
    );
  return row?.cardId;
}

// ---------------------------------------------------------------- shares and distributions

export async function sharesOf(db: Executor, scope: Scope, cardId: number) {
  const rows = await db
    .select({ s: cardShares, memberName: members.name, memberPhone: members.phone })
    .from(cardShares)
    .innerJoin(members, eq(members.id, cardShares.memberId))
    .where(and(eq(cardShares.cardId, cardId), inScope(scope, cardShares.orgId)))
    .orderBy(asc(cardShares.id));
  return rows.map((r) => ({ ...r.s, memberName: r.memberName, memberPhone: r.memberPhone }));
}

export async function findShare(db: Executor, scope: Scope, id: number): Promise<ShareRecord | undefined> {
  const [row] = await db
    .select()
    .from(cardShares)
    .where(and(eq(cardShares.id, id), inScope(scope, cardShares.orgId)));
  return row;
}

export async function shareOfMember(db: Executor, scope: Scope, cardId: number, memberId: number): Promise<ShareRecord | undefined> {
  const [row] = await db
    .select()
    .from(cardShares)
    .where(and(eq(cardShares.cardId, cardId), eq(cardShares.memberId, memberId), inScope(scope, cardShares.orgId)));
  return row;
}

/** Cards shared with these members (a share that may pay). */
export async function sharedCardIds(db: Executor, scope: Scope, memberIds: number[]): Promise<number[]> {
  if (!memberIds.length) return [];
  const rows = await db
    .select({ id: cardShares.cardId })
    .from(cardShares)
    .where(and(inArray(cardShares.memberId, memberIds), eq(cardShares.status, 0), inScope(scope, cardShares.orgId)));
  return rows.map((r) => r.id);
}

export async function countShares(db: Executor, scope: Scope, cardId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cardShares)
    .where(and(eq(cardShares.cardId, cardId), inScope(scope, cardShares.orgId)));
  return row?.n ?? 0;
}

export async function insertShare(db: Executor, scope: Scope, values: typeof cardShares.$inferInsert): Promise<ShareRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(cardShares).values(values).returning();
  return row!;
}

export async function updateShare(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Pick<ShareRecord, 'limitFen' | 'limitTimes' | 'status'>>,
) {
  return db
    .update(cardShares)
    .set({ ...values, version: sql`${cardShares.version} + 1` })
    .where(and(eq(cardShares.id, id), eq(cardShares.version, version), inScope(scope, cardShares.orgId)))
    .returning();
}

export async function deleteShare(db: Executor, scope: Scope, id: number): Promise<number> {
  const gone = await db
    .delete(cardShares)
    .where(and(eq(cardShares.id, id), inScope(scope, cardShares.orgId)))
    .returning({ id: cardShares.id });
  return gone.length;
}

/** A sharer's spending within the limit only (exact under concurrency): `used + x <= limit`. */
export async function useShare(db: Executor, scope: Scope, id: number, fen: number, times: number): Promise<ShareRecord | undefined> {
  const [row] = await db
    .update(cardShares)
    .set({ usedFen: sql`${cardShares.usedFen} + ${fen}`, usedTimes: sql`${cardShares.usedTimes} + ${times}` })
    .where(
      and(
        eq(cardShares.id, id),
        eq(cardShares.status, 0),
        or(isNull(cardShares.limitFen), sql`${cardShares.usedFen} + ${fen} <= ${cardShares.limitFen}`),
        or(isNull(cardShares.limitTimes), sql`${cardShares.usedTimes} + ${times} <= ${cardShares.limitTimes}`),
        inScope(scope, cardShares.orgId),
      ),
    )
    .returning();
  return row;
}

/** Gives a sharer's spending back (a refund of what they paid). */
export async function unuseShare(db: Executor, scope: Scope, cardId: number, memberId: number, fen: number, times: number): Promise<void> {
  await db
    .update(cardShares)
    .set({ usedFen: sql`greatest(${cardShares.usedFen} - ${fen}, 0)`, usedTimes: sql`greatest(${cardShares.usedTimes} - ${times}, 0)` })
    .where(and(eq(cardShares.cardId, cardId), eq(cardShares.memberId, memberId), inScope(scope, cardShares.orgId)));
}

export async function insertDistribution(db: Executor, scope: Scope, values: typeof cardDistributions.$inferInsert): Promise<void> {
  await assertInScope(db, scope, [values.orgId]);
  await db.insert(cardDistributions).values(values);
}

/** The newest give of a card to each entrant (entrant id → distribution id). */
export async function latestGives(db: Executor, scope: Scope, cardId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ entrantId: cardDistributions.entrantId, id: max(cardDistributions.id) })
    .from(cardDistributions)
    .where(and(eq(cardDistributions.cardId, cardId), eq(cardDistributions.action, 'give'), inScope(scope, cardDistributions.orgId)))
    .groupBy(cardDistributions.entrantId);
  return new Map(rows.map((r) => [r.entrantId, Number(r.id)]));
}

export async function pageDistributions(db: Executor, scope: Scope, cardId: number, page: { limit: number; offset: number }) {
  const company = alias(members, 'dist_company');
  const entrant = alias(members, 'dist_entrant');
  const where = and(eq(cardDistributions.cardId, cardId), inScope(scope, cardDistributions.orgId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ d: cardDistributions, companyName: company.name, entrantName: entrant.name, operatorName: users.name })
      .from(cardDistributions)
      .innerJoin(company, eq(company.id, cardDistributions.companyId))
      .innerJoin(entrant, eq(entrant.id, cardDistributions.entrantId))
      .leftJoin(users, eq(users.id, cardDistributions.operatorId))
      .where(where)
      .orderBy(desc(cardDistributions.createdAt), desc(cardDistributions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(cardDistributions).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r.d, companyName: r.companyName, entrantName: r.entrantName, operatorName: r.operatorName })) };
}

/**
 * Money actually paid for a card and not refunded: its sale line and the recharges of its account
 * (value cards), each in an order that was paid (the commerce core sums them, comps left out).
 */
export async function paidForCard(db: Executor, scope: Scope, card: Pick<CardRecord, 'id' | 'orgId' | 'accountId'>): Promise<number> {
  return paidFenOf(db, scope, card.orgId, {
    hold: { kind: 'card', key: 'cardId', value: String(card.id) },
    ref: card.accountId ? { kinds: ['recharge', 'card_recharge'], refId: card.accountId } : undefined,
  });
}

/** Whether a refund of the card is still waiting for its review or its payout (a second one is refused meanwhile). */
export async function cardRefundPending(db: Executor, scope: Scope, orgId: number, cardId: number): Promise<boolean> {
  const logs = await db
    .select({ refundId: sql<number>`(${cardLogs.after} ->> 'refundId')::bigint`.mapWith(Number) })
    .from(cardLogs)
    .where(and(eq(cardLogs.orgId, orgId), eq(cardLogs.cardId, cardId), eq(cardLogs.action, 'refund'), inScope(scope, cardLogs.orgId)));
  return someRefundOpen(
    db,
    scope,
    logs.map((l) => l.refundId).filter((id) => Number.isFinite(id)),
  );
}

// ---------------------------------------------------------------- uses, for reports

/** Which uses a report reads: business days [from, to] (the organisation's), optionally one card type. */
export interface CardUseFilter {
  from: string;
  to: string;
  typeId?: number;
}

/**
 * The uses of the scope's cards, one row each, as a subquery another module's report selects from
 * (statistics' card usage: its figures and their lines from one statement, never a query per use).
 * A use is a usage record that takes from a card: a check-in (`checkin`) or a payment by the card
 * (`pay`). Columns: `id`, `org_id`, `day` (`YYYY-MM-DD`), `at` (when it was written: the time of its
 * transaction, which the ledger entries it posted carry too), `card_id`, `card_no`, `type_id`,
 * `type_name`, `card_kind`, `member_id` (who used it: the holder or a sharer), `member_name`,
 * `member_phone` (whole), `used_for`, `detail` (the order's lines, or the check-in's method),
 * `order_id`, `order_no`, `payment_id` (a payment's), `sale_order_id` (the order that sold the card:
 * a times card's check-in posts its share of the price on it), `venue_id` (the order's, or the
 * check-in's; null: none) and `times` (uses taken off a times card, 0 or more).
 */
export function cardUsesOf(scope: Scope, f: CardUseFilter): SQL {
  return sql`
    select u.id, u.org_id, to_char(u.business_day, 'YYYY-MM-DD') as day, u.created_at as at, c.id as card_id, c.card_no, c.type_id, t.name as type_name,
           c.kind as card_kind, coalesce(u.member_id, c.member_id) as member_id, m.name as member_name, m.phone as member_phone, u.kind as used_for,
           case when u.kind = 'pay' then o.item_summary else u.remark end as detail, u.order_id, o.order_no, u.payment_id, c.order_id as sale_order_id,
           coalesce(o.venue_id, v.venue_id) as venue_id, greatest(-u.times, 0) as times
      from ${cardUsages} u
      join ${memberCards} c on c.id = u.card_id
      join ${cardTypes} t on t.id = c.type_id
      left join ${members} m on m.id = coalesce(u.member_id, c.member_id)
      left join ${orders} o on o.id = u.order_id and u.kind = 'pay'
      left join ${memberVisits} v on u.kind = 'checkin' and v.org_id = u.org_id and v.card_id = u.card_id and v.created_at = u.created_at
     where u.kind in ('checkin', 'pay') and ${inScopeSql(scope, sql`u.org_id`)} and u.business_day between ${f.from} and ${f.to}
       and ${f.typeId === undefined ? sql`true` : sql`c.type_id = ${f.typeId}`}`;
}

import { desc, eq, inArray, lte, gt, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { scopedRepo, type Changes } from '../../../platform/scopedRepo.ts';
import { containsText } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { campaigns, campaignUses } from './marketing.table.ts';

/** Every query of the marketing module; each takes the scope. */
export type CampaignRecord = typeof campaigns.$inferSelect;
export type CampaignUseRecord = typeof campaignUses.$inferSelect;

const campaignRepo = scopedRepo(campaigns);
const useRepo = scopedRepo(campaignUses);

// ---------------------------------------------------------------- campaigns

export const findCampaign = (db: Executor, scope: Scope, id: number) => campaignRepo.find(db, scope, id);
export const insertCampaign = (db: Executor, scope: Scope, values: typeof campaigns.$inferInsert) => campaignRepo.insert(db, scope, values);
export const updateCampaign = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof campaigns>) =>
  campaignRepo.update(db, scope, id, version, values);

export const campaignSorts = {
  name: campaigns.name,
  validFrom: campaigns.validFrom,
  budgetFen: campaigns.budgetFen,
  usedFen: campaigns.usedFen,
  createTime: campaigns.createdAt,
};
export const campaignDefaultOrder = [desc(campaigns.id)];

export function pageCampaigns(
  db: Executor,
  scope: Scope,
  f: { name?: string; kind?: string; status?: string },
  order: SQL[],
  page: { limit: number; offset: number },
) {
  const where = campaignRepo.where(
    scope,
    f.name ? containsText(campaigns.name, f.name) : undefined,
    f.kind ? eq(campaigns.kind, f.kind) : undefined,
    f.status ? eq(campaigns.status, f.status) : undefined,
  );
  return campaignRepo.page(db, scope, where, order, page);
}

/** The organisation's campaigns of some kinds that run at `now` (status on, within their dates): the candidates of a sale. */
export function runningCampaigns(db: Executor, scope: Scope, orgId: number, kinds: string[], now: Date): Promise<CampaignRecord[]> {
  return db
    .select()
    .from(campaigns)
    .where(
      campaignRepo.where(
        scope,
        eq(campaigns.orgId, orgId),
        inArray(campaigns.kind, kinds),
        eq(campaigns.status, 'on'),
        lte(campaigns.validFrom, now),
        gt(campaigns.validTo, now),
      ),
    )
    .orderBy(campaigns.id);
}

/**
 * The budget's one conditional write: takes `amountFen` only while the campaign runs and the sum
 * stays within its budget. Answers false when it would pass the budget (or the campaign stopped).
 * Concurrent takers queue on the row and each re-reads `used_fen`, so the budget is never passed.
 */
export async function takeBudget(tx: Tx, scope: Scope, id: number, amountFen: number): Promise<boolean> {
  if (amountFen <= 0) return true;
  const rows = await tx
    .update(campaigns)
    .set({ usedFen: sql`${campaigns.usedFen} + ${amountFen}` })
    .where(campaignRepo.where(scope, eq(campaigns.id, id), eq(campaigns.status, 'on'), sql`${campaigns.usedFen} + ${amountFen} <= ${campaigns.budgetFen}`))
    .returning({ id: campaigns.id });
  return rows.length === 1;
}

/** Gives back what a use took (a cancel, a time-out, a refund); never below zero. */
export async function giveBackBudget(tx: Tx, scope: Scope, id: number, amountFen: number): Promise<void> {
  if (amountFen <= 0) return;
  await tx
    .update(campaigns)
    .set({ usedFen: sql`greatest(0, ${campaigns.usedFen} - ${amountFen})` })
    .where(campaignRepo.where(scope, eq(campaigns.id, id)));
}

// ---------------------------------------------------------------- uses

export const insertCampaignUse = (db: Executor, scope: Scope, values: typeof campaignUses.$inferInsert) => useRepo.insert(db, scope, values);

/** An order's uses in some states. */
export function usesOfOrder(db: Executor, scope: Scope, orderId: number, states: string[]): Promise<CampaignUseRecord[]> {
  return db
    .select()
    .from(campaignUses)
    .where(useRepo.where(scope, eq(campaignUses.orderId, orderId), inArray(campaignUses.state, states)))
    .orderBy(campaignUses.id);
}

/** Moves a use from one of `from` to `to`; answers the use when it moved (a repeated hook moves nothing). */
export async function moveUse(db: Executor, scope: Scope, id: number, from: string[], to: string): Promise<CampaignUseRecord | undefined> {
  const [row] = await db
    .update(campaignUses)
    .set({ state: to, settledAt: new Date() })
    .where(useRepo.where(scope, eq(campaignUses.id, id), inArray(campaignUses.state, from)))
    .returning();
  return row;
}

/** The pack issue that gave a coupon batch (the campaign whose budget its coupons use). */
export async function packOfBatch(db: Executor, scope: Scope, batchId: number): Promise<CampaignUseRecord | undefined> {
  const [row] = await db
    .select()
    .from(campaignUses)
    .where(useRepo.where(scope, eq(campaignUses.batchId, batchId), eq(campaignUses.what, 'pack')));
  return row;
}

/** A coupon's live use of a campaign by an order. */
export async function couponUseOf(db: Executor, scope: Scope, couponId: number, orderId: number, states: string[]): Promise<CampaignUseRecord | undefined> {
  const [row] = await db
    .select()
    .from(campaignUses)
    .where(useRepo.where(scope, eq(campaignUses.couponId, couponId), eq(campaignUses.orderId, orderId), inArray(campaignUses.state, states)));
  return row;
}

export async function pageUses(db: Executor, scope: Scope, f: { campaignId: number; state?: string }, page: { limit: number; offset: number }) {
  const where = useRepo.where(scope, eq(campaignUses.campaignId, f.campaignId), f.state ? eq(campaignUses.state, f.state) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ use: campaignUses, orderNo: orders.orderNo, memberName: members.name })
      .from(campaignUses)
      .leftJoin(orders, eq(orders.id, campaignUses.orderId))
      .leftJoin(members, eq(members.id, campaignUses.memberId))
      .where(where)
      .orderBy(desc(campaignUses.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaignUses)
      .where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

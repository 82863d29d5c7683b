import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, type Scope } from '../../../platform/scope.ts';
import { scopedRepo, type Changes } from '../../../platform/scopedRepo.ts';
import { users } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { courses } from './course.table.ts';
import { courseConsignLines, courseConsignPayouts, coursePartners } from './consign.table.ts';

export type PartnerRecord = typeof coursePartners.$inferSelect;
export type ConsignLineRecord = typeof courseConsignLines.$inferSelect;
export type PayoutRecord = typeof courseConsignPayouts.$inferSelect;

const partnerRepo = scopedRepo(coursePartners);
const lineRepo = scopedRepo(courseConsignLines);
const payoutRepo = scopedRepo(courseConsignPayouts);
const courseRepo = scopedRepo(courses);

// ---------------------------------------------------------------- partners

export interface PartnerFilter {
  name?: string;
  status?: string;
  id?: number;
}
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const partnerWhere = (f: PartnerFilter) =>
  and(
    f.id ? eq(coursePartners.id, f.id) : undefined,
    f.name ? ilike(coursePartners.name, `%${escapeLike(f.name)}%`) : undefined,
    f.status ? eq(coursePartners.status, f.status) : undefined,
  );
export const partnerSorts = { name: coursePartners.name, sharePermille: coursePartners.sharePermille, createTime: coursePartners.createdAt };
export const partnerDefaultOrder = [desc(coursePartners.id)];

export async function pagePartners(db: Executor, scope: Scope, f: PartnerFilter, order: SQL[], p: { limit: number; offset: number }) {
  const where = partnerRepo.where(scope, partnerWhere(f));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        partner: coursePartners,
        courses: sql<number>`${sql.raw('(select count(*)::int from sport_course c where c.org_id = "sport_course_partner"."org_id" and c.partner_id = "sport_course_partner"."id")')}`,
      })
      .from(coursePartners)
      .where(where)
      .orderBy(...order)
      .limit(p.limit)
      .offset(p.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(coursePartners)
      .where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export const findPartner = (db: Executor, scope: Scope, id: number) => partnerRepo.find(db, scope, id);
export const insertPartner = (db: Executor, scope: Scope, values: typeof coursePartners.$inferInsert) => partnerRepo.insert(db, scope, values);
export const updatePartner = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof coursePartners>) =>
  partnerRepo.update(db, scope, id, version, values);

/** Partner names by id (the course list's consigned column). */
export async function partnerNames(db: Executor, scope: Scope, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: coursePartners.id, name: coursePartners.name })
    .from(coursePartners)
    .where(partnerRepo.where(scope, inArray(coursePartners.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---------------------------------------------------------------- share lines

/** Writes the line unless the item already has one of its kind; answers it when written. */
export async function insertLineOnce(db: Executor, scope: Scope, values: typeof courseConsignLines.$inferInsert): Promise<ConsignLineRecord | undefined> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(courseConsignLines).values(values).onConflictDoNothing().returning();
  return row;
}

export async function setLineTxn(db: Executor, scope: Scope, id: number, ledgerTxnNo: string): Promise<void> {
  await db
    .update(courseConsignLines)
    .set({ ledgerTxnNo })
    .where(lineRepo.where(scope, eq(courseConsignLines.id, id)));
}

/** A seat's share as it stands: its sale line, and what of its paid money and share its later lines (adjust, refund) left. */
export async function seatShareOf(
  db: Executor,
  scope: Scope,
  itemId: number,
): Promise<{ sale: ConsignLineRecord; paidLeftFen: number; shareLeftFen: number; refunded: boolean } | undefined> {
  const rows = await db
    .select()
    .from(courseConsignLines)
    .where(lineRepo.where(scope, eq(courseConsignLines.itemId, itemId)));
  const sale = rows.find((r) => r.kind === 'sale');
  if (!sale) return undefined;
  const sum = (k: 'paidFen' | 'shareFen') => rows.reduce((n, r) => n + r[k], 0);
  return { sale, paidLeftFen: sum('paidFen'), shareLeftFen: sum('shareFen'), refunded: rows.some((r) => r.kind === 'refund') };
}

/** The seats of an order that owe a partner a share (their sale lines), oldest first. */
export async function saleLinesOfOrder(db: Executor, scope: Scope, orderId: number): Promise<ConsignLineRecord[]> {
  return db
    .select()
    .from(courseConsignLines)
    .where(lineRepo.where(scope, eq(courseConsignLines.orderId, orderId), eq(courseConsignLines.kind, 'sale')))
    .orderBy(asc(courseConsignLines.id));
}

/** Consigned courses (of a partner, or all) with their lines' sums over [fromDay, toDay]. */
export async function consignedCourses(db: Executor, scope: Scope, fromDay: string, toDay: string, partnerId?: number) {
  const inMonth = and(
    eq(courseConsignLines.orgId, courses.orgId),
    eq(courseConsignLines.courseId, courses.id),
    gte(courseConsignLines.businessDay, fromDay),
    lte(courseConsignLines.businessDay, toDay),
  );
  return db
    .select({
      courseId: courses.id,
      courseName: courses.name,
      courseState: courses.state,
      partnerId: coursePartners.id,
      partnerName: coursePartners.name,
      seats: sql<number>`coalesce(sum(case when ${courseConsignLines.kind} = 'sale' then 1 when ${courseConsignLines.kind} = 'refund' then -1 else 0 end), 0)::int`,
      revenueFen: sql<number>`coalesce(sum(${courseConsignLines.paidFen}), 0)::bigint`,
      partnerFen: sql<number>`coalesce(sum(${courseConsignLines.shareFen}), 0)::bigint`,
    })
    .from(courses)
    .innerJoin(coursePartners, and(eq(coursePartners.orgId, courses.orgId), eq(coursePartners.id, courses.partnerId)))
    .leftJoin(courseConsignLines, inMonth)
    .where(courseRepo.where(scope, isNotNull(courses.partnerId), partnerId ? eq(courses.partnerId, partnerId) : undefined))
    .groupBy(courses.id, courses.name, courses.state, coursePartners.id, coursePartners.name)
    .orderBy(asc(coursePartners.name), asc(courses.name));
}

/** A partner's lines over [fromDay, toDay], oldest first, with the order, course and member. */
export async function partnerLines(db: Executor, scope: Scope, partnerId: number, fromDay: string, toDay: string) {
  return db
    .select({ line: courseConsignLines, orderNo: orders.orderNo, courseName: courses.name, memberName: members.name })
    .from(courseConsignLines)
    .leftJoin(orders, and(eq(orders.orgId, courseConsignLines.orgId), eq(orders.id, courseConsignLines.orderId)))
    .leftJoin(courses, and(eq(courses.orgId, courseConsignLines.orgId), eq(courses.id, courseConsignLines.courseId)))
    .leftJoin(members, and(eq(members.orgId, orders.orgId), eq(members.id, orders.memberId)))
    .where(
      lineRepo.where(
        scope,
        eq(courseConsignLines.partnerId, partnerId),
        gte(courseConsignLines.businessDay, fromDay),
        lte(courseConsignLines.businessDay, toDay),
      ),
    )
    .orderBy(asc(courseConsignLines.businessDay), asc(courseConsignLines.id));
}

/** The sum of a partner's shares over [fromDay, toDay]. */
export async function partnerSum(db: Executor, scope: Scope, partnerId: number, fromDay: string, toDay: string): Promise<number> {
  const [row] = await db
    .select({ fen: sql<number>`coalesce(sum(${courseConsignLines.shareFen}), 0)::bigint` })
    .from(courseConsignLines)
    .where(
      lineRepo.where(
        scope,
        eq(courseConsignLines.partnerId, partnerId),
        gte(courseConsignLines.businessDay, fromDay),
        lte(courseConsignLines.businessDay, toDay),
      ),
    );
  return Number(row?.fen ?? 0);
}

// ---------------------------------------------------------------- payouts

export async function payoutOf(db: Executor, scope: Scope, partnerId: number, month: string) {
  const [row] = await db
    .select({ payout: courseConsignPayouts, paidByName: users.name })
    .from(courseConsignPayouts)
    .leftJoin(users, eq(users.id, courseConsignPayouts.paidBy))
    .where(payoutRepo.where(scope, eq(courseConsignPayouts.partnerId, partnerId), eq(courseConsignPayouts.month, month)));
  return row;
}

/** The month's payout, written once: answers undefined when the month was paid already. */
export async function insertPayoutOnce(db: Executor, scope: Scope, values: typeof courseConsignPayouts.$inferInsert): Promise<PayoutRecord | undefined> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(courseConsignPayouts).values(values).onConflictDoNothing().returning();
  return row;
}

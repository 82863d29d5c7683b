import { asc, count, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { scopedRepo, type Changes } from '../../../platform/scopedRepo.ts';
import type { Scope } from '../../../platform/scope.ts';
import { containsText } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { sites } from '../venue/index.ts';
import { coaches } from '../coach/index.ts';
import { sparringChanges, sparringGroups, sparringSessions } from './sparring.table.ts';

/** Every query on the sparring tables; each takes a required scope (built in by `scopedRepo`). */
export type GroupRecord = typeof sparringGroups.$inferSelect;
export type ChangeRecord = typeof sparringChanges.$inferSelect;
export type SessionRecord = typeof sparringSessions.$inferSelect;

const groupRepo = scopedRepo(sparringGroups);
const changeRepo = scopedRepo(sparringChanges);
const sessionRepo = scopedRepo(sparringSessions);

// ---------------------------------------------------------------- price groups

export const findGroup = (db: Executor, scope: Scope, id: number) => groupRepo.find(db, scope, id);
export const insertGroup = (db: Executor, scope: Scope, values: typeof sparringGroups.$inferInsert) => groupRepo.insert(db, scope, values);
export const updateGroup = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof sparringGroups>) =>
  groupRepo.update(db, scope, id, version, values);
export const removeGroup = (db: Executor, scope: Scope, id: number) => groupRepo.remove(db, scope, [id]);

/** Every approved group of an organisation (they price its sparring hours). */
export async function groupsOfOrg(db: Executor, scope: Scope, orgId: number): Promise<GroupRecord[]> {
  return db
    .select()
    .from(sparringGroups)
    .where(groupRepo.where(scope, eq(sparringGroups.orgId, orgId)))
    .orderBy(asc(sparringGroups.id));
}

export async function pageGroups(db: Executor, scope: Scope, f: { name?: string }, page: { limit: number; offset: number }) {
  const where = groupRepo.where(scope, f.name ? containsText(sparringGroups.name, f.name) : undefined);
  return groupRepo.page(db, scope, where, [asc(sparringGroups.id)], page);
}

/** The pending change of each of these groups. */
export async function pendingOfGroups(db: Executor, scope: Scope, groupIds: number[]): Promise<Map<number, number>> {
  if (!groupIds.length) return new Map();
  const rows = await db
    .select({ id: sparringChanges.id, groupId: sparringChanges.groupId })
    .from(sparringChanges)
    .where(changeRepo.where(scope, eq(sparringChanges.state, 'pending')));
  return new Map(rows.filter((r) => r.groupId !== null && groupIds.includes(r.groupId)).map((r) => [r.groupId!, r.id]));
}

// ---------------------------------------------------------------- changes

export const findChange = (db: Executor, scope: Scope, id: number) => changeRepo.find(db, scope, id);
export const insertChange = (db: Executor, scope: Scope, values: typeof sparringChanges.$inferInsert) => changeRepo.insert(db, scope, values);
export const insertChanges = (db: Executor, scope: Scope, values: (typeof sparringChanges.$inferInsert)[]) => changeRepo.insertMany(db, scope, values);
export const updateChange = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof sparringChanges>) =>
  changeRepo.update(db, scope, id, version, values);

/** A page of changes, newest first. */
export async function pageChanges(db: Executor, scope: Scope, f: { state?: string; groupId?: number; id?: number }, page: { limit: number; offset: number }) {
  const where = changeRepo.where(
    scope,
    f.state ? eq(sparringChanges.state, f.state) : undefined,
    f.groupId ? eq(sparringChanges.groupId, f.groupId) : undefined,
    f.id ? eq(sparringChanges.id, f.id) : undefined,
  );
  return changeRepo.page(db, scope, where, [desc(sparringChanges.createdAt), desc(sparringChanges.id)], page);
}

// ---------------------------------------------------------------- sessions

export const insertSession = (db: Executor, scope: Scope, values: typeof sparringSessions.$inferInsert) => sessionRepo.insert(db, scope, values);

export async function sessionOfItem(db: Executor, scope: Scope, itemId: number): Promise<SessionRecord | undefined> {
  const [row] = await db
    .select()
    .from(sparringSessions)
    .where(sessionRepo.where(scope, eq(sparringSessions.itemId, itemId)));
  return row;
}

/** Moves a session from one of `from` states to `to`; answers whether it moved. */
export async function setSessionState(db: Executor, scope: Scope, id: number, from: string[], to: string): Promise<boolean> {
  const rows = await db
    .update(sparringSessions)
    .set({ state: to })
    .where(sessionRepo.where(scope, eq(sparringSessions.id, id), or(...from.map((s) => eq(sparringSessions.state, s)))))
    .returning({ id: sparringSessions.id });
  return rows.length > 0;
}

export interface SessionFilter {
  coachId?: number;
  dateFrom?: string;
  dateTo?: string;
  state?: string;
  keyword?: string;
  orderId?: number;
}

/** A page of sessions with their order (number, state, buyer, money) and site name, newest day first. */
export async function pageSessions(db: Executor, scope: Scope, f: SessionFilter, page: { limit: number; offset: number }) {
  const conds: (SQL | undefined)[] = [
    f.coachId ? eq(sparringSessions.coachId, f.coachId) : undefined,
    f.dateFrom ? gte(sparringSessions.day, f.dateFrom) : undefined,
    f.dateTo ? lte(sparringSessions.day, f.dateTo) : undefined,
    f.state ? eq(sparringSessions.state, f.state) : undefined,
    f.orderId ? eq(sparringSessions.orderId, f.orderId) : undefined,
    f.keyword ? or(containsText(orders.orderNo, f.keyword), containsText(orders.buyerName, f.keyword), containsText(orders.buyerPhone, f.keyword)) : undefined,
  ];
  const where = sessionRepo.where(scope, ...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        session: sparringSessions,
        orderNo: orders.orderNo,
        orderState: orders.state,
        buyerName: orders.buyerName,
        buyerPhone: orders.buyerPhone,
        paidFen: orders.paidFen,
        refundedFen: orders.refundedFen,
        expiresAt: orders.expiresAt,
        siteName: sites.name,
      })
      .from(sparringSessions)
      .innerJoin(orders, eq(orders.id, sparringSessions.orderId))
      .leftJoin(sites, eq(sites.id, sparringSessions.siteId))
      .where(where)
      .orderBy(desc(sparringSessions.day), desc(sparringSessions.startMin), desc(sparringSessions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(sparringSessions).innerJoin(orders, eq(orders.id, sparringSessions.orderId)).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

// ---------------------------------------------------------------- the coach module's coaches (a read-only read, for the demo)

const coachRead = scopedRepo(coaches);

/** An organisation's coaches with their levels, oldest first. */
export async function coachesOfOrg(db: Executor, scope: Scope, orgId: number): Promise<{ id: number; name: string; level: string | null }[]> {
  return db
    .select({ id: coaches.id, name: coaches.name, level: coaches.level })
    .from(coaches)
    .where(coachRead.where(scope, eq(coaches.orgId, orgId)))
    .orderBy(asc(coaches.id));
}

/** The active coaches working at a venue (its id in their venues), by name: who the booking dialog may offer. */
export async function activeCoachesOfVenue(db: Executor, scope: Scope, orgId: number, venueId: number) {
  return db
    .select({ id: coaches.id, orgId: coaches.orgId, name: coaches.name, level: coaches.level, photo: coaches.photo, sports: coaches.sports })
    .from(coaches)
    .where(coachRead.where(scope, eq(coaches.orgId, orgId), eq(coaches.status, 'active'), sql`${coaches.venueIds} @> ${JSON.stringify([venueId])}::jsonb`))
    .orderBy(asc(coaches.name), asc(coaches.id));
}

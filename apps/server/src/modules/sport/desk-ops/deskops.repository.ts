import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../platform/db.ts';
import type { PgTable } from 'drizzle-orm/pg-core';
import { assertInScope, inScope, inScopeSql, type Scope } from '../../../platform/scope.ts';
import { scopedRepo } from '../../../platform/scopedRepo.ts';
import { containsText, mapDuplicate, roles, userRoles, users } from '../../system/index.ts';
import { venues } from '../venue/index.ts';
import { appPages, feedback, incidentLogs, incidents, pageBindings, queueDays, queueTickets, workCategories, workOrders } from './deskops.table.ts';

/** Every query of the desk-ops module; each takes the scope. */

/** A category's name or a page's code taken twice (among its siblings) answers 100409 `duplicate` naming the field. */
export const mapDuplicateCode = <T>(work: Promise<T>) =>
  mapDuplicate(work, { sport_app_page_code_uq: ['code', 'field.code'], sport_work_category_name_uq: ['name', 'field.workCategoryName'] });
export const feedbackRepo = scopedRepo(feedback);
export const categoryRepo = scopedRepo(workCategories);
export const workOrderRepo = scopedRepo(workOrders);
export const incidentRepo = scopedRepo(incidents);
export const incidentLogRepo = scopedRepo(incidentLogs);
export const ticketRepo = scopedRepo(queueTickets);
export const pageRepo = scopedRepo(appPages);
export type WorkOrderRecord = typeof workOrders.$inferSelect;

// ---------------------------------------------------------------- feedback

export function feedbackWhere(scope: Scope, f: { keyword?: string; category?: string; status?: string }) {
  return feedbackRepo.where(
    scope,
    f.keyword ? sql`(${containsText(feedback.content, f.keyword)} or ${containsText(feedback.contact, f.keyword)})` : undefined,
    f.category ? eq(feedback.category, f.category) : undefined,
    f.status ? eq(feedback.status, f.status) : undefined,
  );
}

export const pageFeedback = (db: Executor, scope: Scope, f: Parameters<typeof feedbackWhere>[1], page: { limit: number; offset: number }) =>
  feedbackRepo.page(db, scope, feedbackWhere(scope, f), [desc(feedback.id)], page);

// ---------------------------------------------------------------- work orders

export const pageCategories = (db: Executor, scope: Scope, f: { name?: string }, page: { limit: number; offset: number }) =>
  categoryRepo.page(db, scope, categoryRepo.where(scope, f.name ? containsText(workCategories.name, f.name) : undefined), [asc(workCategories.id)], page);

const isOverdue = (now: Date) => sql<boolean>`(${workOrders.state} in ('open','inProgress') and ${workOrders.dueAt} < ${now.toISOString()}::timestamptz)`;

export type WorkOrderFilter = { id?: number; title?: string; state?: string; categoryId?: number; overdue?: boolean };

function workOrderFilter(f: WorkOrderFilter, now: Date) {
  return and(
    f.id ? eq(workOrders.id, f.id) : undefined,
    f.title ? containsText(workOrders.title, f.title) : undefined,
    f.state ? eq(workOrders.state, f.state) : undefined,
    f.categoryId ? eq(workOrders.categoryId, f.categoryId) : undefined,
    f.overdue === undefined ? undefined : f.overdue ? isOverdue(now) : sql`not ${isOverdue(now)}`,
  );
}

/** Overdue first, then by due time (the soonest first), then the newest. */
export async function pageWorkOrders(db: Executor, scope: Scope, f: WorkOrderFilter, now: Date, page: { limit: number; offset: number }) {
  const where = workOrderRepo.where(scope, workOrderFilter(f, now));
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: workOrders, categoryName: workCategories.name, userName: users.name, roleName: roles.name, overdue: isOverdue(now) })
      .from(workOrders)
      .innerJoin(workCategories, eq(workCategories.id, workOrders.categoryId))
      .leftJoin(users, eq(users.id, workOrders.assigneeUserId))
      .leftJoin(roles, eq(roles.id, workOrders.assigneeRoleId))
      .where(where)
      .orderBy(desc(isOverdue(now)), asc(workOrders.dueAt), desc(workOrders.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(workOrders)
      .where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

/** The one conditional write of a move: only from the state seen, at the version seen (two operators cannot both take it). */
export async function moveWorkOrder(db: Executor, scope: Scope, id: number, from: string[], version: number, set: Partial<WorkOrderRecord>) {
  const [row] = await db
    .update(workOrders)
    .set({ ...set, version: sql`${workOrders.version} + 1`, updatedAt: new Date() })
    .where(workOrderRepo.where(scope, eq(workOrders.id, id), inArray(workOrders.state, from), eq(workOrders.version, version)))
    .returning();
  return row;
}

/** The users holding a role of the organisation (who hear of an order assigned to the role). */
export async function usersOfRole(db: Executor, scope: Scope, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.roleId, roleId), inScope(scope, userRoles.orgId)));
  return rows.map((r) => r.id);
}

/** A role of exactly this organisation (an order's assignee), read in the caller's scope. */
export async function roleInOrg(db: Executor, scope: Scope, orgId: number, roleId: number) {
  const [r] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.orgId, orgId), inScope(scope, roles.orgId)));
  return r;
}

// ---------------------------------------------------------------- incidents

export type IncidentFilter = { id?: number; title?: string; stadiumId?: number; kind?: string; state?: string };

function incidentFilter(f: IncidentFilter) {
  return and(
    f.id ? eq(incidents.id, f.id) : undefined,
    f.title ? containsText(incidents.title, f.title) : undefined,
    f.stadiumId ? eq(incidents.venueId, f.stadiumId) : undefined,
    f.kind ? eq(incidents.kind, f.kind) : undefined,
    f.state ? eq(incidents.state, f.state) : undefined,
  );
}

export async function pageIncidents(db: Executor, scope: Scope, f: IncidentFilter, page: { limit: number; offset: number }) {
  const where = incidentRepo.where(scope, incidentFilter(f));
  const [rows, [total]] = await Promise.all([
    db
      .select({ incident: incidents, stadiumName: venues.stadiumName })
      .from(incidents)
      .leftJoin(venues, eq(venues.id, incidents.venueId))
      .where(where)
      .orderBy(desc(incidents.occurredAt), desc(incidents.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(incidents)
      .where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

export function logsOf(db: Executor, scope: Scope, incidentId: number) {
  return db
    .select({ log: incidentLogs, name: users.name })
    .from(incidentLogs)
    .leftJoin(users, eq(users.id, incidentLogs.createdBy))
    .where(incidentLogRepo.where(scope, eq(incidentLogs.incidentId, incidentId)))
    .orderBy(asc(incidentLogs.id));
}

// ---------------------------------------------------------------- queue

/**
 * Takes the next number of a venue's day: one upsert raises the day's counter (the row lock makes
 * concurrent takers, in any process, queue behind each other), and the ticket is inserted in the
 * same transaction, so numbers are unique, gap-free and in the order they were given. A venue out
 * of the scope takes nothing (undefined).
 */
export async function takeNumber(tx: Tx, scope: Scope, venueId: number, day: string): Promise<{ id: number; number: number } | undefined> {
  const counted = (await tx.execute(sql`
    insert into ${queueDays} (org_id, venue_id, day, last_number)
    select v.org_id, v.id, ${day}::date, 1 from ${venues} v where v.id = ${venueId} and ${inScopeSql(scope, sql`v.org_id`)}
    on conflict (venue_id, day) do update set last_number = ${queueDays}.last_number + 1
    returning org_id, last_number`)) as unknown as { rows: { org_id: string; last_number: number }[] };
  const counter = counted.rows[0];
  if (!counter) return undefined;
  const [ticket] = await tx
    .insert(queueTickets)
    .values({ orgId: Number(counter.org_id), venueId, day, number: Number(counter.last_number) })
    .returning({ id: queueTickets.id, number: queueTickets.number });
  return ticket;
}

export async function waitingBefore(db: Executor, scope: Scope, venueId: number, day: string, number: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(queueTickets)
    .where(
      and(
        inScope(scope, queueTickets.orgId),
        eq(queueTickets.venueId, venueId),
        eq(queueTickets.day, day),
        eq(queueTickets.state, 'waiting'),
        lt(queueTickets.number, number),
      ),
    );
  return Number(r?.n ?? 0);
}

/**
 * Calls the lowest waiting number: the candidate row is locked with SKIP LOCKED, so two desks
 * calling at once each get a different number, never the same one twice.
 */
export async function callLowestWaiting(db: Executor, scope: Scope, venueId: number, day: string, desk: string) {
  const [row] = await db
    .update(queueTickets)
    .set({ state: 'called', desk, calls: sql`${queueTickets.calls} + 1`, calledAt: new Date() })
    .where(
      sql`${queueTickets.id} = (select id from ${queueTickets} where ${and(
        inScope(scope, queueTickets.orgId),
        eq(queueTickets.venueId, venueId),
        eq(queueTickets.day, day),
        eq(queueTickets.state, 'waiting'),
      )} order by ${queueTickets.number} limit 1 for update skip locked)`,
    )
    .returning();
  return row;
}

/** Moves a ticket from one of `from` (conditional: what another desk changed meanwhile is not overwritten). */
export async function moveTicket(db: Executor, scope: Scope, id: number, from: string[], set: Partial<typeof queueTickets.$inferInsert>) {
  const [row] = await db
    .update(queueTickets)
    .set(set)
    .where(ticketRepo.where(scope, eq(queueTickets.id, id), inArray(queueTickets.state, from)))
    .returning();
  return row;
}

export function ticketsOfDay(db: Executor, scope: Scope, venueId: number, day: string, state: string | undefined, page: { limit: number; offset: number }) {
  const where = ticketRepo.where(scope, eq(queueTickets.venueId, venueId), eq(queueTickets.day, day), state ? eq(queueTickets.state, state) : undefined);
  return ticketRepo.page(db, scope, where, [asc(queueTickets.number)], page);
}

export async function boardOf(db: Executor, scope: Scope, venueId: number, day: string) {
  const base = ticketRepo.where(scope, eq(queueTickets.venueId, venueId), eq(queueTickets.day, day));
  const [called, [counts], [counter]] = await Promise.all([
    db
      .select()
      .from(queueTickets)
      .where(and(base, eq(queueTickets.state, 'called')))
      .orderBy(desc(queueTickets.calledAt))
      .limit(12),
    db
      .select({ waiting: sql<number>`count(*) filter (where ${queueTickets.state} = 'waiting')::int` })
      .from(queueTickets)
      .where(base),
    db
      .select({ last: queueDays.lastNumber })
      .from(queueDays)
      .where(and(eq(queueDays.venueId, venueId), eq(queueDays.day, day))),
  ]);
  return { called, waiting: Number(counts?.waiting ?? 0), lastNumber: counter?.last ?? 0 };
}

// ---------------------------------------------------------------- page settings

export function pagesOf(db: Executor, scope: Scope, f: { name?: string }) {
  return db
    .select()
    .from(appPages)
    .where(pageRepo.where(scope, f.name ? containsText(appPages.name, f.name) : undefined))
    .orderBy(asc(appPages.sort), asc(appPages.id));
}

export function bindingsOf(db: Executor, scope: Scope, slotIds: number[]) {
  if (!slotIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(pageBindings)
    .where(and(inScope(scope, pageBindings.orgId), inArray(pageBindings.slotId, slotIds)))
    .orderBy(asc(pageBindings.sort), asc(pageBindings.id));
}

/** Replaces what a slot shows (in the caller's transaction). */
export async function replaceBindings(tx: Tx, scope: Scope, orgId: number, slotId: number, items: { kind: string; refId: number }[]) {
  await tx.delete(pageBindings).where(and(inScope(scope, pageBindings.orgId), eq(pageBindings.orgId, orgId), eq(pageBindings.slotId, slotId)));
  if (items.length) await tx.insert(pageBindings).values(items.map((it, i) => ({ orgId, slotId, kind: it.kind, refId: it.refId, sort: i })));
}

export const deletePage = (db: Executor, scope: Scope, id: number) => db.delete(appPages).where(pageRepo.where(scope, eq(appPages.id, id)));

// ---------------------------------------------------------------- demo

/** Rows of one organisation written at once (the demo's few batch inserts), checked against the scope. */
async function insertRows<T extends PgTable>(db: Executor, scope: Scope, table: T, rows: (T['$inferInsert'] & { orgId: number })[]) {
  await assertInScope(
    db,
    scope,
    rows.map((r) => r.orgId),
  );
  return rows.length
    ? ((await db
        .insert(table)
        .values(rows as never)
        .returning()) as T['$inferSelect'][])
    : [];
}
type Rows<T extends PgTable> = (T['$inferInsert'] & { orgId: number })[];
export const insertFeedbackRows = (db: Executor, scope: Scope, rows: Rows<typeof feedback>) => insertRows(db, scope, feedback, rows);
export const insertCategoryRows = (db: Executor, scope: Scope, rows: Rows<typeof workCategories>) => insertRows(db, scope, workCategories, rows);
export const insertWorkOrderRows = (db: Executor, scope: Scope, rows: Rows<typeof workOrders>) => insertRows(db, scope, workOrders, rows);
export const insertIncidentRows = (db: Executor, scope: Scope, rows: Rows<typeof incidents>) => insertRows(db, scope, incidents, rows);
export const insertIncidentLogRows = (db: Executor, scope: Scope, rows: Rows<typeof incidentLogs>) => insertRows(db, scope, incidentLogs, rows);
export const insertQueueDayRows = (db: Executor, scope: Scope, rows: Rows<typeof queueDays>) => insertRows(db, scope, queueDays, rows);
export const insertTicketRows = (db: Executor, scope: Scope, rows: Rows<typeof queueTickets>) => insertRows(db, scope, queueTickets, rows);
export const insertPageRows = (db: Executor, scope: Scope, rows: Rows<typeof appPages>) => insertRows(db, scope, appPages, rows);
export const insertBindingRows = (db: Executor, scope: Scope, rows: Rows<typeof pageBindings>) => insertRows(db, scope, pageBindings, rows);

/** The first few venues, courses and goods of an organisation, and the first venue's time zone (what the demo binds and queues at). */
export async function demoRefs(db: Executor, scope: Scope) {
  const ids = async (table: 'sport_venue' | 'sport_course' | 'sport_goods') =>
    (
      (await db.execute(sql`select id from ${sql.identifier(table)} where ${inScopeSql(scope, sql`org_id`)} order by id limit 3`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((r) => Number(r.id));
  const [venueIds, courseIds, goodsIds] = [await ids('sport_venue'), await ids('sport_course'), await ids('sport_goods')];
  const [venue] = venueIds.length
    ? await db
        .select({ timeZone: venues.timeZone })
        .from(venues)
        .where(and(eq(venues.id, venueIds[0]!), inScope(scope, venues.orgId)))
    : [];
  return { venueIds, courseIds, goodsIds, timeZone: venue?.timeZone ?? 'Asia/Shanghai' };
}

import { and, asc, count, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../../platform/scope.ts';
import { containsText } from '../../../system/index.ts';
import { orders } from '../../commerce/index.ts';
import { venues } from '../../venue/index.ts';
import { seatmaps, ticketLevels, ticketProjects, ticketSeats, ticketSessions, tickets, ticketTypes } from '../ticket.table.ts';
import { ticketDataLog, ticketPerformers, ticketProjectPerformers, ticketWantSee } from './catalogue.table.ts';
import { ticketNotices, ticketTemplates } from './template.table.ts';

/**
 * Every query of ticketing's catalogue extras: performers and their projects, purchase notices,
 * ticket templates, want-to-see entries, the data log, a session's seats when it moves to a later
 * map version, competition orders and the per-project overview. Each takes a required scope and
 * puts it in the `where` of every read and write; inserts check the organisation first.
 */
export type PerformerRecord = typeof ticketPerformers.$inferSelect;
export type NoticeRecord = typeof ticketNotices.$inferSelect;
export type TemplateRecord = typeof ticketTemplates.$inferSelect;
export type WantSeeRecord = typeof ticketWantSee.$inferSelect;
type Page = { limit: number; offset: number };
const bump = (v: { version: unknown }) => sql`${v.version} + 1`;
/**
 * An outer column named in a correlated subquery, always with its table: Drizzle leaves columns of
 * a one-table select unqualified, which inside the subquery would name the subquery's own column.
 */
const outer = (table: string, column: string) => sql.raw(`"${table}"."${column}"`);

async function pageOf<R>(rows: Promise<R[]>, total: Promise<{ n: number }[]>) {
  const [r, [t]] = await Promise.all([rows, total]);
  return { total: t?.n ?? 0, rows: r };
}

// ---------------------------------------------------------------- performers

export const performerSorts = { name: ticketPerformers.name, createTime: ticketPerformers.createdAt };
export const performerDefaultOrder = [desc(ticketPerformers.id)];
const performerProjects =
  sql<number>`(select count(*)::int from sport_ticket_project_performer pp where pp.performer_id = ${outer('sport_ticket_performer', 'id')})`.mapWith(Number);

export async function pagePerformers(db: Executor, scope: Scope, f: { id?: number; name?: string; projectId?: number }, order: SQL[], page: Page) {
  const where = and(
    inScope(scope, ticketPerformers.orgId),
    f.id !== undefined ? eq(ticketPerformers.id, f.id) : undefined,
    f.name ? containsText(ticketPerformers.name, f.name) : undefined,
    f.projectId !== undefined
      ? exists(
          db
            .select({ one: sql`1` })
            .from(ticketProjectPerformers)
            .where(and(eq(ticketProjectPerformers.performerId, ticketPerformers.id), eq(ticketProjectPerformers.projectId, f.projectId))),
        )
      : undefined,
  );
  return pageOf(
    db
      .select({ performer: ticketPerformers, projectCount: performerProjects })
      .from(ticketPerformers)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketPerformers).where(where),
  );
}

export async function findPerformers(db: Executor, scope: Scope, ids: number[]): Promise<PerformerRecord[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(ticketPerformers)
    .where(and(inArray(ticketPerformers.id, ids), inScope(scope, ticketPerformers.orgId)));
}

export async function insertPerformer(db: Executor, scope: Scope, values: typeof ticketPerformers.$inferInsert): Promise<PerformerRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(ticketPerformers).values(values).returning();
  return row!;
}

export async function updatePerformer(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Pick<typeof ticketPerformers.$inferInsert, 'name' | 'photoUrl' | 'role' | 'intro'>>,
) {
  return db
    .update(ticketPerformers)
    .set({ ...values, updatedAt: new Date(), version: bump(ticketPerformers) })
    .where(and(eq(ticketPerformers.id, id), eq(ticketPerformers.version, version), inScope(scope, ticketPerformers.orgId)))
    .returning();
}

/** Deletes a performer; one still listed by a project is refused by the database (foreign key). */
export async function deletePerformer(db: Executor, scope: Scope, id: number): Promise<number> {
  const rows = await db
    .delete(ticketPerformers)
    .where(and(eq(ticketPerformers.id, id), inScope(scope, ticketPerformers.orgId)))
    .returning({ id: ticketPerformers.id });
  return rows.length;
}

/** The performers of projects, in billing order. */
export async function performersOfProjects(db: Executor, scope: Scope, projectIds: number[]) {
  if (!projectIds.length) return [];
  return db
    .select({ projectId: ticketProjectPerformers.projectId, id: ticketPerformers.id, name: ticketPerformers.name })
    .from(ticketProjectPerformers)
    .innerJoin(ticketPerformers, eq(ticketPerformers.id, ticketProjectPerformers.performerId))
    .where(and(inArray(ticketProjectPerformers.projectId, projectIds), inScope(scope, ticketProjectPerformers.orgId)))
    .orderBy(asc(ticketProjectPerformers.projectId), asc(ticketProjectPerformers.sort));
}

/** Replaces a project's performers by `performerIds`, in that order. */
export async function replaceProjectPerformers(db: Executor, scope: Scope, orgId: number, projectId: number, performerIds: number[]): Promise<void> {
  await assertInScope(db, scope, [orgId]);
  await db.delete(ticketProjectPerformers).where(and(eq(ticketProjectPerformers.projectId, projectId), inScope(scope, ticketProjectPerformers.orgId)));
  if (performerIds.length) await db.insert(ticketProjectPerformers).values(performerIds.map((performerId, sort) => ({ orgId, projectId, performerId, sort })));
}

// ---------------------------------------------------------------- purchase notices

export const noticeSorts = { title: ticketNotices.title, createTime: ticketNotices.createdAt, updateTime: ticketNotices.updatedAt };
export const noticeDefaultOrder = [desc(ticketNotices.id)];
const noticeProjects = sql<number>`(select count(*)::int from sport_ticket_project p where p.notice_id = ${outer('sport_ticket_notice', 'id')})`.mapWith(
  Number,
);

export async function pageNotices(db: Executor, scope: Scope, f: { id?: number; title?: string; status?: number }, order: SQL[], page: Page) {
  const where = and(
    inScope(scope, ticketNotices.orgId),
    f.id !== undefined ? eq(ticketNotices.id, f.id) : undefined,
    f.title ? containsText(ticketNotices.title, f.title) : undefined,
    f.status !== undefined ? eq(ticketNotices.status, f.status) : undefined,
  );
  return pageOf(
    db
      .select({ notice: ticketNotices, projectCount: noticeProjects })
      .from(ticketNotices)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketNotices).where(where),
  );
}

export async function findNotice(db: Executor, scope: Scope, id: number): Promise<NoticeRecord | undefined> {
  const [row] = await db
    .select()
    .from(ticketNotices)
    .where(and(eq(ticketNotices.id, id), inScope(scope, ticketNotices.orgId)));
  return row;
}

export async function insertNotice(db: Executor, scope: Scope, values: typeof ticketNotices.$inferInsert): Promise<NoticeRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(ticketNotices).values(values).returning();
  return row!;
}

export async function updateNotice(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Pick<typeof ticketNotices.$inferInsert, 'title' | 'content' | 'status'>>,
) {
  return db
    .update(ticketNotices)
    .set({ ...values, updatedAt: new Date(), version: bump(ticketNotices) })
    .where(and(eq(ticketNotices.id, id), eq(ticketNotices.version, version), inScope(scope, ticketNotices.orgId)))
    .returning();
}

export async function deleteNotice(db: Executor, scope: Scope, id: number): Promise<number> {
  const rows = await db
    .delete(ticketNotices)
    .where(and(eq(ticketNotices.id, id), inScope(scope, ticketNotices.orgId)))
    .returning({ id: ticketNotices.id });
  return rows.length;
}

// ---------------------------------------------------------------- ticket templates

export const templateSorts = { name: ticketTemplates.name, createTime: ticketTemplates.createdAt, updateTime: ticketTemplates.updatedAt };
export const templateDefaultOrder = [desc(ticketTemplates.id)];
const templateUses =
  sql<number>`((select count(*)::int from sport_ticket_project p where p.template_id = ${outer('sport_ticket_template', 'id')}) + (select count(*)::int from sport_ticket_session s where s.template_id = ${outer('sport_ticket_template', 'id')}))`.mapWith(
    Number,
  );

export async function pageTemplates(db: Executor, scope: Scope, f: { id?: number; name?: string; kind?: string }, order: SQL[], page: Page) {
  const where = and(
    inScope(scope, ticketTemplates.orgId),
    f.id !== undefined ? eq(ticketTemplates.id, f.id) : undefined,
    f.name ? containsText(ticketTemplates.name, f.name) : undefined,
    f.kind ? eq(ticketTemplates.kind, f.kind) : undefined,
  );
  return pageOf(
    db
      .select({ template: ticketTemplates, useCount: templateUses })
      .from(ticketTemplates)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketTemplates).where(where),
  );
}

export async function findTemplate(db: Executor, scope: Scope, id: number): Promise<TemplateRecord | undefined> {
  const [row] = await db
    .select()
    .from(ticketTemplates)
    .where(and(eq(ticketTemplates.id, id), inScope(scope, ticketTemplates.orgId)));
  return row;
}

export async function insertTemplate(db: Executor, scope: Scope, values: typeof ticketTemplates.$inferInsert): Promise<TemplateRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(ticketTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof ticketTemplates.$inferInsert, 'orgId' | 'id'>>,
) {
  return db
    .update(ticketTemplates)
    .set({ ...values, updatedAt: new Date(), version: bump(ticketTemplates) })
    .where(and(eq(ticketTemplates.id, id), eq(ticketTemplates.version, version), inScope(scope, ticketTemplates.orgId)))
    .returning();
}

export async function deleteTemplate(db: Executor, scope: Scope, id: number): Promise<number> {
  const rows = await db
    .delete(ticketTemplates)
    .where(and(eq(ticketTemplates.id, id), inScope(scope, ticketTemplates.orgId)))
    .returning({ id: ticketTemplates.id });
  return rows.length;
}

/** A ticket with what its print shows: its session's and project's names, template choices and venue. */
export async function ticketForPrint(db: Executor, scope: Scope, ticketId: number) {
  const [row] = await db
    .select({
      code: tickets.code,
      state: tickets.state,
      priceFen: tickets.priceFen,
      buyerName: tickets.buyerName,
      sessionName: ticketSessions.name,
      startAt: ticketSessions.startAt,
      projectName: ticketProjects.name,
      venueName: venues.stadiumName,
      levelName: ticketLevels.name,
      zone: ticketSeats.zone,
      row: ticketSeats.row,
      no: ticketSeats.no,
      sessionTemplate: ticketSessions.templateId,
      projectTemplate: ticketProjects.templateId,
    })
    .from(tickets)
    .innerJoin(ticketSessions, eq(ticketSessions.id, tickets.sessionId))
    .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
    .innerJoin(ticketLevels, eq(ticketLevels.id, tickets.levelId))
    .leftJoin(venues, eq(venues.id, ticketProjects.venueId))
    .leftJoin(ticketSeats, eq(ticketSeats.id, tickets.seatId))
    .where(and(eq(tickets.id, ticketId), inScope(scope, tickets.orgId)));
  return row;
}

// ---------------------------------------------------------------- want-to-see

export const wantSeeSorts = { name: ticketWantSee.name, count: ticketWantSee.count, createTime: ticketWantSee.createdAt };
export const wantSeeDefaultOrder = [desc(ticketWantSee.id)];
const projectOnSale = sql<boolean>`exists (select 1 from sport_ticket_session s where s.project_id = ${outer('sport_ticket_want_see', 'project_id')} and s.on_sale and s.status = 0)`;

export async function pageWantSee(
  db: Executor,
  scope: Scope,
  f: { id?: number; projectId?: number; keyword?: string; toNotify?: boolean },
  order: SQL[],
  page: Page,
) {
  const where = and(
    inScope(scope, ticketWantSee.orgId),
    f.id !== undefined ? eq(ticketWantSee.id, f.id) : undefined,
    f.projectId !== undefined ? eq(ticketWantSee.projectId, f.projectId) : undefined,
    f.keyword ? or(containsText(ticketWantSee.name, f.keyword), containsText(ticketWantSee.phone, f.keyword)) : undefined,
    f.toNotify ? and(projectOnSale, sql`${ticketWantSee.notifiedAt} is null`) : undefined,
  );
  return pageOf(
    db
      .select({ entry: ticketWantSee, projectName: ticketProjects.name, onSale: projectOnSale.mapWith(Boolean) })
      .from(ticketWantSee)
      .innerJoin(ticketProjects, eq(ticketProjects.id, ticketWantSee.projectId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketWantSee).where(where),
  );
}

export async function findWantSee(db: Executor, scope: Scope, id: number): Promise<WantSeeRecord | undefined> {
  const [row] = await db
    .select()
    .from(ticketWantSee)
    .where(and(eq(ticketWantSee.id, id), inScope(scope, ticketWantSee.orgId)));
  return row;
}

export async function insertWantSee(db: Executor, scope: Scope, values: typeof ticketWantSee.$inferInsert): Promise<WantSeeRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(ticketWantSee).values(values).returning();
  return row!;
}

export async function updateWantSee(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Pick<typeof ticketWantSee.$inferInsert, 'name' | 'phone' | 'count' | 'note'>>,
) {
  return db
    .update(ticketWantSee)
    .set({ ...values, updatedAt: new Date(), version: bump(ticketWantSee) })
    .where(and(eq(ticketWantSee.id, id), eq(ticketWantSee.version, version), inScope(scope, ticketWantSee.orgId)))
    .returning();
}

export async function deleteWantSee(db: Executor, scope: Scope, id: number): Promise<number> {
  const rows = await db
    .delete(ticketWantSee)
    .where(and(eq(ticketWantSee.id, id), inScope(scope, ticketWantSee.orgId)))
    .returning({ id: ticketWantSee.id });
  return rows.length;
}

// ---------------------------------------------------------------- data log

export async function insertDataLog(db: Executor, scope: Scope, values: (typeof ticketDataLog.$inferInsert)[]): Promise<void> {
  if (!values.length) return;
  await assertInScope(db, scope, [...new Set(values.map((v) => v.orgId))]);
  await db.insert(ticketDataLog).values(values);
}

/** The records a data log change may name by id, each with the column a user knows it by. */
const REF_TABLES = {
  type: { table: ticketTypes, name: ticketTypes.name },
  venue: { table: venues, name: venues.stadiumName },
  performer: { table: ticketPerformers, name: ticketPerformers.name },
  notice: { table: ticketNotices, name: ticketNotices.title },
  template: { table: ticketTemplates, name: ticketTemplates.name },
  seatmap: { table: seatmaps, name: seatmaps.name },
} as const;
export type RefKind = keyof typeof REF_TABLES;

/** The current names of the records of each kind (those in scope; a deleted one is absent). */
export async function refNames(db: Executor, scope: Scope, ids: Partial<Record<RefKind, number[]>>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await Promise.all(
    (Object.keys(ids) as RefKind[]).map(async (kind) => {
      const want = [...new Set(ids[kind])];
      if (!want.length) return;
      const { table, name } = REF_TABLES[kind];
      const rows = await db
        .select({ id: table.id, name })
        .from(table)
        .where(and(inArray(table.id, want), inScope(scope, table.orgId)));
      for (const r of rows) out.set(`${kind}:${r.id}`, r.name);
    }),
  );
  return out;
}

export async function pageDataLog(db: Executor, scope: Scope, f: { projectId: number; entity?: string }, page: Page) {
  const where = and(inScope(scope, ticketDataLog.orgId), eq(ticketDataLog.projectId, f.projectId), f.entity ? eq(ticketDataLog.entity, f.entity) : undefined);
  return pageOf(
    db.select().from(ticketDataLog).where(where).orderBy(desc(ticketDataLog.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(ticketDataLog).where(where),
  );
}

// ---------------------------------------------------------------- a session's seats and a later map version

/** A session's seats with whether any ticket (live or past) names them; locked for the move. */
export async function seatsForMove(db: Executor, scope: Scope, sessionId: number) {
  return db
    .select({
      id: ticketSeats.id,
      seatKey: ticketSeats.seatKey,
      zone: ticketSeats.zone,
      row: ticketSeats.row,
      no: ticketSeats.no,
      state: ticketSeats.state,
      levelId: ticketSeats.levelId,
      levelKey: ticketSeats.levelKey,
      ticketed: sql<boolean>`exists (select 1 from sport_ticket t where t.seat_id = ${outer('sport_ticket_seat', 'id')})`.mapWith(Boolean),
    })
    .from(ticketSeats)
    .where(and(eq(ticketSeats.sessionId, sessionId), inScope(scope, ticketSeats.orgId)))
    .orderBy(asc(ticketSeats.id))
    .for('update', { of: ticketSeats });
}

/** A kept seat takes its place, price area and level from the new version; its state only changes free → blocked (drawn unsold now). */
export async function updateSeatPlace(
  db: Executor,
  scope: Scope,
  sessionId: number,
  seatId: number,
  values: { zone: string; row: string; no: string; levelKey: string | null; levelId?: number | null; state?: 'blocked' | 'free' },
) {
  await db
    .update(ticketSeats)
    .set({ ...values, version: bump(ticketSeats) })
    .where(and(eq(ticketSeats.id, seatId), eq(ticketSeats.sessionId, sessionId), inScope(scope, ticketSeats.orgId)));
}

/** Deletes seats that are free or blocked and that no ticket names (the only ones a move may remove). */
export async function deleteUnusedSeats(db: Executor, scope: Scope, sessionId: number, seatIds: number[]): Promise<number> {
  if (!seatIds.length) return 0;
  const rows = await db
    .delete(ticketSeats)
    .where(
      and(
        inArray(ticketSeats.id, seatIds),
        eq(ticketSeats.sessionId, sessionId),
        inArray(ticketSeats.state, ['free', 'blocked']),
        sql`not exists (select 1 from sport_ticket t where t.seat_id = ${outer('sport_ticket_seat', 'id')})`,
        inScope(scope, ticketSeats.orgId),
      ),
    )
    .returning({ id: ticketSeats.id });
  return rows.length;
}

/** Seats that a move keeps for the record (past tickets name them) but that are no longer on the map: blocked. */
export async function blockSeats(db: Executor, scope: Scope, sessionId: number, seatIds: number[]): Promise<number> {
  if (!seatIds.length) return 0;
  const rows = await db
    .update(ticketSeats)
    .set({ state: 'blocked', version: bump(ticketSeats) })
    .where(
      and(
        inArray(ticketSeats.id, seatIds),
        eq(ticketSeats.sessionId, sessionId),
        inArray(ticketSeats.state, ['free', 'blocked']),
        inScope(scope, ticketSeats.orgId),
      ),
    )
    .returning({ id: ticketSeats.id });
  return rows.length;
}

// ---------------------------------------------------------------- choices for the screens' filters

export async function choiceTypes(db: Executor, scope: Scope) {
  return db
    .select({ id: ticketTypes.id, name: ticketTypes.name, parentId: ticketTypes.parentId })
    .from(ticketTypes)
    .where(inScope(scope, ticketTypes.orgId))
    .orderBy(asc(ticketTypes.sort), asc(ticketTypes.id))
    .limit(1000);
}

export async function choiceProjects(db: Executor, scope: Scope) {
  return db
    .select({ id: ticketProjects.id, name: ticketProjects.name, typeId: ticketProjects.typeId })
    .from(ticketProjects)
    .where(inScope(scope, ticketProjects.orgId))
    .orderBy(desc(ticketProjects.id))
    .limit(1000);
}

// ---------------------------------------------------------------- competition orders and the overview

export async function pageCompetitionOrders(
  db: Executor,
  scope: Scope,
  f: { typeId?: number; projectId?: number; orderNo?: string; state?: string; buyer?: string },
  page: Page,
) {
  const perOrder = db
    .select({
      orderId: tickets.orderId,
      projectId: sql<number>`min(${ticketSessions.projectId})`.mapWith(Number).as('project_id'),
      sessionNames: sql<string>`string_agg(distinct ${ticketSessions.name}, '、')`.as('session_names'),
      ticketCount: sql<number>`count(*)::int`.mapWith(Number).as('ticket_count'),
    })
    .from(tickets)
    .innerJoin(ticketSessions, eq(ticketSessions.id, tickets.sessionId))
    .where(inScope(scope, tickets.orgId))
    .groupBy(tickets.orderId)
    .as('per_order');
  const where = and(
    inScope(scope, orders.orgId),
    eq(orders.type, 'ticket'),
    f.typeId !== undefined ? or(eq(ticketProjects.typeId, f.typeId), eq(ticketTypes.parentId, f.typeId)) : undefined,
    f.projectId !== undefined ? eq(ticketProjects.id, f.projectId) : undefined,
    f.orderNo ? containsText(orders.orderNo, f.orderNo) : undefined,
    f.state ? eq(orders.state, f.state) : undefined,
    f.buyer ? or(containsText(orders.buyerName, f.buyer), containsText(orders.buyerPhone, f.buyer)) : undefined,
  );
  const base = () =>
    db
      .select({
        order: orders,
        projectId: ticketProjects.id,
        projectName: ticketProjects.name,
        typeName: ticketTypes.name,
        sessionNames: perOrder.sessionNames,
        ticketCount: perOrder.ticketCount,
      })
      .from(orders)
      .innerJoin(perOrder, eq(perOrder.orderId, orders.id))
      .innerJoin(ticketProjects, eq(ticketProjects.id, perOrder.projectId))
      .leftJoin(ticketTypes, eq(ticketTypes.id, ticketProjects.typeId))
      .where(where);
  const counted = db
    .select({ n: count() })
    .from(orders)
    .innerJoin(perOrder, eq(perOrder.orderId, orders.id))
    .innerJoin(ticketProjects, eq(ticketProjects.id, perOrder.projectId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, ticketProjects.typeId))
    .where(where);
  return pageOf(base().orderBy(desc(orders.id)).limit(page.limit).offset(page.offset), counted);
}

/** Whether an order of the scope has ticket lines (a competition order). */
export async function isTicketOrder(db: Executor, scope: Scope, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.type, 'ticket'), inScope(scope, orders.orgId)));
  return !!row;
}

const ticketCount = (state: string) =>
  sql<number>`(select count(*)::int from sport_ticket t join sport_ticket_session s on s.id = t.session_id where s.project_id = ${outer('sport_ticket_project', 'id')} and t.state = ${state})`.mapWith(
    Number,
  );

export async function pageOverview(db: Executor, scope: Scope, f: { typeId?: number; name?: string }, page: Page) {
  const where = and(
    inScope(scope, ticketProjects.orgId),
    f.typeId !== undefined ? or(eq(ticketProjects.typeId, f.typeId), eq(ticketTypes.parentId, f.typeId)) : undefined,
    f.name ? containsText(ticketProjects.name, f.name) : undefined,
  );
  return pageOf(
    db
      .select({
        id: ticketProjects.id,
        name: ticketProjects.name,
        typeName: ticketTypes.name,
        sessionCount: sql<number>`(select count(*)::int from sport_ticket_session s where s.project_id = ${outer('sport_ticket_project', 'id')})`.mapWith(
          Number,
        ),
        onSaleCount:
          sql<number>`(select count(*)::int from sport_ticket_session s where s.project_id = ${outer('sport_ticket_project', 'id')} and s.on_sale and s.status = 0)`.mapWith(
            Number,
          ),
        firstStart: sql<string | null>`(select min(s.start_at) from sport_ticket_session s where s.project_id = ${outer('sport_ticket_project', 'id')})`,
        lastStart: sql<string | null>`(select max(s.start_at) from sport_ticket_session s where s.project_id = ${outer('sport_ticket_project', 'id')})`,
        sold: ticketCount('sold'),
        used: ticketCount('used'),
        refunded: ticketCount('refunded'),
        revenueFen:
          sql<number>`(select coalesce(sum(t.price_fen), 0)::bigint from sport_ticket t join sport_ticket_session s on s.id = t.session_id where s.project_id = ${outer('sport_ticket_project', 'id')} and t.state in ('sold','used'))`.mapWith(
            Number,
          ),
        wantSee: sql<number>`(select count(*)::int from sport_ticket_want_see w where w.project_id = ${outer('sport_ticket_project', 'id')})`.mapWith(Number),
      })
      .from(ticketProjects)
      .leftJoin(ticketTypes, eq(ticketTypes.id, ticketProjects.typeId))
      .where(where)
      .orderBy(desc(ticketProjects.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketProjects).leftJoin(ticketTypes, eq(ticketTypes.id, ticketProjects.typeId)).where(where),
  );
}

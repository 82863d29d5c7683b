import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../platform/scope.ts';
import { containsText, orgs, users } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { bookingSeries, closures, priceRules, shifts, sites, slotClaims, venues, venueTemplates } from './venue.table.ts';

/**
 * Every query on the venue tables. Each takes a required scope and puts it in the `where` of
 * every read and write; inserts check the organisation first.
 */
export type VenueRecord = typeof venues.$inferSelect;
export type SiteRecord = typeof sites.$inferSelect;
export type PriceRuleRecord = typeof priceRules.$inferSelect;
export type TemplateRecord = typeof venueTemplates.$inferSelect;
export type ClaimRecord = typeof slotClaims.$inferSelect;
export type SeriesRecord = typeof bookingSeries.$inferSelect;
export type ClosureRecord = typeof closures.$inferSelect;
export type ShiftRecord = typeof shifts.$inferSelect;

const bump = (v: { version: unknown }) => sql`${v.version} + 1`;

// ---------------------------------------------------------------- venues

export interface VenueFilter {
  id?: number;
  orgId?: number;
  stadiumName?: string;
  shopStatus?: number;
  applyState?: string;
  cooperative?: boolean;
}

function venueWhere(scope: Scope, f: VenueFilter): SQL | undefined {
  return and(
    inScope(scope, venues.orgId),
    f.id !== undefined ? eq(venues.id, f.id) : undefined,
    f.orgId !== undefined ? eq(venues.orgId, f.orgId) : undefined,
    f.stadiumName ? containsText(venues.stadiumName, f.stadiumName) : undefined,
    f.shopStatus !== undefined ? eq(venues.shopStatus, f.shopStatus) : undefined,
    f.applyState ? eq(venues.applyState, f.applyState) : undefined,
    f.cooperative !== undefined ? eq(venues.cooperative, f.cooperative) : undefined,
  );
}

export const venueSorts = { stadiumName: venues.stadiumName, createTime: venues.createdAt, shopStatus: venues.shopStatus };
export const venueDefaultOrder = [asc(venues.orgId), asc(venues.id)];

const siteCount = sql<number>`(select count(*)::int from sport_site s where s.venue_id = ${venues.id} and not s.deleted)`.mapWith(Number);

export async function pageVenues(db: Executor, scope: Scope, f: VenueFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = venueWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select({ venue: venues, orgName: orgs.name, siteCount })
      .from(venues)
      .innerJoin(orgs, eq(orgs.id, venues.orgId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(venues).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r.venue, orgName: r.orgName, siteCount: r.siteCount })) };
}

export async function findVenue(db: Executor, scope: Scope, id: number, opts: { lock?: boolean } = {}): Promise<VenueRecord | undefined> {
  const q = db
    .select()
    .from(venues)
    .where(and(eq(venues.id, id), inScope(scope, venues.orgId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

export async function insertVenue(db: Executor, scope: Scope, values: typeof venues.$inferInsert): Promise<VenueRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(venues).values(values).returning();
  return row!;
}

export async function updateVenue(
  db: Executor,
  scope: Scope,
  id: number,
  version: number | undefined,
  values: Partial<Omit<typeof venues.$inferInsert, 'orgId' | 'id'>>,
) {
  return db
    .update(venues)
    .set({ ...values, updatedAt: new Date(), version: bump(venues) })
    .where(and(eq(venues.id, id), version === undefined ? undefined : eq(venues.version, version), inScope(scope, venues.orgId)))
    .returning();
}

export async function deleteVenue(db: Executor, scope: Scope, id: number): Promise<number> {
  const rows = await db
    .delete(venues)
    .where(and(eq(venues.id, id), inScope(scope, venues.orgId)))
    .returning({ id: venues.id });
  return rows.length;
}

/** Whether any booking (paid or not) or order names the venue: such a venue is not deleted. */
export async function venueInUse(db: Executor, scope: Scope, id: number): Promise<boolean> {
  const [claim] = await db
    .select({ id: slotClaims.id })
    .from(slotClaims)
    .where(and(eq(slotClaims.venueId, id), inScope(scope, slotClaims.orgId)))
    .limit(1);
  if (claim) return true;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.venueId, id), inScope(scope, orders.orgId)))
    .limit(1);
  return !!order;
}

// ---------------------------------------------------------------- sites

export interface SiteFilter {
  venueId?: number;
  ids?: number[];
  name?: string;
  sport?: string;
  status?: number;
}

function siteWhere(scope: Scope, f: SiteFilter): SQL | undefined {
  return and(
    inScope(scope, sites.orgId),
    eq(sites.deleted, false),
    f.venueId !== undefined ? eq(sites.venueId, f.venueId) : undefined,
    f.ids ? inArray(sites.id, f.ids) : undefined,
    f.name ? containsText(sites.name, f.name) : undefined,
    f.sport ? eq(sites.sport, f.sport) : undefined,
    f.status !== undefined ? eq(sites.status, f.status) : undefined,
  );
}

export const siteSorts = { name: sites.name, sort: sites.sort, createTime: sites.createdAt };
export const siteDefaultOrder = [asc(sites.venueId), asc(sites.sort), asc(sites.id)];

export async function pageSites(db: Executor, scope: Scope, f: SiteFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = siteWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sites)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(sites).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

/** The live sites of a venue (or these ids), in display order. */
export async function sitesOf(db: Executor, scope: Scope, f: SiteFilter): Promise<SiteRecord[]> {
  return db
    .select()
    .from(sites)
    .where(siteWhere(scope, f))
    .orderBy(...siteDefaultOrder);
}

/** Every live site of the venue that holds a site (none when the site is not in scope). */
export async function sitesOfVenueOfSite(db: Executor, scope: Scope, siteId: number): Promise<SiteRecord[]> {
  return db
    .select()
    .from(sites)
    .where(and(siteWhere(scope, {}), sql`${sites.venueId} = (select s.venue_id from sport_site s where s.id = ${siteId})`))
    .orderBy(...siteDefaultOrder);
}

export async function insertSites(db: Executor, scope: Scope, values: (typeof sites.$inferInsert)[]): Promise<SiteRecord[]> {
  if (!values.length) return [];
  await assertInScope(db, scope, new Set(values.map((v) => v.orgId)));
  return db.insert(sites).values(values).returning();
}

export async function updateSite(
  db: Executor,
  scope: Scope,
  id: number,
  version: number | undefined,
  values: Partial<Omit<typeof sites.$inferInsert, 'orgId' | 'id' | 'venueId'>>,
) {
  return db
    .update(sites)
    .set({ ...values, updatedAt: new Date(), version: bump(sites) })
    .where(and(eq(sites.id, id), eq(sites.deleted, false), version === undefined ? undefined : eq(sites.version, version), inScope(scope, sites.orgId)))
    .returning();
}

/** Removes sites (kept for the bookings that name them, no longer shown or bookable). */
export async function deleteSites(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  const rows = await db
    .update(sites)
    .set({ deleted: true, updatedAt: new Date(), version: bump(sites) })
    .where(and(inArray(sites.id, ids), eq(sites.deleted, false), inScope(scope, sites.orgId)))
    .returning({ id: sites.id });
  return rows.length;
}

/** Live claims (not released) from now on of these sites' units: a site with bookings ahead is not removed or split. */
export async function liveClaimsAhead(db: Executor, scope: Scope, unitIds: number[], now: Date): Promise<number> {
  if (!unitIds.length) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(slotClaims)
    .where(
      and(
        inScope(scope, slotClaims.orgId),
        or(inArray(slotClaims.unitId, unitIds), inArray(slotClaims.siteId, unitIds)),
        ne(slotClaims.state, 'released'),
        sql`upper(${slotClaims.during}) > ${now.toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- price rules

export interface PriceRuleFilter {
  id?: number;
  venueId?: number;
  siteId?: number;
  sport?: string;
  enabledOn?: string;
}

function priceRuleWhere(scope: Scope, f: PriceRuleFilter): SQL | undefined {
  return and(
    inScope(scope, priceRules.orgId),
    f.id !== undefined ? eq(priceRules.id, f.id) : undefined,
    f.venueId !== undefined ? eq(priceRules.venueId, f.venueId) : undefined,
    f.siteId !== undefined ? eq(priceRules.siteId, f.siteId) : undefined,
    f.sport ? eq(priceRules.sport, f.sport) : undefined,
    f.enabledOn
      ? and(
          eq(priceRules.enabled, true),
          or(isNull(priceRules.validFrom), lte(priceRules.validFrom, f.enabledOn)),
          or(isNull(priceRules.validTo), gte(priceRules.validTo, f.enabledOn)),
        )
      : undefined,
  );
}

export const priceRuleSorts = { name: priceRules.name, priceFen: priceRules.priceFen, createTime: priceRules.createdAt };
export const priceRuleDefaultOrder = [asc(priceRules.venueId), asc(priceRules.startMin), asc(priceRules.id)];

export async function pagePriceRules(db: Executor, scope: Scope, f: PriceRuleFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = priceRuleWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select({ rule: priceRules, siteName: sites.name })
      .from(priceRules)
      .leftJoin(sites, eq(sites.id, priceRules.siteId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(priceRules).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r.rule, siteName: r.siteName })) };
}

/** The enabled rules of a venue valid on some day of [from, to]. */
export async function rulesOfVenue(db: Executor, scope: Scope, venueId: number, from: string, to: string): Promise<PriceRuleRecord[]> {
  return db
    .select()
    .from(priceRules)
    .where(
      and(
        inScope(scope, priceRules.orgId),
        eq(priceRules.venueId, venueId),
        eq(priceRules.enabled, true),
        or(isNull(priceRules.validFrom), lte(priceRules.validFrom, to)),
        or(isNull(priceRules.validTo), gte(priceRules.validTo, from)),
      ),
    );
}

export async function insertPriceRules(db: Executor, scope: Scope, values: (typeof priceRules.$inferInsert)[]): Promise<PriceRuleRecord[]> {
  if (!values.length) return [];
  await assertInScope(db, scope, new Set(values.map((v) => v.orgId)));
  return db.insert(priceRules).values(values).returning();
}

export async function updatePriceRule(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof priceRules.$inferInsert, 'orgId' | 'id' | 'venueId'>>,
) {
  return db
    .update(priceRules)
    .set({ ...values, updatedAt: new Date(), version: bump(priceRules) })
    .where(and(eq(priceRules.id, id), eq(priceRules.version, version), inScope(scope, priceRules.orgId)))
    .returning();
}

export async function deletePriceRules(db: Executor, scope: Scope, f: { ids?: number[]; siteIds?: number[] }): Promise<number> {
  if (!f.ids?.length && !f.siteIds?.length) return 0;
  const rows = await db
    .delete(priceRules)
    .where(
      and(inScope(scope, priceRules.orgId), f.ids ? inArray(priceRules.id, f.ids) : undefined, f.siteIds ? inArray(priceRules.siteId, f.siteIds) : undefined),
    )
    .returning({ id: priceRules.id });
  return rows.length;
}

// ---------------------------------------------------------------- templates

export async function pageTemplates(db: Executor, scope: Scope, f: { id?: number; venueId?: number; name?: string }, page: { limit: number; offset: number }) {
  const where = and(
    inScope(scope, venueTemplates.orgId),
    f.id !== undefined ? eq(venueTemplates.id, f.id) : undefined,
    f.venueId !== undefined ? eq(venueTemplates.venueId, f.venueId) : undefined,
    f.name ? containsText(venueTemplates.name, f.name) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(venueTemplates).where(where).orderBy(desc(venueTemplates.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(venueTemplates).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function findTemplate(db: Executor, scope: Scope, id: number): Promise<TemplateRecord | undefined> {
  const [row] = await db
    .select()
    .from(venueTemplates)
    .where(and(eq(venueTemplates.id, id), inScope(scope, venueTemplates.orgId)));
  return row;
}

export async function insertTemplate(db: Executor, scope: Scope, values: typeof venueTemplates.$inferInsert): Promise<TemplateRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(venueTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof venueTemplates.$inferInsert, 'orgId' | 'id' | 'venueId'>>,
) {
  return db
    .update(venueTemplates)
    .set({ ...values, updatedAt: new Date(), version: bump(venueTemplates) })
    .where(and(eq(venueTemplates.id, id), eq(venueTemplates.version, version), inScope(scope, venueTemplates.orgId)))
    .returning();
}

export async function deleteTemplates(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  const rows = await db
    .delete(venueTemplates)
    .where(and(inArray(venueTemplates.id, ids), inScope(scope, venueTemplates.orgId)))
    .returning({ id: venueTemplates.id });
  return rows.length;
}

// ---------------------------------------------------------------- claims

/** The live claims of a venue on these local days, with their order's number and buyer. */
export async function claimsOfDays(db: Executor, scope: Scope, venueId: number, from: string, to: string) {
  return db
    .select({
      id: slotClaims.id,
      siteId: slotClaims.siteId,
      unitId: slotClaims.unitId,
      day: slotClaims.day,
      startMin: slotClaims.startMin,
      endMin: slotClaims.endMin,
      kind: slotClaims.kind,
      state: slotClaims.state,
      orderId: slotClaims.orderId,
      reason: slotClaims.reason,
      orderNo: orders.orderNo,
      buyer: sql<string | null>`coalesce(${orders.buyerName}, ${orders.buyerPhone})`,
    })
    .from(slotClaims)
    .leftJoin(orders, eq(orders.id, slotClaims.orderId))
    .where(
      and(
        inScope(scope, slotClaims.orgId),
        eq(slotClaims.venueId, venueId),
        gte(slotClaims.day, from),
        lte(slotClaims.day, to),
        ne(slotClaims.state, 'released'),
      ),
    );
}

export type NewClaim = typeof slotClaims.$inferInsert;

/** Inserts claims; the exclusion constraint refuses one that overlaps a live claim of its unit. */
export async function insertClaims(db: Executor, scope: Scope, values: NewClaim[]): Promise<ClaimRecord[]> {
  if (!values.length) return [];
  await assertInScope(db, scope, new Set(values.map((v) => v.orgId)));
  return db.insert(slotClaims).values(values).returning();
}

export async function claimsOfOrder(db: Executor, scope: Scope, orderId: number): Promise<ClaimRecord[]> {
  return db
    .select()
    .from(slotClaims)
    .where(and(eq(slotClaims.orderId, orderId), inScope(scope, slotClaims.orgId)))
    .orderBy(asc(slotClaims.day), asc(slotClaims.startMin), asc(slotClaims.id));
}

export async function claimsByIds(db: Executor, scope: Scope, ids: number[]): Promise<ClaimRecord[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(slotClaims)
    .where(and(inArray(slotClaims.id, ids), inScope(scope, slotClaims.orgId)));
}

/** Moves claims of an order (or these ids) from one of `from` states to `to`; answers what moved. */
export async function setClaimState(
  db: Executor,
  scope: Scope,
  where: { orderId?: number; itemId?: number; ids?: number[] },
  from: string[],
  to: string,
  extra: Partial<Pick<ClaimRecord, 'checkedInAt' | 'releasedAt'>> = {},
): Promise<ClaimRecord[]> {
  if (where.orderId === undefined && where.itemId === undefined && !where.ids?.length) return [];
  return db
    .update(slotClaims)
    .set({ state: to, ...extra, ...(to === 'released' ? { releasedAt: new Date() } : {}) })
    .where(
      and(
        inScope(scope, slotClaims.orgId),
        where.orderId !== undefined ? eq(slotClaims.orderId, where.orderId) : undefined,
        where.itemId !== undefined ? eq(slotClaims.itemId, where.itemId) : undefined,
        where.ids ? inArray(slotClaims.id, where.ids) : undefined,
        inArray(slotClaims.state, from),
      ),
    )
    .returning();
}

/** A venue's bookings of a day: the claims with their order. */
export async function bookingsOfDay(db: Executor, scope: Scope, venueId: number, day: string) {
  return db
    .select({ claim: slotClaims, siteName: sites.name, order: orders })
    .from(slotClaims)
    .innerJoin(orders, eq(orders.id, slotClaims.orderId))
    .innerJoin(sites, eq(sites.id, slotClaims.siteId))
    .where(and(inScope(scope, slotClaims.orgId), eq(slotClaims.venueId, venueId), eq(slotClaims.day, day), eq(slotClaims.kind, 'booking')))
    .orderBy(asc(slotClaims.startMin), asc(slotClaims.orderId), asc(slotClaims.id));
}

/** Booked claims that started more than their venue's no-show minutes ago and nobody checked in to (for the no-show job). */
export async function dueNoShows(db: Executor, scope: Scope, now: Date, batch: number) {
  return db
    .select({ id: slotClaims.id })
    .from(slotClaims)
    .innerJoin(venues, eq(venues.id, slotClaims.venueId))
    .where(
      and(
        inScope(scope, slotClaims.orgId),
        eq(slotClaims.kind, 'booking'),
        eq(slotClaims.state, 'booked'),
        sql`lower(${slotClaims.during}) + make_interval(mins => coalesce((${venues.rules}->>'noShowAfterMinutes')::int, 15)) <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(batch);
}

/** Live claims of a venue's units whose time overlaps [from, to). */
export async function claimsOverlapping(db: Executor, scope: Scope, venueId: number, unitIds: number[], from: Date, to: Date): Promise<ClaimRecord[]> {
  if (!unitIds.length) return [];
  return db
    .select()
    .from(slotClaims)
    .where(
      and(
        inScope(scope, slotClaims.orgId),
        eq(slotClaims.venueId, venueId),
        inArray(slotClaims.unitId, unitIds),
        ne(slotClaims.state, 'released'),
        sql`${slotClaims.during} && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(slotClaims.day), asc(slotClaims.startMin), asc(slotClaims.id));
}

// ---------------------------------------------------------------- fixed series

export async function insertSeries(db: Executor, scope: Scope, values: typeof bookingSeries.$inferInsert): Promise<SeriesRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(bookingSeries).values(values).returning();
  return row!;
}

export async function findSeries(db: Executor, scope: Scope, id: number): Promise<SeriesRecord | undefined> {
  const [row] = await db
    .select()
    .from(bookingSeries)
    .where(and(eq(bookingSeries.id, id), inScope(scope, bookingSeries.orgId)));
  return row;
}

export async function setSeriesState(db: Executor, scope: Scope, id: number, state: string): Promise<void> {
  await db
    .update(bookingSeries)
    .set({ state, updatedAt: new Date() })
    .where(and(eq(bookingSeries.id, id), inScope(scope, bookingSeries.orgId)));
}

export async function pageSeries(db: Executor, scope: Scope, f: { id?: number; venueId?: number; name?: string }, page: { limit: number; offset: number }) {
  const where = and(
    inScope(scope, bookingSeries.orgId),
    f.id !== undefined ? eq(bookingSeries.id, f.id) : undefined,
    f.venueId !== undefined ? eq(bookingSeries.venueId, f.venueId) : undefined,
    f.name ? containsText(bookingSeries.name, f.name) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(bookingSeries).where(where).orderBy(desc(bookingSeries.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(bookingSeries).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

/** The claims of series, with their order. */
export async function claimsOfSeries(db: Executor, scope: Scope, seriesIds: number[]) {
  if (!seriesIds.length) return [];
  return db
    .select({ claim: slotClaims, orderNo: orders.orderNo, orderState: orders.state, payableFen: orders.payableFen, paidFen: orders.paidFen })
    .from(slotClaims)
    .innerJoin(orders, eq(orders.id, slotClaims.orderId))
    .where(and(inScope(scope, slotClaims.orgId), inArray(slotClaims.seriesId, seriesIds)))
    .orderBy(asc(slotClaims.day), asc(slotClaims.startMin), asc(slotClaims.id));
}

// ---------------------------------------------------------------- closures

export async function insertClosure(db: Executor, scope: Scope, values: typeof closures.$inferInsert): Promise<ClosureRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(closures).values(values).returning();
  return row!;
}

export async function findClosure(db: Executor, scope: Scope, id: number, opts: { lock?: boolean } = {}): Promise<ClosureRecord | undefined> {
  const q = db
    .select()
    .from(closures)
    .where(and(eq(closures.id, id), inScope(scope, closures.orgId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

export async function updateClosure(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Pick<ClosureRecord, 'endAt' | 'reason' | 'notices' | 'state'>>,
) {
  return db
    .update(closures)
    .set({ ...values, updatedAt: new Date(), version: sql`${closures.version} + 1` })
    .where(and(eq(closures.id, id), eq(closures.version, version), inScope(scope, closures.orgId)))
    .returning();
}

export async function pageClosures(db: Executor, scope: Scope, f: { id?: number; venueId?: number; state?: string }, page: { limit: number; offset: number }) {
  const where = and(
    inScope(scope, closures.orgId),
    f.id !== undefined ? eq(closures.id, f.id) : undefined,
    f.venueId !== undefined ? eq(closures.venueId, f.venueId) : undefined,
    f.state ? eq(closures.state, f.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(closures).where(where).orderBy(desc(closures.startAt), desc(closures.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(closures).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

/** The live claims of a closure from an instant on (to release them when its end moves). */
export async function closureClaimsAfter(db: Executor, scope: Scope, closureId: number, at: Date): Promise<ClaimRecord[]> {
  return db
    .select()
    .from(slotClaims)
    .where(
      and(
        inScope(scope, slotClaims.orgId),
        eq(slotClaims.closureId, closureId),
        ne(slotClaims.state, 'released'),
        sql`upper(${slotClaims.during}) > ${at.toISOString()}::timestamptz`,
      ),
    );
}

// ---------------------------------------------------------------- shifts

/** The operator's shift at a venue in this state (`open`: one each, by a unique index; `counted`: the latest). */
export async function operatorShift(db: Executor, scope: Scope, venueId: number, userId: number, state: 'open' | 'counted'): Promise<ShiftRecord | undefined> {
  const [row] = await db
    .select()
    .from(shifts)
    .where(and(inScope(scope, shifts.orgId), eq(shifts.venueId, venueId), eq(shifts.userId, userId), eq(shifts.state, state)))
    .orderBy(desc(shifts.openedAt), desc(shifts.id))
    .limit(1);
  return row;
}

/** When the operator's last shift at the venue closed (counted), or undefined before their first. */
export async function lastShiftClosedAt(db: Executor, scope: Scope, venueId: number, userId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${shifts.closedAt})` })
    .from(shifts)
    .where(and(inScope(scope, shifts.orgId), eq(shifts.venueId, venueId), eq(shifts.userId, userId)));
  return row?.at ? new Date(row.at) : undefined;
}

/** When the operator last counted a drawer at any venue of the organisation (their drawer is empty since). */
export async function lastCountedAt(db: Executor, scope: Scope, orgId: number, userId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${shifts.closedAt})` })
    .from(shifts)
    .where(and(inScope(scope, shifts.orgId), eq(shifts.orgId, orgId), eq(shifts.userId, userId)));
  return row?.at ? new Date(row.at) : undefined;
}

/** The operator's open shift at a venue, opened at `openedAt` when there is none (one open shift each, by a unique index). */
export async function openShift(db: Executor, scope: Scope, values: { orgId: number; venueId: number; userId: number; openedAt: Date }): Promise<ShiftRecord> {
  await assertInScope(db, scope, [values.orgId]);
  await db.insert(shifts).values(values).onConflictDoNothing();
  return (await operatorShift(db, scope, values.venueId, values.userId, 'open'))!;
}

export async function findShift(db: Executor, scope: Scope, id: number): Promise<ShiftRecord | undefined> {
  const [row] = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.id, id), inScope(scope, shifts.orgId)));
  return row;
}

export async function transitionShift(db: Executor, scope: Scope, id: number, from: string, version: number | undefined, values: Partial<ShiftRecord>) {
  return db
    .update(shifts)
    .set({ ...values, version: sql`${shifts.version} + 1` })
    .where(and(eq(shifts.id, id), eq(shifts.state, from), version === undefined ? undefined : eq(shifts.version, version), inScope(scope, shifts.orgId)))
    .returning();
}

export async function pageShifts(db: Executor, scope: Scope, f: { id?: number; venueId?: number; state?: string }, page: { limit: number; offset: number }) {
  const signer = sql<string | null>`(select name from sys_user s where s.id = ${shifts.signedBy})`;
  const where = and(
    inScope(scope, shifts.orgId),
    f.id !== undefined ? eq(shifts.id, f.id) : undefined,
    f.venueId !== undefined ? eq(shifts.venueId, f.venueId) : undefined,
    f.state ? eq(shifts.state, f.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ shift: shifts, userName: users.name, signedByName: signer })
      .from(shifts)
      .innerJoin(users, eq(users.id, shifts.userId))
      .where(where)
      .orderBy(desc(shifts.openedAt), desc(shifts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(shifts).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r.shift, userName: r.userName, signedByName: r.signedByName })) };
}

import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../platform/scope.ts';
import { containsText, orgs } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { priceRules, sites, venues, venueTemplates } from './venue.table.ts';
import { venueBookedPort } from './venue.ports.ts';

/**
 * Every query on the venue tables. Each takes a required scope and puts it in the `where` of
 * every read and write; inserts check the organisation first.
 */
export type VenueRecord = typeof venues.$inferSelect;
export type SiteRecord = typeof sites.$inferSelect;
export type PriceRuleRecord = typeof priceRules.$inferSelect;
export type TemplateRecord = typeof venueTemplates.$inferSelect;

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
  // Bookings are booking's rows: it answers (unplugged, the port throws and the delete is refused).
  if (await venueBookedPort.get()(db, scope, id)) return true;
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

/** An organisation's first venue: where the demo seeds of other modules sell (one query). */
export async function firstVenueOf(db: Executor, scope: Scope, orgId: number): Promise<{ id: number; orgId: number; timeZone: string } | undefined> {
  const [row] = await db
    .select({ id: venues.id, orgId: venues.orgId, timeZone: venues.timeZone })
    .from(venues)
    .where(and(inScope(scope, venues.orgId), eq(venues.orgId, orgId)))
    .orderBy(asc(venues.id))
    .limit(1);
  return row;
}

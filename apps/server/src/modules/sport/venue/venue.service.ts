import {
  DEFAULT_BOOKING_RULES,
  minutesOf,
  hhmmOf,
  type PriceRuleCreate,
  type PriceRuleUpdate,
  type SiteCreate,
  type SiteUpdate,
  type TemplateCreate,
  type VenueCreate,
  type VenueListQuery,
  type VenueUpdate,
  type WeekHours,
} from '@venue/contract';
import type { z } from 'zod';
import type { templateUpdate, siteListQuery, priceRuleListQuery, templateListQuery } from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, invalid, notFound, forbidden } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { expectOneUpdated, scopeOf, workOrgOf, type Scope } from '../../../platform/scope.ts';
import { mapDuplicate } from '../../system/index.ts';
import {
  deletePriceRules,
  deleteSites,
  deleteTemplates,
  deleteVenue,
  findTemplate,
  findVenue,
  insertPriceRules,
  insertSites,
  insertTemplate,
  insertVenue,
  pagePriceRules,
  pageSites,
  pageTemplates,
  pageVenues,
  priceRuleDefaultOrder,
  priceRuleSorts,
  siteDefaultOrder,
  siteSorts,
  sitesOf,
  updatePriceRule,
  updateSite,
  updateTemplate,
  updateVenue,
  venueDefaultOrder,
  venueInUse,
  venueSorts,
  type SiteRecord,
  type TemplateRecord,
  type VenueRecord,
} from './venue.repository.ts';
import { liveClaimsAheadPort } from './venue.ports.ts';
import { everyDay } from './venue.time.ts';
import './venue.messages.ts';

/** Venues (the stadium calls of spec 7.5), their sites, price rules and templates. */

const VENUE_UNIQUE = { sport_venue_org_uq: ['orgId', 'venue.orgHasVenue'] as [string, string] };

const validZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** A venue as answered. */
function venueOut(v: VenueRecord & { orgName: string; siteCount: number }) {
  const { createdAt, updatedAt, ...rest } = v;
  return { ...rest, rules: { ...DEFAULT_BOOKING_RULES, ...v.rules }, createTime: createdAt, updateTime: updatedAt };
}

export async function getVenue(db: Executor, scope: Scope, id: number) {
  const { rows } = await pageVenues(db, scope, { id }, venueDefaultOrder, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return venueOut(rows[0]);
}

/**
 * The venue of an organisation, or null (spec 4: the console stores it as the current venue). A
 * department's is its working organisation's (platform/scope.ts, workOrgOf).
 */
export async function venueOfOrg(db: Db, caller: Caller, orgId: number) {
  const workOrg = await workOrgOf(db, orgId);
  const { rows } = await pageVenues(db, scopeOf(caller), { orgId: workOrg }, venueDefaultOrder, { limit: 1, offset: 0 });
  return rows[0] ? venueOut(rows[0]) : null;
}

export async function listVenues(db: Db, caller: Caller, q: VenueListQuery) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageVenues(
    db,
    scope,
    { stadiumName: q.stadiumName, orgId: q.orgId, shopStatus: q.shopStatus, applyState: q.applyState, cooperative: q.cooperative },
    orderOf(q, venueSorts, venueDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map(venueOut) };
}

function checkVenueFields(v: Partial<VenueCreate>, current?: VenueRecord) {
  if (v.timeZone !== undefined && !validZone(v.timeZone)) throw invalid('timeZone', 'venue.timeZoneInvalid');
  const open = v.openTime ?? current?.openTime;
  const close = v.closeTime ?? current?.closeTime;
  if (open && close && minutesOf(open) >= minutesOf(close)) throw invalid('closeTime', 'venue.closeAfterOpen');
  if (v.rules && v.rules.minSlots > v.rules.maxSlots) throw invalid('rules.maxSlots', 'venue.maxBelowMin');
  const from = v.contractFrom === undefined ? current?.contractFrom : v.contractFrom;
  const to = v.contractTo === undefined ? current?.contractTo : v.contractTo;
  if (from && to && from > to) throw invalid('contractTo', 'venue.validToBeforeFrom');
}

/**
 * Adds a venue. One made by the platform has joined; one an organisation adds for itself is its
 * application to join (stadiumApply): it runs its front desk at once, but its online shop opens
 * only once the platform approves it.
 */
export async function addVenue(db: Db, caller: Caller, input: VenueCreate) {
  const scope = scopeOf(caller);
  checkVenueFields(input);
  checkPlatformFields(caller, input);
  const { orgId: givenOrg, rules, ...values } = input;
  const orgId = givenOrg ?? caller.orgId;
  const applied = !caller.platform;
  const row = await mapDuplicate(
    insertVenue(db, scope, {
      ...values,
      longitude: values.longitude ?? null,
      latitude: values.latitude ?? null,
      orgId,
      rules: rules ?? DEFAULT_BOOKING_RULES,
      applyState: applied ? 'applied' : 'approved',
      shopStatus: applied ? 0 : 1,
    }),
    VENUE_UNIQUE,
  );
  return getVenue(db, scope, row.id);
}

/** The platform's side of the relationship: its service contract and the cooperative mark. Venues do not set these. */
const PLATFORM_FIELDS = ['contractNo', 'contractFrom', 'contractTo', 'commissionPercent', 'cooperative'] as const;
function checkPlatformFields(caller: Caller, v: Partial<VenueCreate>, current?: VenueRecord) {
  if (caller.platform) return;
  const was = current ?? { contractNo: null, contractFrom: null, contractTo: null, commissionPercent: 0, cooperative: false };
  // A venue's own form may send these back unchanged; changing them is the platform's call.
  if (PLATFORM_FIELDS.some((f) => v[f] !== undefined && v[f] !== was[f])) throw forbidden();
}

export async function editVenue(db: Db, caller: Caller, input: VenueUpdate) {
  const scope = scopeOf(caller);
  const current = await findVenue(db, scope, input.id);
  if (!current) throw notFound();
  checkPlatformFields(caller, input, current);
  checkVenueFields(input, current);
  const { id, version, ...values } = input;
  expectOneUpdated(await updateVenue(db, scope, id, version, values));
  return getVenue(db, scope, id);
}

export async function removeVenue(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  if (!(await findVenue(db, scope, id))) throw notFound();
  if (await venueInUse(db, scope, id)) throw conflict('state', 'venue.hasBookings');
  return { deleted: await deleteVenue(db, scope, id) };
}

export async function setShopStatus(db: Db, caller: Caller, id: number, shopStatus: number) {
  const scope = scopeOf(caller);
  const v = await findVenue(db, scope, id);
  if (!v) throw notFound();
  if (shopStatus === 1 && v.applyState !== 'approved') throw conflict('state', 'venue.notApproved');
  await updateVenue(db, scope, id, undefined, { shopStatus });
  return getVenue(db, scope, id);
}

/** The stadium lock: a locked venue takes no new bookings until it is unlocked. */
export async function lockVenue(db: Db, caller: Caller, id: number, locked: boolean, reason: string | null) {
  const scope = scopeOf(caller);
  if (!(await findVenue(db, scope, id))) throw notFound();
  if (locked && !reason) throw invalid('reason', 'error.field.required');
  await updateVenue(db, scope, id, undefined, { locked, lockReason: locked ? reason : null });
  return getVenue(db, scope, id);
}

/** The platform approves or rejects a venue's application to join. */
export async function reviewVenue(db: Db, caller: Caller, id: number, approve: boolean, remark: string | null) {
  if (!caller.platform) throw forbidden();
  const scope = scopeOf(caller);
  const v = await findVenue(db, scope, id);
  if (!v) throw notFound();
  if (v.applyState !== 'applied') throw conflict('state', 'venue.notApplied');
  await updateVenue(db, scope, id, undefined, { applyState: approve ? 'approved' : 'rejected', reviewRemark: remark });
  return getVenue(db, scope, id);
}

/** A venue in the caller's scope, or 100404. */
export async function venueInScope(db: Executor, scope: Scope, id: number): Promise<VenueRecord> {
  const v = await findVenue(db, scope, id);
  if (!v) throw notFound();
  return v;
}

// ---------------------------------------------------------------- sites

const siteOut = ({ createdAt, updatedAt: _u, deleted: _d, orgId, ...s }: SiteRecord) => ({ ...s, orgId, createTime: createdAt });

export async function listSites(db: Db, caller: Caller, q: z.output<typeof siteListQuery>) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageSites(
    db,
    scope,
    { venueId: q.venueId, name: q.name, sport: q.sport, status: q.status },
    orderOf(q, siteSorts, siteDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map(siteOut) };
}

async function siteInScope(db: Executor, scope: Scope, id: number): Promise<SiteRecord> {
  const [s] = await sitesOf(db, scope, { ids: [id] });
  if (!s) throw notFound();
  return s;
}

/** Hours must be whole slots of the venue. */
function checkHours(hours: WeekHours, slotMinutes: number, field = 'hours') {
  for (const [i, h] of hours.entries()) {
    if (minutesOf(h.open) % slotMinutes || minutesOf(h.close) % slotMinutes)
      throw invalid(`${field}.${i}.open`, 'venue.hoursNotSlots', { minutes: slotMinutes });
  }
}

export async function addSite(db: Db, caller: Caller, input: SiteCreate) {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, input.venueId);
  const template = input.templateId ? await templateInScope(db, scope, input.templateId) : undefined;
  if (template && template.venueId !== venue.id) throw invalid('templateId', 'error.notFound');
  const hours = input.hours ?? template?.hours ?? everyDay(venue.openTime, venue.closeTime);
  checkHours(hours, venue.slotMinutes);
  const id = await db.transaction(async (tx) => {
    const [site] = await insertSites(tx, scope, [
      {
        orgId: venue.orgId,
        venueId: venue.id,
        name: input.name,
        sport: input.sport,
        capacity: input.capacity,
        status: input.status,
        sort: input.sort,
        hours,
        remark: input.remark,
      },
    ]);
    if (template) await copyTemplatePrices(tx, scope, template, [site!]);
    return site!.id;
  });
  return siteOut(await siteInScope(db, scope, id));
}

export async function editSite(db: Db, caller: Caller, id: number, input: SiteUpdate) {
  const scope = scopeOf(caller);
  const site = await siteInScope(db, scope, id);
  if (input.hours) checkHours(input.hours, (await venueInScope(db, scope, site.venueId)).slotMinutes);
  const { version, ...values } = input;
  expectOneUpdated(await updateSite(db, scope, id, version, values));
  return siteOut(await siteInScope(db, scope, id));
}

/** Removes sites with no booking ahead (their halves go with them). */
export async function removeSites(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  const found = await sitesOf(db, scope, { ids });
  if (found.length !== new Set(ids).size) throw notFound();
  return db.transaction(async (tx) => {
    const all: SiteRecord[] = [];
    for (const v of new Set(found.map((s) => s.venueId))) all.push(...(await sitesOf(tx, scope, { venueId: v })));
    // A full site goes with its halves.
    const doomed = new Set(ids);
    for (const s of all) if (s.parentId && doomed.has(s.parentId)) doomed.add(s.id);
    if (await liveClaimsAheadPort.get()(tx, scope, [...doomed], new Date())) throw conflict('state', 'venue.siteHasBookings');
    const deleted = await deleteSites(tx, scope, [...doomed]);
    // A half removed without its full site: the other half becomes a site of its own.
    const brokenParents = new Set(all.filter((c) => c.parentId && doomed.has(c.id) && !doomed.has(c.parentId)).map((c) => c.parentId));
    for (const c of all.filter((c) => brokenParents.has(c.parentId) && !doomed.has(c.id))) await updateSite(tx, scope, c.id, undefined, { parentId: null });
    return { deleted };
  });
}

/**
 * Splits a site into two halves. The full site stays bookable: a booking of it claims both
 * halves, and a booking of a half blocks it. A site with bookings ahead is not split (they claim
 * the site itself, which would no longer be a unit).
 */
export async function splitSite(db: Db, caller: Caller, id: number, names: [string, string]) {
  const scope = scopeOf(caller);
  const site = await siteInScope(db, scope, id);
  if (site.parentId) throw conflict('state', 'venue.alreadyHalf');
  const siblings = await sitesOf(db, scope, { venueId: site.venueId });
  if (siblings.some((s) => s.parentId === site.id)) throw conflict('state', 'venue.alreadySplit');
  return db.transaction(async (tx) => {
    if (await liveClaimsAheadPort.get()(tx, scope, [site.id], new Date())) throw conflict('state', 'venue.siteHasBookings');
    const halves = await insertSites(
      tx,
      scope,
      names.map((name, i) => ({
        orgId: site.orgId,
        venueId: site.venueId,
        name,
        sport: site.sport,
        capacity: Math.max(1, Math.floor(site.capacity / 2)),
        status: site.status,
        sort: site.sort + i + 1,
        hours: site.hours,
        parentId: site.id,
      })),
    );
    return halves.map(siteOut);
  });
}

/** Merges two sites of one venue into a full site over them (they become its halves). */
export async function mergeSites(db: Db, caller: Caller, siteIds: [number, number], name: string) {
  const scope = scopeOf(caller);
  const [a, b] = await Promise.all(siteIds.map((i) => siteInScope(db, scope, i)));
  if (a!.id === b!.id) throw invalid('siteIds', 'venue.mergeTwo');
  if (a!.venueId !== b!.venueId || a!.sport !== b!.sport) throw invalid('siteIds', 'venue.mergeSameVenue');
  const all = await sitesOf(db, scope, { venueId: a!.venueId });
  if (a!.parentId || b!.parentId || all.some((s) => s.parentId === a!.id || s.parentId === b!.id)) throw conflict('state', 'venue.alreadySplit');
  return db.transaction(async (tx) => {
    if (await liveClaimsAheadPort.get()(tx, scope, [a!.id, b!.id], new Date())) throw conflict('state', 'venue.siteHasBookings');
    const [full] = await insertSites(tx, scope, [
      {
        orgId: a!.orgId,
        venueId: a!.venueId,
        name,
        sport: a!.sport,
        capacity: a!.capacity + b!.capacity,
        status: 0,
        sort: Math.min(a!.sort, b!.sort),
        hours: a!.hours,
      },
    ]);
    for (const s of [a!, b!]) await updateSite(tx, scope, s.id, undefined, { parentId: full!.id });
    return siteOut(full!);
  });
}

// ---------------------------------------------------------------- price rules

type RuleInput = Partial<PriceRuleCreate>;

async function checkRuleTarget(db: Executor, scope: Scope, venueId: number, r: RuleInput) {
  if (r.siteId && (await siteInScope(db, scope, r.siteId)).venueId !== venueId) throw invalid('siteId', 'error.notFound');
}

function ruleValues(r: RuleInput) {
  const { start, end, weekdays, ...rest } = r;
  return {
    ...rest,
    ...(start !== undefined ? { startMin: minutesOf(start) } : {}),
    ...(end !== undefined ? { endMin: minutesOf(end) } : {}),
    ...(weekdays !== undefined ? { weekdays: [...new Set(weekdays)].sort() } : {}),
  };
}

const ruleOut = ({ startMin, endMin, createdAt, updatedAt: _u, ...r }: Awaited<ReturnType<typeof pagePriceRules>>['rows'][number]) => ({
  ...r,
  start: hhmmOf(startMin),
  end: hhmmOf(endMin),
  createTime: createdAt,
});

export async function listPriceRules(db: Db, caller: Caller, q: z.output<typeof priceRuleListQuery>) {
  const scope = scopeOf(caller);
  const { total, rows } = await pagePriceRules(
    db,
    scope,
    { venueId: q.venueId, siteId: q.siteId, sport: q.sport },
    orderOf(q, priceRuleSorts, priceRuleDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map(ruleOut) };
}

async function getPriceRule(db: Executor, scope: Scope, id: number) {
  const { rows } = await pagePriceRules(db, scope, { id }, priceRuleDefaultOrder, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function addPriceRule(db: Db, caller: Caller, input: PriceRuleCreate) {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, input.venueId);
  await checkRuleTarget(db, scope, venue.id, input);
  const v = ruleValues(input);
  const [row] = await insertPriceRules(db, scope, [
    {
      ...v,
      orgId: venue.orgId,
      venueId: venue.id,
      name: input.name,
      startMin: v.startMin!,
      endMin: v.endMin!,
      priceFen: input.priceFen,
      siteId: input.siteId ?? null,
      sport: input.siteId ? null : (input.sport ?? null),
    },
  ]);
  return ruleOut(await getPriceRule(db, scope, row!.id));
}

export async function editPriceRule(db: Db, caller: Caller, id: number, input: PriceRuleUpdate) {
  const scope = scopeOf(caller);
  const current = await getPriceRule(db, scope, id);
  await checkRuleTarget(db, scope, current.venueId, input);
  const { version, ...rest } = input;
  const v = ruleValues(rest);
  if ((v.startMin ?? current.startMin) >= (v.endMin ?? current.endMin)) throw invalid('end', 'venue.closeAfterOpen');
  const from = v.validFrom === undefined ? current.validFrom : v.validFrom;
  const to = v.validTo === undefined ? current.validTo : v.validTo;
  if (from && to && from > to) throw invalid('validTo', 'venue.validToBeforeFrom');
  expectOneUpdated(await updatePriceRule(db, scope, id, version, v));
  return ruleOut(await getPriceRule(db, scope, id));
}

export async function removePriceRules(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  for (const id of new Set(ids)) await getPriceRule(db, scope, id); // another organisation's: 100404
  return { deleted: await deletePriceRules(db, scope, { ids }) };
}

// ---------------------------------------------------------------- templates

const templateOut = ({ createdAt, updatedAt: _u, ...t }: TemplateRecord) => ({ ...t, createTime: createdAt });

export async function listTemplates(db: Db, caller: Caller, q: z.output<typeof templateListQuery>) {
  const { total, rows } = await pageTemplates(db, scopeOf(caller), { venueId: q.venueId, name: q.name }, pageOf(q));
  return { total, data: rows.map(templateOut) };
}

const pricesOf = (prices: TemplateCreate['prices']) => prices.map((p) => ({ ...p, level: p.level ?? null }));

async function templateInScope(db: Executor, scope: Scope, id: number) {
  const t = await findTemplate(db, scope, id);
  if (!t) throw notFound();
  return t;
}

export async function addTemplate(db: Db, caller: Caller, input: TemplateCreate) {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, input.venueId);
  checkHours(input.hours, venue.slotMinutes);
  const row = await insertTemplate(db, scope, { orgId: venue.orgId, venueId: venue.id, name: input.name, hours: input.hours, prices: pricesOf(input.prices) });
  return templateOut(row);
}

export async function editTemplate(db: Db, caller: Caller, id: number, input: z.output<typeof templateUpdate>) {
  const scope = scopeOf(caller);
  const t = await templateInScope(db, scope, id);
  if (input.hours) checkHours(input.hours, (await venueInScope(db, scope, t.venueId)).slotMinutes);
  const { version, prices, ...values } = input;
  expectOneUpdated(await updateTemplate(db, scope, id, version, { ...values, ...(prices ? { prices: pricesOf(prices) } : {}) }));
  return templateOut(await templateInScope(db, scope, id));
}

export async function removeTemplates(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  for (const id of new Set(ids)) await templateInScope(db, scope, id); // another organisation's: 100404
  return { deleted: await deleteTemplates(db, scope, ids) };
}

async function copyTemplatePrices(tx: Executor, scope: Scope, t: TemplateRecord, targets: SiteRecord[]) {
  await deletePriceRules(tx, scope, { siteIds: targets.map((s) => s.id) });
  await insertPriceRules(
    tx,
    scope,
    targets.flatMap((s) =>
      t.prices.map((p) => ({
        orgId: s.orgId,
        venueId: s.venueId,
        name: t.name,
        siteId: s.id,
        weekdays: p.weekdays,
        dayKind: p.dayKind,
        startMin: minutesOf(p.start),
        endMin: minutesOf(p.end),
        level: p.level,
        priceFen: p.priceFen,
      })),
    ),
  );
}

/** Copies a template's hours and prices onto sites of its venue (their own price rules are replaced). */
export async function applyTemplate(db: Db, caller: Caller, id: number, siteIds: number[]) {
  const scope = scopeOf(caller);
  const t = await templateInScope(db, scope, id);
  const targets = await sitesOf(db, scope, { ids: siteIds });
  if (targets.length !== new Set(siteIds).size || targets.some((s) => s.venueId !== t.venueId)) throw invalid('siteIds', 'error.notFound');
  await db.transaction(async (tx) => {
    for (const s of targets) await updateSite(tx, scope, s.id, undefined, { hours: t.hours });
    await copyTemplatePrices(tx, scope, t, targets);
  });
  return { sites: targets.length };
}

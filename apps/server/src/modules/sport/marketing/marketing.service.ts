import {
  minutesOf,
  type CampaignCreate,
  type CampaignQuery,
  type CampaignState,
  type CampaignUpdate,
  type campaignStatusChange,
  type campaignUseQuery,
} from '@venue/contract';
import type { z } from 'zod';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { fenToYuan, timeZoneOf } from '../commerce/index.ts';
import { templateBriefs } from '../coupon/index.ts';
import { findVenue, instantOf } from '../venue/index.ts';
import {
  campaignDefaultOrder,
  campaignSorts,
  findCampaign,
  insertCampaign,
  pageCampaigns,
  pageUses,
  updateCampaign,
  type CampaignRecord,
} from './marketing.repository.ts';
import type { campaigns } from './marketing.table.ts';
import './marketing.messages.ts';

/** Campaigns: add, edit, list, pause and end, and their uses (issue 28). What they do to orders is marketing.effects.ts. */

const hhmmOf = (m: number | null) => (m === null ? null : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A date as sent: a day is the whole day in the organisation's time zone (its start, or the next midnight for an end); else the instant. */
async function instantFrom(db: Executor, orgId: number, v: string | number, end: boolean): Promise<Date> {
  if (typeof v === 'string' && DAY_RE.test(v.trim())) return instantOf(v.trim(), end ? 1440 : 0, await timeZoneOf(db, orgId))!;
  return new Date(typeof v === 'string' ? v.trim() : v);
}

/** What the list shows: the operator's status with the dates and the budget read in. */
export function stateOf(c: CampaignRecord, now = new Date()): CampaignState {
  if (c.status === 'ended' || now >= c.validTo) return 'ended';
  if (c.status === 'paused') return 'paused';
  if (c.usedFen >= c.budgetFen) return 'exhausted';
  return now < c.validFrom ? 'scheduled' : 'running';
}

export function campaignAnswer(c: CampaignRecord) {
  const { bandStartMin, bandEndMin, createdAt, createdBy: _c, updatedAt: _u, ...rest } = c;
  return { ...rest, state: stateOf(c), bandStart: hhmmOf(bandStartMin), bandEnd: hhmmOf(bandEndMin), createTime: createdAt };
}

type Fields = Partial<Omit<CampaignCreate, 'kind'>>;

/** The columns of the fields sent, checked together with what is stored against the kind's needs. */
async function columnsOf(db: Executor, scope: Scope, orgId: number, kind: string, f: Fields, was?: CampaignRecord) {
  for (const id of f.venueIds ?? []) if ((await findVenue(db, scope, id))?.orgId !== orgId) throw notFound();
  const out: Partial<typeof campaigns.$inferInsert> = {};
  const keys = ['name', 'venueIds', 'budgetFen', 'tiers', 'offKind', 'offValue', 'capFen', 'sports', 'trigger', 'templateIds', 'remark'] as const;
  for (const k of keys) if (f[k] !== undefined) (out as Record<string, unknown>)[k] = f[k];
  if (f.validFrom !== undefined) out.validFrom = await instantFrom(db, orgId, f.validFrom, false);
  if (f.validTo !== undefined) out.validTo = await instantFrom(db, orgId, f.validTo, true);
  if (f.bandStart !== undefined) out.bandStartMin = f.bandStart === null ? null : minutesOf(f.bandStart);
  if (f.bandEnd !== undefined) out.bandEndMin = f.bandEnd === null ? null : minutesOf(f.bandEnd);
  const v = { ...was, ...out } as CampaignRecord;
  if (v.validFrom >= v.validTo) throw invalid('validTo', 'campaign.datesOrder');
  if (was && v.budgetFen < was.usedFen) throw invalid('budgetFen', 'campaign.budgetBelowUsed', { yuan: fenToYuan(was.usedFen) });
  if (kind === 'rechargeBonus' && !v.tiers?.length) throw invalid('tiers', 'campaign.tiersRequired');
  if (kind === 'firstBooking' || kind === 'timeBand') {
    if (!v.offKind || !v.offValue) throw invalid('offValue', 'campaign.offRequired');
    if (v.offKind === 'percent' && v.offValue > 100) throw invalid('offValue', 'campaign.percentRange');
  }
  if (kind === 'timeBand') {
    if (v.bandStartMin === null || v.bandStartMin === undefined || v.bandEndMin === null || v.bandEndMin === undefined || v.bandStartMin >= v.bandEndMin)
      throw invalid('bandEnd', 'campaign.bandRequired');
  }
  if (kind === 'couponPack') {
    if (!v.trigger || !v.templateIds?.length) throw invalid('templateIds', 'campaign.packRequired');
    if (f.templateIds !== undefined) {
      // The organisation's own templates (another's is not found), switched on.
      const found = await templateBriefs(db, scope, f.templateIds);
      if (found.length !== new Set(f.templateIds).size || found.some((t) => t.orgId !== orgId)) throw notFound();
      const off = found.find((t) => t.status !== 'on');
      if (off) throw invalid('templateIds', 'campaign.templateOff', { name: off.name });
    }
  }
  return out;
}

/** `POST marketing/campaign`. */
export async function addCampaign(db: Db, caller: Caller, input: CampaignCreate) {
  const scope = scopeOf(caller);
  const cols = await columnsOf(db, scope, caller.orgId, input.kind, input);
  const c = await insertCampaign(db, scope, {
    ...cols,
    orgId: caller.orgId,
    name: input.name,
    kind: input.kind,
    validFrom: cols.validFrom!,
    validTo: cols.validTo!,
    budgetFen: input.budgetFen,
    createdBy: caller.userId,
  });
  return campaignAnswer(c);
}

/** `PUT marketing/campaign/{id}`: the kind stays; the budget may not go below what is used. */
export async function editCampaign(db: Db, caller: Caller, id: number, input: CampaignUpdate) {
  const scope = scopeOf(caller);
  const was = await findCampaign(db, scope, id);
  if (!was) throw notFound();
  const { version, ...f } = input;
  const cols = await columnsOf(db, scope, was.orgId, was.kind, f, was);
  return campaignAnswer(await updateCampaign(db, scope, id, version, cols));
}

export async function getCampaign(db: Db, caller: Caller, id: number) {
  const c = await findCampaign(db, scopeOf(caller), id);
  if (!c) throw notFound();
  return campaignAnswer(c);
}

export async function listCampaigns(db: Db, caller: Caller, q: CampaignQuery) {
  const { total, rows } = await pageCampaigns(db, scopeOf(caller), q, orderOf(q, campaignSorts, campaignDefaultOrder), pageOf(q));
  return { total, data: rows.map(campaignAnswer) };
}

/** `PUT marketing/campaign/{id}/status`: pause, run again, or end for good (uses held by pending orders stay theirs). */
export async function setCampaignStatus(db: Db, caller: Caller, id: number, input: z.output<typeof campaignStatusChange>) {
  const scope = scopeOf(caller);
  const was = await findCampaign(db, scope, id);
  if (!was) throw notFound();
  if (was.status === 'ended') throw conflict('state', 'campaign.ended');
  return campaignAnswer(await updateCampaign(db, scope, id, input.version, { status: input.status }));
}

/** `POST marketing/use/list`: a campaign's uses (which order, member, how much), newest first. */
export async function listUses(db: Db, caller: Caller, q: z.output<typeof campaignUseQuery>) {
  const scope = scopeOf(caller);
  if (!(await findCampaign(db, scope, q.campaignId))) throw notFound();
  const { total, rows } = await pageUses(db, scope, q, pageOf(q));
  return {
    total,
    data: rows.map(({ use: u, orderNo, memberName }) => ({
      id: u.id,
      campaignId: u.campaignId,
      what: u.what,
      state: u.state,
      orderId: u.orderId,
      orderNo,
      memberId: u.memberId,
      memberName,
      amountFen: u.amountFen,
      createTime: u.createdAt,
      settleTime: u.settledAt,
    })),
  };
}

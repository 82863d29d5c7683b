import type {
  CouponIssue,
  CouponOrder,
  CouponQuery,
  CouponTemplateCreate,
  CouponTemplateQuery,
  CouponTemplateUpdate,
  couponReturnQuery,
  couponBatchQuery,
} from '@venue/contract';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../../platform/db.ts';
import { conflict, invalid, isUniqueViolation, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { createOrder, findOrder, timeZoneOf } from '../commerce/index.ts';
import { findVenue, instantOf } from '../venue/index.ts';
import {
  claimBatch,
  findCoupons,
  findTemplate,
  insertTemplate,
  issueToMembers,
  lockTemplate,
  moveCoupons,
  pageBatches,
  pageCoupons,
  pageReturns,
  pageTemplates,
  removeTemplates,
  setBatchIssued,
  takeTotal,
  templateDefaultOrder,
  templateSorts,
  templateStats,
  updateTemplate,
  giveBackMember,
  type BatchRecord,
  type TemplateRecord,
} from './coupon.repository.ts';
import { validityOf } from './coupon.redeem.ts';
import './coupon.messages.ts';

/** Templates, issuing, lists and the coupon sale (issue 28). Redeeming is coupon.redeem.ts. */

// ---------------------------------------------------------------- templates

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmOf = (m: number | null) => (m === null ? null : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A date as sent: a day is the whole day in the organisation's time zone (its start, or the next midnight for an end); else the instant. */
async function instantFrom(db: Executor, orgId: number, v: string | number | null | undefined, end: boolean): Promise<Date | null> {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' && DAY_RE.test(v.trim())) return instantOf(v.trim(), end ? 1440 : 0, await timeZoneOf(db, orgId)) ?? null;
  return new Date(typeof v === 'string' ? v.trim() : v);
}

type TemplateFields = Partial<CouponTemplateCreate>;

/** The columns of a template's fields as sent (only those sent), checked together against what is stored. */
async function columnsOf(db: Executor, scope: Scope, orgId: number, f: TemplateFields, was?: TemplateRecord) {
  // The venues it applies at are the organisation's own (another's is not found).
  for (const id of f.venueIds ?? []) if ((await findVenue(db, scope, id))?.orgId !== orgId) throw notFound();
  const out: Partial<typeof import('./coupon.table.ts').couponTemplates.$inferInsert> = {};
  const keys = [
    'name',
    'kind',
    'valueFen',
    'thresholdFen',
    'percentOff',
    'capFen',
    'times',
    'totalLimit',
    'perMemberLimit',
    'validDays',
    'code',
    'stackable',
    'refundRule',
    'itemKinds',
    'venueIds',
    'sports',
    'priceFen',
    'status',
    'remark',
  ] as const;
  for (const k of keys) if (f[k] !== undefined) (out as Record<string, unknown>)[k] = f[k];
  if (f.validFrom !== undefined) out.validFrom = await instantFrom(db, orgId, f.validFrom, false);
  if (f.validTo !== undefined) out.validTo = await instantFrom(db, orgId, f.validTo, true);
  if (f.bandStart !== undefined) out.bandStartMin = f.bandStart === null ? null : minutesOf(f.bandStart);
  if (f.bandEnd !== undefined) out.bandEndMin = f.bandEnd === null ? null : minutesOf(f.bandEnd);
  const v = { ...was, ...out } as TemplateRecord;
  if (v.kind === 'amount' && !(v.valueFen > 0)) throw invalid('valueFen', 'coupon.valueRequired');
  if (v.kind === 'percent' && !v.percentOff) throw invalid('percentOff', 'coupon.percentRequired');
  if (v.kind === 'times' && !v.times) throw invalid('times', 'coupon.timesRequired');
  if (!v.validDays && (!v.validFrom || !v.validTo)) throw invalid('validTo', 'coupon.validityRequired');
  if (v.validFrom && v.validTo && v.validFrom >= v.validTo) throw invalid('validTo', 'coupon.validityOrder');
  const band = [v.bandStartMin ?? null, v.bandEndMin ?? null];
  if ((band[0] === null) !== (band[1] === null) || (band[0] !== null && band[0] >= band[1]!)) throw invalid('bandEnd', 'coupon.bandBoth');
  return out;
}

function codeTaken(e: unknown): never {
  if (isUniqueViolation(e)) throw conflict('duplicate', 'coupon.codeTaken', undefined, [{ field: 'code', message: 'coupon.codeTaken' }]);
  throw e;
}

/** A template as answered. */
export function templateAnswer(t: TemplateRecord) {
  const { bandStartMin, bandEndMin, createdAt, createdBy: _c, updatedAt: _u, ...rest } = t;
  return { ...rest, bandStart: hhmmOf(bandStartMin), bandEnd: hhmmOf(bandEndMin), createTime: createdAt };
}

/** `POST coupon/template` (a fixed call): answers the template with its `id`. */
export async function addTemplate(db: Db, caller: Caller, input: CouponTemplateCreate) {
  const scope = scopeOf(caller);
  const cols = await columnsOf(db, scope, caller.orgId, input);
  const t = await insertTemplate(db, scope, { ...cols, orgId: caller.orgId, name: input.name, kind: input.kind, createdBy: caller.userId }).catch(codeTaken);
  return templateAnswer(t);
}

export async function editTemplate(db: Db, caller: Caller, id: number, input: CouponTemplateUpdate) {
  const scope = scopeOf(caller);
  const was = await findTemplate(db, scope, id);
  if (!was) throw notFound();
  const { version, ...f } = input;
  const cols = await columnsOf(db, scope, was.orgId, f, was);
  // The total limit is a check of the table: one below what was taken answers the field.
  if (cols.totalLimit !== undefined && cols.totalLimit !== null && cols.totalLimit < was.taken) throw invalid('totalLimit', 'coupon.overTotal', { left: 0 });
  return templateAnswer(await updateTemplate(db, scope, id, version, cols).catch(codeTaken));
}

export async function getTemplate(db: Db, caller: Caller, id: number) {
  const t = await findTemplate(db, scopeOf(caller), id);
  if (!t) throw notFound();
  return templateAnswer(t);
}

export async function listTemplates(db: Db, caller: Caller, q: CouponTemplateQuery) {
  const { total, rows } = await pageTemplates(db, scopeOf(caller), q, orderOf(q, templateSorts, templateDefaultOrder), pageOf(q));
  return { total, data: rows.map(templateAnswer) };
}

/** Deletes templates nothing was taken of (issued, sold, used); others are turned off instead. */
export async function deleteTemplates(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  for (const id of ids) {
    const t = await findTemplate(db, scope, id);
    if (!t) throw notFound();
    if (t.taken > 0 || (await templateStats(db, scope, id)).issued > 0) throw conflict('state', 'coupon.templateInUse');
  }
  return { deleted: await removeTemplates(db, scope, ids) };
}

/** `POST coupon/template/{id}/stats` (a fixed call): `{issued, held, used, released}` and more. */
export async function statsOf(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  if (!(await findTemplate(db, scope, id))) throw notFound();
  return templateStats(db, scope, id);
}

// ---------------------------------------------------------------- issuing

/** What a batch goes to: chosen members, or a segment of the organisation's members. */
export interface IssueAsk {
  batchKey: string;
  memberIds?: number[];
  segment?: { level?: string; tag?: string };
  remark?: string | null;
  /** `campaign` for a campaign's coupon pack. */
  source?: 'issue' | 'campaign';
}

/**
 * Issues a batch of a template in the caller's transaction, once per batch key: a retry (even one
 * racing the first) finds the first batch and issues nothing. The template is locked, each member
 * takes one of their share (members at their limit are skipped), and the batch takes its count of
 * the total at once: past the total it is refused whole. The campaign module issues its packs here.
 */
export async function issueBatch(tx: Tx, scope: Scope, templateId: number, ask: IssueAsk, userId: number | null): Promise<BatchRecord> {
  const t = await findTemplate(tx, scope, templateId);
  if (!t) throw notFound();
  const target = ask.memberIds
    ? 'members'
    : [ask.segment?.level && `level=${ask.segment.level}`, ask.segment?.tag && `tag=${ask.segment.tag}`].filter(Boolean).join(',');
  const { batch, fresh } = await claimBatch(tx, scope, {
    orgId: t.orgId,
    templateId: t.id,
    batchKey: ask.batchKey,
    source: ask.source ?? 'issue',
    target: target.slice(0, 100),
    requested: ask.memberIds?.length ?? 0,
    remark: ask.remark ?? null,
    createdBy: userId,
  });
  if (!fresh) {
    if (batch.templateId !== t.id) throw conflict('duplicate', 'coupon.batchKeyReused', undefined, [{ field: 'batchKey', message: 'coupon.batchKeyReused' }]);
    return batch;
  }
  const locked = (await lockTemplate(tx, scope, t.id))!;
  if (locked.status !== 'on') throw conflict('state', 'coupon.templateOff');
  const now = new Date();
  const valid = validityOf(locked, now);
  if (valid.to <= now) throw conflict('state', 'coupon.templateEnded');
  const n = await issueToMembers(
    tx,
    scope,
    locked,
    batch.id,
    { memberIds: ask.memberIds, level: ask.segment?.level, tag: ask.segment?.tag },
    valid,
    ask.source ?? 'issue',
  );
  if (n > 0 && !(await takeTotal(tx, scope, t.id, n))) {
    throw conflict('coupon', 'coupon.overTotal', { left: Math.max(0, (locked.totalLimit ?? 0) - locked.taken) });
  }
  return setBatchIssued(tx, scope, batch.id, n, ask.memberIds ? ask.memberIds.length : n);
}

export const batchAnswer = ({ createdAt, orgId: _o, ...b }: BatchRecord, templateName?: string) => ({ ...b, templateName, createTime: createdAt });

/** `POST coupon/template/{id}/issue`: a batch, once per `batchKey`. */
export async function issueCoupons(db: Db, caller: Caller, templateId: number, input: CouponIssue) {
  const batch = await db.transaction((tx) => issueBatch(tx, scopeOf(caller), templateId, input, caller.userId));
  return batchAnswer(batch);
}

export async function listBatches(db: Db, caller: Caller, q: z.output<typeof couponBatchQuery>) {
  const { total, rows } = await pageBatches(db, scopeOf(caller), q.templateId, pageOf(q));
  return { total, data: rows.map((r) => batchAnswer(r.batch, r.templateName)) };
}

// ---------------------------------------------------------------- coupons

export async function listCoupons(db: Db, caller: Caller, q: CouponQuery) {
  const { usable, ...f } = q;
  const { total, rows } = await pageCoupons(db, scopeOf(caller), { ...f, usableAt: usable ? new Date() : undefined }, pageOf(q));
  return {
    total,
    data: rows.map(({ coupon: c, templateName, kind, memberName, orderNo }) => ({
      id: c.id,
      couponNo: c.couponNo,
      templateId: c.templateId,
      templateName,
      kind,
      memberId: c.memberId,
      memberName,
      batchId: c.batchId,
      source: c.source,
      state: c.state,
      usesLeft: c.usesLeft,
      validFrom: c.validFrom,
      validTo: c.validTo,
      orderId: c.orderId,
      orderNo,
      usedAt: c.usedAt,
      createTime: c.createdAt,
    })),
  };
}

/** `POST coupon/void`: coupons still issued are withdrawn (a held or used one is left as it is); their members' shares come back. */
export async function voidCoupons(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    // Another organisation's coupon is not found, as any record of it.
    if ((await findCoupons(tx, scope, ids)).length !== new Set(ids).size) throw notFound();
    const voided = await moveCoupons(tx, scope, ids, ['issued'], { state: 'void' });
    for (const c of voided) if (c.memberId !== null) await giveBackMember(tx, scope, c.templateId, c.memberId, 1);
    return { voided: voided.length };
  });
}

export async function listReturns(db: Db, caller: Caller, q: z.output<typeof couponReturnQuery>) {
  const { total, rows } = await pageReturns(db, scopeOf(caller), q, pageOf(q));
  return {
    total,
    data: rows.map(({ ret: { orgId: _o, createdAt, ...r }, orderNo, couponNo, templateName, memberName }) => ({
      ...r,
      orderNo,
      couponNo,
      templateName,
      memberName,
      createTime: createdAt,
    })),
  };
}

// ---------------------------------------------------------------- selling coupons

/** `POST coupon/order`: a pending order of type `coupon` for a member (paid like any sale). */
export async function sellCoupons(db: Db, caller: Caller, input: CouponOrder, key: string | undefined) {
  const scope = scopeOf(caller);
  const t = await findTemplate(db, scope, input.templateId);
  if (!t) throw notFound();
  let made: { orderNo: string; id: number; payableFen: number; state: string; expiresAt: Date | null } | undefined;
  const id = await createOrder(
    db,
    caller,
    {
      orgId: t.orgId,
      type: 'coupon',
      venueId: input.stadiumId,
      memberId: input.memberId,
      buyerName: null,
      buyerPhone: null,
      channel: 'console',
      remark: null,
      items: [{ kind: 'coupon', refId: t.id, quantity: input.quantity, discountFen: 0 }],
    },
    key,
    (m) => (made = m.order),
  );
  const order = made ?? (await findOrder(db, scope, id))!;
  return { orderNo: order.orderNo, orderId: order.id, amount: order.payableFen, state: order.state, expiresAt: order.expiresAt };
}

/** Templates by id in scope, as another module names them (a campaign's coupon pack): id, organisation, name, kind, status. */
export async function templateBriefs(db: Executor, scope: Scope, ids: number[]) {
  const out: { id: number; orgId: number; name: string; kind: string; status: string }[] = [];
  for (const id of ids) {
    const t = await findTemplate(db, scope, id);
    if (t) out.push({ id: t.id, orgId: t.orgId, name: t.name, kind: t.kind, status: t.status });
  }
  return out;
}

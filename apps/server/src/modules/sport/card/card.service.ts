import {
  CARD_QR_PREFIX,
  Perm,
  minutesOf,
  type CardDateEdit,
  type CardDistribute,
  type CardTakeBack,
  type CardFreeze,
  type CardListQuery,
  type CardManager,
  type CardRecharge,
  type CardRefund,
  type CardRulesEdit,
  type CardSell,
  type CardShareCreate,
  type CardShareUpdate,
  type CardTypeCreate,
  type CardTypeListQuery,
  type CardTypeUpdate,
  type CardUsageListQuery,
  type CheckinCreate,
  type OrderCreate,
  type PageQuery,
} from '@venue/contract';
import type { Db, Executor, Tx } from '../../../platform/db.ts';
import { AppError, conflict, invalid, notFound, staleVersion } from '../../../platform/errors.ts';
import { t, type Lang } from '../../../platform/i18n.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { findVisibleUsers, mapDuplicate } from '../../system/index.ts';
import {
  applyNonOrderRefund,
  consumeItem,
  createOrder,
  fenToYuan,
  findAccount,
  getOrderRow,
  itemsOf,
  kindContext,
  venueOrgOf,
  type Made,
} from '../commerce/index.ts';
import { findMember, insertVisit, searchMembers, type MemberRecord } from '../member/index.ts';
import { findVenue, pagePriceRules, priceRuleDefaultOrder, type PriceRuleRecord } from '../venue/index.ts';
import { addDays, checkLimits, daysBetween, localNow, maskPhone, refusalOf, rulesOf } from './card.common.ts';
import { bonusOf, type CardHold } from './card.kinds.ts';
import {
  cardDefaultOrder,
  cardSorts,
  cardTypeDefaultOrder,
  cardTypeSorts,
  cardsWithTypes,
  countShares,
  deleteCardTypes,
  deleteShare,
  findCard,
  findCardType,
  findShare,
  insertCardLog,
  insertCardType,
  insertDistribution,
  insertShare,
  insertUsage,
  logsOf,
  pageCards,
  pageCardTypes,
  pageDistributions,
  latestGives,
  pageUsages,
  paidForCard,
  cardRefundPending,
  shareOfMember,
  sharedCardIds,
  sharesOf,
  spendingByDay,
  takeTimes,
  typesWithCards,
  updateCard,
  updateCardType,
  updateShare,
  usageDefaultOrder,
  usageSorts,
  useShare,
  type CardRecord,
  type CardTypeRecord,
  type CardView,
} from './card.repository.ts';
import { hhmmOf as hhmm } from '../../../platform/zone.ts';

/** Member cards: types, sale and recharge orders, the card record and its changes, sharing, usage and check-in. */

const TYPE_UNIQUE = { sport_card_type_org_name_uq: ['name', 'field.cardTypeName'] as [string, string] };

// ---------------------------------------------------------------- card types

type TypeRow = CardTypeRecord & { cardCount: number };
const typeView = ({ createdAt, updatedAt: _, ...t }: TypeRow) => ({ ...t, status: t.status as 0 | 1, createTime: createdAt });

export async function listCardTypes(db: Db, caller: Caller, q: CardTypeListQuery) {
  const { total, rows } = await pageCardTypes(
    db,
    scopeOf(caller),
    { name: q.name, kind: q.kind, status: q.status },
    orderOf(q, cardTypeSorts, cardTypeDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map(typeView) };
}

export async function getCardType(db: Executor, caller: Caller, id: number) {
  const { rows } = await pageCardTypes(db, scopeOf(caller), { id }, [], { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return typeView(rows[0]);
}

/** Checks what a kind needs (a times card its uses, a period card its days). */
function checkTypeShape(kind: string, v: { times?: number | null; validDays?: number | null; faceValueFen?: number }) {
  if (kind === 'times' && !v.times) throw invalid('times', 'error.field.required');
  if (kind === 'period' && !v.validDays) throw invalid('validDays', 'error.field.required');
  if (kind === 'value' && v.faceValueFen !== undefined && v.faceValueFen <= 0) throw invalid('faceValueFen', 'error.field.required');
}

export async function addCardType(db: Db, caller: Caller, input: CardTypeCreate) {
  const scope = scopeOf(caller);
  const { orgId: given, ...v } = input;
  const orgId = given ?? caller.orgId;
  checkTypeShape(v.kind, v);
  await checkVenues(db, scope, orgId, v.venueIds ?? []);
  const row = await mapDuplicate(
    insertCardType(db, scope, {
      orgId,
      name: v.name,
      kind: v.kind,
      priceFen: v.priceFen,
      faceValueFen: v.kind === 'value' ? (v.faceValueFen ?? 0) : 0,
      rechargeBonus: v.kind === 'value' ? (v.rechargeBonus ?? []) : [],
      times: v.kind === 'times' ? (v.times ?? null) : null,
      validDays: v.validDays ?? null,
      perDay: v.perDay ?? null,
      perWeek: v.perWeek ?? null,
      venueIds: v.venueIds ?? [],
      sports: v.sports ?? [],
      timeBands: v.timeBands ?? [],
      level: v.level ?? null,
      discounts: v.discounts ?? [],
      freezeExtends: v.freezeExtends ?? true,
      maxSharers: v.maxSharers ?? 0,
      status: v.status ?? 0,
      remark: v.remark ?? null,
    }),
    TYPE_UNIQUE,
  );
  return getCardType(db, caller, row.id);
}

/** Venues named by a type or card must be of its organisation (another's: 100404). */
async function checkVenues(db: Executor, scope: Scope, orgId: number, venueIds: number[]) {
  for (const id of venueIds) {
    const v = await findVenue(db, scope, id);
    if (!v || v.orgId !== orgId) throw notFound();
  }
}

export async function editCardType(db: Db, caller: Caller, id: number, input: CardTypeUpdate) {
  const scope = scopeOf(caller);
  const type = await findCardType(db, scope, id);
  if (!type) throw notFound();
  const { version, ...v } = input;
  checkTypeShape(type.kind, {
    times: v.times === undefined ? type.times : v.times,
    validDays: v.validDays === undefined ? type.validDays : v.validDays,
    faceValueFen: v.faceValueFen,
  });
  if (v.venueIds) await checkVenues(db, scope, type.orgId, v.venueIds);
  const values = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<CardTypeRecord>;
  const rows = await mapDuplicate(updateCardType(db, scope, id, version, values), TYPE_UNIQUE);
  if (!rows.length) throw staleVersion();
  return getCardType(db, caller, id);
}

/** Deletes types no card was ever sold of (one with cards: 100409 state). */
export async function removeCardTypes(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    for (const id of ids) if (!(await findCardType(tx, scope, id))) throw notFound();
    const used = await typesWithCards(tx, scope, ids);
    if (used.length) {
      const { rows } = await pageCardTypes(tx, scope, { id: used[0] }, [], { limit: 1, offset: 0 });
      throw conflict('state', 'card.typeHasCards', { n: rows[0]?.cardCount ?? 1 });
    }
    return { deleted: await deleteCardTypes(tx, scope, ids) };
  });
}

/**
 * Percent rule detail: the venue price rules that price the type's level (the one rule engine),
 * each beside everybody's price for the same venue, site or sport and band.
 */
export async function cardTypeRules(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const type = await findCardType(db, scope, id);
  if (!type) throw notFound();
  if (!type.level) return { typeId: id, level: null, rules: [] };
  const { rows } = await pagePriceRules(db, scope, {}, priceRuleDefaultOrder, { limit: 5000, offset: 0 });
  const ofOrg = rows.filter((r) => r.orgId === type.orgId && (!type.venueIds.length || type.venueIds.includes(r.venueId)));
  const venueNames = new Map<number, string>();
  for (const vid of new Set(ofOrg.map((r) => r.venueId))) venueNames.set(vid, (await findVenue(db, scope, vid))?.stadiumName ?? '');
  const walkIn = (r: PriceRuleRecord) =>
    ofOrg.find(
      (w) =>
        w.level === null &&
        w.enabled &&
        w.venueId === r.venueId &&
        (w.siteId === null || w.siteId === r.siteId) &&
        (w.sport === null || w.sport === r.sport) &&
        w.startMin <= r.startMin &&
        r.endMin <= w.endMin &&
        (!w.weekdays.length || !r.weekdays.length || r.weekdays.some((d) => w.weekdays.includes(d))),
    );
  return {
    typeId: id,
    level: type.level,
    rules: ofOrg
      .filter((r) => r.level === type.level)
      .map((r) => {
        const w = walkIn(r);
        const declared = type.discounts.find((d) => d.priceRuleId === r.id) ?? type.discounts.find((d) => d.priceRuleId === null);
        return {
          priceRuleId: r.id,
          venueId: r.venueId,
          venueName: venueNames.get(r.venueId) ?? '',
          name: r.name,
          siteName: r.siteName,
          sport: r.sport,
          weekdays: r.weekdays,
          dayKind: r.dayKind,
          start: hhmm(r.startMin),
          end: hhmm(r.endMin),
          priceFen: r.priceFen,
          walkInPriceFen: w ? w.priceFen : null,
          percent: w && w.priceFen > 0 ? Math.round((r.priceFen * 100) / w.priceFen) : null,
          declaredPercent: declared?.percent ?? null,
          enabled: r.enabled,
        };
      }),
  };
}

// ---------------------------------------------------------------- cards: list and detail

/** Phones are shown whole only to holders of the private-data permission. */
const maySeePrivate = (caller: Caller) => caller.admin || caller.perms.has(Perm.member.private);
export const phoneFor = (caller: Caller, phone: string) => (maySeePrivate(caller) ? phone : maskPhone(phone));

function cardView(c: CardView, caller: Caller) {
  const { createdAt, updatedAt: _u, rules: _r, ...rest } = c;
  return { ...rest, memberPhone: phoneFor(caller, c.memberPhone), createTime: createdAt };
}

export async function listCards(db: Db, caller: Caller, q: CardListQuery) {
  const { cardNo, keyword, typeId, kind, status, memberId, managerId, orgId, validToFrom, validToTo } = q;
  const { total, rows } = await pageCards(
    db,
    scopeOf(caller),
    { cardNo, keyword, typeId, kind, status, memberId, managerId, orgId, validToFrom, validToTo },
    orderOf(q, cardSorts, cardDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map((r) => cardView(r, caller)) };
}

async function cardRow(db: Executor, caller: Caller, id: number) {
  const { rows } = await pageCards(db, scopeOf(caller), { id }, [], { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return cardView(rows[0], caller);
}

const usageView = ({ createdAt, orgId: _o, operatorId: _op, ...u }: Awaited<ReturnType<typeof pageUsages>>['rows'][number]) => ({
  ...u,
  createTime: createdAt,
});
const shareView =
  (caller: Caller) =>
  ({ createdAt, orgId: _o, ...s }: Awaited<ReturnType<typeof sharesOf>>[number]) => ({
    ...s,
    status: s.status as 0 | 1,
    memberPhone: phoneFor(caller, s.memberPhone),
    createTime: createdAt,
  });

export async function getCard(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const { rows } = await pageCards(db, scope, { id }, [], { limit: 1, offset: 0 });
  const c = rows[0];
  if (!c) throw notFound();
  const [type, shares, usages, logs] = await Promise.all([
    getCardType(db, caller, c.typeId),
    sharesOf(db, scope, id),
    pageUsages(db, scope, { cardId: id }, usageDefaultOrder, { limit: 20, offset: 0 }),
    logsOf(db, scope, id, 50),
  ]);
  const typeRecord = (await findCardType(db, scope, c.typeId))!;
  return {
    ...cardView(c, caller),
    type,
    ownRules: c.rules,
    rules: rulesOf(c, typeRecord),
    shares: shares.map(shareView(caller)),
    usages: usages.rows.map(usageView),
    logs: logs.map(({ createdAt, orgId: _o, operatorId: _op, ...l }) => ({
      ...l,
      before: l.before as Record<string, unknown> | null,
      after: l.after as Record<string, unknown> | null,
      createTime: createdAt,
    })),
  };
}

// ---------------------------------------------------------------- selling and recharging

/** `POST card/sell`: a pending card for the member, and the order that sells it (paid through the pay component). */
export async function sellCard(db: Db, caller: Caller, input: CardSell, key: string | undefined) {
  const scope = scopeOf(caller);
  const type = await findCardType(db, scope, input.typeId);
  if (!type) throw notFound();
  const member = await findMember(db, scope, input.memberId);
  if (!member || member.orgId !== type.orgId) throw notFound();
  if (input.managerId !== undefined && !(await findVisibleUsers(db, scope, [input.managerId])).length) throw notFound();
  const order: OrderCreate = {
    orgId: type.orgId,
    type: 'card',
    memberId: member.id,
    buyerName: member.name,
    buyerPhone: /^1\d{10}$/.test(member.phone) ? member.phone : null,
    channel: 'console',
    items: [{ kind: 'card', refId: type.id, quantity: 1, discountFen: 0, detail: { managerId: input.managerId ?? null, remark: input.remark ?? null } }],
    remark: input.remark ?? null,
  };
  let made: Made | undefined;
  const orderId = await createOrder(db, caller, order, key, (m) => (made = m));
  const items = made ? (made as Made).items : await itemsOf(db, scope, orderId);
  const o = made ? (made as Made).order : undefined;
  const hold = items[0]!.hold as { cardId: number; cardNo: string };
  return {
    orderId,
    orderNo: o?.orderNo ?? (await getOrderRow(db, scope, orderId)).orderNo,
    amountFen: items[0]!.amountFen,
    cardId: hold.cardId,
    cardNo: hold.cardNo,
  };
}

/** `POST card/{id}/recharge`: an order of the card's recharge (and its bonus tier, credited on payment). */
export async function rechargeCard(db: Db, caller: Caller, id: number, input: CardRecharge, key: string | undefined) {
  const scope = scopeOf(caller);
  const card = await findCard(db, scope, id);
  if (!card) throw notFound();
  if (card.kind !== 'value' || !card.accountId) throw invalid('amountFen', 'card.notValue');
  const member = (await findMember(db, scope, card.memberId))!;
  const type = (await findCardType(db, scope, card.typeId))!;
  const order: OrderCreate = {
    orgId: card.orgId,
    type: 'card',
    memberId: member.id,
    buyerName: member.name,
    buyerPhone: /^1\d{10}$/.test(member.phone) ? member.phone : null,
    channel: 'console',
    items: [{ kind: 'card_recharge', refId: card.accountId, quantity: 1, unitPriceFen: input.amountFen, discountFen: 0 }],
    remark: input.remark ?? null,
  };
  let made: Made | undefined;
  const orderId = await createOrder(db, caller, order, key, (m) => (made = m));
  const orderNo = made ? (made as Made).order.orderNo : (await getOrderRow(db, scope, orderId)).orderNo;
  // The bonus as held (the type's tier and a campaign's), or, for a retry answered from the first call, the type's tier.
  const held = (made as Made | undefined)?.items[0]?.hold as { bonusFen?: number } | null | undefined;
  const bonusFen = held?.bonusFen ?? bonusOf(type.rechargeBonus, input.amountFen);
  return { orderId, orderNo, amountFen: input.amountFen, bonusFen, cardId: card.id, cardNo: card.cardNo };
}

// ---------------------------------------------------------------- card changes

/** Finds a card in scope (100404 otherwise), locked for the change. */
async function lockedCard(tx: Tx, scope: Scope, id: number): Promise<CardRecord> {
  const card = await findCard(tx, scope, id, { lock: true });
  if (!card) throw notFound();
  return card;
}

async function change(
  db: Db,
  caller: Caller,
  id: number,
  version: number | undefined,
  work: (
    tx: Tx,
    card: CardRecord,
    scope: Scope,
  ) => Promise<
    { action: string; before: Record<string, unknown>; after: Record<string, unknown>; reason?: string | null; values: Partial<CardRecord> } | undefined
  >,
) {
  const scope = scopeOf(caller);
  await db.transaction(async (tx) => {
    const card = await lockedCard(tx, scope, id);
    if (version !== undefined && card.version !== version) throw staleVersion();
    const done = await work(tx, card, scope);
    if (!done) return;
    if (!(await updateCard(tx, scope, id, null, undefined, done.values))) throw staleVersion();
    await insertCardLog(tx, scope, {
      orgId: card.orgId,
      cardId: id,
      action: done.action,
      before: done.before,
      after: done.after,
      reason: done.reason ?? null,
      operatorId: caller.userId,
    });
  });
  return cardRow(db, caller, id);
}

const LIVE = ['active', 'frozen'];

/** `POST card/{id}/date`: a new end (with a reason, logged). */
export async function editCardDate(db: Db, caller: Caller, id: number, input: CardDateEdit) {
  return change(db, caller, id, input.version, async (_tx, card) => {
    if (!LIVE.includes(card.status)) throw conflict('state', 'card.notRefundable');
    if (card.validFrom && input.validTo < card.validFrom) throw invalid('validTo', 'card.validToBeforeFrom');
    return { action: 'date', before: { validTo: card.validTo }, after: { validTo: input.validTo }, reason: input.reason, values: { validTo: input.validTo } };
  });
}

export async function freezeCard(db: Db, caller: Caller, id: number, input: CardFreeze) {
  return change(db, caller, id, input.version, async (_tx, card) => {
    if (card.status !== 'active') throw conflict('state', 'card.notActiveFreeze');
    return {
      action: 'freeze',
      before: { status: card.status },
      after: { status: 'frozen' },
      reason: input.reason,
      values: { status: 'frozen', frozenAt: new Date() },
    };
  });
}

/** Unfreezes; when the type says so, the end moves by the days the card was frozen. */
export async function unfreezeCard(db: Db, caller: Caller, id: number, input: CardFreeze) {
  return change(db, caller, id, input.version, async (tx, card, scope) => {
    if (card.status !== 'frozen') throw conflict('state', 'card.notFrozen');
    const type = (await findCardType(tx, scope, card.typeId))!;
    const { day: today } = await localNow(tx, card.orgId);
    const { day: frozenDay } = card.frozenAt ? await localNow(tx, card.orgId, card.frozenAt) : { day: today };
    const days = Math.max(0, daysBetween(frozenDay, today));
    const validTo = type.freezeExtends && card.validTo && days > 0 ? addDays(card.validTo, days) : card.validTo;
    return {
      action: 'unfreeze',
      before: { status: 'frozen', validTo: card.validTo },
      after: { status: 'active', validTo, frozenDays: days },
      reason: input.reason,
      values: { status: 'active', frozenAt: null, frozenDays: card.frozenDays + days, validTo },
    };
  });
}

export async function changeCardManager(db: Db, caller: Caller, id: number, input: CardManager) {
  return change(db, caller, id, input.version, async (tx, card, scope) => {
    const [user] = await findVisibleUsers(tx, scope, [input.managerId]);
    if (!user) throw notFound();
    return {
      action: 'manager',
      before: { managerId: card.managerId },
      after: { managerId: user.id, managerName: user.name },
      reason: input.reason,
      values: { managerId: user.id },
    };
  });
}

export async function editCardRules(db: Db, caller: Caller, id: number, input: CardRulesEdit) {
  const { reason, version, ...rules } = input;
  return change(db, caller, id, version, async (tx, card, scope) => {
    if (rules.venueIds) await checkVenues(tx, scope, card.orgId, rules.venueIds);
    const own = Object.fromEntries(Object.entries(rules).filter(([, v]) => v !== undefined));
    return { action: 'rules', before: card.rules, after: own, reason, values: { rules: own } };
  });
}

/**
 * The most a card's refund may pay back (issue 23, medium 7): what was paid for it (its sale, and
 * the recharges of a value card; comps are not money paid) less what was used, by its kind:
 * - value: its balance, at most the money paid in (the bonus and the face value above the price
 *   are used first; what is left of them is forfeited);
 * - times: the price paid for the uses left (paid × uses left ÷ uses sold);
 * - period: the price paid for the days left (paid × days left ÷ days of validity; a card without
 *   an end: what was paid).
 */
export async function refundableOf(db: Executor, scope: Scope, card: CardRecord): Promise<number> {
  const paid = await paidForCard(db, scope, card);
  if (card.kind === 'value') {
    const balance = card.accountId ? ((await findAccount(db, scope, card.accountId))?.balanceFen ?? 0) : 0;
    return Math.max(0, Math.min(balance, paid));
  }
  if (card.kind === 'times') {
    if (!card.timesTotal) return 0;
    return Math.floor((paid * (card.timesLeft ?? 0)) / card.timesTotal);
  }
  if (!card.validTo || !card.validFrom) return paid;
  const { day: today } = await localNow(db, card.orgId);
  const total = daysBetween(card.validFrom, card.validTo) + 1;
  const left = Math.min(total, Math.max(0, daysBetween(today < card.validFrom ? card.validFrom : today, card.validTo) + 1));
  return total > 0 ? Math.floor((paid * left) / total) : 0;
}

/** `GET card/{id}/refund/quote`: what the card's refund would pay back (the refund dialog shows it). */
export async function quoteCardRefund(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const card = await findCard(db, scope, id);
  if (!card) throw notFound();
  return { amountFen: LIVE.includes(card.status) ? await refundableOf(db, scope, card) : 0 };
}

/**
 * `POST card/{id}/refund`: the remaining value through the refund review (a non-order refund paid
 * out in cash or by transfer). The card is frozen while it waits; paid out, it is refunded.
 */
export async function refundCard(db: Db, caller: Caller, id: number, input: CardRefund) {
  const scope = scopeOf(caller);
  // One transaction, the card locked first: two applications at once cannot both pay the card out.
  const refund = await db.transaction(async (tx) => {
    const card = await lockedCard(tx, scope, id);
    if (!LIVE.includes(card.status)) throw conflict('state', 'card.notRefundable');
    if (await cardRefundPending(tx, scope, card.orgId, card.id)) throw conflict('state', 'card.refundPending');
    const most = await refundableOf(tx, scope, card);
    if (most <= 0) throw invalid('amountFen', 'card.nothingToRefund');
    let amountFen = input.amountFen;
    if (card.kind === 'value') {
      // The whole card is refunded: what is left of the money paid for it (a bonus is used first, and what is left of it is forfeited).
      if (amountFen !== undefined && amountFen !== most) throw invalid('amountFen', 'card.refundWhole', { maxYuan: fenToYuan(most) });
      amountFen = most;
    } else if (amountFen === undefined) amountFen = most;
    else if (amountFen > most) throw invalid('amountFen', 'card.refundOverPaid', { maxYuan: fenToYuan(most) });
    const member = (await findMember(tx, scope, card.memberId))!;
    const refund = await applyNonOrderRefund(
      tx,
      caller,
      {
        orgId: card.orgId,
        payeeName: member.name,
        payeePhone: /^1\d{10}$/.test(member.phone) ? member.phone : undefined,
        amountFen,
        method: input.method,
        reason: input.reason,
      },
      { payoutFrom: card.accountId ?? undefined, card: true },
    );
    if (card.status === 'active') await updateCard(tx, scope, id, ['active'], undefined, { status: 'frozen', frozenAt: new Date() });
    await insertCardLog(tx, scope, {
      orgId: card.orgId,
      cardId: id,
      action: 'refund',
      before: { status: card.status },
      after: { status: 'frozen', refundId: refund.id, refundNo: refund.refundNo, amountFen },
      reason: input.reason,
      operatorId: caller.userId,
    });
    return refund;
  });
  return { card: await cardRow(db, caller, id), refund };
}

// ---------------------------------------------------------------- sharing and distribution

export async function listShares(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  if (!(await findCard(db, scope, id))) throw notFound();
  return (await sharesOf(db, scope, id)).map(shareView(caller));
}

async function addShare(
  tx: Tx,
  caller: Caller,
  card: CardRecord,
  member: MemberRecord,
  limits: { limitFen?: number | null; limitTimes?: number | null },
  action: 'share' | 'distribute',
) {
  const scope = scopeOf(caller);
  const type = (await findCardType(tx, scope, card.typeId))!;
  if (!LIVE.includes(card.status)) throw conflict('state', 'card.notRefundable');
  if (member.id === card.memberId) throw invalid('memberId', 'card.shareOwner');
  if (action === 'share') {
    if (type.maxSharers === 0) throw conflict('state', 'card.noSharing');
    if ((await countShares(tx, scope, card.id)) >= type.maxSharers) throw conflict('state', 'card.maxSharers', { n: type.maxSharers });
  }
  if (await shareOfMember(tx, scope, card.id, member.id))
    throw conflict('duplicate', 'card.shareTaken', undefined, [{ field: 'memberId', message: 'card.shareTaken' }]);
  const share = await insertShare(tx, scope, {
    orgId: card.orgId,
    cardId: card.id,
    memberId: member.id,
    limitFen: limits.limitFen ?? null,
    limitTimes: limits.limitTimes ?? null,
  });
  await insertCardLog(tx, scope, {
    orgId: card.orgId,
    cardId: card.id,
    action,
    before: null,
    after: { shareId: share.id, memberId: member.id, memberName: member.name, limitFen: share.limitFen, limitTimes: share.limitTimes },
    operatorId: caller.userId,
  });
  return share;
}

async function shareAnswer(db: Db, caller: Caller, cardId: number, shareId: number) {
  const row = (await sharesOf(db, scopeOf(caller), cardId)).find((s) => s.id === shareId);
  if (!row) throw notFound();
  return shareView(caller)(row);
}

export async function shareCard(db: Db, caller: Caller, id: number, input: CardShareCreate) {
  const scope = scopeOf(caller);
  const share = await db.transaction(async (tx) => {
    const card = await lockedCard(tx, scope, id);
    const member = await findMember(tx, scope, input.memberId);
    if (!member || member.orgId !== card.orgId) throw notFound();
    return addShare(tx, caller, card, member, input, 'share');
  });
  return shareAnswer(db, caller, id, share.id);
}

export async function editShare(db: Db, caller: Caller, shareId: number, input: CardShareUpdate) {
  const scope = scopeOf(caller);
  const share = await findShare(db, scope, shareId);
  if (!share) throw notFound();
  const { version, ...v } = input;
  const values = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
  if (values.limitFen !== undefined && values.limitFen !== null && (values.limitFen as number) < share.usedFen) throw invalid('limitFen', 'card.shareLimit');
  if (values.limitTimes !== undefined && values.limitTimes !== null && (values.limitTimes as number) < share.usedTimes)
    throw invalid('limitTimes', 'card.shareLimit');
  await db.transaction(async (tx) => {
    if (!(await updateShare(tx, scope, shareId, version, values)).length) throw staleVersion();
    await insertCardLog(tx, scope, {
      orgId: share.orgId,
      cardId: share.cardId,
      action: 'share',
      before: { limitFen: share.limitFen, limitTimes: share.limitTimes, status: share.status },
      after: values,
      operatorId: caller.userId,
    });
  });
  return shareAnswer(db, caller, share.cardId, shareId);
}

export async function removeShare(db: Db, caller: Caller, shareId: number) {
  const scope = scopeOf(caller);
  const share = await findShare(db, scope, shareId);
  if (!share) throw notFound();
  return db.transaction(async (tx) => ({ deleted: await endShare(tx, caller, await lockedCard(tx, scope, share.cardId), share) }));
}

/** A company's card taken back from an entrant (the corporate screens; no sharing permission needed). */
export async function takeBackCard(db: Db, caller: Caller, id: number, input: CardTakeBack) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    const card = await lockedCard(tx, scope, id);
    const company = (await findMember(tx, scope, card.memberId))!;
    if (company.kind !== 'corporate') throw conflict('state', 'card.notCompany');
    const share = await shareOfMember(tx, scope, card.id, input.entrantId);
    const entrant = share && (await findMember(tx, scope, share.memberId));
    if (!share || entrant?.companyId !== company.id) throw invalid('entrantId', 'card.notEntrant');
    return { deleted: await endShare(tx, caller, card, share) };
  });
}

/** Ends a share, logged on the card; a company's card taken back from an entrant is logged as such in the distribution log. */
async function endShare(
  tx: Tx,
  caller: Caller,
  card: CardRecord,
  share: { id: number; orgId: number; cardId: number; memberId: number; limitFen: number | null; limitTimes: number | null },
) {
  const scope = scopeOf(caller);
  const deleted = await deleteShare(tx, scope, share.id);
  await insertCardLog(tx, scope, {
    orgId: share.orgId,
    cardId: share.cardId,
    action: 'unshare',
    before: { shareId: share.id, memberId: share.memberId },
    after: null,
    operatorId: caller.userId,
  });
  const owner = await findMember(tx, scope, card.memberId);
  const member = await findMember(tx, scope, share.memberId);
  if (owner?.kind === 'corporate' && member?.companyId === owner.id)
    await insertDistribution(tx, scope, {
      orgId: card.orgId,
      cardId: card.id,
      companyId: owner.id,
      entrantId: member.id,
      limitFen: share.limitFen,
      limitTimes: share.limitTimes,
      action: 'take-back',
      operatorId: caller.userId,
    });
  return deleted;
}

/** A corporate member's card given to one of its entrants: a share, and a distribution row. */
export async function distributeCard(db: Db, caller: Caller, id: number, input: CardDistribute) {
  const scope = scopeOf(caller);
  const share = await db.transaction(async (tx) => {
    const card = await lockedCard(tx, scope, id);
    const entrant = await findMember(tx, scope, input.entrantId);
    if (!entrant || entrant.orgId !== card.orgId) throw notFound();
    const company = (await findMember(tx, scope, card.memberId))!;
    if (company.kind !== 'corporate') throw conflict('state', 'card.notCompany');
    if (entrant.companyId !== company.id) throw invalid('entrantId', 'card.notEntrant');
    const s = await addShare(tx, caller, card, entrant, input, 'distribute');
    await insertDistribution(tx, scope, {
      orgId: card.orgId,
      cardId: card.id,
      companyId: company.id,
      entrantId: entrant.id,
      limitFen: s.limitFen,
      limitTimes: s.limitTimes,
      action: 'give',
      operatorId: caller.userId,
    });
    await insertUsage(tx, scope, {
      orgId: card.orgId,
      cardId: card.id,
      memberId: entrant.id,
      kind: 'distribute',
      amountFen: 0,
      times: 0,
      operatorId: caller.userId,
      businessDay: (await localNow(tx, card.orgId)).day,
      remark: entrant.name,
    });
    return s;
  });
  return shareAnswer(db, caller, id, share.id);
}

export async function distributionLog(db: Db, caller: Caller, id: number, q: PageQuery) {
  const scope = scopeOf(caller);
  if (!(await findCard(db, scope, id))) throw notFound();
  const [{ total, rows }, gives, shares] = await Promise.all([
    pageDistributions(db, scope, id, pageOf(q)),
    latestGives(db, scope, id),
    sharesOf(db, scope, id),
  ]);
  const sharing = new Set(shares.map((x) => x.memberId));
  return {
    total,
    data: rows.map(({ createdAt, orgId: _o, operatorId: _op, ...d }) => ({
      ...d,
      action: d.action,
      holding: d.action === 'give' && gives.get(d.entrantId) === d.id && sharing.has(d.entrantId),
      createTime: createdAt,
    })),
  };
}

// ---------------------------------------------------------------- usage record and expense calendar

export async function listUsages(db: Db, caller: Caller, q: CardUsageListQuery) {
  const { cardNo, cardId, memberId, kind, dayFrom, dayTo } = q;
  const { total, rows } = await pageUsages(
    db,
    scopeOf(caller),
    { cardNo, cardId, memberId, kind, dayFrom, dayTo },
    orderOf(q, usageSorts, usageDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map(usageView) };
}

/** Spending (debits of money and uses) per day of a month. */
export async function cardCalendar(db: Db, caller: Caller, id: number, month: string) {
  const scope = scopeOf(caller);
  if (!(await findCard(db, scope, id))) throw notFound();
  const from = `${month}-01`;
  const to = addDays(addDays(from, 31).slice(0, 8) + '01', -1);
  const days = await spendingByDay(db, scope, id, from, to);
  return { month, days, spentFen: days.reduce((n, d) => n + d.spentFen, 0), times: days.reduce((n, d) => n + d.times, 0) };
}

// ---------------------------------------------------------------- member check-in

/** A keyword as the front desk reads it: a card's QR text, a phone, or a card number. */
async function memberOfKeyword(db: Db, scope: Scope, keyword: string): Promise<{ member: MemberRecord; method: 'phone' | 'card' | 'qr'; cardId?: number }> {
  const qr = keyword.startsWith(CARD_QR_PREFIX);
  const cardNo = qr ? keyword.slice(CARD_QR_PREFIX.length).trim() : keyword;
  if (!qr && /^1\d{10}$/.test(keyword)) {
    const m = (await searchMembers(db, scope, keyword, 20)).find((x) => x.phone === keyword);
    if (m) return { member: m, method: 'phone' };
  }
  const { rows } = await pageCards(db, scope, { cardNoExact: cardNo }, [], { limit: 1, offset: 0 });
  if (!rows[0]) throw new AppError('NOT_FOUND', 'card.keywordNotFound');
  return { member: (await findMember(db, scope, rows[0].memberId))!, method: qr ? 'qr' : 'card', cardId: rows[0].id };
}

export async function checkinLookup(db: Db, caller: Caller, keyword: string, lang: Lang) {
  const scope = scopeOf(caller);
  const { member, method, cardId } = await memberOfKeyword(db, scope, keyword.trim());
  const shared = await sharedCardIds(db, scope, [member.id]);
  const own = await cardsWithTypes(db, scope, { memberIds: [member.id], statuses: LIVE });
  const others = shared.length ? await cardsWithTypes(db, scope, { ids: shared, statuses: LIVE }) : [];
  const ids = [...own, ...others].map((c) => c.card.id).sort((a, b) => (a === cardId ? -1 : b === cardId ? 1 : a - b));
  const { rows } = await pageCards(db, scope, { ids }, cardDefaultOrder, { limit: 200, offset: 0 });
  const { day, hhmm } = await localNow(db, member.orgId);
  const byId = new Map([...own, ...others].map((c) => [c.card.id, c]));
  const cards = ids
    .map((cid) => rows.find((r) => r.id === cid)!)
    .filter(Boolean)
    .map((r) => {
      const { card, type } = byId.get(r.id)!;
      const rules = rulesOf(card, type);
      let why = refusalOf(card, day, 'checkin');
      if (!why && card.kind === 'times' && (card.timesLeft ?? 0) <= 0) why = 'card.noTimesLeft';
      if (!why && rules.timeBands.length && !rules.timeBands.some((b) => b.from <= hhmm && hhmm < b.to)) why = 'card.outsideHours';
      return { ...cardView(r, caller), usable: !why, why: why ? t(lang, why) : null };
    });
  return { member: { id: member.id, memberNo: member.memberNo, name: member.name, phone: phoneFor(caller, member.phone), level: member.level }, method, cards };
}

/** `POST card/checkin`: a times card uses one (atomically), a period card checks its validity, a value card records the visit; limits per day and week hold. */
export async function checkIn(db: Db, caller: Caller, input: CheckinCreate) {
  const scope = scopeOf(caller);
  const done = await db.transaction(async (tx) => {
    const card = await lockedCard(tx, scope, input.cardId);
    const type = (await findCardType(tx, scope, card.typeId))!;
    const memberId = input.memberId ?? card.memberId;
    const member = await findMember(tx, scope, memberId);
    if (!member || member.orgId !== card.orgId) throw notFound();
    if (input.venueId !== undefined && (await venueOrgOf(tx, scope, input.venueId)) !== card.orgId) throw notFound();
    const { day, hhmm } = await localNow(tx, card.orgId);
    const why = refusalOf(card, day, 'checkin');
    if (why) throw invalid('cardId', why);
    const rules = rulesOf(card, type);
    if (input.venueId !== undefined && rules.venueIds.length && !rules.venueIds.includes(input.venueId)) throw invalid('venueId', 'card.notHere');
    if (rules.timeBands.length && !rules.timeBands.some((b) => minutesOf(b.from) <= minutesOf(hhmm) && minutesOf(hhmm) < minutesOf(b.to)))
      throw invalid('cardId', 'card.outsideHours');
    await checkLimits(tx, scope, card, type, day, 1, 'cardId');
    const share = memberId !== card.memberId ? await shareOfMember(tx, scope, card.id, memberId) : undefined;
    if (memberId !== card.memberId) {
      if (!share || share.status !== 0) throw invalid('memberId', 'card.notSharer');
      if (card.kind === 'times' && !(await useShare(tx, scope, share.id, 0, 1))) throw invalid('memberId', 'card.shareLimit');
    }
    let timesAfter: number | null = card.timesLeft;
    const used = card.kind === 'times' ? 1 : 0;
    if (used) {
      const after = await takeTimes(tx, scope, card.id, 1);
      if (!after) throw invalid('cardId', 'card.noTimesLeft');
      timesAfter = after.timesLeft;
    }
    const visit = await insertVisit(tx, scope, {
      orgId: card.orgId,
      memberId,
      cardId: card.id,
      venueId: input.venueId ?? null,
      method: input.method,
      timesUsed: used,
      operatorId: caller.userId,
    });
    await insertUsage(tx, scope, {
      orgId: card.orgId,
      cardId: card.id,
      memberId,
      kind: 'checkin',
      amountFen: 0,
      times: -used,
      timesAfter,
      operatorId: caller.userId,
      businessDay: day,
      remark: input.method,
    });
    // The use's share of what the card was sold for becomes revenue (the card kind's `consume`).
    const sale =
      used && card.orderId
        ? (await itemsOf(tx, scope, card.orderId)).find((i) => i.kind === 'card' && (i.hold as CardHold | null)?.cardId === card.id)
        : undefined;
    if (sale) {
      const ctx = kindContext(tx, scope, { orgId: card.orgId, memberId, channel: 'console', type: 'card' }, caller);
      await consumeItem(ctx, sale, { quantity: used, ref: `visit ${visit.id}` });
    }
    return { visitId: visit.id, memberId, memberName: member.name, timesUsed: used };
  });
  return { ...done, card: await cardRow(db, caller, input.cardId) };
}

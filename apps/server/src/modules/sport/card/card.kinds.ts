import { cardLineDetail, cardRechargeLineDetail, minutesOf, type CardLineDetail } from '@venue/contract';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import type { Tx } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { findVisibleUsers } from '../../system/index.ts';
import {
  creditByRule,
  dayOf,
  debitByRule,
  findAccount,
  findPayment,
  findRefund,
  openAccount,
  itemKindOf,
  itemsOf,
  nextDocNo,
  paymentTotals,
  postByRule,
  defineLedgerRule,
  itemKind,
  accountRecharge,
  rechargeExtension,
  storedValuePort,
  timeZoneOf,
  type ItemRecord,
  type ItemUse,
  type KindContext,
  type OrderRecord,
  type PricedItem,
  type RechargeHooks,
  type RefundQuote,
  type StoredValueHooks,
  type AccountCard,
} from '../commerce/index.ts';
import { findMember, memberCardCount } from '../member/index.ts';
import { memberLevelsPort, type LevelGrant } from '../booking/index.ts';
import { gateCardPort } from '../equipment/index.ts';
import { addDays, checkLimits, daysBetween, localNow, refusalOf, rulesOf } from './card.common.ts';
import {
  cardOfRefund,
  refundLogOf,
  cardsWithTypes,
  findCard,
  findCardByAccount,
  findCardType,
  giveTimes,
  insertCard,
  insertCardLog,
  insertUsage,
  saleOf,
  shareOfMember,
  takeTimes,
  unuseShare,
  updateCard,
  usagesOfPayment,
  useShare,
  type CardRecord,
  type CardTypeRecord,
} from './card.repository.ts';

/**
 * How cards sell and pay through the commerce core (registered at import of the card routes):
 * - item kind `card` (order type `card`): the hold is a pending card; payment activates it (a
 *   value card opens a stored-value account credited with its face value); cancel or time-out
 *   cancels it; a refund of the sale before use marks it refunded;
 * - item kind `card_recharge`: the core's `recharge` on the card's account (refId = accountId),
 *   plus the type's bonus tier credited on payment (a comp);
 * - the stored-value hooks: a frozen, refunded or expired card's account cannot pay; a sharer pays
 *   within their limit; a times card pays by uses (method `card`); refunds give back;
 * - the member level resolver: a member's bookings are priced at the level of their best card.
 */

export type CardHold = { cardId: number; cardNo: string; managerId?: number | null; remark?: string | null };
type RechargeHold = { cardId: number; bonusFen: number };

/** Money, uses and sharers: a usage row of a card. */
async function usage(
  tx: Tx,
  scope: Scope,
  card: CardRecord,
  values: {
    kind: string;
    memberId?: number | null;
    amountFen?: number;
    times?: number;
    balanceAfterFen?: number | null;
    timesAfter?: number | null;
    orderId?: number | null;
    paymentId?: number | null;
    refundId?: number | null;
    remark?: string | null;
    operatorId?: number | null;
  },
) {
  await insertUsage(tx, scope, {
    orgId: card.orgId,
    cardId: card.id,
    memberId: values.memberId ?? card.memberId,
    kind: values.kind,
    amountFen: values.amountFen ?? 0,
    times: values.times ?? 0,
    balanceAfterFen: values.balanceAfterFen ?? null,
    timesAfter: values.timesAfter ?? null,
    orderId: values.orderId ?? null,
    paymentId: values.paymentId ?? null,
    refundId: values.refundId ?? null,
    remark: values.remark ?? null,
    operatorId: values.operatorId ?? null,
    businessDay: await dayOf(tx, card.orgId),
  });
}

/**
 * The cards module's ledger rules: every entry a card makes is one of these, numbered with its
 * prefix by the core's document numbers (`postByRule`). Debit first, then credit.
 */
const RULE = {
  /** A value card's face value: what was paid for it leaves sales for members' stored value … */
  salePaid: defineLedgerRule({ name: 'card.sale.paid', txnKind: 'recharge', debit: 'sales', credit: 'balance', prefix: 'CS' }),
  /** … and what was given on top of the price is a comp. */
  saleComp: defineLedgerRule({ name: 'card.sale.comp', txnKind: 'recharge', debit: 'comp', credit: 'balance', prefix: 'CC' }),
  /** A times or period card: what was paid is owed in uses (prepaid) until they are used. */
  salePrepaid: defineLedgerRule({ name: 'card.sale.prepaid', txnKind: 'payment', debit: 'sales', credit: 'prepaid', prefix: 'CP' }),
  /** The sale refunded through its order: each of the three undone. */
  unsalePaid: defineLedgerRule({ name: 'card.unsale.paid', txnKind: 'recharge', debit: 'balance', credit: 'sales', prefix: 'CSR' }),
  unsaleComp: defineLedgerRule({ name: 'card.unsale.comp', txnKind: 'recharge', debit: 'balance', credit: 'comp', prefix: 'CCR' }),
  unsalePrepaid: defineLedgerRule({ name: 'card.unsale.prepaid', txnKind: 'refund', debit: 'prepaid', credit: 'sales', prefix: 'CPR' }),
  /** A recharge's bonus tier (a comp onto the card), and the same taken back when the recharge is refunded. */
  bonus: defineLedgerRule({ name: 'card.bonus', txnKind: 'recharge', debit: 'comp', credit: 'balance', prefix: 'RB' }),
  bonusBack: defineLedgerRule({ name: 'card.bonus.back', txnKind: 'recharge', debit: 'balance', credit: 'comp', prefix: 'RBR' }),
  /** A card refund paid out: the money leaves the card, the rest of its balance is forfeited to comps; a times or period card's uses leave prepaid. */
  payout: defineLedgerRule({ name: 'card.payout', txnKind: 'non_order_refund', debit: 'balance', credit: 'sales', prefix: 'CR' }),
  payoutForfeit: defineLedgerRule({ name: 'card.payout.forfeit', txnKind: 'non_order_refund', debit: 'balance', credit: 'comp', prefix: 'CF' }),
  payoutPrepaid: defineLedgerRule({ name: 'card.payout.prepaid', txnKind: 'non_order_refund', debit: 'prepaid', credit: 'sales', prefix: 'CRP' }),
  /** A times card is used (a check-in): the use's share of its price becomes revenue. */
  use: defineLedgerRule({ name: 'card.use', txnKind: 'payment', debit: 'prepaid', credit: 'sales', prefix: 'CU' }),
};

/** A value card's face value splits into what was paid for it (sales) and what was given (comp). */
function faceSplit(faceFen: number, paidFen: number) {
  const sales = Math.min(faceFen, paidFen);
  return { sales, comp: faceFen - sales };
}

// ---------------------------------------------------------------- selling a card

/** A card line as priced: the type sold, and the manager and remark the pending card gets. */
interface PricedCard extends PricedItem {
  type: CardTypeRecord;
  managerId: number | null;
  remark: string | null;
}

/** Selling a card (its manifest contributes it with the `card` order type). */
export const cardKind = itemKind<CardLineDetail, PricedCard>({
  kind: 'card',
  orderTypes: ['card'],
  detail: cardLineDetail,
  async price(ctx, input, line) {
    if (!input.refId) throw invalid(`items.${line}.refId`, 'error.field.required');
    if (input.quantity !== 1) throw invalid(`items.${line}.quantity`, 'commerce.rechargeOne');
    if (!ctx.memberId) throw invalid('memberId', 'card.memberRequired');
    const type = await findCardType(ctx.tx, ctx.scope, input.refId);
    if (!type || type.orgId !== ctx.orgId) throw notFound();
    if (type.status !== 0) throw invalid(`items.${line}.refId`, 'card.typeOffSale');
    const managerId = input.detail.managerId ?? null;
    if (managerId !== null && !(await findVisibleUsers(ctx.tx, ctx.scope, [managerId])).length) throw invalid('managerId', 'card.managerMissing');
    return {
      name: type.name,
      spec: t('zh-CN', `card.kind.${type.kind}`),
      unitPriceFen: type.priceFen,
      type,
      managerId,
      remark: input.detail.remark ?? null,
    };
  },
  async hold(ctx, _item, order, { type, managerId, remark }) {
    const cardNo = `C${await nextDocNo(ctx.tx, await timeZoneOf(ctx.tx, ctx.orgId))}`;
    const card = await insertCard(ctx.tx, ctx.scope, {
      orgId: ctx.orgId,
      cardNo,
      typeId: type.id,
      memberId: ctx.memberId!,
      kind: type.kind,
      status: 'pending',
      managerId,
      orderId: order.id,
      remark,
    });
    return { cardId: card.id, cardNo, managerId, remark } satisfies CardHold;
  },
  async confirm(ctx, item, order) {
    const h = item.hold as CardHold;
    const card = await findCard(ctx.tx, ctx.scope, h.cardId, { lock: true });
    if (!card || card.status !== 'pending') return false;
    await activate(ctx, card, item, order);
    return true;
  },
  async release(ctx, item, _quantity, why) {
    const h = item.hold as CardHold | null;
    if (!h?.cardId) return;
    const card = await findCard(ctx.tx, ctx.scope, h.cardId, { lock: true });
    if (!card) return;
    if (card.status === 'pending') {
      await updateCard(ctx.tx, ctx.scope, card.id, ['pending'], undefined, { status: 'cancelled' });
      return;
    }
    if (why === 'refund' || card.status === 'active') await unsell(ctx, card, item);
  },
  async refundQuote(ctx, item, _quantity, paidFen) {
    const h = item.hold as CardHold | null;
    const card = h?.cardId ? await findCard(ctx.tx, ctx.scope, h.cardId) : undefined;
    if (!card || card.status === 'pending' || card.status === 'cancelled') return { amountFen: paidFen };
    return saleRefundQuote(ctx, card, paidFen);
  },
  async consume(ctx, item, use) {
    const h = item.hold as CardHold;
    const card = (await findCard(ctx.tx, ctx.scope, h.cardId))!;
    await recogniseUses(ctx, card, item, use.quantity);
  },
});

/** Payment arrived: the card is active from today; a value card's face value goes on its new account. */
async function activate(ctx: KindContext, card: CardRecord, item: ItemRecord, order: OrderRecord) {
  const { tx, scope } = ctx;
  const type = (await findCardType(tx, scope, card.typeId))!;
  const today = await dayOf(tx, card.orgId);
  const validTo = type.validDays ? addDays(today, type.validDays) : null;
  if (type.kind === 'value') {
    const member = (await findMember(tx, scope, card.memberId))!;
    const account = await openAccount(tx, scope, { orgId: card.orgId, holderName: member.name, holderPhone: member.phone, memberId: member.id });
    const face = type.faceValueFen;
    const { sales, comp } = faceSplit(face, item.amountFen);
    const on = { orgId: card.orgId, orderId: order.id, accountId: account.id };
    if (sales > 0) await creditByRule(tx, scope, RULE.salePaid, { ...on, amountFen: sales });
    if (comp > 0) await creditByRule(tx, scope, RULE.saleComp, { ...on, amountFen: comp });
    const after = face;
    await updateCard(tx, scope, card.id, ['pending'], undefined, { status: 'active', accountId: account.id, validFrom: today, validTo });
    await usage(tx, scope, card, { kind: 'sale', amountFen: face, balanceAfterFen: Number(after), orderId: order.id, operatorId: order.createdBy });
    return;
  }
  if (item.amountFen > 0) await postByRule(tx, scope, RULE.salePrepaid, { orgId: card.orgId, amountFen: item.amountFen, orderId: order.id });
  const times = type.kind === 'times' ? type.times : null;
  await updateCard(tx, scope, card.id, ['pending'], undefined, { status: 'active', timesTotal: times, timesLeft: times, validFrom: today, validTo });
  await usage(tx, scope, card, { kind: 'sale', times: times ?? 0, timesAfter: times, orderId: order.id, operatorId: order.createdBy });
}

/** The sale is refunded: only a card not used yet; its value or uses go, and it is refunded. */
async function unsell(ctx: KindContext, card: CardRecord, item: ItemRecord) {
  const { tx, scope } = ctx;
  const type = (await findCardType(tx, scope, card.typeId))!;
  if (card.kind === 'value' && card.accountId) {
    // What the sale put on the card (the type's face value may have changed since).
    const face = (await saleOf(tx, scope, card.id))?.amountFen ?? type.faceValueFen;
    const { sales, comp } = faceSplit(face, item.amountFen);
    const on = { orgId: card.orgId, orderId: item.orderId, accountId: card.accountId };
    // The balance must still hold the face value: a card spent from is refunded by a card refund.
    if (sales > 0 && !(await debitByRule(tx, scope, RULE.unsalePaid, { ...on, amountFen: sales }))) throw conflict('state', 'card.used');
    if (comp > 0 && !(await debitByRule(tx, scope, RULE.unsaleComp, { ...on, amountFen: comp }))) throw conflict('state', 'card.used');
    const after = (await findAccount(tx, scope, card.accountId))!;
    await usage(tx, scope, card, { kind: 'refund', amountFen: -face, balanceAfterFen: Number(after.balanceFen), orderId: item.orderId });
  } else {
    if (card.kind === 'times' && card.timesLeft !== card.timesTotal) throw conflict('state', 'card.used');
    if (item.amountFen > 0) await postByRule(tx, scope, RULE.unsalePrepaid, { orgId: card.orgId, amountFen: item.amountFen, orderId: item.orderId });
    await usage(tx, scope, card, { kind: 'refund', times: -(card.timesLeft ?? 0), timesAfter: card.timesLeft === null ? null : 0, orderId: item.orderId });
  }
  await updateCard(tx, scope, card.id, null, undefined, { status: 'refunded', ...(card.kind === 'times' ? { timesLeft: 0 } : {}) });
}

/**
 * What a refund of a card's sale (through its order) gives back: the whole price while the card is
 * unused, nothing once used (a used card is refunded by a card refund); a period card's price
 * for the days left, as the card refund prorates it.
 */
async function saleRefundQuote(ctx: KindContext, card: CardRecord, paidFen: number): Promise<RefundQuote> {
  if (card.status === 'refunded') return { amountFen: 0, reason: 'card.refunded' };
  if (card.kind === 'value') {
    const face = (await saleOf(ctx.tx, ctx.scope, card.id))?.amountFen ?? 0;
    const balance = card.accountId ? ((await findAccount(ctx.tx, ctx.scope, card.accountId))?.balanceFen ?? 0) : 0;
    return balance >= face ? { amountFen: paidFen } : { amountFen: 0, reason: 'card.used' };
  }
  if (card.kind === 'times') return card.timesLeft === card.timesTotal ? { amountFen: paidFen } : { amountFen: 0, reason: 'card.used' };
  if (!card.validFrom || !card.validTo) return { amountFen: paidFen };
  const { day } = await localNow(ctx.tx, card.orgId, ctx.now);
  const total = daysBetween(card.validFrom, card.validTo) + 1;
  const left = Math.min(total, Math.max(0, daysBetween(day < card.validFrom ? card.validFrom : day, card.validTo) + 1));
  return left >= total ? { amountFen: paidFen } : { amountFen: Math.floor((paidFen * left) / total), reason: 'card.quoteDaysLeft' };
}

/**
 * `n` uses of a times card were taken (its `timesLeft` already lowered): their share of what was
 * paid for the card leaves `prepaid` for sales, rounded so that all its uses add up to the price.
 */
async function recogniseUses(ctx: KindContext, card: CardRecord, item: ItemRecord, n: number) {
  if (card.kind !== 'times' || !card.timesTotal || item.amountFen <= 0) return;
  const total = card.timesTotal;
  const usedAfter = total - (card.timesLeft ?? 0);
  const share = (used: number) => Math.round((item.amountFen * Math.min(used, total)) / total);
  const amountFen = share(usedAfter) - share(usedAfter - n);
  if (amountFen > 0) await postByRule(ctx.tx, ctx.scope, RULE.use, { orgId: card.orgId, amountFen, orderId: item.orderId });
}

// ---------------------------------------------------------------- recharge

/** The bonus of the highest tier a recharge reaches. */
export function bonusOf(tiers: { minFen: number; bonusFen: number }[], amountFen: number): number {
  return tiers.filter((b) => amountFen >= b.minFen).reduce((best, b) => Math.max(best, b.bonusFen), 0);
}

/**
 * Another module's bonus on a card's recharge (a marketing campaign's tiers): consulted in the
 * transaction that holds the pending recharge, so what it answers is taken there (a budget) and
 * credited with the type's own bonus on payment, and taken back with it by a refund. The source
 * follows the order itself (its order hooks) to give back what it took when the order is cancelled.
 */
export interface RechargeBonusSource {
  /** Unique per module. */
  name: string;
  bonus(ctx: KindContext, ask: { orgId: number; orderId: number; memberId: number | null; venueId: number | null; amountFen: number }): Promise<number>;
}
const bonusSources = new Map<string, RechargeBonusSource>();
/** A module adds its bonus source at start-up (its manifest's plug); the same source again is the same app built twice. */
export function registerRechargeBonus(source: RechargeBonusSource): void {
  const known = bonusSources.get(source.name);
  if (known && known !== source) throw new Error(`recharge bonus source ${source.name} is registered twice`);
  bonusSources.set(source.name, source);
}
/** Tests only: runs `work` without the other modules' bonus sources (an installation from before them). */
export async function withoutRechargeBonuses<T>(work: () => Promise<T>): Promise<T> {
  const saved = [...bonusSources.entries()];
  bonusSources.clear();
  try {
    return await work();
  } finally {
    for (const [name, source] of saved) bonusSources.set(name, source);
  }
}
async function extraBonus(ctx: KindContext, order: OrderRecord, amountFen: number): Promise<number> {
  let n = 0;
  for (const s of bonusSources.values())
    n += await s.bonus(ctx, { orgId: order.orgId, orderId: order.id, memberId: order.memberId, venueId: order.venueId, amountFen });
  return n;
}

/**
 * A recharge of a card's account, sold as `card_recharge` (the card screens) or as the core's
 * `recharge` (any account; these hooks extend it through its port, never by registering it
 * again): the core's credit and ledger entries, plus the card's checks, its usage rows and its
 * type's bonus. A plain account's `recharge` stays the core's own.
 */
function cardRecharge(kind: 'recharge' | 'card_recharge'): RechargeHooks {
  return {
    async price(ctx, input, line) {
      const priced = await coreRecharge.price(ctx, input, line);
      const card = await findCardByAccount(ctx.tx, ctx.scope, input.refId!, ctx.orgId);
      if (!card) {
        if (kind === 'recharge') return priced;
        throw invalid(`items.${line}.refId`, 'commerce.accountMissing');
      }
      const today = await dayOf(ctx.tx, card.orgId);
      const why = refusalOf(card, today, 'pay');
      if (why) throw invalid(`items.${line}.refId`, why);
      return { ...priced, name: t('zh-CN', 'item.cardRecharge'), spec: card.cardNo };
    },
    async hold(ctx, item, order) {
      const card = await findCardByAccount(ctx.tx, ctx.scope, item.refId!, ctx.orgId);
      if (!card) return undefined;
      const type = (await findCardType(ctx.tx, ctx.scope, card.typeId))!;
      const bonusFen = bonusOf(type.rechargeBonus, item.amountFen) + (await extraBonus(ctx, order, item.amountFen));
      return { cardId: card.id, bonusFen } satisfies RechargeHold;
    },
    async confirm(ctx, item, order) {
      const h = item.hold as RechargeHold | null;
      if (!h?.cardId) return coreRecharge.confirm(ctx, item, order);
      const card = await findCard(ctx.tx, ctx.scope, h.cardId, { lock: true });
      if (!card || card.status === 'refunded' || card.status === 'cancelled') return false;
      await coreRecharge.confirm(ctx, item, order);
      let after = (await findAccount(ctx.tx, ctx.scope, item.refId!))!.balanceFen;
      await usage(ctx.tx, ctx.scope, card, {
        kind: 'recharge',
        memberId: order.memberId,
        amountFen: item.amountFen,
        balanceAfterFen: Number(after),
        orderId: order.id,
        operatorId: order.createdBy,
      });
      if (h.bonusFen > 0) {
        const bonused = await creditByRule(ctx.tx, ctx.scope, RULE.bonus, {
          orgId: card.orgId,
          amountFen: h.bonusFen,
          orderId: order.id,
          accountId: item.refId!,
        });
        if (!bonused) throw conflict('state', 'commerce.accountMissing');
        after = bonused.balanceFen;
        await usage(ctx.tx, ctx.scope, card, {
          kind: 'bonus',
          memberId: order.memberId,
          amountFen: h.bonusFen,
          balanceAfterFen: Number(after),
          orderId: order.id,
          operatorId: order.createdBy,
        });
      }
      return true;
    },
    async release(ctx, item, quantity, why, ref) {
      const h = item.hold as RechargeHold | null;
      if (!h?.cardId) return coreRecharge.release(ctx, item, quantity, why, ref);
      if (why !== 'refund' || !item.refId) return;
      // The recharge goes back out of the account (the core's rule), and its bonus with it.
      await coreRecharge.release(ctx, item, quantity, why, ref);
      const bonus = quantity === item.quantity ? h.bonusFen : Math.round((h.bonusFen * quantity) / item.quantity);
      const amount = quantity === item.quantity ? item.amountFen : Math.round((item.amountFen * quantity) / item.quantity);
      const card = (await findCard(ctx.tx, ctx.scope, h.cardId))!;
      if (bonus > 0) {
        const back = await debitByRule(ctx.tx, ctx.scope, RULE.bonusBack, {
          orgId: card.orgId,
          amountFen: bonus,
          orderId: item.orderId,
          accountId: item.refId,
        });
        if (!back) throw conflict('state', 'commerce.rechargeSpent');
      }
      const after = (await findAccount(ctx.tx, ctx.scope, item.refId))!.balanceFen;
      await usage(ctx.tx, ctx.scope, card, { kind: 'refund', amountFen: -(amount + bonus), balanceAfterFen: Number(after), orderId: item.orderId });
    },
  };
}
/** The core's own recharge of an account, which a card's recharge extends. */
const coreRecharge = accountRecharge;
export const cardRechargeKind = itemKind({ kind: 'card_recharge', orderTypes: ['card'], detail: cardRechargeLineDetail, ...cardRecharge('card_recharge') });
const rechargeOfCards = cardRecharge('recharge');

// ---------------------------------------------------------------- paying with a card

/** What an order's lines are used for, as their kinds tell. */
async function usesOf(ctx: KindContext, items: readonly ItemRecord[]): Promise<ItemUse[]> {
  const out: ItemUse[] = [];
  for (const item of items) {
    const u = await itemKindOf(item.kind)?.use?.(ctx, item);
    if (u) out.push(u);
  }
  return out;
}

const storedValue: StoredValueHooks = {
  // The payment dialog's account list: each value card's type, state and why it cannot pay today (the guard refuses the same).
  async describe(db, scope, accountIds) {
    const rows = await cardsWithTypes(db, scope, { accountIds, statuses: ['active', 'frozen', 'refunded', 'cancelled', 'pending'] });
    const today = new Map<number, string>();
    const out = new Map<number, AccountCard>();
    for (const { card, type } of rows) {
      if (card.accountId === null) continue;
      if (!today.has(card.orgId)) today.set(card.orgId, (await localNow(db, card.orgId)).day);
      const why = refusalOf(card, today.get(card.orgId)!, 'pay');
      out.set(card.accountId, {
        cardNo: card.cardNo,
        typeName: type.name,
        kind: card.kind,
        status: card.status,
        validTo: card.validTo,
        refusal: why ? why.replace(/^card\./, '') : null,
      });
    }
    return out;
  },
  async guard(tx, scope, p) {
    const card =
      p.method === 'balance' ? await findCardByAccount(tx, scope, p.accountId!, p.order.orgId) : await findCard(tx, scope, p.cardId!, { lock: true });
    if (!card) {
      if (p.method === 'balance') return undefined; // a plain stored-value account
      throw notFound();
    }
    const field = p.method === 'balance' ? 'accountId' : 'cardId';
    if (card.orgId !== p.order.orgId) throw notFound();
    const { day: today, hhmm } = await localNow(tx, card.orgId);
    const why = refusalOf(card, today, 'pay');
    if (why) throw invalid(field, why);
    const type = (await findCardType(tx, scope, card.typeId))!;
    const rules = rulesOf(card, type);
    if (p.order.venueId && rules.venueIds.length && !rules.venueIds.includes(p.order.venueId)) throw invalid(field, 'card.notHere');
    // Sports and time bands hold for what the order's lines are used for (a booked slot's sport and time).
    const items = await itemsOf(tx, scope, p.order.id);
    const uses = await usesOf({ tx, scope, orgId: p.order.orgId, memberId: p.order.memberId }, items);
    if (rules.sports.length && uses.some((u) => u.sport !== undefined && !rules.sports.includes(u.sport))) throw invalid(field, 'card.notForSport');
    const timed = uses.filter((u) => u.startMin !== undefined && u.endMin !== undefined);
    if (rules.timeBands.length && timed.some((u) => !rules.timeBands.some((b) => minutesOf(b.from) <= u.startMin! && u.endMin! <= minutesOf(b.to))))
      throw invalid(field, 'card.outsideHours');
    let times = 0;
    if (p.method === 'card') {
      if (card.kind !== 'times') throw invalid(field, 'card.notTimes');
      // Uses pay for the whole order (one per unit), never a part of it.
      const { succeededFen, openFen } = await paymentTotals(tx, scope, p.order.id);
      if (p.amountFen !== p.order.payableFen - succeededFen - openFen) throw invalid('amountFen', 'card.payWhole');
      times = items.reduce((n, i) => n + i.quantity, 0);
      await checkLimits(tx, scope, card, type, today, times, field);
      // Uses paid for lines without a time of their own count now.
      if (rules.timeBands.length && !timed.length && !rules.timeBands.some((b) => b.from <= hhmm && hhmm < b.to)) throw invalid(field, 'card.outsideHours');
    }
    const payer = p.order.memberId ?? card.memberId;
    if (payer !== card.memberId) {
      const share = await shareOfMember(tx, scope, card.id, payer);
      if (!share || share.status !== 0) throw invalid(field, 'card.notSharer');
      if (!(await useShare(tx, scope, share.id, p.method === 'balance' ? p.amountFen : 0, times))) throw invalid('amountFen', 'card.shareLimit');
    }
    if (p.method === 'card' && !(await takeTimes(tx, scope, card.id, times))) throw invalid(field, 'card.noTimesLeft');
    return async (payment) => {
      if (p.method === 'balance') {
        const account = (await findAccount(tx, scope, card.accountId!))!;
        await usage(tx, scope, card, {
          kind: 'pay',
          memberId: payer,
          amountFen: -p.amountFen,
          balanceAfterFen: Number(account.balanceFen),
          orderId: p.order.id,
          paymentId: payment.id,
          operatorId: p.userId,
        });
      } else {
        const now = (await findCard(tx, scope, card.id))!;
        await usage(tx, scope, card, {
          kind: 'pay',
          memberId: payer,
          times: -times,
          timesAfter: now.timesLeft,
          orderId: p.order.id,
          paymentId: payment.id,
          operatorId: p.userId,
        });
      }
    };
  },

  async refundLeg(tx, scope, leg) {
    if (leg.method === 'balance' && leg.accountId) {
      // Money back onto a card (a refund of an order it paid, or a refund into stored value).
      const card = await findCardByAccount(tx, scope, leg.accountId, leg.orgId);
      if (!card) return;
      const paid = leg.paymentId ? (await usagesOfPayment(tx, scope, leg.paymentId))[0] : undefined;
      if (paid?.memberId && paid.memberId !== card.memberId) await unuseShare(tx, scope, card.id, paid.memberId, leg.amountFen, 0);
      const account = (await findAccount(tx, scope, leg.accountId))!;
      await usage(tx, scope, card, {
        kind: 'refund',
        memberId: paid?.memberId ?? card.memberId,
        amountFen: leg.amountFen,
        balanceAfterFen: Number(account.balanceFen),
        orderId: paid?.orderId ?? null,
        paymentId: leg.paymentId,
        refundId: leg.refundId,
      });
      return;
    }
    if (leg.method === 'card' && leg.paymentId) {
      // Uses back onto a times card, in proportion to the money refunded.
      const paid = (await usagesOfPayment(tx, scope, leg.paymentId))[0];
      if (!paid) return;
      const payment = (await findPayment(tx, scope, leg.paymentId))!;
      const used = -paid.times;
      const back = leg.amountFen >= payment.amountFen ? used : Math.round((used * leg.amountFen) / payment.amountFen);
      const card = (await findCard(tx, scope, paid.cardId, { lock: true }))!;
      const after = back > 0 ? (await giveTimes(tx, scope, card.id, back))! : card;
      if (paid.memberId && paid.memberId !== card.memberId && back > 0) await unuseShare(tx, scope, card.id, paid.memberId, 0, back);
      await usage(tx, scope, card, {
        kind: 'refund',
        memberId: paid.memberId,
        times: back,
        timesAfter: after.timesLeft,
        orderId: paid.orderId,
        paymentId: leg.paymentId,
        refundId: leg.refundId,
      });
      return;
    }
    if (!leg.paymentId && !leg.provider) await payOut(tx, scope, leg.orgId, leg.refundId, leg.amountFen);
  },

  async refundRejected(tx, scope, refund) {
    // A card's refund was rejected: the card, frozen while it waited, is active again (unless it was frozen before).
    if (refund.kind !== 'non_order') return;
    const cardId = await cardOfRefund(tx, scope, refund.orgId, refund.id);
    if (!cardId) return;
    const applied = await refundLogOf(tx, scope, refund.orgId, refund.id);
    const card = await findCard(tx, scope, cardId, { lock: true });
    if (!card || card.status !== 'frozen' || (applied?.before as { status?: string } | null)?.status !== 'active') return;
    await updateCard(tx, scope, card.id, ['frozen'], undefined, { status: 'active', frozenAt: null });
    await insertCardLog(tx, scope, {
      orgId: card.orgId,
      cardId: card.id,
      action: 'unfreeze',
      before: { status: 'frozen' },
      after: { status: 'active', refundNo: refund.refundNo },
      reason: refund.reviewRemark,
      operatorId: refund.reviewedBy,
    });
  },
};

/** A card's refund (non-order, reviewed) was paid out: its remaining value leaves its account, and the card is refunded. */
async function payOut(tx: Tx, scope: Scope, orgId: number, refundId: number, amountFen: number) {
  const cardId = await cardOfRefund(tx, scope, orgId, refundId);
  if (!cardId) return;
  const card = (await findCard(tx, scope, cardId, { lock: true }))!;
  const refund = (await findRefund(tx, scope, refundId))!;
  let balanceAfter: number | null = null;
  let forfeitFen = 0;
  if (card.accountId) {
    // The whole balance leaves the card: the money paid out, and the rest (a bonus, face value above
    // the price: never paid for) forfeited back to comps (issue 23: a refund is capped by what was paid).
    const balance = (await findAccount(tx, scope, card.accountId))?.balanceFen ?? 0;
    forfeitFen = balance - amountFen;
    if (forfeitFen < 0) throw conflict('state', 'card.refundSpent');
    const on = { orgId: card.orgId, refundId, accountId: card.accountId };
    if (!(await debitByRule(tx, scope, RULE.payout, { ...on, amountFen }))) throw conflict('state', 'card.refundSpent');
    if (forfeitFen > 0 && !(await debitByRule(tx, scope, RULE.payoutForfeit, { ...on, amountFen: forfeitFen }))) throw conflict('state', 'card.refundSpent');
    if ((await findAccount(tx, scope, card.accountId))?.balanceFen !== 0) throw conflict('state', 'card.refundSpent');
    balanceAfter = 0;
  } else if (card.kind !== 'value') {
    // Uses sold and not used leave `prepaid` (the payout itself is a sale given back).
    await postByRule(tx, scope, RULE.payoutPrepaid, { orgId: card.orgId, amountFen, refundId });
  }
  const before = { status: card.status, timesLeft: card.timesLeft };
  await updateCard(tx, scope, card.id, null, undefined, { status: 'refunded', frozenAt: null, ...(card.kind === 'times' ? { timesLeft: 0 } : {}) });
  await usage(tx, scope, card, {
    kind: 'refund',
    amountFen: -(amountFen + forfeitFen),
    times: card.kind === 'times' ? -(card.timesLeft ?? 0) : 0,
    balanceAfterFen: balanceAfter,
    timesAfter: card.kind === 'times' ? 0 : null,
    refundId,
    operatorId: refund.reviewedBy,
    remark: refund.reason,
  });
  await insertCardLog(tx, scope, {
    orgId: card.orgId,
    cardId: card.id,
    action: 'refund',
    before,
    after: { status: 'refunded', paidOutFen: amountFen, ...(forfeitFen ? { forfeitedFen: forfeitFen } : {}), refundNo: refund.refundNo },
    reason: refund.reviewRemark,
    operatorId: refund.reviewedBy,
  });
}

// ---------------------------------------------------------------- member levels

/**
 * The levels that may price a member's bookings, best first: each usable card (active, in date,
 * with uses left, for the booking's venue) whose type names a level, with the sports and time
 * bands it holds for (the dearest type first, then the newest card); then the member's own level,
 * everywhere. A frozen member (status ≠ 0) pays everybody's price.
 */
const levelsOfMember: Parameters<typeof memberLevelsPort.plug>[0] = async (db, scope, memberId, venueId) => {
  const m = await findMember(db, scope, memberId);
  if (!m || m.status !== 0) return [];
  const { day } = await localNow(db, m.orgId);
  const grants: LevelGrant[] = (await cardsWithTypes(db, scope, { memberIds: [memberId], statuses: ['active'] }))
    .filter(({ card, type }) => type.level && !refusalOf(card, day, 'pay') && (card.kind !== 'times' || (card.timesLeft ?? 0) > 0))
    .map(({ card, type }) => ({ card, type, rules: rulesOf(card, type) }))
    .filter(({ rules }) => venueId === undefined || !rules.venueIds.length || rules.venueIds.includes(venueId))
    .sort((a, b) => b.type.priceFen - a.type.priceFen || b.card.id - a.card.id)
    .map(({ type, rules }) => ({
      level: type.level!,
      sports: rules.sports,
      bands: rules.timeBands.map((b) => ({ from: minutesOf(b.from), to: minutesOf(b.to) })),
    }));
  if (m.level) grants.push({ level: m.level, sports: [], bands: [] });
  return grants;
};

/**
 * The gates' question (equipment's card port): a card of the member usable at the venue at that
 * moment (active, in date, with uses left, for the venue), whatever its type. Answers its number.
 */
const cardAtGate: Parameters<typeof gateCardPort.plug>[0] = async (db, scope, { memberId, venueId, at }) => {
  const m = await findMember(db, scope, memberId);
  if (!m || m.status !== 0) return undefined;
  const { day } = await localNow(db, m.orgId, at);
  const forVenue = (ids: number[]) => !ids.length || ids.includes(venueId);
  const usable = (await cardsWithTypes(db, scope, { memberIds: [memberId], statuses: ['active'] })).find(
    ({ card, type }) => !refusalOf(card, day, 'checkin') && (card.kind !== 'times' || (card.timesLeft ?? 0) > 0) && forVenue(rulesOf(card, type).venueIds),
  );
  return usable?.card.cardNo;
};

// A member who holds cards (in any state: their usage stays on record) is not deleted.
const cardCountOf: Parameters<typeof memberCardCount.plug>[0] = async (db, scope, memberId) =>
  (await cardsWithTypes(db, scope, { memberIds: [memberId], statuses: ['pending', 'active', 'frozen', 'refunded', 'cancelled'] })).length;

/**
 * Plugs the cards module's answers into other modules' ports: the core's stored-value payments and
 * recharges, booking's member levels, the members module's card count, the gates' card. Called when the module is
 * loaded (its manifest's plug step), never at import (see `plugMemberPorts`).
 */
export function plugCardPorts(): void {
  storedValuePort.plug(storedValue);
  rechargeExtension.plug(rechargeOfCards);
  memberLevelsPort.plug(levelsOfMember);
  memberCardCount.plug(cardCountOf);
  gateCardPort.plug(cardAtGate);
}

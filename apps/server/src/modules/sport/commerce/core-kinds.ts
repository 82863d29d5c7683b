import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import { debitAccount, findAccount, creditAccount } from './commerce.repository.ts';
import { definePort } from '../../../platform/ports.ts';
import { itemKind, type ItemKind } from './item-kinds.ts';
import { defineLedgerRule, postByRule } from './ledger.ts';
import './commerce.messages.ts';

/**
 * The two item kinds of the core itself:
 * - `general`: a sale named and priced by the operator (a towel, a locker, a fee);
 * - `recharge`: money put into a stored-value account. Paying for it is a sale like any other; on
 *   payment the account is credited and the money moves from sales into members' stored value
 *   (a liability); a refund takes it back out, if it has not been spent.
 * The commerce manifest contributes both (`contributes.kinds`), with the generic sale's order types.
 */
export const generalKind = itemKind({
  kind: 'general',
  orderTypes: ['general', 'goods'],
  async price(_ctx, input, line) {
    if (!input.name) throw invalid(`items.${line}.name`, 'commerce.nameRequired');
    if (input.unitPriceFen === undefined) throw invalid(`items.${line}.unitPriceFen`, 'commerce.priceRequired');
    return { name: input.name, unitPriceFen: input.unitPriceFen };
  },
});

/** A paid recharge moves its money from sales into members' stored value; a refund of it moves it back. */
const RECHARGE = defineLedgerRule({ name: 'commerce.recharge', txnKind: 'recharge', debit: 'sales', credit: 'balance', prefix: 'RC' });
const RECHARGE_BACK = defineLedgerRule({ name: 'commerce.rechargeBack', txnKind: 'recharge', debit: 'balance', credit: 'sales', prefix: 'RC' });

/** A recharge's hooks: the core's own for a plain account, or a module's that extends them (a card's account). */
export type RechargeHooks = Pick<ItemKind, 'price' | 'hold' | 'confirm' | 'release'>;

/**
 * The core's recharge of a plain stored-value account. A module that extends recharge (the cards
 * module: a card's checks, usage rows and bonus) calls these for the core's part.
 */
export const accountRecharge: Required<Pick<ItemKind, 'price' | 'confirm' | 'release'>> = {
  async price(ctx, input, line) {
    if (input.unitPriceFen === undefined || input.unitPriceFen <= 0) throw invalid(`items.${line}.unitPriceFen`, 'commerce.priceRequired');
    if (input.quantity !== 1) throw invalid(`items.${line}.quantity`, 'commerce.rechargeOne');
    if (!input.refId) throw invalid(`items.${line}.refId`, 'error.field.required');
    const account = await findAccount(ctx.tx, ctx.scope, input.refId);
    if (!account) throw notFound();
    if (account.status !== 'active' || account.orgId !== ctx.orgId) throw invalid(`items.${line}.refId`, 'commerce.accountMissing');
    return { name: t('zh-CN', 'item.recharge'), spec: `${account.accountNo} ${account.holderName}`, unitPriceFen: input.unitPriceFen };
  },
  async confirm(ctx, item, order) {
    if (!item.refId || !(await creditAccount(ctx.tx, ctx.scope, item.refId, item.amountFen))) throw conflict('state', 'commerce.accountMissing');
    if (item.amountFen > 0)
      await postByRule(ctx.tx, ctx.scope, RECHARGE, { orgId: item.orgId, amountFen: item.amountFen, orderId: order.id, accountId: item.refId, at: ctx.now });
    return true;
  },
  async release(ctx, item, quantity, why) {
    // Nothing was credited before payment; a refund takes the recharge back out of the account.
    if (why !== 'refund' || !item.refId) return;
    const amount = quantity === item.quantity ? item.amountFen : Math.round((item.amountFen * quantity) / item.quantity);
    if (amount <= 0) return;
    if (!(await debitAccount(ctx.tx, ctx.scope, item.refId, amount))) throw conflict('state', 'commerce.rechargeSpent');
    await postByRule(ctx.tx, ctx.scope, RECHARGE_BACK, { orgId: item.orgId, amountFen: amount, orderId: item.orderId, accountId: item.refId, at: ctx.now });
  },
};

/**
 * Recharge of an account another module owns more of (a card's): that module plugs its hooks here
 * instead of registering `recharge` again (a second registration throws). Optional by design:
 * unplugged, every recharge is the core's own.
 */
export const rechargeExtension = definePort<RechargeHooks>('commerce.recharge');
const rechargeHooks = (): RechargeHooks => (rechargeExtension.plugged ? rechargeExtension.get() : accountRecharge);

export const rechargeKind = itemKind({
  kind: 'recharge',
  orderTypes: ['card', 'general'],
  price: (ctx, input, line) => rechargeHooks().price(ctx, input, line),
  hold: async (ctx, item, order, priced) => rechargeHooks().hold?.(ctx, item, order, priced),
  confirm: (ctx, item, order) => (rechargeHooks().confirm ?? accountRecharge.confirm)(ctx, item, order),
  release: (ctx, item, quantity, why, ref) => (rechargeHooks().release ?? accountRecharge.release)(ctx, item, quantity, why, ref),
});

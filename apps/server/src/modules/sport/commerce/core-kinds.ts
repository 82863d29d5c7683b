import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import { debitAccount, findAccount, creditAccount } from './commerce.repository.ts';
import { registerItemKind } from './item-kinds.ts';
import { dayOf } from './money.ts';
import { post } from './ledger.ts';
import './commerce.messages.ts';

/**
 * The two item kinds of the core itself:
 * - `general`: a sale named and priced by the operator (a towel, a locker, a fee);
 * - `recharge`: money put into a stored-value account. Paying for it is a sale like any other; on
 *   payment the account is credited and the money moves from sales into members' stored value
 *   (a liability); a refund takes it back out, if it has not been spent.
 */
registerItemKind({
  kind: 'general',
  orderTypes: ['general', 'goods'],
  async price(_ctx, input, line) {
    if (!input.name) throw invalid(`items.${line}.name`, 'commerce.nameRequired');
    if (input.unitPriceFen === undefined) throw invalid(`items.${line}.unitPriceFen`, 'commerce.priceRequired');
    return { name: input.name, unitPriceFen: input.unitPriceFen };
  },
});

registerItemKind({
  kind: 'recharge',
  orderTypes: ['card', 'general'],
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
      await post(ctx.tx, ctx.scope, {
        orgId: item.orgId,
        txnNo: `RC${order.orderNo}-${item.lineNo}`,
        txnKind: 'recharge',
        debit: 'sales',
        credit: 'balance',
        amountFen: item.amountFen,
        businessDay: await dayOf(ctx.tx, item.orgId),
        orderId: order.id,
        accountId: item.refId,
      });
    return true;
  },
  async release(ctx, item, quantity, why, ref) {
    // Nothing was credited before payment; a refund takes the recharge back out of the account.
    if (why !== 'refund' || !item.refId) return;
    const amount = quantity === item.quantity ? item.amountFen : Math.round((item.amountFen * quantity) / item.quantity);
    if (amount <= 0) return;
    if (!(await debitAccount(ctx.tx, ctx.scope, item.refId, amount))) throw conflict('state', 'commerce.rechargeSpent');
    await post(ctx.tx, ctx.scope, {
      orgId: item.orgId,
      txnNo: `RC${ref}-${item.lineNo}`,
      txnKind: 'recharge',
      debit: 'balance',
      credit: 'sales',
      amountFen: amount,
      businessDay: await dayOf(ctx.tx, item.orgId),
      orderId: item.orderId,
      accountId: item.refId,
    });
  },
});

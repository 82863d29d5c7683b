import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  Perm,
  accountCreate,
  accountListQuery,
  accountRecharge,
  accountPage,
  balanceAccountRow,
  idParams,
  ledgerListQuery,
  ledgerPage,
  ledgerSummary as ledgerSummaryAnswer,
  ledgerSummaryQuery,
  merchantParams,
  merchantRow,
  merchantSave,
  nonOrderRefundApply,
  generalSale,
  orderCancel,
  orderDetail,
  orderListQuery,
  orderPage,
  orderTypeList,
  orderRow,
  paymentAnswer,
  paymentStart,
  providerParams,
  refundApply,
  refundListQuery,
  refundPage,
  refundReview,
  refundRow,
  scanOrder,
  scanParams,
  scanPay as scanPayBody,
  scanPayAnswer,
} from '@venue/contract';
import { AppError } from '../../../platform/errors.ts';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { cancelOrder, completeOrder, getOrderDetail, listOrders, listOrderTypes, rechargeAccount, sellGeneral } from './order.service.ts';
import { afterCommit, closePayment, getPayment, getScanOrder, handleNotification, scanPay, startPayment, type PayDeps } from './payment.service.ts';
import { applyNonOrderRefund, applyRefund, getRefund, listRefunds, reviewRefund } from './refund.service.ts';
import { getAccount, ledgerSummary, listAccounts, listLedger, openAccount } from './ledger.service.ts';
import { listMerchants, saveMerchant } from './merchant.service.ts';

/** The address customers and providers reach this server at. */
export const originOf = (ctx: AppContext, req: FastifyRequest) => ctx.config.publicUrl ?? `${req.protocol}://${req.host}`;

/** What payment work needs from a request (other selling modules' routes use it too). */
export const payDeps = (ctx: AppContext, req: FastifyRequest): PayDeps => ({
  db: ctx.db,
  secretKey: ctx.keys.secretKey,
  origin: originOf(ctx, req),
  sportPrefix: ctx.config.prefixes.sport,
  log: req.log,
});

/** The `Idempotency-Key` header of a creating call. */
export const idemKey = (req: FastifyRequest) => {
  const v = req.headers['idempotency-key'];
  return typeof v === 'string' ? v : undefined;
};

/** The commerce core's calls, under `{sport}commerce/` and the public `{sport}pay/` (scan page, provider notifications). */
export function commerceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db, keys } = ctx;
  const base = { module: 'commerce' };
  const c = `${sport}commerce/`;
  const origin = (req: FastifyRequest) => originOf(ctx, req);
  const deps = (req: FastifyRequest) => payDeps(ctx, req);

  // ---------------------------------------------------------------- orders
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}order/list`,
    permission: Perm.order.list,
    action: 'orderList',
    readOnly: true,
    body: orderListQuery,
    response: orderPage,
    handler: async ({ body, caller }) => listOrders(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${c}order/types`,
    permission: Perm.order.list,
    action: 'orderTypes',
    response: orderTypeList,
    // What the loaded modules sell in (their manifests' `contributes.orderTypes`): the same for every organisation.
    handler: async () => listOrderTypes(),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${c}order/:id`,
    permission: Perm.order.list,
    action: 'orderDetail',
    params: idParams,
    response: orderDetail,
    handler: async ({ params, caller, req }) => getOrderDetail(db, caller, params.id, origin(req)),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}order`,
    permission: Perm.order.add,
    action: 'orderCreate',
    // The generic sale: `general` lines only, channel set here (issue 23); other kinds sell through their modules' routes.
    body: generalSale,
    response: orderDetail,
    handler: async ({ body, caller, req }) => sellGeneral(db, caller, body, idemKey(req), origin(req)),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}order/:id/cancel`,
    permission: Perm.order.cancel,
    action: 'orderCancel',
    params: idParams,
    body: orderCancel,
    response: orderRow,
    handler: async ({ params, body, caller, req }) => cancelOrder(db, caller, params.id, body.reason ?? null, afterCommit(deps(req))),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}order/:id/complete`,
    permission: Perm.order.pay,
    action: 'orderComplete',
    params: idParams,
    response: orderRow,
    handler: async ({ params, caller }) => completeOrder(db, caller, params.id),
  });

  // ---------------------------------------------------------------- payments
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}order/:id/pay`,
    permission: Perm.order.pay,
    action: 'pay',
    params: idParams,
    body: paymentStart,
    response: paymentAnswer,
    handler: async ({ params, body, caller, req }) => {
      // A comp (the `free` method) needs its own permission (issue 23).
      if (body.method === 'free' && !caller.perms.has(Perm.order.comp)) throw new AppError('FORBIDDEN', 'commerce.compForbidden');
      return startPayment(deps(req), caller, params.id, body, idemKey(req));
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${c}payment/:id`,
    permission: Perm.order.list,
    action: 'payment',
    params: idParams,
    response: paymentAnswer,
    handler: async ({ params, caller, req }) => getPayment(deps(req), caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}payment/:id/close`,
    permission: Perm.order.pay,
    action: 'paymentClose',
    params: idParams,
    response: paymentAnswer,
    handler: async ({ params, caller, req }) => closePayment(deps(req), caller, params.id),
  });

  // ---------------------------------------------------------------- refunds
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}refund/list`,
    permission: Perm.refund.list,
    action: 'refundList',
    readOnly: true,
    body: refundListQuery,
    response: refundPage,
    handler: async ({ body, caller }) => listRefunds(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${c}refund/:id`,
    permission: Perm.refund.list,
    action: 'refundDetail',
    params: idParams,
    response: refundRow,
    handler: async ({ params, caller }) => getRefund(db, scopeOf(caller), params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}refund`,
    permission: Perm.refund.apply,
    action: 'refundApply',
    body: refundApply,
    response: refundRow,
    handler: async ({ body, caller, req }) => applyRefund(db, caller, body, idemKey(req)),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}refund/nonOrder`,
    permission: Perm.refund.apply,
    action: 'nonOrderRefundApply',
    body: nonOrderRefundApply,
    response: refundRow,
    handler: async ({ body, caller }) => applyNonOrderRefund(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}refund/:id/review`,
    permission: Perm.refund.review,
    action: 'refundReview',
    params: idParams,
    body: refundReview,
    response: refundRow,
    handler: async ({ params, body, caller, req }) => reviewRefund(db, caller, params.id, body, afterCommit(deps(req))),
  });

  // ---------------------------------------------------------------- stored value, capital flow, merchants
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}account/list`,
    permission: Perm.account.list,
    action: 'accountList',
    readOnly: true,
    body: accountListQuery,
    response: accountPage,
    handler: async ({ body, caller }) => listAccounts(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${c}account/:id`,
    permission: Perm.account.list,
    action: 'account',
    params: idParams,
    response: balanceAccountRow,
    handler: async ({ params, caller }) => getAccount(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}account/:id/recharge`,
    permission: Perm.account.recharge,
    action: 'accountRecharge',
    params: idParams,
    body: accountRecharge,
    response: orderDetail,
    handler: async ({ params, body, caller, req }) => rechargeAccount(db, caller, params.id, body, idemKey(req), origin(req)),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}account`,
    permission: Perm.account.add,
    action: 'accountOpen',
    body: accountCreate,
    response: balanceAccountRow,
    handler: async ({ body, caller }) => openAccount(db, scopeOf(caller), { ...body, orgId: body.orgId ?? caller.orgId }),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}ledger/list`,
    permission: Perm.capital.list,
    action: 'ledgerList',
    readOnly: true,
    body: ledgerListQuery,
    response: ledgerPage,
    handler: async ({ body, caller }) => listLedger(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}ledger/summary`,
    permission: Perm.capital.list,
    action: 'ledgerSummary',
    readOnly: true,
    body: ledgerSummaryQuery,
    response: ledgerSummaryAnswer,
    handler: async ({ body, caller }) => ledgerSummary(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${c}merchant`,
    permission: Perm.merchant.view,
    action: 'merchants',
    response: z.array(merchantRow),
    handler: async ({ caller }) => listMerchants(db, caller, keys.secretKey),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${c}merchant/:provider`,
    permission: Perm.merchant.edit,
    action: 'merchantSave',
    params: merchantParams,
    body: merchantSave,
    response: merchantRow,
    handler: async ({ params, body, caller }) => saveMerchant(db, caller, params.provider, body, keys.secretKey),
  });

  // ---------------------------------------------------------------- public: the scan page
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${sport}pay/scan/:token`,
    permission: undefined,
    action: 'scanOrder',
    params: scanParams,
    response: scanOrder,
    handler: async ({ params, req }) => getScanOrder(deps(req), params.token),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${sport}pay/scan/:token/pay`,
    permission: undefined,
    action: 'scanPay',
    params: scanParams,
    body: scanPayBody,
    response: scanPayAnswer,
    handler: async ({ params, body, req }) => scanPay(deps(req), params.token, body.method, body.returnUrl),
  });

  // ---------------------------------------------------------------- public: provider notifications
  // Providers post form-encoded (Alipay) or JSON (WeChat, aggregators) bodies, signed over their
  // exact bytes: this scope keeps the raw text for verification and parses nothing itself (and
  // the console's body encryption does not apply to them).
  app.register(async (scoped) => {
    scoped.removeContentTypeParser('application/json');
    scoped.addContentTypeParser(
      ['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'text/xml', 'application/xml'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (req, body, done) => {
        req.rawBody = body as string;
        done(null, {});
      },
    );
    defineRoute(scoped, {
      ...base,
      method: 'POST',
      url: `${sport}pay/notify/:provider`,
      permission: undefined,
      action: 'notify',
      skipSign: true,
      skipXsrf: true,
      params: providerParams,
      response: 'file',
      handler: async ({ params, req, reply }) => {
        const answer = await handleNotification(deps(req), params.provider, req.headers, req.rawBody ?? '');
        return reply.status(answer.status).header('content-type', answer.contentType).send(answer.body);
      },
    });
  });
}

import type { FastifyInstance } from 'fastify';
import {
  Perm,
  couponBatchPage,
  couponBatchQuery,
  couponBatchRow,
  couponIssue,
  couponOrder,
  couponOrderAnswer,
  couponPage,
  couponQuery,
  couponReturnPage,
  couponReturnQuery,
  couponStats,
  couponTemplateCreate,
  couponTemplatePage,
  couponTemplateQuery,
  couponTemplateRow,
  couponTemplateUpdate,
  couponVoid,
  couponVoidAnswer,
  deletedAnswer,
  idParams,
  idsParams,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { idemKey } from '../commerce/index.ts';
import {
  addTemplate,
  deleteTemplates,
  editTemplate,
  getTemplate,
  issueCoupons,
  listBatches,
  listCoupons,
  listReturns,
  listTemplates,
  sellCoupons,
  statsOf,
  voidCoupons,
} from './coupon.service.ts';

/** The coupon module's calls, under `{sport}coupon`: templates, issuing, coupons, returned coupons, selling. */
export function couponRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const url = (p: string) => `${sport}coupon/${p}`;
  const coupon = { module: 'coupon' };
  const P = Perm.coupon;
  // Those who sell (a booking, a ticket, goods) look up a member's usable coupons and a template's terms.
  const sellers = [P.list, Perm.booking.book, Perm.ticket.sell, Perm.goods.sell, Perm.order.add];

  // ---------------------------------------------------------------- templates
  defineRoute(app, {
    ...coupon,
    method: 'POST',
    url: url('template'),
    permission: P.add,
    action: 'templateAdd',
    body: couponTemplateCreate,
    response: couponTemplateRow,
    handler: async ({ body, caller }) => addTemplate(db, caller, body),
  });
  defineRoute(app, {
    ...coupon,
    method: 'PUT',
    url: url('template/:id'),
    permission: P.edit,
    action: 'templateEdit',
    params: idParams,
    body: couponTemplateUpdate,
    response: couponTemplateRow,
    handler: async ({ params, body, caller }) => editTemplate(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...coupon,
    method: 'DELETE',
    url: url('template/:ids'),
    permission: P.remove,
    action: 'templateRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => deleteTemplates(db, caller, params.ids),
  });
  defineRoute(app, {
    ...coupon,
    method: 'GET',
    url: url('template/:id'),
    permission: sellers,
    action: 'get',
    params: idParams,
    response: couponTemplateRow,
    handler: async ({ params, caller }) => getTemplate(db, caller, params.id),
  });
  defineRoute(app, {
    ...coupon,
    method: 'POST',
    url: url('template/list'),
    permission: sellers,
    action: 'list',
    readOnly: true,
    body: couponTemplateQuery,
    response: couponTemplatePage,
    handler: async ({ body, caller }) => listTemplates(db, caller, body),
  });
  defineRoute(app, {
    ...coupon,
    method: 'POST',
    url: url('template/:id/stats'),
    permission: P.list,
    action: 'stats',
    readOnly: true,
    params: idParams,
    response: couponStats,
    handler: async ({ params, caller }) => statsOf(db, caller, params.id),
  });

  // ---------------------------------------------------------------- issuing
  defineRoute(app, {
    ...coupon,
    method: 'POST',
    url: url('template/:id/issue'),
    permission: P.issue,
    action: 'issue',
    params: idParams,
    body: couponIssue,
    response: couponBatchRow,
    handler: async ({ params, body, caller }) => issueCoupons(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...coupon,
    method: 'POST',
    url: url('batch/list'),
    permission: P.list,
    action: 'list',
    readOnly: true,
    body: couponBatchQuery,
    response: couponBatchPage,
    handler: async ({ body, caller }) => listBatches(db, caller, body),
  });

  // ---------------------------------------------------------------- coupons
  defineRoute(app, {
    ...coupon,
    method: 'POST',
    url: url('list'),
    permission: sellers,
    action: 'list',
    readOnly: true,
    body: couponQuery,
    response: couponPage,
    handler: async ({ body, caller }) => listCoupons(db, caller, body),
  });
  defineRoute(app, {
    ...coupon,
    method: 'POST',
    url: url('void'),
    permission: P.void,
    action: 'void',
    body: couponVoid,
    response: couponVoidAnswer,
    handler: async ({ body, caller }) => voidCoupons(db, caller, body.ids),
  });
  // The refunds' returned coupons (spec refundList/returnBillAndCoupon): who may list refunds may list them.
  defineRoute(app, {
    ...coupon,
    method: 'POST',
    url: url('return/list'),
    permission: [Perm.refund.list, P.list],
    action: 'list',
    readOnly: true,
    body: couponReturnQuery,
    response: couponReturnPage,
    handler: async ({ body, caller }) => listReturns(db, caller, body),
  });

  // ---------------------------------------------------------------- selling coupons (coupon orders)
  defineRoute(app, {
    ...coupon,
    method: 'POST',
    url: url('order'),
    permission: P.sell,
    action: 'sell',
    body: couponOrder,
    response: couponOrderAnswer,
    handler: async ({ body, caller, req }) => sellCoupons(db, caller, body, idemKey(req)),
  });
}

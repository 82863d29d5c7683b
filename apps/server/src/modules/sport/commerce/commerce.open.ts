import type { FastifyInstance } from 'fastify';
import { openOrderAnswer, openOrderParams } from '@venue/contract';
import { notFound } from '../../../platform/errors.ts';
import type { AppContext } from '../../../platform/http.ts';
import { defineOpenRoute } from '../../open/index.ts';
import { findOrderByNo } from './commerce.repository.ts';

/** Orders opened to third-party applications (issue 14): an order's state by its number. */
export function commerceOpenRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  defineOpenRoute(app, ctx, {
    code: 'order.status',
    name: { 'zh-CN': '查询订单状态', 'en-US': 'Order status' },
    description: {
      'zh-CN': '按订单号查询本组织的订单：状态（待支付、已支付、已完成、已取消、已退款等）、金额（分）与所售内容；订单不存在时返回 100404。',
      'en-US':
        'An order of the organisation by its number: state (pending, paid, completed, cancelled, refunded…), amounts in fen and what it sold; 100404 when there is no such order.',
    },
    method: 'GET',
    path: 'v1/order/:orderNo',
    params: openOrderParams,
    response: openOrderAnswer,
    handler: async ({ params, app: caller }) => {
      const o = await findOrderByNo(db, caller.scope, params.orderNo);
      if (!o) throw notFound();
      return {
        orderNo: o.orderNo,
        state: o.state,
        payableFen: o.payableFen,
        paidFen: o.paidFen,
        refundedFen: o.refundedFen,
        itemSummary: o.itemSummary,
        createdAt: o.createdAt,
      };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { openOrderAnswer, openOrderParams } from '@venue/contract';
import { notFound } from '../../../platform/errors.ts';
import type { AppContext } from '../../../platform/http.ts';
import { defineOpenRoute } from '../../open/open.gateway.ts';
import { findOrderByNo } from './commerce.repository.ts';

/** Orders opened to third-party applications (issue 14): an order's state by its number. */
export function commerceOpenRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  defineOpenRoute(app, ctx, {
    code: 'order.status',
    name: 'Order status',
    description: "An order of the application's organisation by its number: state (pending, paid, completed, cancelled, refunded…), amounts in fen and what it sold. 100404 when there is no such order.",
    method: 'GET',
    path: 'v1/order/:orderNo',
    params: openOrderParams,
    response: openOrderAnswer,
    handler: async ({ params, app: caller }) => {
      const o = await findOrderByNo(db, caller.scope, params.orderNo);
      if (!o) throw notFound();
      return { orderNo: o.orderNo, state: o.state, payableFen: o.payableFen, paidFen: o.paidFen, refundedFen: o.refundedFen, itemSummary: o.itemSummary, createdAt: o.createdAt };
    },
  });
}

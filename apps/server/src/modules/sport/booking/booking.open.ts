import type { FastifyInstance } from 'fastify';
import { openGridAnswer, openGridParams, openGridQuery } from '@venue/contract';
import type { AppContext } from '../../../platform/http.ts';
import { defineOpenRoute } from '../../open/index.ts';
import { gridInScope } from './booking.service.ts';

/** A venue's booking grid of a day opened to third-party applications (issue 14), read-only. The code and path stay `venue.grid`, `v1/venue/:id/grid`. */
export function bookingOpenRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  defineOpenRoute(app, ctx, {
    code: 'venue.grid',
    name: { 'zh-CN': '场地预订表', 'en-US': 'Booking grid' },
    description: {
      'zh-CN': '某场馆一天的场地与每个时段的状态（空闲、锁定中、已预订、已锁场、已关闭、已过去）和价格（分），不含预订人信息；非本组织的场馆返回 100404。',
      'en-US':
        "A venue's sites on one day, with each time slot's state (free, held, booked, locked, closed, past) and price in fen, without who booked; 100404 for a venue of another organisation.",
    },
    method: 'GET',
    path: 'v1/venue/:id/grid',
    params: openGridParams,
    query: openGridQuery,
    response: openGridAnswer,
    handler: async ({ params, query, app: caller }) => {
      const grid = await gridInScope(db, caller.scope, { stadiumId: params.id, date: query.date });
      return { sites: grid.sites, slots: grid.slots.map((s) => ({ siteId: s.siteId, start: s.start, end: s.end, state: s.state, price: s.price })) };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { openVenuesAnswer } from '@venue/contract';
import type { AppContext } from '../../../platform/http.ts';
import { defineOpenRoute } from '../../open/index.ts';
import { pageVenues, venueDefaultOrder } from './venue.repository.ts';

/** Venues opened to third-party applications (issue 14): the list, read-only (a day's grid is booking's, `booking/booking.open.ts`). */
export function venueOpenRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  defineOpenRoute(app, ctx, {
    code: 'venue.list',
    name: { 'zh-CN': '场馆列表', 'en-US': 'Venues' },
    description: { 'zh-CN': '本组织（及下级组织）的场馆。', 'en-US': 'The venues of the organisation and its sub-organisations.' },
    method: 'GET',
    path: 'v1/venues',
    query: z.object({}),
    response: openVenuesAnswer,
    handler: async ({ app: caller }) => {
      const { rows } = await pageVenues(db, caller.scope, {}, venueDefaultOrder, { limit: 500, offset: 0 });
      return { data: rows.map((v) => ({ id: v.id, name: v.stadiumName, address: v.address, phone: v.phone ?? v.mobile })) };
    },
  });
}

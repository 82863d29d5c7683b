import type { FastifyInstance } from 'fastify';
import { openMemberAnswer, openMemberQuery } from '@venue/contract';
import type { AppContext } from '../../../platform/http.ts';
import { defineOpenRoute } from '../../open/open.gateway.ts';
import { findMemberByPhone, liveEntries } from './member.repository.ts';

/** Members opened to third-party applications (issue 14): a lookup by phone. */
export function memberOpenRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  defineOpenRoute(app, ctx, {
    code: 'member.byPhone',
    name: 'Member by phone',
    description: "A member of the application's organisation by mobile number: name, level, register day and whether the member is black-listed; null when there is none.",
    method: 'GET',
    path: 'v1/member',
    query: openMemberQuery,
    response: openMemberAnswer,
    handler: async ({ query, app: caller }) => {
      const m = await findMemberByPhone(db, caller.scope, query.phone);
      if (!m) return null;
      const black = await liveEntries(db, caller.scope, [m.id], 'black');
      return { id: m.id, name: m.name, phone: m.phone, level: m.level, registeredOn: m.registerDate, blacklisted: black.length > 0 };
    },
  });
}

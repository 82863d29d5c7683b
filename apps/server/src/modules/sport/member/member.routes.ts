import type { FastifyInstance } from 'fastify';
import { Perm, memberBrief, memberCreate, memberSearchAnswer, memberSearchQuery } from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { findMembers, registerMember } from './member.service.ts';

/** Members at the front desk: find one to book for, register one. The members issue (12) adds the member screens and their own permissions. */
export function memberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const base = { module: 'member' };
  defineRoute(app, { ...base, method: 'POST', url: `${sport}member/search`, permission: Perm.booking.book, action: 'search', readOnly: true, body: memberSearchQuery, response: memberSearchAnswer, handler: async ({ body, caller }) => findMembers(db, caller, body.keyword, body.limit) });
  defineRoute(app, { ...base, method: 'POST', url: `${sport}member`, permission: Perm.booking.book, action: 'add', body: memberCreate, response: memberBrief, handler: async ({ body, caller }) => registerMember(db, caller, body) });
}

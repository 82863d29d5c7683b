import type { FastifyInstance } from 'fastify';
import { openMemberAnswer, openMemberQuery } from '@venue/contract';
import type { AppContext } from '../../../platform/http.ts';
import { defineOpenRoute } from '../../open/index.ts';
import { findMemberByPhone, liveEntries } from './member.repository.ts';

/** Members opened to third-party applications (issue 14): a lookup by phone. */
export function memberOpenRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  defineOpenRoute(app, ctx, {
    code: 'member.byPhone',
    name: { 'zh-CN': '按手机号查询会员', 'en-US': 'Member by phone' },
    description: {
      'zh-CN': '按手机号查询本组织的会员：姓名、等级、注册日期、是否在黑名单；没有该会员时返回 null。',
      'en-US': 'A member of the organisation by phone number: name, level, registration date and whether black-listed; null when there is none.',
    },
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

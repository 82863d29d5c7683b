import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { Perm, dictOptions, dictQueryBody, homeSummary, menuExecQuery, menuNode } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { AppError } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/scope.ts';
import { dictItems, dicts } from './system.table.ts';
import { homeCounts } from './home.repository.ts';
import { menuTreeFor } from './menu.service.ts';

export function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system, adapter } = ctx.config.prefixes;
  const { db, config } = ctx;

  defineRoute(app, {
    method: 'POST',
    url: `${adapter}menu-exec/query`,
    permission: Perm.authenticated,
    module: 'menu',
    action: 'query',
    response: z.array(menuNode),
    readOnly: true,
    body: menuExecQuery,
    handler: async ({ body, caller }) => {
      if (body.orgId !== undefined && body.orgId !== (caller.sessionOrgId ?? caller.orgId)) throw new AppError('FORBIDDEN', 'error.forbidden');
      return menuTreeFor(db, caller, body.appSign || config.appSign);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${adapter}dict/item/query`,
    permission: Perm.authenticated,
    module: 'dict',
    action: 'query',
    response: dictOptions,
    readOnly: true,
    body: dictQueryBody,
    handler: async ({ body }) => {
      const rows = await db
        .select({ code: dicts.code, value: dictItems.value, name: dictItems.name, nameEn: dictItems.nameEn })
        .from(dictItems)
        .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
        .where(and(eq(dictItems.status, 0), body.codes?.length ? inArray(dicts.code, body.codes) : undefined))
        .orderBy(asc(dicts.code), asc(dictItems.orderNum), asc(dictItems.id));
      const out: Record<string, { value: string; name: string; nameEn: string }[]> = {};
      for (const r of rows) (out[r.code] ??= []).push({ value: r.value, name: r.name, nameEn: r.nameEn ?? r.name });
      return out;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${system}home/summary`,
    permission: Perm.authenticated,
    module: 'home',
    action: 'summary',
    response: homeSummary,
    handler: async ({ caller }) => {
      // The caller's reach: their organisation and everything below it (the platform: all).
      return homeCounts(db, scopeOf(caller), config.session.idleMinutes);
    },
  });
}

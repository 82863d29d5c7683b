import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Perm } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { calendarOrg, initYear, setDays, yearCalendar } from './holiday.service.ts';

const year = z.coerce.number().int().min(1970).max(2100);
const orgId = z.coerce.number().int().positive().optional();
const kind = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Holiday calendar of the caller's organisation (or one within their scope, by `orgId`). */
export function holidayRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db } = ctx;

  defineRoute(app, {
    method: 'POST',
    url: `${system}holiday/year`,
    permission: Perm.holiday.view,
    module: 'holiday',
    action: 'year',
    readOnly: true,
    body: z.object({ year, orgId }),
    handler: async ({ body, caller }) => yearCalendar(db, await calendarOrg(db, caller, body.orgId), body.year),
  });

  defineRoute(app, {
    method: 'PUT',
    url: `${system}holiday/days`,
    permission: Perm.holiday.edit,
    module: 'holiday',
    action: 'setDays',
    body: z.object({ orgId, days: z.array(z.object({ day: z.string().max(10), kind })).min(1).max(366) }),
    handler: async ({ body, caller }) => ({ updated: await setDays(db, await calendarOrg(db, caller, body.orgId), body.days, caller.userId) }),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${system}holiday/init`,
    permission: Perm.holiday.edit,
    module: 'holiday',
    action: 'init',
    body: z.object({ year, orgId, overwrite: z.boolean().default(false) }),
    handler: async ({ body, caller }) => {
      const org = await calendarOrg(db, caller, body.orgId);
      const changed = await initYear(db, org, body.year, body.overwrite, caller.userId);
      return { changed, ...(await yearCalendar(db, org, body.year)).counts };
    },
  });
}

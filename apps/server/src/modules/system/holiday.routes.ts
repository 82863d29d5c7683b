import type { FastifyInstance } from 'fastify';
import {
  Perm,
  holidayDaysAnswer,
  holidayDaysBody,
  holidayInitAnswer,
  holidayInitBody,
  holidayYearBody,
  yearCalendar as yearCalendarAnswer,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { calendarOrg, initYear, setDays, yearCalendar } from './holiday.service.ts';

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
    response: yearCalendarAnswer,
    readOnly: true,
    body: holidayYearBody,
    handler: async ({ body, caller }) => yearCalendar(db, await calendarOrg(db, caller, body.orgId), body.year),
  });

  defineRoute(app, {
    method: 'PUT',
    url: `${system}holiday/days`,
    permission: Perm.holiday.edit,
    module: 'holiday',
    action: 'setDays',
    response: holidayDaysAnswer,
    body: holidayDaysBody,
    handler: async ({ body, caller }) => ({ updated: await setDays(db, await calendarOrg(db, caller, body.orgId), body.days, caller.userId) }),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${system}holiday/init`,
    permission: Perm.holiday.edit,
    module: 'holiday',
    action: 'init',
    response: holidayInitAnswer,
    body: holidayInitBody,
    handler: async ({ body, caller }) => {
      const org = await calendarOrg(db, caller, body.orgId);
      const changed = await initYear(db, org, body.year, body.overwrite, caller.userId);
      return { changed, ...(await yearCalendar(db, org, body.year)).counts };
    },
  });
}

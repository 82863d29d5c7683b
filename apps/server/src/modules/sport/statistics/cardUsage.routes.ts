import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  Perm,
  cardUsageStatsDrillExportQuery,
  cardUsageStatsDrillPage,
  cardUsageStatsDrillQuery,
  cardUsageStatsQuery,
  cardUsageStatsReport,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { reportingDb } from '../../../platform/reporting.ts';
import { cardUsageDrill, cardUsageReport, exportCardUsage, exportCardUsageDrill } from './cardUsage.service.ts';

/** The card usage tab's calls, under `{sport}statistics/cardUsage`: its figures, their lines, and both as xlsx. */
export function cardUsageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const read = (reply: FastifyReply) => reportingDb(ctx.database.reporting, reply);
  const url = (p: string) => `${ctx.config.prefixes.sport}statistics/cardUsage${p}`;
  const base = { module: 'statistics', method: 'POST' as const };
  const P = Perm.statistics;

  defineRoute(app, {
    ...base,
    url: url(''),
    permission: P.view,
    action: 'cardUsage',
    readOnly: true,
    body: cardUsageStatsQuery,
    response: cardUsageStatsReport,
    handler: async ({ body, caller, reply }) => cardUsageReport(await read(reply), caller, body),
  });
  defineRoute(app, {
    ...base,
    url: url('/drill'),
    permission: P.view,
    action: 'drill',
    readOnly: true,
    body: cardUsageStatsDrillQuery,
    response: cardUsageStatsDrillPage,
    handler: async ({ body, caller, reply }) => cardUsageDrill(await read(reply), caller, body),
  });
  defineRoute(app, {
    ...base,
    url: url('/export'),
    permission: P.export,
    action: 'export',
    body: cardUsageStatsQuery,
    response: 'file',
    handler: async ({ body, caller, req, reply }) => exportCardUsage(await read(reply), caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    url: url('/drill/export'),
    permission: P.export,
    action: 'export',
    body: cardUsageStatsDrillExportQuery,
    response: 'file',
    handler: async ({ body, caller, req, reply }) => exportCardUsageDrill(await read(reply), caller, body, req.lang),
  });
}

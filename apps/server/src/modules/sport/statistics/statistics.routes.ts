import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  Perm,
  statisticsDays,
  statisticsDrillExportQuery,
  statisticsDrillPage,
  statisticsDrillQuery,
  statisticsRange,
  statisticsRebuilt,
  statisticsReport,
  statisticsReportQuery,
  statisticsSummary,
  trainingDrillExportQuery,
  trainingDrillPage,
  trainingDrillQuery,
  trainingReport,
  trainingReportQuery,
  statisticsUtilisation,
  statisticsUtilisationQuery,
  utilisationDrillExportQuery,
  utilisationDrillPage,
  utilisationDrillQuery,
} from '@venue/contract';
import { z } from 'zod';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { reportingDb } from '../../../platform/reporting.ts';
import {
  exportDrill,
  exportReport,
  rebuildForCaller,
  statisticsDays as daysOf,
  statisticsDrill,
  statisticsReport as reportOf,
  statisticsSummary as summaryOf,
} from './statistics.service.ts';
import { exportTrainingDrill, exportTrainingReport, trainingDrill, trainingReport as trainingReportOf } from './training.service.ts';
import { exportUtilisation, exportUtilisationDrill, statisticsUtilisation as utilisationOf, utilisationDrill } from './utilisation.service.ts';

/** The statistics calls, under `{sport}statistics`: figures, the lines they add up, days by kind, and the rebuild. */
export function statisticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // Figures and their exports read the reporting reader (a replica when configured); the rebuild writes the primary.
  const read = (reply: FastifyReply) => reportingDb(ctx.database.reporting, reply);
  const url = (p: string) => `${ctx.config.prefixes.sport}statistics/${p}`;
  const base = { module: 'statistics', method: 'POST' as const };
  const P = Perm.statistics;

  defineRoute(app, {
    ...base,
    url: url('summary'),
    permission: P.view,
    action: 'summary',
    readOnly: true,
    body: statisticsRange,
    response: statisticsSummary,
    handler: async ({ body, caller, reply }) => summaryOf(await read(reply), caller, body),
  });
  defineRoute(app, {
    ...base,
    url: url('drill'),
    permission: P.view,
    action: 'drill',
    readOnly: true,
    body: statisticsDrillQuery,
    response: statisticsDrillPage,
    handler: async ({ body, caller, reply }) => statisticsDrill(await read(reply), caller, body),
  });
  defineRoute(app, {
    ...base,
    url: url('days'),
    permission: P.view,
    action: 'days',
    readOnly: true,
    body: statisticsRange,
    response: statisticsDays,
    handler: async ({ body, caller, reply }) => daysOf(await read(reply), caller, body),
  });
  defineRoute(app, {
    ...base,
    url: url('report'),
    permission: P.view,
    action: 'report',
    readOnly: true,
    body: statisticsReportQuery,
    response: statisticsReport,
    handler: async ({ body, caller, reply }) => reportOf(await read(reply), caller, body),
  });
  defineRoute(app, {
    ...base,
    url: url('report/export'),
    permission: P.export,
    action: 'export',
    body: statisticsReportQuery,
    response: 'file',
    handler: async ({ body, caller, req, reply }) => exportReport(await read(reply), caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    url: url('drill/export'),
    permission: P.export,
    action: 'export',
    body: statisticsDrillExportQuery,
    response: 'file',
    handler: async ({ body, caller, req, reply }) => exportDrill(await read(reply), caller, body, req.lang),
  });
  // The training reports (evaluation, attendance): counts from the course module, each drilling onto its lines.
  defineRoute(app, {
    ...base,
    url: url('training'),
    permission: P.view,
    action: 'training',
    readOnly: true,
    body: trainingReportQuery,
    response: trainingReport,
    handler: async ({ body, caller, reply }) => trainingReportOf(await read(reply), caller, body),
  });
  defineRoute(app, {
    ...base,
    url: url('training/drill'),
    permission: P.view,
    action: 'trainingDrill',
    readOnly: true,
    body: trainingDrillQuery,
    response: trainingDrillPage,
    handler: async ({ body, caller, reply }) => trainingDrill(await read(reply), caller, body),
  });
  defineRoute(app, {
    ...base,
    url: url('training/export'),
    permission: P.export,
    action: 'export',
    body: trainingReportQuery,
    response: 'file',
    handler: async ({ body, caller, req, reply }) => exportTrainingReport(await read(reply), caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    url: url('training/drill/export'),
    permission: P.export,
    action: 'export',
    body: trainingDrillExportQuery,
    response: 'file',
    handler: async ({ body, caller, req, reply }) => exportTrainingDrill(await read(reply), caller, body, req.lang),
  });
  // Utilisation ("venue opening", "project opening"): opening hours against booked site time, and the booked lines.
  defineRoute(app, {
    ...base,
    url: url('utilisation'),
    permission: P.view,
    action: 'utilisation',
    readOnly: true,
    body: statisticsUtilisationQuery,
    response: statisticsUtilisation,
    handler: async ({ body, caller, reply }) => utilisationOf(await read(reply), caller, body),
  });
  defineRoute(app, {
    ...base,
    url: url('utilisation/drill'),
    permission: P.view,
    action: 'utilisationDrill',
    readOnly: true,
    body: utilisationDrillQuery,
    response: utilisationDrillPage,
    handler: async ({ body, caller, reply }) => utilisationDrill(await read(reply), caller, body),
  });
  defineRoute(app, {
    ...base,
    url: url('utilisation/export'),
    permission: P.export,
    action: 'export',
    body: statisticsUtilisationQuery,
    response: 'file',
    handler: async ({ body, caller, req, reply }) => exportUtilisation(await read(reply), caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    url: url('utilisation/drill/export'),
    permission: P.export,
    action: 'export',
    body: utilisationDrillExportQuery,
    response: 'file',
    handler: async ({ body, caller, req, reply }) => exportUtilisationDrill(await read(reply), caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    url: url('rebuild'),
    permission: P.rebuild,
    action: 'rebuild',
    body: z.object({}),
    response: statisticsRebuilt,
    handler: async ({ caller }) => rebuildForCaller(db, caller),
  });
}

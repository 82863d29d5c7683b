import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  Perm,
  idParams,
  opsReportEdit,
  opsReportGenerate,
  opsReportLog,
  opsReportPage,
  opsReportQuery,
  opsReportRegenerate,
  opsReportRow,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { reportingDb } from '../../../platform/reporting.ts';
import { editReport, exportReports, generateReport, getReport, listReports, regenerateReport, reportLog } from './opsreport.service.ts';

/** The operations reports' calls: `{sport}opsReport/...`. */
export function opsReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // A report's figures are read through the reporting reader (a replica when configured), once the request is checked.
  const read = (reply: FastifyReply) => () => reportingDb(ctx.database.reporting, reply);
  const url = (p: string) => `${ctx.config.prefixes.sport}opsReport/${p}`;
  const base = { module: 'opsReport' };
  const P = Perm.opsReport;

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('list'),
    permission: P.list,
    action: 'list',
    readOnly: true,
    body: opsReportQuery,
    response: opsReportPage,
    handler: async ({ body, caller }) => listReports(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('export'),
    permission: P.list,
    action: 'export',
    body: opsReportQuery,
    response: 'file',
    handler: async ({ body, caller, req, reply }) => exportReports(await reportingDb(ctx.database.reporting, reply), caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('generate'),
    permission: P.generate,
    action: 'generate',
    body: opsReportGenerate,
    response: opsReportRow,
    handler: async ({ body, caller, reply }) => generateReport(db, caller, body, read(reply)),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url(':id'),
    permission: P.list,
    action: 'get',
    params: idParams,
    response: opsReportRow,
    handler: async ({ params, caller }) => getReport(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url(':id'),
    permission: P.edit,
    action: 'edit',
    params: idParams,
    body: opsReportEdit,
    response: opsReportRow,
    handler: async ({ params, body, caller }) => editReport(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/regenerate'),
    permission: P.generate,
    action: 'regenerate',
    params: idParams,
    body: opsReportRegenerate,
    response: opsReportRow,
    handler: async ({ params, body, caller, reply }) => regenerateReport(db, caller, params.id, body, read(reply)),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url(':id/log'),
    permission: P.list,
    action: 'log',
    params: idParams,
    response: opsReportLog,
    handler: async ({ params, caller }) => reportLog(db, caller, params.id),
  });
}

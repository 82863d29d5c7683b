import type { FastifyInstance } from 'fastify';
import {
  Perm,
  competitionOrderDetail,
  competitionOrderPage,
  competitionOrderQuery,
  dataLogListQuery,
  dataLogPage,
  dataOverviewPage,
  dataOverviewQuery,
  deletedAnswer,
  idParams,
  idsParams,
  mapVersionAnswer,
  mapVersionMove,
  noticeCreate,
  noticeListQuery,
  noticePage,
  noticeRow,
  noticeUpdate,
  performerCreate,
  performerListQuery,
  performerPage,
  performerPhotoAnswer,
  performerRow,
  performerUpdate,
  projectNoticeAnswer,
  sessionIdParams,
  ticketChoices,
  ticketPrintAnswer,
  ticketTemplateCreate,
  ticketTemplateListQuery,
  ticketTemplatePage,
  ticketTemplateRow,
  ticketTemplateUpdate,
  wantSeeCreate,
  wantSeeListQuery,
  wantSeePage,
  wantSeeRow,
  wantSeeUpdate,
} from '@venue/contract';
import { defineRoute, readFilePart, type AppContext } from '../../../../platform/http.ts';
import { reportingDb } from '../../../../platform/reporting.ts';
import { originOf } from '../../commerce/index.ts';
import {
  PERFORMER_PHOTO_MAX_BYTES,
  addNotice,
  addPerformer,
  addTemplate,
  addWantSee,
  editNotice,
  editPerformer,
  editTemplate,
  editWantSee,
  exportOverview,
  exportWantSee,
  getCompetitionOrder,
  getNotice,
  getPerformer,
  getTemplate,
  getWantSee,
  listCompetitionOrders,
  listDataLog,
  listNotices,
  listOverview,
  listPerformers,
  listTemplates,
  listWantSee,
  moveSessionMap,
  noticeOfProject,
  printTicket,
  removeNotices,
  removePerformers,
  removeTemplates,
  removeWantSee,
  storePerformerPhoto,
  ticketChoicesOf,
} from './catalogue.service.ts';

/** Ticketing's catalogue extras, under `{sport}ticket/`. */
export function ticketCatalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db, config } = ctx;
  const base = { module: 'ticketCatalogue' };
  const t = `${sport}ticket/`;
  /** Reads other ticket screens need too (the project form's choices, the sale screen's notice, a sold ticket's print). */
  const PERFORMERS_READERS = [Perm.ticket.performer, Perm.ticket.project];
  const NOTICES_READERS = [Perm.ticket.notice, Perm.ticket.project];
  const TEMPLATES_READERS = [Perm.ticket.template, Perm.ticket.project, Perm.ticket.session];
  const PROJECT_NOTICE_READERS = [Perm.ticket.notice, Perm.ticket.project, Perm.ticket.sell];
  const PRINT_READERS = [Perm.ticket.template, Perm.ticket.list];
  const CHOICES_READERS = [
    Perm.ticket.performer,
    Perm.ticket.notice,
    Perm.ticket.template,
    Perm.ticket.wantSee,
    Perm.ticket.competitionOrder,
    Perm.ticket.data,
    Perm.ticket.project,
  ];
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}choices`,
    permission: CHOICES_READERS,
    action: 'choices',
    response: ticketChoices,
    handler: async ({ caller }) => ticketChoicesOf(db, caller),
  });

  // Performers.
  const PF = Perm.ticket.performer;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}performer/list`,
    permission: PERFORMERS_READERS,
    action: 'performerList',
    readOnly: true,
    body: performerListQuery,
    response: performerPage,
    handler: async ({ body, caller }) => listPerformers(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}performer/photo`,
    upload: true,
    permission: PF,
    action: 'performerPhoto',
    response: performerPhotoAnswer,
    handler: async ({ req }) => {
      const { data, truncated } = await readFilePart(req, PERFORMER_PHOTO_MAX_BYTES, 'ticket.performerPhoto.noFile');
      return storePerformerPhoto(config.dataDir, data, truncated);
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}performer/:id`,
    permission: PF,
    action: 'performerDetail',
    params: idParams,
    response: performerRow,
    handler: async ({ params, caller }) => getPerformer(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}performer`,
    permission: PF,
    action: 'performerAdd',
    body: performerCreate,
    response: performerRow,
    handler: async ({ body, caller }) => addPerformer(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${t}performer/:id`,
    permission: PF,
    action: 'performerEdit',
    params: idParams,
    body: performerUpdate,
    response: performerRow,
    handler: async ({ params, body, caller }) => editPerformer(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${t}performer/:ids`,
    permission: PF,
    action: 'performerRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removePerformers(db, caller, params.ids),
  });

  // Purchase notices.
  const N = Perm.ticket.notice;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}notice/list`,
    permission: NOTICES_READERS,
    action: 'noticeList',
    readOnly: true,
    body: noticeListQuery,
    response: noticePage,
    handler: async ({ body, caller }) => listNotices(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}notice/project/:id`,
    permission: PROJECT_NOTICE_READERS,
    action: 'projectNotice',
    params: idParams,
    response: projectNoticeAnswer,
    handler: async ({ params, caller }) => noticeOfProject(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}notice/:id`,
    permission: N,
    action: 'noticeDetail',
    params: idParams,
    response: noticeRow,
    handler: async ({ params, caller }) => getNotice(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}notice`,
    permission: N,
    action: 'noticeAdd',
    body: noticeCreate,
    response: noticeRow,
    handler: async ({ body, caller }) => addNotice(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${t}notice/:id`,
    permission: N,
    action: 'noticeEdit',
    params: idParams,
    body: noticeUpdate,
    response: noticeRow,
    handler: async ({ params, body, caller }) => editNotice(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${t}notice/:ids`,
    permission: N,
    action: 'noticeRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeNotices(db, caller, params.ids),
  });

  // Ticket templates.
  const TP = Perm.ticket.template;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}template/list`,
    permission: TEMPLATES_READERS,
    action: 'templateList',
    readOnly: true,
    body: ticketTemplateListQuery,
    response: ticketTemplatePage,
    handler: async ({ body, caller }) => listTemplates(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}template/image`,
    upload: true,
    permission: TP,
    action: 'templateImage',
    response: performerPhotoAnswer,
    handler: async ({ req }) => {
      const { data, truncated } = await readFilePart(req, PERFORMER_PHOTO_MAX_BYTES, 'ticket.performerPhoto.noFile');
      return storePerformerPhoto(config.dataDir, data, truncated);
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}template/print/:id`,
    permission: PRINT_READERS,
    action: 'templatePrint',
    params: idParams,
    response: ticketPrintAnswer,
    handler: async ({ params, caller, req }) => printTicket(db, caller, params.id, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}template/:id`,
    permission: TP,
    action: 'templateDetail',
    params: idParams,
    response: ticketTemplateRow,
    handler: async ({ params, caller }) => getTemplate(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}template`,
    permission: TP,
    action: 'templateAdd',
    body: ticketTemplateCreate,
    response: ticketTemplateRow,
    handler: async ({ body, caller }) => addTemplate(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${t}template/:id`,
    permission: TP,
    action: 'templateEdit',
    params: idParams,
    body: ticketTemplateUpdate,
    response: ticketTemplateRow,
    handler: async ({ params, body, caller }) => editTemplate(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${t}template/:ids`,
    permission: TP,
    action: 'templateRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeTemplates(db, caller, params.ids),
  });

  // Want-to-see.
  const W = Perm.ticket.wantSee;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}wantSee/list`,
    permission: W,
    action: 'wantSeeList',
    readOnly: true,
    body: wantSeeListQuery,
    response: wantSeePage,
    handler: async ({ body, caller }) => listWantSee(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}wantSee/export`,
    permission: W,
    action: 'wantSeeExport',
    body: wantSeeListQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => exportWantSee(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}wantSee/:id`,
    permission: W,
    action: 'wantSeeDetail',
    params: idParams,
    response: wantSeeRow,
    handler: async ({ params, caller }) => getWantSee(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}wantSee`,
    permission: W,
    action: 'wantSeeAdd',
    body: wantSeeCreate,
    response: wantSeeRow,
    handler: async ({ body, caller }) => addWantSee(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${t}wantSee/:id`,
    permission: W,
    action: 'wantSeeEdit',
    params: idParams,
    body: wantSeeUpdate,
    response: wantSeeRow,
    handler: async ({ params, body, caller }) => editWantSee(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${t}wantSee/:ids`,
    permission: W,
    action: 'wantSeeRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeWantSee(db, caller, params.ids),
  });

  // A project's data log; a session's move to a later map version.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}dataLog/list`,
    permission: Perm.ticket.project,
    action: 'dataLogList',
    readOnly: true,
    body: dataLogListQuery,
    response: dataLogPage,
    handler: async ({ body, caller }) => listDataLog(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}session/:sessionId/mapVersion`,
    permission: Perm.ticket.session,
    action: 'sessionMapVersion',
    params: sessionIdParams,
    body: mapVersionMove,
    response: mapVersionAnswer,
    handler: async ({ params, body, caller }) => moveSessionMap(db, caller, params.sessionId, body),
  });

  // Competition orders and the per-project overview.
  const CO = Perm.ticket.competitionOrder;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}competitionOrder/list`,
    permission: CO,
    action: 'competitionOrderList',
    readOnly: true,
    body: competitionOrderQuery,
    response: competitionOrderPage,
    handler: async ({ body, caller }) => listCompetitionOrders(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}competitionOrder/:id`,
    permission: CO,
    action: 'competitionOrderDetail',
    params: idParams,
    response: competitionOrderDetail,
    handler: async ({ params, caller, req }) => getCompetitionOrder(db, caller, params.id, originOf(ctx, req)),
  });
  const D = Perm.ticket.data;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}dataManagement/list`,
    permission: D,
    action: 'dataList',
    readOnly: true,
    body: dataOverviewQuery,
    response: dataOverviewPage,
    handler: async ({ body, caller }) => listOverview(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}dataManagement/export`,
    permission: D,
    action: 'dataExport',
    body: dataOverviewQuery,
    response: 'file',
    handler: async ({ body, caller, req, reply }) => exportOverview(await reportingDb(ctx.database.reporting, reply), caller, body, req.lang),
  });
}

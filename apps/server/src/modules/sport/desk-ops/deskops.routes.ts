import type { FastifyInstance } from 'fastify';
import {
  Perm,
  appPageCreate,
  appPagePage,
  appPageQuery,
  appPageRow,
  deletedAnswer,
  feedbackCreate,
  feedbackHandle,
  feedbackPage,
  feedbackQuery,
  feedbackRow,
  idParams,
  idsParams,
  incidentClose,
  incidentCreate,
  incidentDetail,
  incidentFollowUp,
  incidentPage,
  incidentPhotoParams,
  incidentQuery,
  pageBindItems,
  photoAnswer,
  queueAct,
  queueBoard,
  queueBoardQuery,
  queueCallNext,
  queuePage,
  queueQuery,
  queueTake,
  queueTaken,
  queueTicketRow,
  workCategoryCreate,
  workCategoryPage,
  workCategoryQuery,
  workCategoryRow,
  workOrderCreate,
  workOrderMove,
  workOrderPage,
  workOrderQuery,
  workOrderRow,
} from '@venue/contract';
import { defineRoute, readFilePart, type AppContext } from '../../../platform/http.ts';
import {
  addFeedback,
  addIncident,
  addPage,
  addWorkCategory,
  addWorkOrder,
  bindItems,
  closeIncident,
  exportFeedback,
  exportIncidents,
  exportWorkOrders,
  followUpIncident,
  getIncident,
  getWorkOrder,
  handleFeedback,
  incidentPhoto,
  INCIDENT_IMAGE_MAX_BYTES,
  listFeedback,
  listIncidents,
  listWorkCategories,
  listWorkOrders,
  moveWork,
  pageTree,
  removePages,
  uploadIncidentPhoto,
} from './deskops.service.ts';
import { actOnTicket, callNext, listQueue, queueBoard as boardOfQueue, takeQueueNumber } from './deskops.queue.ts';

/** The desk-ops module's calls: `{sport}deskops/...`, and the queue under `{sport}queue/...` (the fixed call). */
export function deskOpsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db, config } = ctx;
  const url = (p: string) => `${sport}deskops/${p}`;
  const base = { module: 'deskops' };
  const P = Perm;

  // ---------------------------------------------------------------- feedback
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('feedback/list'),
    permission: P.feedback.list,
    action: 'list',
    readOnly: true,
    body: feedbackQuery,
    response: feedbackPage,
    handler: async ({ body, caller }) => listFeedback(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('feedback/export'),
    permission: P.feedback.list,
    action: 'export',
    body: feedbackQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => exportFeedback(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('feedback'),
    permission: P.feedback.handle,
    action: 'add',
    body: feedbackCreate,
    response: feedbackRow,
    handler: async ({ body, caller }) => addFeedback(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url('feedback/:id/handle'),
    permission: P.feedback.handle,
    action: 'handle',
    params: idParams,
    body: feedbackHandle,
    response: feedbackRow,
    handler: async ({ params, body, caller }) => handleFeedback(db, caller, params.id, body),
  });

  // ---------------------------------------------------------------- work orders
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('workCategory/list'),
    permission: P.workOrder.list,
    action: 'list',
    readOnly: true,
    body: workCategoryQuery,
    response: workCategoryPage,
    handler: async ({ body, caller }) => listWorkCategories(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('workCategory'),
    permission: P.workOrder.type,
    action: 'typeAdd',
    body: workCategoryCreate,
    response: workCategoryRow,
    handler: async ({ body, caller }) => addWorkCategory(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('workOrder/list'),
    permission: P.workOrder.list,
    action: 'list',
    readOnly: true,
    body: workOrderQuery,
    response: workOrderPage,
    handler: async ({ body, caller }) => listWorkOrders(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('workOrder/export'),
    permission: P.workOrder.list,
    action: 'export',
    body: workOrderQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => exportWorkOrders(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url('workOrder/:id'),
    permission: P.workOrder.list,
    action: 'get',
    params: idParams,
    response: workOrderRow,
    handler: async ({ params, caller }) => getWorkOrder(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('workOrder'),
    permission: P.workOrder.add,
    action: 'add',
    body: workOrderCreate,
    response: workOrderRow,
    handler: async ({ body, caller }) => addWorkOrder(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url('workOrder/:id/state'),
    permission: P.workOrder.status,
    action: 'status',
    params: idParams,
    body: workOrderMove,
    response: workOrderRow,
    handler: async ({ params, body, caller }) => moveWork(db, caller, params.id, body),
  });

  // ---------------------------------------------------------------- event reporting
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('incident/list'),
    permission: P.incident.list,
    action: 'list',
    readOnly: true,
    body: incidentQuery,
    response: incidentPage,
    handler: async ({ body, caller }) => listIncidents(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('incident/export'),
    permission: P.incident.list,
    action: 'export',
    body: incidentQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => exportIncidents(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url('incident/:id'),
    permission: P.incident.list,
    action: 'get',
    params: idParams,
    response: incidentDetail,
    handler: async ({ params, caller }) => getIncident(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('incident'),
    permission: P.incident.add,
    action: 'add',
    body: incidentCreate,
    response: incidentDetail,
    handler: async ({ body, caller }) => addIncident(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('incident/photo'),
    upload: true,
    permission: P.incident.add,
    action: 'photoUpload',
    response: photoAnswer,
    handler: async ({ req }) => uploadIncidentPhoto(config.dataDir, await readFilePart(req, INCIDENT_IMAGE_MAX_BYTES, 'deskops.image.noFile')),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url('incident/:id/photo/:name'),
    permission: P.incident.list,
    action: 'photo',
    params: incidentPhotoParams,
    response: 'file',
    handler: async ({ params, caller }) => incidentPhoto(db, caller, config.dataDir, params.id, params.name),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('incident/:id/followUp'),
    permission: P.incident.resolve,
    action: 'followUp',
    params: idParams,
    body: incidentFollowUp,
    response: incidentDetail,
    handler: async ({ params, body, caller }) => followUpIncident(db, caller, params.id, body.note),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url('incident/:id/close'),
    permission: P.incident.resolve,
    action: 'close',
    params: idParams,
    body: incidentClose,
    response: incidentDetail,
    handler: async ({ params, body, caller }) => closeIncident(db, caller, params.id, body),
  });

  // ---------------------------------------------------------------- page settings
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('page/list'),
    permission: P.pageSetting.list,
    action: 'list',
    readOnly: true,
    body: appPageQuery,
    response: appPagePage,
    handler: async ({ body, caller }) => pageTree(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('page'),
    permission: P.pageSetting.add,
    action: 'add',
    body: appPageCreate,
    response: appPageRow,
    handler: async ({ body, caller }) => addPage(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: url('page/:ids'),
    permission: P.pageSetting.remove,
    action: 'remove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removePages(db, caller, params.ids),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url('page/:id/bindItems'),
    permission: P.pageSetting.bind,
    action: 'bindItems',
    params: idParams,
    body: pageBindItems,
    response: appPageRow,
    handler: async ({ params, body, caller }) => bindItems(db, caller, params.id, body),
  });

  // ---------------------------------------------------------------- queued number (fixed call: `POST {sport}queue/take`)
  const q = (p: string) => `${sport}queue/${p}`;
  const qbase = { module: 'queue' };
  defineRoute(app, {
    ...qbase,
    method: 'POST',
    url: q('take'),
    permission: P.queue.take,
    action: 'take',
    body: queueTake,
    response: queueTaken,
    handler: async ({ body, caller }) => takeQueueNumber(db, caller, body.stadiumId),
  });
  defineRoute(app, {
    ...qbase,
    method: 'POST',
    url: q('callNext'),
    permission: P.queue.call,
    action: 'callNext',
    body: queueCallNext,
    response: queueTicketRow,
    handler: async ({ body, caller }) => callNext(db, caller, body),
  });
  for (const act of ['skip', 'recall', 'serve'] as const) {
    defineRoute(app, {
      ...qbase,
      method: 'POST',
      url: q(`:id/${act}`),
      permission: P.queue.call,
      action: act,
      params: idParams,
      body: queueAct,
      response: queueTicketRow,
      handler: async ({ params, body, caller }) => actOnTicket(db, caller, params.id, act, body.desk),
    });
  }
  defineRoute(app, {
    ...qbase,
    method: 'POST',
    url: q('list'),
    permission: P.queue.list,
    action: 'list',
    readOnly: true,
    body: queueQuery,
    response: queuePage,
    handler: async ({ body, caller }) => listQueue(db, caller, body),
  });
  defineRoute(app, {
    ...qbase,
    method: 'GET',
    url: q('board'),
    permission: P.queue.list,
    action: 'board',
    query: queueBoardQuery,
    response: queueBoard,
    handler: async ({ query, caller }) => boardOfQueue(db, caller, query.stadiumId),
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Perm,
  deletedAnswer,
  idParams,
  idsParams,
  levelCreate,
  levelListQuery,
  levelPage,
  levelRow,
  levelUpdate,
  projectCreate,
  projectListQuery,
  projectPage,
  projectRow,
  projectUpdate,
  seatChange,
  seatChangeAnswer,
  seatRelevel,
  seatmapCreate,
  seatmapDetail,
  seatmapImageAnswer,
  seatmapListQuery,
  seatmapPage,
  seatmapUpdate,
  seatmapVersions,
  sessionCreate,
  sessionIdParams,
  sessionListQuery,
  sessionPage,
  sessionRow,
  sessionSeatsAnswer,
  sessionSeatsQuery,
  sessionUpdate,
  ticketListQuery,
  ticketOrder,
  ticketOrderAnswer,
  ticketPage,
  ticketTypeCreate,
  ticketTypeListQuery,
  ticketTypePage,
  ticketTypeRow,
  ticketTypeUpdate,
} from '@venue/contract';
import { defineRoute, readFilePart, type AppContext } from '../../../platform/http.ts';
import { idemKey } from '../commerce/index.ts';
import { addProject, addType, editProject, editType, getProject, getType, listProjects, listTypes, removeProjects, removeTypes } from './project.service.ts';
import { listTickets, orderTickets } from './sale.service.ts';
import {
  SEATMAP_IMAGE_MAX_BYTES,
  addSeatmap,
  editSeatmap,
  getSeatmap,
  listSeatmaps,
  removeSeatmaps,
  seatmapVersionList,
  storeSeatmapImage,
} from './seatmap.service.ts';
import {
  addLevel,
  addSession,
  changeSeats,
  editLevel,
  editSession,
  getLevel,
  getSession,
  listLevels,
  listSessions,
  removeLevels,
  removeSessions,
  sessionSeats,
} from './session.service.ts';

/** The uploaded image of a multipart `file` field. */
const readImage = (req: FastifyRequest) => readFilePart(req, SEATMAP_IMAGE_MAX_BYTES, 'seatmap.image.noFile');

/** Ticketing: every call under `{sport}ticket/`. */
export function ticketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db, config } = ctx;
  const base = { module: 'ticket' };
  const t = `${sport}ticket/`;

  // Project types and projects.
  const P = Perm.ticket.project;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}type/list`,
    permission: P,
    action: 'typeList',
    readOnly: true,
    body: ticketTypeListQuery,
    response: ticketTypePage,
    handler: async ({ body, caller }) => listTypes(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}type/:id`,
    permission: P,
    action: 'typeDetail',
    params: idParams,
    response: ticketTypeRow,
    handler: async ({ params, caller }) => getType(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}type`,
    permission: P,
    action: 'typeAdd',
    body: ticketTypeCreate,
    response: ticketTypeRow,
    handler: async ({ body, caller }) => addType(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${t}type/:id`,
    permission: P,
    action: 'typeEdit',
    params: idParams,
    body: ticketTypeUpdate,
    response: ticketTypeRow,
    handler: async ({ params, body, caller }) => editType(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${t}type/:ids`,
    permission: P,
    action: 'typeRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeTypes(db, caller, params.ids),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}project/list`,
    permission: P,
    action: 'projectList',
    readOnly: true,
    body: projectListQuery,
    response: projectPage,
    handler: async ({ body, caller }) => listProjects(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}project/:id`,
    permission: P,
    action: 'projectDetail',
    params: idParams,
    response: projectRow,
    handler: async ({ params, caller }) => getProject(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}project`,
    permission: P,
    action: 'projectAdd',
    body: projectCreate,
    response: projectRow,
    handler: async ({ body, caller }) => addProject(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${t}project/:id`,
    permission: P,
    action: 'projectEdit',
    params: idParams,
    body: projectUpdate,
    response: projectRow,
    handler: async ({ params, body, caller }) => editProject(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${t}project/:ids`,
    permission: P,
    action: 'projectRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeProjects(db, caller, params.ids),
  });

  // Seat maps (the designer's calls).
  /**
   * The sale screen reads sessions, their seats and their map without the right to edit them; the
   * catalogue screens read them too. These reads take any of the screens' permissions.
   */
  const SESSION_READERS = [Perm.ticket.session, Perm.ticket.sell, Perm.ticket.list];
  const MAP_READERS = [Perm.ticket.seatmap, Perm.ticket.session, Perm.ticket.sell];
  const M = Perm.ticket.seatmap;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}seatmap/list`,
    permission: M,
    action: 'seatmapList',
    readOnly: true,
    body: seatmapListQuery,
    response: seatmapPage,
    handler: async ({ body, caller }) => listSeatmaps(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}seatmap/image`,
    upload: true,
    permission: M,
    action: 'seatmapImage',
    response: seatmapImageAnswer,
    handler: async ({ req }) => {
      const { data, truncated } = await readImage(req);
      return storeSeatmapImage(config.dataDir, data, truncated);
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}seatmap/:id/versions`,
    permission: M,
    action: 'seatmapVersions',
    params: idParams,
    response: seatmapVersions,
    handler: async ({ params, caller }) => seatmapVersionList(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}seatmap/:id`,
    permission: MAP_READERS,
    action: 'seatmapDetail',
    params: idParams,
    response: seatmapDetail,
    handler: async ({ params, caller }) => getSeatmap(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}seatmap`,
    permission: M,
    action: 'seatmapAdd',
    body: seatmapCreate,
    response: seatmapDetail,
    handler: async ({ body, caller }) => addSeatmap(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${t}seatmap/:id`,
    permission: M,
    action: 'seatmapEdit',
    params: idParams,
    body: seatmapUpdate,
    response: seatmapDetail,
    handler: async ({ params, body, caller }) => editSeatmap(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${t}seatmap/:ids`,
    permission: M,
    action: 'seatmapRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeSeatmaps(db, caller, params.ids),
  });

  // Sessions: the fixed list and seats calls, and the console's.
  const S = Perm.ticket.session;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}session/list`,
    permission: SESSION_READERS,
    action: 'sessionList',
    readOnly: true,
    body: sessionListQuery,
    response: sessionPage,
    handler: async ({ body, caller }) => listSessions(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}session/:sessionId/seats`,
    permission: SESSION_READERS,
    action: 'sessionSeats',
    readOnly: true,
    params: sessionIdParams,
    body: sessionSeatsQuery,
    response: sessionSeatsAnswer,
    handler: async ({ params, body, caller }) => sessionSeats(db, caller, params.sessionId, !!body.detail),
  });
  for (const action of ['block', 'release'] as const)
    defineRoute(app, {
      ...base,
      method: 'POST',
      url: `${t}session/:sessionId/seats/${action}`,
      permission: S,
      action: `seats.${action}`,
      params: sessionIdParams,
      body: seatChange,
      response: seatChangeAnswer,
      handler: async ({ params, body, caller }) => changeSeats(db, caller, params.sessionId, action, body.seatIds),
    });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}session/:sessionId/seats/relevel`,
    permission: S,
    action: 'seats.relevel',
    params: sessionIdParams,
    body: seatRelevel,
    response: seatChangeAnswer,
    handler: async ({ params, body, caller }) => changeSeats(db, caller, params.sessionId, 'relevel', body.seatIds, body.levelId),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}session/:id`,
    permission: S,
    action: 'sessionDetail',
    params: idParams,
    response: sessionRow,
    handler: async ({ params, caller }) => getSession(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}session`,
    permission: S,
    action: 'sessionAdd',
    body: sessionCreate,
    response: sessionRow,
    handler: async ({ body, caller }) => addSession(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${t}session/:id`,
    permission: S,
    action: 'sessionEdit',
    params: idParams,
    body: sessionUpdate,
    response: sessionRow,
    handler: async ({ params, body, caller }) => editSession(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${t}session/:ids`,
    permission: S,
    action: 'sessionRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeSessions(db, caller, params.ids),
  });

  // Ticket levels.
  const L = Perm.ticket.level;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}level/list`,
    permission: L,
    action: 'levelList',
    readOnly: true,
    body: levelListQuery,
    response: levelPage,
    handler: async ({ body, caller }) => listLevels(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}level/:id`,
    permission: L,
    action: 'levelDetail',
    params: idParams,
    response: levelRow,
    handler: async ({ params, caller }) => getLevel(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}level`,
    permission: L,
    action: 'levelAdd',
    body: levelCreate,
    response: levelRow,
    handler: async ({ body, caller }) => addLevel(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${t}level/:id`,
    permission: L,
    action: 'levelEdit',
    params: idParams,
    body: levelUpdate,
    response: levelRow,
    handler: async ({ params, body, caller }) => editLevel(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${t}level/:ids`,
    permission: L,
    action: 'levelRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeLevels(db, caller, params.ids),
  });

  // Selling (a fixed call) and the tickets.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}order`,
    permission: Perm.ticket.sell,
    action: 'order',
    body: ticketOrder,
    response: ticketOrderAnswer,
    handler: async ({ body, caller, req }) => orderTickets(db, caller, body, idemKey(req)),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}list`,
    permission: Perm.ticket.list,
    action: 'list',
    readOnly: true,
    body: ticketListQuery,
    response: ticketPage,
    handler: async ({ body, caller }) => listTickets(db, caller, body),
  });
}

import type { FastifyInstance } from 'fastify';
import {
  COACH_IMAGE_MAX_BYTES,
  Perm,
  coachCreate,
  coachDetail,
  coachListQuery,
  coachPage,
  coachScheduleAnswer,
  coachScheduleQuery,
  coachStatusBody,
  coachUpdate,
  deletedAnswer,
  idParams,
  idsParams,
} from '@venue/contract';
import { defineRoute, readFilePart, type AppContext } from '../../../platform/http.ts';
import {
  addCoach,
  coachForUpload,
  coachPhoto,
  coachSchedule,
  editCoach,
  exportCoaches,
  getCoach,
  listCoaches,
  removeCoaches,
  setCoachStatus,
  uploadCoachPhoto,
} from './coach.service.ts';

/** Coaches (coachManagement) and the coaches' schedule (servicePersonal/coachClassSchedule), under `{sport}coach`. */
export function coachRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db, config } = ctx;
  const base = { module: 'coach' };
  const c = `${sport}coach`;

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}/list`,
    permission: Perm.coach.list,
    action: 'list',
    readOnly: true,
    body: coachListQuery,
    response: coachPage,
    handler: async ({ body, caller }) => listCoaches(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}/schedule`,
    permission: Perm.coach.schedule,
    action: 'schedule',
    readOnly: true,
    body: coachScheduleQuery,
    response: coachScheduleAnswer,
    handler: async ({ body, caller }) => coachSchedule(db, caller, body),
  });
  // Export (not read-only: it writes an operation-log row, personal data leaves the system).
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}/export`,
    permission: Perm.coach.export,
    action: 'export',
    body: coachListQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => exportCoaches(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${c}/:id`,
    permission: Perm.coach.list,
    action: 'detail',
    params: idParams,
    response: coachDetail,
    handler: async ({ params, caller }) => getCoach(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: c,
    permission: Perm.coach.add,
    action: 'add',
    body: coachCreate,
    response: coachDetail,
    handler: async ({ body, caller }) => addCoach(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${c}/:id`,
    permission: Perm.coach.edit,
    action: 'edit',
    params: idParams,
    body: coachUpdate,
    response: coachDetail,
    handler: async ({ params, body, caller }) => editCoach(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}/:id/status`,
    permission: Perm.coach.status,
    action: 'status',
    params: idParams,
    body: coachStatusBody,
    response: coachDetail,
    handler: async ({ params, body, caller }) => setCoachStatus(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${c}/:ids`,
    permission: Perm.coach.remove,
    action: 'remove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeCoaches(db, caller, params.ids),
  });
  // Photo: checked by content; served to signed-in staff only.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${c}/:id/photo`,
    upload: true,
    permission: Perm.coach.edit,
    action: 'photoUpload',
    params: idParams,
    response: coachDetail,
    handler: async ({ params, caller, req }) => {
      await coachForUpload(db, caller, params.id);
      return uploadCoachPhoto(db, caller, config.dataDir, params.id, await readFilePart(req, COACH_IMAGE_MAX_BYTES, 'coach.image.noFile'));
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${c}/:id/photo/image`,
    permission: Perm.coach.list,
    action: 'photo',
    params: idParams,
    response: 'file',
    handler: async ({ params, caller }) => coachPhoto(db, caller, config.dataDir, params.id),
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Perm,
  idParams,
  page,
  pickupCreate,
  pickupListQuery,
  pickupRow,
  regCancel,
  regClash,
  regDescription,
  regEntryCreate,
  regEntryDetail,
  regEntryListQuery,
  regEntryMade,
  regEntryMove,
  regEntryRow,
  regEventCreate,
  regEventListQuery,
  regEventRow,
  regKitStep,
  regSessionCreate,
  regVerify,
  regYearLimitQuery,
  regYearLimitRow,
  regYearLimitSet,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { afterCommit, idemKey, payDeps } from '../commerce/index.ts';
import {
  addEvent,
  addPickup,
  addSession,
  cancelEntry,
  describeEntry,
  enter,
  eventClash,
  getEntry,
  getEvent,
  getPickup,
  kitStep,
  listEntries,
  listEvents,
  listPickups,
  listYearLimits,
  moveEntry,
  putYearLimit,
  verifyEntry,
} from './registration.service.ts';

/** The console's calls (signed, with a session and a permission), under `{sport}registration`. */
export function registrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const reg = { module: 'registration' };
  const r = `${sport}registration`;
  const P = Perm.registration;

  defineRoute(app, {
    ...reg,
    method: 'POST',
    url: `${r}/event/list`,
    permission: P.list,
    action: 'list',
    readOnly: true,
    body: regEventListQuery,
    response: page(regEventRow),
    handler: async ({ body, caller }) => listEvents(db, caller!, body),
  });
  defineRoute(app, {
    ...reg,
    method: 'GET',
    url: `${r}/event/:id`,
    permission: P.list,
    action: 'detail',
    params: idParams,
    response: regEventRow,
    handler: async ({ params, caller }) => getEvent(db, caller!, params.id),
  });
  defineRoute(app, {
    ...reg,
    method: 'POST',
    url: `${r}/event`,
    permission: P.event,
    action: 'event',
    body: regEventCreate,
    response: regEventRow,
    handler: async ({ body, caller }) => addEvent(db, caller!, body),
  });
  defineRoute(app, {
    ...reg,
    method: 'POST',
    url: `${r}/event/:id/session`,
    permission: P.event,
    action: 'session',
    params: idParams,
    body: regSessionCreate,
    response: regEventRow,
    handler: async ({ params, body, caller }) => addSession(db, caller!, params.id, body),
  });
  defineRoute(app, {
    ...reg,
    method: 'GET',
    url: `${r}/event/:id/clash`,
    permission: P.list,
    action: 'detail',
    params: idParams,
    response: regClash,
    handler: async ({ params, caller }) => eventClash(db, caller!, params.id),
  });

  defineRoute(app, {
    ...reg,
    method: 'POST',
    url: `${r}/entry/list`,
    permission: P.list,
    action: 'list',
    readOnly: true,
    body: regEntryListQuery,
    response: page(regEntryRow),
    handler: async ({ body, caller }) => listEntries(db, caller!, body),
  });
  defineRoute(app, {
    ...reg,
    method: 'GET',
    url: `${r}/entry/:id`,
    permission: P.list,
    action: 'detail',
    params: idParams,
    response: regEntryDetail,
    handler: async ({ params, caller }) => getEntry(db, caller!, params.id),
  });
  defineRoute(app, {
    ...reg,
    method: 'POST',
    url: `${r}/entry`,
    permission: P.enter,
    action: 'enter',
    body: regEntryCreate,
    response: regEntryMade,
    handler: async ({ body, caller, req }) => enter(db, caller!, body, idemKey(req)),
  });
  defineRoute(app, {
    ...reg,
    method: 'POST',
    url: `${r}/verify`,
    permission: P.verify,
    action: 'verify',
    body: regVerify,
    response: regEntryRow,
    handler: async ({ body, caller }) => verifyEntry(db, caller!, body),
  });
  defineRoute(app, {
    ...reg,
    method: 'POST',
    url: `${r}/entry/:id/move`,
    permission: P.move,
    action: 'move',
    params: idParams,
    body: regEntryMove,
    response: regEntryRow,
    handler: async ({ params, body, caller }) => moveEntry(db, caller!, params.id, body),
  });
  defineRoute(app, {
    ...reg,
    method: 'POST',
    url: `${r}/entry/:id/kit`,
    permission: P.kit,
    action: 'kit',
    params: idParams,
    body: regKitStep,
    response: regEntryDetail,
    handler: async ({ params, body, caller }) => kitStep(db, caller!, params.id, body),
  });
  defineRoute(app, {
    ...reg,
    method: 'POST',
    url: `${r}/entry/:id/description`,
    permission: P.enter,
    action: 'describe',
    params: idParams,
    body: regDescription,
    response: regEntryRow,
    handler: async ({ params, body, caller }) => describeEntry(db, caller!, params.id, body),
  });
  defineRoute(app, {
    ...reg,
    method: 'POST',
    url: `${r}/entry/:id/cancel`,
    permission: P.cancel,
    action: 'cancel',
    params: idParams,
    body: regCancel,
    response: regEntryRow,
    handler: async ({ params, body, caller, req }) => cancelEntry(db, caller!, params.id, body, afterCommit(payDeps(ctx, req))),
  });

  defineRoute(app, {
    ...reg,
    method: 'POST',
    url: `${r}/yearLimit/list`,
    permission: P.list,
    action: 'list',
    readOnly: true,
    body: regYearLimitQuery,
    response: z.array(regYearLimitRow),
    handler: async ({ body, caller }) => listYearLimits(db, caller!, body.stadiumId),
  });
  defineRoute(app, {
    ...reg,
    method: 'PUT',
    url: `${r}/yearLimit`,
    permission: P.yearLimit,
    action: 'yearLimit',
    body: regYearLimitSet,
    response: z.array(regYearLimitRow),
    handler: async ({ body, caller }) => putYearLimit(db, caller!, body),
  });

  const pickup = { module: 'pickup' };
  defineRoute(app, {
    ...pickup,
    method: 'POST',
    url: `${r}/pickup/list`,
    permission: Perm.pickup.list,
    action: 'list',
    readOnly: true,
    body: pickupListQuery,
    response: page(pickupRow),
    handler: async ({ body, caller }) => listPickups(db, caller!, body),
  });
  defineRoute(app, {
    ...pickup,
    method: 'GET',
    url: `${r}/pickup/:id`,
    permission: Perm.pickup.list,
    action: 'detail',
    params: idParams,
    response: pickupRow,
    handler: async ({ params, caller }) => getPickup(db, caller!, params.id),
  });
  defineRoute(app, {
    ...pickup,
    method: 'POST',
    url: `${r}/pickup`,
    permission: Perm.pickup.add,
    action: 'add',
    body: pickupCreate,
    response: pickupRow,
    handler: async ({ body, caller }) => addPickup(db, caller!, body),
  });
}

import type { FastifyInstance } from 'fastify';
import {
  Perm,
  braceletIssue,
  braceletIssued,
  braceletLogListQuery,
  braceletLogRow,
  braceletLost,
  braceletReturn,
  braceletRow,
  deletedAnswer,
  deviceCreate,
  deviceListQuery,
  deviceRow,
  deviceUpdate,
  gateGrantCreate,
  gateGrantListQuery,
  gateGrantRow,
  gateGrantUpdate,
  gateLogListQuery,
  gateLogRow,
  idParams,
  idsParams,
  page,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { afterCommit, idemKey, payDeps } from '../commerce/index.ts';
import { getBracelet, issueBracelet, listBraceletLog, loseBracelet, returnBracelet } from './bracelet.service.ts';
import {
  addDevice,
  addGrant,
  editDevice,
  editGrant,
  getDevice,
  getGrant,
  listDevices,
  listGrants,
  listLog,
  removeDevices,
  removeGrants,
} from './equipment.service.ts';

/** The console's calls (signed, with a session and a permission), under `{sport}equipment`. */
export function equipmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const dev = { module: 'equipment' };
  const grant = { module: 'gateGrant' };
  const d = `${sport}equipment/device`;
  const g = `${sport}equipment/gate/grant`;

  defineRoute(app, {
    ...dev,
    method: 'POST',
    url: `${d}/list`,
    permission: Perm.equipment.list,
    action: 'list',
    readOnly: true,
    body: deviceListQuery,
    response: page(deviceRow),
    handler: async ({ body, caller }) => listDevices(db, caller!, body),
  });
  defineRoute(app, {
    ...dev,
    method: 'GET',
    url: `${d}/:id`,
    permission: Perm.equipment.list,
    action: 'detail',
    params: idParams,
    response: deviceRow,
    handler: async ({ params, caller }) => getDevice(db, caller!, params.id),
  });
  defineRoute(app, {
    ...dev,
    method: 'POST',
    url: d,
    permission: Perm.equipment.add,
    action: 'add',
    body: deviceCreate,
    response: deviceRow,
    handler: async ({ body, caller }) => addDevice(db, caller!, body),
  });
  defineRoute(app, {
    ...dev,
    method: 'PUT',
    url: `${d}/:id`,
    permission: Perm.equipment.edit,
    action: 'edit',
    params: idParams,
    body: deviceUpdate,
    response: deviceRow,
    handler: async ({ params, body, caller }) => editDevice(db, caller!, params.id, body),
  });
  defineRoute(app, {
    ...dev,
    method: 'DELETE',
    url: `${d}/:ids`,
    permission: Perm.equipment.remove,
    action: 'remove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeDevices(db, caller!, params.ids),
  });

  defineRoute(app, {
    ...grant,
    method: 'POST',
    url: `${g}/list`,
    permission: Perm.gateGrant.list,
    action: 'list',
    readOnly: true,
    body: gateGrantListQuery,
    response: page(gateGrantRow),
    handler: async ({ body, caller }) => listGrants(db, caller!, body),
  });
  defineRoute(app, {
    ...grant,
    method: 'GET',
    url: `${g}/:id`,
    permission: Perm.gateGrant.list,
    action: 'detail',
    params: idParams,
    response: gateGrantRow,
    handler: async ({ params, caller }) => getGrant(db, caller!, params.id),
  });
  defineRoute(app, {
    ...grant,
    method: 'POST',
    url: g,
    permission: Perm.gateGrant.add,
    action: 'add',
    body: gateGrantCreate,
    response: gateGrantRow,
    handler: async ({ body, caller }) => addGrant(db, caller!, body),
  });
  defineRoute(app, {
    ...grant,
    method: 'PUT',
    url: `${g}/:id`,
    permission: Perm.gateGrant.edit,
    action: 'edit',
    params: idParams,
    body: gateGrantUpdate,
    response: gateGrantRow,
    handler: async ({ params, body, caller }) => editGrant(db, caller!, params.id, body),
  });
  defineRoute(app, {
    ...grant,
    method: 'DELETE',
    url: `${g}/:ids`,
    permission: Perm.gateGrant.remove,
    action: 'remove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeGrants(db, caller!, params.ids),
  });

  defineRoute(app, {
    module: 'gateLog',
    method: 'POST',
    url: `${sport}equipment/gate/log/list`,
    permission: Perm.gateLog.list,
    action: 'list',
    readOnly: true,
    body: gateLogListQuery,
    response: page(gateLogRow),
    handler: async ({ body, caller }) => listLog(db, caller!, body),
  });

  const bracelet = { module: 'bracelet' };
  const b = `${sport}equipment/bracelet`;
  defineRoute(app, {
    ...bracelet,
    method: 'POST',
    url: `${b}/log/list`,
    permission: Perm.bracelet.list,
    action: 'list',
    readOnly: true,
    body: braceletLogListQuery,
    response: page(braceletLogRow),
    handler: async ({ body, caller }) => listBraceletLog(db, caller!, body),
  });
  defineRoute(app, {
    ...bracelet,
    method: 'GET',
    url: `${b}/:id`,
    permission: Perm.bracelet.list,
    action: 'detail',
    params: idParams,
    response: braceletRow,
    handler: async ({ params, caller }) => getBracelet(db, caller!, params.id),
  });
  defineRoute(app, {
    ...bracelet,
    method: 'POST',
    url: `${b}/issue`,
    permission: Perm.bracelet.issue,
    action: 'issue',
    body: braceletIssue,
    response: braceletIssued,
    handler: async ({ body, caller, req }) => issueBracelet(db, caller!, body, idemKey(req)),
  });
  defineRoute(app, {
    ...bracelet,
    method: 'POST',
    url: `${b}/:id/return`,
    permission: Perm.bracelet.back,
    action: 'back',
    params: idParams,
    body: braceletReturn,
    response: braceletRow,
    handler: async ({ params, body, caller, req }) => returnBracelet(db, caller!, params.id, body, afterCommit(payDeps(ctx, req))),
  });
  defineRoute(app, {
    ...bracelet,
    method: 'POST',
    url: `${b}/:id/lost`,
    permission: Perm.bracelet.lost,
    action: 'lost',
    params: idParams,
    body: braceletLost,
    response: braceletRow,
    handler: async ({ params, body, caller }) => loseBracelet(db, caller!, params.id, body),
  });
}

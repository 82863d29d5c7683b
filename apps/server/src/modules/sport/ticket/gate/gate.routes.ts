import type { FastifyInstance } from 'fastify';
import {
  Perm,
  checkCounts,
  collectionCreate,
  collectionFind,
  collectionFound,
  collectionListQuery,
  collectionPage,
  collectionRow,
  conflictListQuery,
  conflictPage,
  deletedAnswer,
  gateCreate,
  gateListQuery,
  gatePage,
  gateRow,
  gateSessionList,
  gateVenueList,
  gateUpdate,
  idParams,
  idsParams,
  offlinePackage,
  reprintAnswer,
  reprintCreate,
  reprintList,
  scanListQuery,
  scanPage,
  scanUpload,
  scanUploadAnswer,
  sessionIdParams,
  ticketCheck,
  ticketCheckAnswer,
  ticketFirstPrint,
  ticketFirstPrintAnswer,
  ticketIdParams,
  ticketQrAnswer,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../../platform/http.ts';
import {
  addGate,
  checkSummary,
  checkTicket,
  collectTicket,
  editGate,
  findForCollection,
  firstPrint,
  gateSessions,
  gateVenues,
  getGate,
  listCollections,
  listConflicts,
  listGates,
  listReprints,
  listScans,
  offlinePackage as offlinePackageOf,
  removeGates,
  reprintTicket,
  ticketQr,
  uploadScans,
} from './gate.service.ts';

/** Gate checking (online and offline), paper-ticket collection and reprints: calls under `{sport}ticket/`. */
export function gateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, keys } = ctx;
  const d = { db, secretKey: keys.secretKey };
  const base = { module: 'ticketGate' };
  const t = `${ctx.config.prefixes.sport}ticket/`;
  const C = Perm.ticket.check;

  // Gates: read by the checking screens, managed on their settings.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}gate/list`,
    permission: C,
    action: 'gateList',
    readOnly: true,
    body: gateListQuery,
    response: gatePage,
    handler: async ({ body, caller }) => listGates(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}gate/venues`,
    permission: Perm.ticket.gate,
    action: 'gateVenues',
    response: gateVenueList,
    handler: async ({ caller }) => gateVenues(db, caller),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}gate/:id`,
    permission: C,
    action: 'gateDetail',
    params: idParams,
    response: gateRow,
    handler: async ({ params, caller }) => getGate(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}gate`,
    permission: Perm.ticket.gate,
    action: 'gateAdd',
    body: gateCreate,
    response: gateRow,
    handler: async ({ body, caller }) => addGate(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${t}gate/:id`,
    permission: Perm.ticket.gate,
    action: 'gateEdit',
    params: idParams,
    body: gateUpdate,
    response: gateRow,
    handler: async ({ params, body, caller }) => editGate(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${t}gate/:ids`,
    permission: Perm.ticket.gate,
    action: 'gateRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeGates(db, caller, params.ids),
  });

  // Checking online, the scan log, the offline device's download and upload, conflicts.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}check`,
    permission: C,
    action: 'check',
    body: ticketCheck,
    response: ticketCheckAnswer,
    handler: async ({ body, caller }) => checkTicket(d, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}check/sessions`,
    permission: C,
    action: 'sessions',
    response: gateSessionList,
    handler: async ({ caller }) => gateSessions(db, caller),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}check/scans`,
    permission: C,
    action: 'scans',
    readOnly: true,
    body: scanListQuery,
    response: scanPage,
    handler: async ({ body, caller }) => listScans(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}check/summary/:sessionId`,
    permission: C,
    action: 'summary',
    params: sessionIdParams,
    response: checkCounts,
    handler: async ({ params, caller }) => checkSummary(db, caller, params.sessionId),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}check/offline/:sessionId`,
    permission: C,
    action: 'offlineDownload',
    params: sessionIdParams,
    response: offlinePackage,
    handler: async ({ params, caller }) => offlinePackageOf(d, caller, params.sessionId),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}check/upload`,
    permission: C,
    action: 'offlineUpload',
    body: scanUpload,
    response: scanUploadAnswer,
    handler: async ({ body, caller }) => uploadScans(d, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}check/conflicts`,
    permission: C,
    action: 'conflicts',
    readOnly: true,
    body: conflictListQuery,
    response: conflictPage,
    handler: async ({ body, caller }) => listConflicts(db, caller, body),
  });

  // A ticket's signed QR code: the ticket list, the checking and the collection screens show it.
  const TICKET_READERS = [Perm.ticket.list, C, Perm.ticket.collect, Perm.ticket.reprint];
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}qr/:id`,
    permission: TICKET_READERS,
    action: 'qr',
    params: idParams,
    response: ticketQrAnswer,
    handler: async ({ params, caller }) => ticketQr(d, caller, params.id),
  });

  // Paper tickets handed over against e-tickets.
  const K = Perm.ticket.collect;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}collection/list`,
    permission: K,
    action: 'collectionList',
    readOnly: true,
    body: collectionListQuery,
    response: collectionPage,
    handler: async ({ body, caller }) => listCollections(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}collection/find`,
    permission: K,
    action: 'collectionFind',
    readOnly: true,
    body: collectionFind,
    response: collectionFound,
    handler: async ({ body, caller }) => findForCollection(d, caller, body.code),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}collection`,
    permission: K,
    action: 'collect',
    body: collectionCreate,
    response: collectionRow,
    handler: async ({ body, caller }) => collectTicket(d, caller, body),
  });

  // The first print (or PDF) of sold tickets, right after the sale or from the ticket list: no reason, once per ticket.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}print`,
    permission: [Perm.ticket.sell, Perm.ticket.reprint],
    action: 'print',
    body: ticketFirstPrint,
    response: ticketFirstPrintAnswer,
    handler: async ({ body, caller, req }) => firstPrint(d, caller, body, req.lang),
  });

  // Reprints (after a first print), logged with their reason.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}reprint`,
    permission: Perm.ticket.reprint,
    action: 'reprint',
    body: reprintCreate,
    response: reprintAnswer,
    handler: async ({ body, caller }) => reprintTicket(d, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}reprint/list/:ticketId`,
    permission: TICKET_READERS,
    action: 'reprintList',
    params: ticketIdParams,
    response: reprintList,
    handler: async ({ params, caller }) => listReprints(db, caller, params.ticketId),
  });
}

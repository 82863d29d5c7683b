import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Perm,
  clearingListQuery,
  clearingReceipt,
  clearingReceiptQuery,
  clearingReceiptRow,
  clearingRow,
  closeAnswer,
  closeDetail,
  closeListQuery,
  closeRequest,
  closeRow,
  closeSign,
  idParams,
  mismatchResolve,
  page,
  reconcileAnswer,
  reconcileListQuery,
  reconcileRequest,
  reconcileRunDetail,
  reconcileRunRow,
  statementImported,
} from '@venue/contract';
import { defineRoute, readFilePart, type AppContext } from '../../../platform/http.ts';
import { invalid } from '../../../platform/errors.ts';
import { getRun, importStatement, listClearing, listReceipts, listRuns, reconcile, recordReceipt, resolveMismatch } from './settlement.reconcile.ts';
import { closeDay, getClose, listCloses, signClose } from './settlement.service.ts';

/** The console's calls (signed, with a session and a permission), under `{sport}settlement`. */
export function settlementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const close = { module: 'settlementClose' };
  const c = `${sport}settlement/close`;

  defineRoute(app, {
    ...close,
    method: 'POST',
    url: c,
    permission: Perm.close.close,
    action: 'close',
    body: closeRequest,
    response: closeAnswer,
    handler: async ({ body, caller }) => closeDay(db, caller!, body),
  });
  defineRoute(app, {
    ...close,
    method: 'POST',
    url: `${c}/list`,
    permission: Perm.close.list,
    action: 'list',
    readOnly: true,
    body: closeListQuery,
    response: page(closeRow),
    handler: async ({ body, caller }) => listCloses(db, caller!, body),
  });
  defineRoute(app, {
    ...close,
    method: 'GET',
    url: `${c}/:id`,
    permission: Perm.close.list,
    action: 'detail',
    params: idParams,
    response: closeDetail,
    handler: async ({ params, caller }) => getClose(db, caller!, params.id),
  });
  defineRoute(app, {
    ...close,
    method: 'POST',
    url: `${c}/:id/sign`,
    permission: Perm.close.sign,
    action: 'sign',
    params: idParams,
    body: closeSign,
    response: closeDetail,
    handler: async ({ params, body, caller }) => signClose(db, caller!, params.id, body),
  });

  const rec = { module: 'settlementReconcile' };
  const r = `${sport}settlement/reconcile`;
  const { secretKey } = ctx.keys;
  defineRoute(app, {
    ...rec,
    method: 'POST',
    url: r,
    permission: Perm.reconcile.run,
    action: 'reconcile',
    body: reconcileRequest,
    response: reconcileAnswer,
    handler: async ({ body, caller }) => reconcile(db, caller!, body, secretKey),
  });
  defineRoute(app, {
    ...rec,
    method: 'POST',
    url: `${r}/list`,
    permission: Perm.reconcile.list,
    action: 'list',
    readOnly: true,
    body: reconcileListQuery,
    response: page(reconcileRunRow),
    handler: async ({ body, caller }) => listRuns(db, caller!, body),
  });
  defineRoute(app, {
    ...rec,
    method: 'GET',
    url: `${r}/:id`,
    permission: Perm.reconcile.list,
    action: 'detail',
    params: idParams,
    response: reconcileRunDetail,
    handler: async ({ params, caller }) => getRun(db, caller!, params.id),
  });
  defineRoute(app, {
    ...rec,
    method: 'POST',
    url: `${r}/mismatch/:id/resolve`,
    permission: Perm.reconcile.resolve,
    action: 'resolve',
    params: idParams,
    body: mismatchResolve,
    response: reconcileRunDetail,
    handler: async ({ params, body, caller }) => resolveMismatch(db, caller!, params.id, body),
  });

  const clr = { module: 'settlementClearing' };
  const k = `${sport}settlement/clearing`;
  defineRoute(app, {
    ...clr,
    method: 'POST',
    url: `${k}/list`,
    permission: Perm.clearing.list,
    action: 'list',
    readOnly: true,
    body: clearingListQuery,
    response: page(clearingRow),
    handler: async ({ body, caller }) => listClearing(db, caller!, body),
  });
  defineRoute(app, {
    ...clr,
    method: 'POST',
    url: `${k}/receipt/list`,
    permission: Perm.clearing.list,
    action: 'list',
    readOnly: true,
    body: clearingReceiptQuery,
    response: z.array(clearingReceiptRow),
    handler: async ({ body, caller }) => listReceipts(db, caller!, body),
  });
  defineRoute(app, {
    ...clr,
    method: 'POST',
    url: `${k}/receipt`,
    permission: Perm.clearing.receive,
    action: 'receive',
    body: clearingReceipt,
    response: z.array(clearingReceiptRow),
    handler: async ({ body, caller }) => recordReceipt(db, caller!, body),
  });
  defineRoute(app, {
    ...clr,
    method: 'POST',
    url: `${k}/import`,
    upload: true,
    permission: Perm.clearing.receive,
    action: 'import',
    response: statementImported,
    handler: async ({ req, caller }) => {
      const file = await readFilePart(req, ctx.config.uploadLimit, 'import.noFile');
      if (file.truncated) throw invalid('file', 'import.tooLarge', { max: `${Math.round(ctx.config.uploadLimit / 1048576)} MB` });
      return importStatement(db, caller!, file.data, req.lang);
    },
  });
}

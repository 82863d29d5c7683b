import type { FastifyInstance } from 'fastify';
import {
  Perm,
  idParams,
  invoiceCreate,
  invoiceCreated,
  invoiceCredit,
  invoiceDetail,
  invoiceListQuery,
  invoiceReissue,
  invoiceRow,
  invoicePlatformRow,
  invoicePlatformSave,
  page,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { idemKey } from '../commerce/index.ts';
import { getPlatformSettings, savePlatformSettings } from './invoice.platform.ts';
import { creditInvoice, getInvoice, listInvoices, refreshInvoice, reissueInvoice, requestInvoice } from './invoice.service.ts';

/** The console's calls (signed, with a session and a permission), under `{sport}invoice`. */
export function invoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const { secretKey } = ctx.keys;
  const m = { module: 'invoice' };
  const base = `${sport}invoice`;

  defineRoute(app, {
    ...m,
    method: 'POST',
    url: base,
    permission: Perm.invoice.add,
    action: 'add',
    body: invoiceCreate,
    response: invoiceCreated,
    handler: async ({ body, caller, req }) => requestInvoice(db, caller!, body, idemKey(req), secretKey),
  });
  // The organisation's e-invoice platform (the settings drawer); the app secret is write-only.
  defineRoute(app, {
    ...m,
    method: 'GET',
    url: `${base}/platform`,
    permission: Perm.invoice.platform,
    action: 'detail',
    response: invoicePlatformRow,
    handler: async ({ caller }) => getPlatformSettings(db, caller!),
  });
  defineRoute(app, {
    ...m,
    method: 'PUT',
    url: `${base}/platform`,
    permission: Perm.invoice.platform,
    action: 'platform',
    body: invoicePlatformSave,
    response: invoicePlatformRow,
    handler: async ({ body, caller }) => savePlatformSettings(db, caller!, body, secretKey),
  });
  defineRoute(app, {
    ...m,
    method: 'POST',
    url: `${base}/list`,
    permission: Perm.invoice.list,
    action: 'list',
    readOnly: true,
    body: invoiceListQuery,
    response: page(invoiceRow),
    handler: async ({ body, caller }) => listInvoices(db, caller!, body),
  });
  defineRoute(app, {
    ...m,
    method: 'GET',
    url: `${base}/:id`,
    permission: Perm.invoice.list,
    action: 'detail',
    params: idParams,
    response: invoiceDetail,
    handler: async ({ params, caller }) => getInvoice(db, caller!, params.id),
  });
  defineRoute(app, {
    ...m,
    method: 'POST',
    url: `${base}/:id/refresh`,
    permission: Perm.invoice.list,
    action: 'refresh',
    params: idParams,
    response: invoiceDetail,
    handler: async ({ params, caller }) => refreshInvoice(db, caller!, params.id, secretKey),
  });
  defineRoute(app, {
    ...m,
    method: 'POST',
    url: `${base}/:id/credit`,
    permission: Perm.invoice.credit,
    action: 'credit',
    params: idParams,
    body: invoiceCredit,
    response: invoiceDetail,
    handler: async ({ params, body, caller }) => creditInvoice(db, caller!, params.id, body, secretKey),
  });
  defineRoute(app, {
    ...m,
    method: 'POST',
    url: `${base}/:id/reissue`,
    permission: Perm.invoice.add,
    action: 'reissue',
    params: idParams,
    body: invoiceReissue,
    response: invoiceCreated,
    handler: async ({ params, body, caller, req }) => reissueInvoice(db, caller!, params.id, body, idemKey(req), secretKey),
  });
}

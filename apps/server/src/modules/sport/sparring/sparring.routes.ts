import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Perm,
  fields,
  idParams,
  page,
  sparringChangeListQuery,
  sparringChangeReject,
  sparringChangeRow,
  sparringDetail as sparringDetailAnswer,
  sparringFreeAnswer,
  sparringFreeQuery,
  sparringGroupForm,
  sparringGroupListQuery,
  sparringGroupRow,
  sparringGroupUpdate,
  sparringListAnswer,
  sparringListQuery,
  sparringOrder,
  sparringOrderAnswer,
  sparringQuote,
  sparringQuoteAnswer,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { idemKey } from '../commerce/index.ts';
import {
  approveChange,
  freeCoaches,
  listChanges,
  listGroups,
  listSparring,
  orderSparring,
  proposeAdd,
  proposeEdit,
  proposeRemove,
  quoteSparring,
  rejectChange,
  sparringDetail,
} from './sparring.service.ts';

/** The sparring module's calls: booked coach hours, booking a coach, price groups and the audit of their changes. */
export function sparringRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const url = (p: string) => `${sport}sparring/${p}`;
  const sparring = { module: 'sparring' };
  const prices = { module: 'sparringPrice' };

  defineRoute(app, {
    ...sparring,
    method: 'POST',
    url: url('list'),
    permission: Perm.sparring.list,
    action: 'list',
    readOnly: true,
    body: sparringListQuery,
    response: sparringListAnswer,
    handler: async ({ body, caller }) => listSparring(db, caller, body),
  });
  defineRoute(app, {
    ...sparring,
    method: 'GET',
    url: url('order/:id'),
    permission: Perm.sparring.list,
    action: 'get',
    params: idParams,
    response: sparringDetailAnswer,
    handler: async ({ params, caller }) => sparringDetail(db, caller, params.id),
  });
  // The booking dialog's coach step: whoever may book sites may see which coaches are free.
  defineRoute(app, {
    ...sparring,
    method: 'POST',
    url: url('freeCoaches'),
    permission: Perm.booking.book,
    action: 'freeCoaches',
    readOnly: true,
    body: sparringFreeQuery,
    response: sparringFreeAnswer,
    handler: async ({ body, caller }) => freeCoaches(db, caller, body),
  });
  defineRoute(app, {
    ...sparring,
    method: 'POST',
    url: url('quote'),
    permission: Perm.sparring.book,
    action: 'quote',
    readOnly: true,
    body: sparringQuote,
    response: sparringQuoteAnswer,
    handler: async ({ body, caller }) => quoteSparring(db, caller, body),
  });
  defineRoute(app, {
    ...sparring,
    method: 'POST',
    url: url('order'),
    permission: Perm.sparring.book,
    action: 'book',
    body: sparringOrder,
    response: sparringOrderAnswer,
    handler: async ({ body, caller, req }) => orderSparring(db, caller, body, idemKey(req)),
  });

  defineRoute(app, {
    ...prices,
    method: 'POST',
    url: url('priceGroup/list'),
    permission: Perm.sparringPrice.list,
    action: 'list',
    readOnly: true,
    body: sparringGroupListQuery,
    response: page(sparringGroupRow),
    handler: async ({ body, caller }) => listGroups(db, caller, body),
  });
  defineRoute(app, {
    ...prices,
    method: 'POST',
    url: url('priceGroup'),
    permission: Perm.sparringPrice.add,
    action: 'propose',
    body: sparringGroupForm,
    response: sparringChangeRow,
    handler: async ({ body, caller }) => proposeAdd(db, caller, body),
  });
  defineRoute(app, {
    ...prices,
    method: 'PUT',
    url: url('priceGroup/:id'),
    permission: Perm.sparringPrice.edit,
    action: 'propose',
    params: idParams,
    body: sparringGroupUpdate,
    response: sparringChangeRow,
    handler: async ({ params, body, caller }) => proposeEdit(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...prices,
    method: 'POST',
    url: url('priceGroup/:id/remove'),
    permission: Perm.sparringPrice.remove,
    action: 'propose',
    params: idParams,
    body: z.object({ version: fields.version }),
    response: sparringChangeRow,
    handler: async ({ params, body, caller }) => proposeRemove(db, caller, params.id, body.version),
  });
  defineRoute(app, {
    ...prices,
    method: 'POST',
    url: url('priceChange/list'),
    permission: Perm.sparringAudit.list,
    action: 'list',
    readOnly: true,
    body: sparringChangeListQuery,
    response: page(sparringChangeRow),
    handler: async ({ body, caller }) => listChanges(db, caller, body),
  });
  defineRoute(app, {
    ...prices,
    method: 'POST',
    url: url('priceChange/:id/approve'),
    permission: Perm.sparringAudit.review,
    action: 'approve',
    params: idParams,
    response: sparringChangeRow,
    handler: async ({ params, caller }) => approveChange(db, caller, params.id),
  });
  defineRoute(app, {
    ...prices,
    method: 'POST',
    url: url('priceChange/:id/reject'),
    permission: Perm.sparringAudit.review,
    action: 'reject',
    params: idParams,
    body: sparringChangeReject,
    response: sparringChangeRow,
    handler: async ({ params, body, caller }) => rejectChange(db, caller, params.id, body.reason),
  });
}

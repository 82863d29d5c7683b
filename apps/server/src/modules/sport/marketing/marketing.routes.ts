import type { FastifyInstance } from 'fastify';
import {
  Perm,
  campaignCreate,
  campaignPage,
  campaignQuery,
  campaignRow,
  campaignStatusChange,
  campaignUpdate,
  campaignUsePage,
  campaignUseQuery,
  idParams,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { addCampaign, editCampaign, getCampaign, listCampaigns, listUses, setCampaignStatus } from './marketing.service.ts';

/** The marketing module's calls, under `{sport}marketing`: campaigns, their status and their uses. */
export function marketingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const url = (p: string) => `${sport}marketing/${p}`;
  const base = { module: 'marketing' };
  const P = Perm.marketing;

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('campaign/list'),
    permission: P.list,
    action: 'list',
    readOnly: true,
    body: campaignQuery,
    response: campaignPage,
    handler: async ({ body, caller }) => listCampaigns(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url('campaign/:id'),
    permission: P.list,
    action: 'get',
    params: idParams,
    response: campaignRow,
    handler: async ({ params, caller }) => getCampaign(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('campaign'),
    permission: P.add,
    action: 'add',
    body: campaignCreate,
    response: campaignRow,
    handler: async ({ body, caller }) => addCampaign(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url('campaign/:id'),
    permission: P.edit,
    action: 'edit',
    params: idParams,
    body: campaignUpdate,
    response: campaignRow,
    handler: async ({ params, body, caller }) => editCampaign(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url('campaign/:id/status'),
    permission: P.status,
    action: 'status',
    params: idParams,
    body: campaignStatusChange,
    response: campaignRow,
    handler: async ({ params, body, caller }) => setCampaignStatus(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('use/list'),
    permission: P.list,
    action: 'list',
    readOnly: true,
    body: campaignUseQuery,
    response: campaignUsePage,
    handler: async ({ body, caller }) => listUses(db, caller, body),
  });
}

import type { FastifyInstance } from 'fastify';
import { Perm, deletedAnswer, idParams, page, planApply, planApplyAnswer, planCreate, planListQuery, planPreview, planRow, planUpdate } from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { addPlan, applyPlan, deletePlan, editPlan, getPlan, listPlans, previewDraft, previewPlan } from './plan.service.ts';

/** The routes of scheduling plans (issue 26): `{sport}course/plan/...`. */
export function planRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const url = (path: string) => `${sport}course/plan${path ? `/${path}` : ''}`;
  const base = { module: 'coursePlan' };

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('list'),
    permission: Perm.coursePlan.list,
    action: 'list',
    readOnly: true,
    body: planListQuery,
    response: page(planRow),
    handler: async ({ body, caller }) => listPlans(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('preview'),
    permission: Perm.coursePlan.list,
    action: 'preview',
    readOnly: true,
    body: planCreate,
    response: planPreview,
    handler: async ({ body, caller }) => previewDraft(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url(':id'),
    permission: Perm.coursePlan.list,
    action: 'get',
    params: idParams,
    response: planRow,
    handler: async ({ params, caller }) => getPlan(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/preview'),
    permission: Perm.coursePlan.list,
    action: 'preview',
    readOnly: true,
    params: idParams,
    response: planPreview,
    handler: async ({ params, caller }) => previewPlan(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(''),
    permission: Perm.coursePlan.add,
    action: 'add',
    body: planCreate,
    response: planRow,
    handler: async ({ body, caller }) => addPlan(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url(':id'),
    permission: Perm.coursePlan.edit,
    action: 'edit',
    params: idParams,
    body: planUpdate,
    response: planRow,
    handler: async ({ params, body, caller }) => editPlan(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: url(':id'),
    permission: Perm.coursePlan.delete,
    action: 'remove',
    params: idParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => deletePlan(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/apply'),
    permission: Perm.coursePlan.apply,
    action: 'applyPlan',
    params: idParams,
    body: planApply,
    response: planApplyAnswer,
    handler: async ({ params, body, caller }) => applyPlan(db, caller, params.id, body),
  });
}

import type { FastifyInstance } from 'fastify';
import { Perm, loginStrategyBody, loginStrategyView, passwordStrategyBody, strategyView as strategyAnswer } from '@venue/contract';
import { defineRoute, Notice, type AppContext } from '../../platform/http.ts';
import { loginView, saveStrategy, strategyView } from './strategy.service.ts';

/**
 * Login strategy and password strategy (spec section 5). The GETs are public: the login
 * page needs the login routes and the length bounds. No answer carries the default password.
 */
export function strategyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db } = ctx;

  defineRoute(app, {
    method: 'GET',
    url: `${system}strategy/passwordStrategy`,
    permission: undefined,
    module: 'strategy',
    action: 'view',
    response: strategyAnswer,
    handler: async () => strategyView(db),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${system}strategy/loginStrategy`,
    permission: undefined,
    module: 'strategy',
    action: 'viewLogin',
    response: loginStrategyView,
    handler: async () => loginView(await strategyView(db)),
  });

  defineRoute(app, {
    method: 'PUT',
    url: `${system}strategy/passwordStrategy`,
    permission: Perm.strategy.edit,
    platformOnly: true,
    module: 'strategy',
    action: 'editPassword',
    response: strategyAnswer,
    body: passwordStrategyBody,
    handler: async ({ body }) => {
      const { version, ...patch } = body;
      return saveStrategy(db, patch, version);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: `${system}strategy/loginStrategy`,
    permission: Perm.strategy.edit,
    platformOnly: true,
    module: 'strategy',
    action: 'editLogin',
    response: loginStrategyView,
    body: loginStrategyBody,
    handler: async ({ body }) => {
      const { version, ...patch } = body;
      const out = await saveStrategy(db, patch, version);
      return out instanceof Notice ? new Notice(loginView(out.body), out.msgKey, out.params) : loginView(out);
    },
  });
}

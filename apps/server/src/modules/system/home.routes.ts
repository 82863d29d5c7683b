import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Perm, favoriteList, favoriteSave, homeCards, homepageLayout, homepageSave } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { clearHomepage, favoriteMenus, homeCards as loadHomeCards, homepageLayout as layoutOf, saveFavorites, saveHomepage } from './home.service.ts';

const empty = z.object({}).optional();

/** The operator home's cards, their per-user layout (spec 7.2 homepage/*) and the favourite menus (favorite/*). */
export function homeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db } = ctx;
  const base = { permission: Perm.authenticated, module: 'home' } as const;

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}home/cards`,
    action: 'cards',
    response: homeCards,
    handler: async ({ caller }) => loadHomeCards(db, caller),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}homepage/query`,
    action: 'query',
    readOnly: true,
    body: empty,
    response: homepageLayout,
    handler: async ({ caller }) => layoutOf(db, caller),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}homepage/save`,
    action: 'save',
    body: homepageSave,
    response: homepageLayout,
    handler: async ({ body, caller }) => saveHomepage(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}homepage/clear`,
    action: 'clear',
    body: empty,
    response: homepageLayout,
    handler: async ({ caller }) => clearHomepage(db, caller),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}favorite/query`,
    action: 'favoriteQuery',
    readOnly: true,
    body: empty,
    response: favoriteList,
    handler: async ({ caller }) => favoriteMenus(db, caller),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}favorite/save`,
    action: 'favoriteSave',
    body: favoriteSave,
    response: favoriteList,
    handler: async ({ body, caller }) => saveFavorites(db, caller, body),
  });
}

import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as cardTables from './card.table.ts';
import { cardRoutes } from './card.routes.ts';
import { seedCardDemo } from './card.seed.ts';
import { plugCardPorts } from './card.kinds.ts';

/** Member cards: card types, selling, recharging, sharing, using and refunding cards. */
export const cardManifest: ModuleManifest = {
  name: 'sport/card',
  // Commerce, members and booking: the cards module answers their ports (stored value, card count, member levels).
  dependsOn: ['system', 'sport/commerce', 'sport/member', 'sport/booking', 'sport/venue'],
  ui: contractModule('sport/card'),
  tables: { schema: cardTables },
  plug: () => plugCardPorts(),
  routes: ({ app, ctx }) => cardRoutes(app, ctx),
  demo: ({ db, config, ctx }) => seedCardDemo(db, config, ctx.keys.secretKey),
};

import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as cardTables from './card.table.ts';
import { cardRoutes } from './card.routes.ts';
import { seedCardDemo } from './card.seed.ts';
import { cardKind, cardRechargeKind, plugCardPorts } from './card.kinds.ts';
import { cardHomeCard } from './card.home.ts';
import { cardExpiringType } from './card.messageTypes.ts';

/** Member cards: card types, selling, recharging, sharing, using and refunding cards. */
export const cardManifest: ModuleManifest = {
  name: 'sport/card',
  // Commerce, members and booking: the cards module answers their ports (stored value, card count, member levels).
  dependsOn: ['system', 'sport/commerce', 'sport/member', 'sport/booking', 'sport/venue', 'sport/equipment'],
  ui: contractModule('sport/card'),
  tables: { schema: cardTables },
  // What it sells through commerce (cards and card recharges, in the core's `card` orders), and paying
  // with a times or period card: the `card` method, whose uses sold and not yet used are `prepaid`.
  contributes: {
    kinds: [cardKind, cardRechargeKind],
    ledgerAccounts: ['prepaid'],
    payMethods: [{ name: 'card', account: 'prepaid' }],
    homeCards: [cardHomeCard],
    messageTypes: [cardExpiringType],
  },
  plug: () => plugCardPorts(),
  routes: ({ app, ctx }) => cardRoutes(app, ctx),
  demo: ({ db, config, ctx }) => seedCardDemo(db, config, ctx.keys.secretKey),
};

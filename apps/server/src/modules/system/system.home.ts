import { Perm } from '@venue/contract';
import type { HomeCardSource } from './home.cards.ts';
import { homeCounts } from './home.repository.ts';
import { PLATFORM_CARD } from './home.service.ts';

/**
 * The platform's figures (users, organisations, live sessions of the caller's reach): anyone with the
 * home screen sees them (first on the platform, last elsewhere; a user hides them); the card opens the
 * user list for those who may open it.
 */
export function platformHomeCard(idleMinutes: number): HomeCardSource {
  return {
    code: PLATFORM_CARD,
    screen: 'system.user',
    permission: Perm.home,
    rank: 90,
    load: async (db, scope) => {
      const n = await homeCounts(db, scope, idleMinutes);
      return {
        figures: [
          { key: 'users', value: n.users, unit: 'count' },
          { key: 'orgs', value: n.orgs, unit: 'count' },
          { key: 'sessions', value: n.sessions, unit: 'count' },
        ],
      };
    },
  };
}

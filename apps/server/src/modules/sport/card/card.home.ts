import { Perm } from '@venue/contract';
import type { HomeCardSource } from '../../system/index.ts';
import { cardsExpiring } from './card.home.repository.ts';

const DAYS_AHEAD = 30;

function plusDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Active cards ending in the next 30 days (the first few by end day, with their member); opens the card list. */
export const cardHomeCard: HomeCardSource = {
  code: 'card.expiring',
  screen: 'sport.card.list',
  permission: Perm.card.list,
  rank: 40,
  load: async (db, scope, at) => {
    const r = await cardsExpiring(db, scope, at.day, plusDays(at.day, DAYS_AHEAD), 5);
    return {
      figures: [{ key: 'expiring', value: r.total, unit: 'count' }],
      lines: r.first.map((c) => ({ id: c.id, label: `${c.memberName} · ${c.cardNo}`, at: c.validTo, value: null })),
    };
  },
};

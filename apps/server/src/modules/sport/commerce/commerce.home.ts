import { Perm } from '@venue/contract';
import type { HomeCardSource } from '../../system/index.ts';
import { summarise } from './takings.summary.ts';
import { refundsAwaitingReview, takingsByDay } from './takings.summary.repository.ts';

/** Today's takings by method and the net (the capital flow's takings view, for today). */
const takingsCard: HomeCardSource = {
  code: 'commerce.takings',
  screen: 'sport.finance.capitalFlow',
  permission: Perm.capital.list,
  rank: 20,
  load: async (db, scope, at) => {
    const s = summarise(at.timeZone, await takingsByDay(db, scope, at.timeZone, at.day, at.day));
    return {
      figures: [
        { key: 'net', value: s.total.netFen, unit: 'fen' },
        { key: 'refunded', value: s.total.refundedFen, unit: 'fen' },
        ...s.methods.map((m) => ({ key: `method.${m.method}`, value: m.takenFen, unit: 'fen' as const })),
      ],
      query: { tab: 'takings', dayFrom: at.day, dayTo: at.day },
    };
  },
};

/** Refunds waiting for a reviewer. */
const refundsCard: HomeCardSource = {
  code: 'commerce.refunds',
  screen: 'sport.refund.refundReview',
  permission: Perm.refund.review,
  rank: 30,
  load: async (db, scope) => {
    const r = await refundsAwaitingReview(db, scope);
    return {
      figures: [
        { key: 'waiting', value: r.count, unit: 'count' },
        { key: 'asked', value: r.amountFen, unit: 'fen' },
      ],
    };
  },
};

export const commerceHomeCards = [takingsCard, refundsCard];

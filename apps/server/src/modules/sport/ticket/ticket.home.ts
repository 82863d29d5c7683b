import { Perm } from '@venue/contract';
import type { HomeCardSource } from '../../system/index.ts';
import { nextSessions } from './ticket.home.repository.ts';

/** The next ticket sessions, today and tomorrow (project, session, start, tickets sold); opens the box office. */
export const ticketHomeCard: HomeCardSource = {
  code: 'ticket.sessions',
  screen: 'sport.ticket.sell',
  permission: Perm.ticket.sell,
  rank: 50,
  load: async (db, scope, at) => {
    const r = await nextSessions(db, scope, at.now, at.day, at.timeZone, 5);
    return {
      figures: [{ key: 'upcoming', value: r.total, unit: 'count' }],
      lines: r.first.map((s) => ({ id: s.id, label: `${s.project} · ${s.name}`, at: new Date(s.startAt).toISOString(), value: Number(s.sold) })),
    };
  },
};

import type { z } from 'zod';
import type { queueQuery } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { pageOf } from '../../../platform/list.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { findVenue, localOf } from '../venue/index.ts';
import { boardOf, callLowestWaiting, moveTicket, takeNumber, ticketRepo, ticketsOfDay, waitingBefore } from './deskops.repository.ts';
import type { queueTickets } from './deskops.table.ts';
import './deskops.messages.ts';

/** The take-a-number queue of a venue's day at the desk (issue 30): take, call next, skip, recall, served. */

type TicketRecord = typeof queueTickets.$inferSelect;
const ticketRow = (t: TicketRecord) => ({ id: t.id, number: t.number, state: t.state, desk: t.desk, calls: t.calls, calledAt: t.calledAt, takenAt: t.takenAt });

/** The venue in the caller's scope and its business day now (the venue's own time zone). */
async function venueToday(db: Db, caller: Caller, stadiumId: number) {
  const venue = await findVenue(db, scopeOf(caller), stadiumId);
  if (!venue) throw notFound();
  return { venue, day: localOf(new Date(), venue.timeZone).day };
}

/** `POST {sport}queue/take` (fixed call): the next number of the venue's day, and how many wait before it. */
export async function takeQueueNumber(db: Db, caller: Caller, stadiumId: number) {
  const scope = scopeOf(caller);
  const { venue, day } = await venueToday(db, caller, stadiumId);
  const ticket = await db.transaction((tx) => takeNumber(tx, scope, venue.id, day));
  if (!ticket) throw notFound();
  return { number: ticket.number, waitingAhead: await waitingBefore(db, scope, venue.id, day, ticket.number) };
}

/** `POST {sport}queue/callNext`: the lowest waiting number goes to this desk; desks calling at once never share one. */
export async function callNext(db: Db, caller: Caller, input: { stadiumId: number; desk: string }) {
  const { venue, day } = await venueToday(db, caller, input.stadiumId);
  const called = await callLowestWaiting(db, scopeOf(caller), venue.id, day, input.desk);
  if (!called) throw conflict('state', 'deskops.queueNone');
  return ticketRow(called);
}

const ACTS = {
  skip: { from: ['called'], to: 'skipped' },
  recall: { from: ['called', 'skipped'], to: 'called' },
  serve: { from: ['called'], to: 'served' },
} as const;

/** `POST {sport}queue/{id}/skip|recall|serve`: from the states it allows only (another desk's change is not overwritten). */
export async function actOnTicket(db: Db, caller: Caller, id: number, act: keyof typeof ACTS, desk: string) {
  const scope = scopeOf(caller);
  const was = await ticketRepo.find(db, scope, id);
  if (!was) throw notFound();
  const { from, to } = ACTS[act];
  const recall = act === 'recall';
  const moved = await moveTicket(db, scope, id, [...from], {
    state: to,
    ...(recall ? { desk, calledAt: new Date(), calls: was.calls + 1 } : {}),
  });
  if (!moved) throw conflict('state', 'deskops.queueState', { number: was.number });
  return ticketRow(moved);
}

/** `POST {sport}queue/list`: today's numbers of a venue, in order. */
export async function listQueue(db: Db, caller: Caller, q: z.output<typeof queueQuery>) {
  const { venue, day } = await venueToday(db, caller, q.stadiumId);
  const { total, rows } = await ticketsOfDay(db, scopeOf(caller), venue.id, day, q.state, pageOf(q));
  return { total, data: rows.map(ticketRow) };
}

/** `GET {sport}queue/board`: what the hall's screen shows. */
export async function queueBoard(db: Db, caller: Caller, stadiumId: number) {
  const { venue, day } = await venueToday(db, caller, stadiumId);
  const b = await boardOf(db, scopeOf(caller), venue.id, day);
  return { stadiumId: venue.id, stadiumName: venue.stadiumName, day, called: b.called.map(ticketRow), waiting: b.waiting, lastNumber: b.lastNumber };
}

import { createHash } from 'node:crypto';
import type { CloseAnswer, CloseListQuery, CloseRequest } from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, invalid, notFound, staleVersion } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { dayIn } from '../../../platform/zone.ts';
import { shiftCashOfDay } from '../booking/index.ts';
import { timeZoneOf, venueDayFlow } from '../commerce/index.ts';
import { venueInScope } from '../venue/index.ts';
import {
  findCloseListed,
  insertClose,
  lockClose,
  lockCloseOfDay,
  pageCloses,
  updateOpenClose,
  type CloseFigures,
  type CloseListed,
  type CloseRecord,
} from './settlement.repository.ts';
import './settlement.messages.ts';

const sorted = (m: Record<string, number>) => Object.fromEntries(Object.entries(m).sort(([a], [b]) => a.localeCompare(b)));

/**
 * The figures of a venue's business day, read from the ledger (the same entries as the capital
 * flow) and the shifts closed that day, with the digest of what an operator signs off.
 */
async function figuresOf(db: Executor, scope: Scope, orgId: number, venueId: number, day: string, timeZone: string): Promise<CloseFigures> {
  const [flow, cash] = await Promise.all([venueDayFlow(db, scope, orgId, venueId, day), shiftCashOfDay(db, scope, venueId, day, timeZone)]);
  const totals = { byMethod: sorted(flow.byMethod), byKind: sorted(flow.byKind) };
  const digest = createHash('sha256')
    .update(JSON.stringify({ venueId, day, totals, ledger: flow.ledger, cash }))
    .digest('hex');
  return {
    totals,
    ledgerFirstId: flow.ledger.firstId,
    ledgerLastId: flow.ledger.lastId,
    ledgerEntries: flow.ledger.entries,
    digest,
    shifts: cash.shifts,
    cashExpectedFen: cash.expectedFen,
    cashCountedFen: cash.countedFen,
    computedAt: new Date(),
  };
}

const answerOf = (c: CloseRecord): CloseAnswer => ({ closeId: c.id, state: c.state as CloseAnswer['state'], totals: c.totals });

/**
 * `POST {sport}settlement/close`: closes a venue's business day (the ledger's business day: the
 * venue organisation's time zone). The first call makes the close; a later one answers the same
 * close, its figures brought up to the ledger while it is open; a signed close is answered as
 * signed. Two racing first calls make one close (unique venue and day; the loser reads the winner's).
 */
export async function closeDay(db: Db, caller: Caller, input: CloseRequest): Promise<CloseAnswer> {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, input.stadiumId);
  return answerOf(await closeVenueDay(db, scope, venue, input.date));
}

/** The close of a venue's day, made or brought up to the ledger while open (the fixed call, and the demo). */
export async function closeVenueDay(db: Db, scope: Scope, venue: { id: number; orgId: number }, day: string): Promise<CloseRecord> {
  const timeZone = await timeZoneOf(db, venue.orgId);
  if (day > dayIn(new Date(), timeZone)) throw invalid('date', 'settlement.dayAhead', { day });
  return db.transaction(async (tx) => {
    const known = await lockCloseOfDay(tx, scope, venue.id, day);
    if (known?.state === 'signed') return known;
    const figures = await figuresOf(tx, scope, venue.orgId, venue.id, day, timeZone);
    if (known) return (await updateOpenClose(tx, scope, known.id, figures))!;
    const made = await insertClose(tx, scope, { orgId: venue.orgId, venueId: venue.id, day, ...figures });
    if (made) return made;
    // A racing call made the close first: answer it, up to date while open.
    const raced = (await lockCloseOfDay(tx, scope, venue.id, day))!;
    if (raced.state === 'signed') return raced;
    return (await updateOpenClose(tx, scope, raced.id, figures))!;
  });
}

/**
 * `POST {sport}settlement/close/{id}/sign`: an operator signs an open close off once its day is
 * over, with the ledger's figures of that moment; it never changes after (a later refund of the
 * day's sales counts on the day it is paid back).
 */
export async function signClose(db: Db, caller: Caller, id: number, input: { version: number }) {
  await signCloseAs(db, scopeOf(caller), id, caller.userId, input.version);
  return getClose(db, caller, id);
}

/** Signs an open close off by `userId` (at `version`, when given), with the ledger's figures of now. */
export async function signCloseAs(db: Db, scope: Scope, id: number, userId: number, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const close = await lockClose(tx, scope, id);
    if (!close) throw notFound();
    if (close.state !== 'open') throw conflict('state', 'settlement.closeSigned');
    if (version !== undefined && close.version !== version) throw staleVersion();
    const timeZone = await timeZoneOf(tx, close.orgId);
    if (close.day >= dayIn(new Date(), timeZone)) throw invalid('id', 'settlement.dayNotOver', { day: close.day });
    const figures = await figuresOf(tx, scope, close.orgId, close.venueId, close.day, timeZone);
    await updateOpenClose(tx, scope, id, { ...figures, state: 'signed', signedBy: userId, signedAt: new Date() });
  });
}

const rowOf = ({ totals, ledgerFirstId: _f, ledgerLastId: _l, ledgerEntries: _e, digest: _d, ...c }: NonNullable<CloseListed>) => ({
  ...c,
  netFen: Object.values(totals.byMethod).reduce((a, b) => a + b, 0),
});

export async function listCloses(db: Db, caller: Caller, q: CloseListQuery) {
  const { total, rows } = await pageCloses(
    db,
    scopeOf(caller),
    { venueId: q.stadiumId, state: q.state, fromDay: q.fromDay ?? undefined, toDay: q.toDay ?? undefined },
    pageOf(q),
  );
  return { total, data: rows.map((r) => rowOf(r)) };
}

export async function getClose(db: Db, caller: Caller, id: number) {
  const c = await findCloseListed(db, scopeOf(caller), id);
  if (!c) throw notFound();
  return {
    ...rowOf(c),
    totals: c.totals,
    ledgerFirstId: c.ledgerFirstId,
    ledgerLastId: c.ledgerLastId,
    ledgerEntries: c.ledgerEntries,
    digest: c.digest,
    timeZone: await timeZoneOf(db, c.orgId),
  };
}

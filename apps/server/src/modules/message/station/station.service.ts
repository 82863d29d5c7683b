import { STATION_LINK, type StationListQuery, type StationRow } from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { pageOf } from '../../../platform/list.ts';
import { oneOrgScope, scopeOf, type Scope } from '../../../platform/scope.ts';
import {
  insertStationMessages,
  markStationRead,
  notifyChannel,
  ownStationIds,
  pageStation,
  stationById,
  stationTypes,
  unreadCount,
  type StationRecord,
} from './station.repository.ts';
import './station.messages.ts';

/** The PostgreSQL channel that tells every server process which users' station messages changed. */
export const STATION_CHANNEL = 'station_message';
/**
 * The console's live hints: "something of venue V (organisation O) changed, refetch" (bookings and
 * check-ins, by a trigger on the slot claims; golf controllers' states, by the equipment module).
 * The payload is ids only: what changed is read again through the caller's scope.
 */
export const LIVE_CHANNEL = 'console_live';

/** Tells open consoles of the organisation that a venue's state changed, when the transaction commits. */
export async function notifyVenueLive(tx: Executor, orgId: number, venueId: number): Promise<void> {
  await notifyChannel(tx, LIVE_CHANNEL, JSON.stringify({ o: orgId, v: venueId }));
}
// A NOTIFY payload holds at most 8000 bytes: user ids go out in batches well under that.
const IDS_PER_NOTIFY = 500;

export interface StationDelivery {
  orgId: number;
  userIds: number[];
  type: string;
  title: string;
  content: string;
  /** A console path of the business record the message is about. */
  link?: string | null;
  /** The business event's key: a second delivery with the same key to the same user is a no-op. */
  sourceKey?: string;
}

/** Tells every server process (after commit) that these users' messages changed. */
async function announce(tx: Executor, userIds: number[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += IDS_PER_NOTIFY) {
    await notifyChannel(tx, STATION_CHANNEL, JSON.stringify({ u: userIds.slice(i, i + IDS_PER_NOTIFY) }));
  }
}

/**
 * Delivers one station message to each user (the station channel of the send queue calls this in
 * its transaction). The notification is part of the same transaction, so open consoles hear of the
 * message only once it is committed, and a rolled-back send pushes nothing.
 */
export async function deliverStation(tx: Executor, msg: StationDelivery): Promise<void> {
  // The console opens the link in a tab: only its own paths, never another site.
  if (msg.link && !STATION_LINK.test(msg.link)) throw new AppError('INVALID', 'station.badLink');
  const userIds = [...new Set(msg.userIds)];
  const delivered = await insertStationMessages(tx, oneOrgScope(msg.orgId), { ...msg, title: msg.title.slice(0, 200), type: msg.type.slice(0, 64), userIds });
  await announce(tx, delivered);
}

export function stationRowOf(r: StationRecord): StationRow {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    content: r.content,
    link: r.link,
    read: r.readAt !== null,
    readTime: r.readAt?.toISOString() ?? null,
    createTime: r.createdAt.toISOString(),
  };
}

export async function listStation(db: Db, caller: Caller, q: StationListQuery) {
  const { total, rows } = await pageStation(
    db,
    scopeOf(caller),
    caller.userId,
    { read: q.read === undefined ? undefined : q.read === 'read', type: q.type || undefined },
    pageOf(q),
  );
  return { total, data: rows.map(stationRowOf) };
}

export async function getStation(db: Db, caller: Caller, id: number): Promise<StationRow> {
  const row = await stationById(db, scopeOf(caller), caller.userId, id);
  if (!row) throw notFound();
  return stationRowOf(row);
}

export async function stationUnread(db: Db, caller: Caller): Promise<number> {
  return unreadCount(db, scopeOf(caller), caller.userId);
}

export async function listStationTypes(db: Db, caller: Caller): Promise<string[]> {
  return stationTypes(db, scopeOf(caller), caller.userId);
}

/**
 * Marks the caller's messages read: these ids (all of them the caller's, or 100404 and nothing
 * changes), or every unread one when ids is undefined. Answers how many changed and the unread
 * count after; the caller's other consoles hear of it.
 */
export async function readStation(db: Db, caller: Caller, ids?: number[]): Promise<{ updated: number; unread: number }> {
  const scope: Scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    if (ids) {
      const wanted = [...new Set(ids)];
      if ((await ownStationIds(tx, scope, caller.userId, wanted)).length !== wanted.length) throw notFound();
    }
    const updated = await markStationRead(tx, scope, caller.userId, ids);
    if (updated) await announce(tx, [caller.userId]);
    return { updated, unread: await unreadCount(tx, scope, caller.userId) };
  });
}

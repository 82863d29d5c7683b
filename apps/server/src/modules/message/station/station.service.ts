import type { Executor } from '../../../platform/db.ts';
import { oneOrgScope } from '../../../platform/scope.ts';
import { insertStationMessages, notifyChannel } from './station.repository.ts';

/** The PostgreSQL channel that tells every server process which users got station messages. */
export const STATION_CHANNEL = 'station_message';
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

/**
 * Delivers one station message to each user (the station channel of the send queue calls this in
 * its transaction). The notification is part of the same transaction, so open consoles hear of the
 * message only once it is committed, and a rolled-back send pushes nothing.
 */
export async function deliverStation(tx: Executor, msg: StationDelivery): Promise<void> {
  const userIds = [...new Set(msg.userIds)];
  const delivered = await insertStationMessages(tx, oneOrgScope(msg.orgId), { ...msg, userIds });
  for (let i = 0; i < delivered.length; i += IDS_PER_NOTIFY) {
    await notifyChannel(tx, STATION_CHANNEL, JSON.stringify({ u: delivered.slice(i, i + IDS_PER_NOTIFY) }));
  }
}

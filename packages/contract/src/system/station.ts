import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';

/**
 * Station messages (spec 2.4 "station message", issue 14): the console's own inbox. Each user
 * reads, and marks read, only their own messages; the top-bar bell shows the unread count.
 */

/** A console path (`/sport/views/...`), never another site: the console opens it in a tab. */
export const STATION_LINK = /^\/(?!\/)[^\s]{0,499}$/;

export const STATION_READ_FILTERS = ['read', 'unread'] as const;

export const stationListQuery = pageQuery.extend({
  /** Absent: both. */
  read: z.enum(STATION_READ_FILTERS).optional(),
  type: fields.str().trim().max(64).optional(),
});
export type StationListQuery = z.infer<typeof stationListQuery>;

export const stationRow = z.object({
  id: z.number(),
  type: z.string(),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  readTime: fields.instantOut.nullable(),
  createTime: fields.instantOut,
});
export type StationRow = z.output<typeof stationRow>;

/** `PUT station/read`: these of the caller's messages become read. */
export const stationReadBody = z.object({ ids: fields.idArray(500).min(1) });
export type StationReadBody = z.infer<typeof stationReadBody>;

/** What marking read answers: how many changed, and the unread count after. */
export const stationReadAnswer = z.object({ updated: z.number().int().min(0), unread: z.number().int().min(0) });
export const stationUnreadAnswer = z.object({ unread: z.number().int().min(0) });
/** The types the caller has messages of (the list's type filter). */
export const stationTypesAnswer = z.array(z.string());

/** What the live socket sends a console: the unread count, and the newest message when one arrived. */
export interface StationPush {
  kind: 'station';
  unread: number;
  latest?: StationRow;
}

/** What the live socket sends a console when a venue's bookings, check-ins or devices changed: open views of it refetch. */
export interface LivePush {
  kind: 'live';
  venueId: number;
}

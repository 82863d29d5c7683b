import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';
import { statisticsSummary } from './statistics.ts';

/**
 * The large data screen (issue 31, spec 2.1 `/largeScreen`): display links an administrator makes
 * for an organisation (calls under `{sport}largescreen/link/`), and the figures a link shows,
 * public and read with the link's token (`POST {sport}largescreen/view`).
 */

/** A display link's state: usable, revoked by an administrator, or past its expiry. */
export const DISPLAY_LINK_STATES = ['active', 'revoked', 'expired'] as const;

export const displayLinkQuery = pageQuery.extend({
  name: fields.optText(64),
  state: z.enum(DISPLAY_LINK_STATES).optional(),
});
export type DisplayLinkQuery = z.output<typeof displayLinkQuery>;

export const displayLinkCreate = z.object({
  name: fields.str().trim().min(1).max(64),
  /** The organisation whose figures (and its subtree's) the display shows. */
  orgId: fields.id,
  /** Left out: the link lasts until revoked. */
  expiresAt: fields.instant.nullish(),
});
export type DisplayLinkCreate = z.output<typeof displayLinkCreate>;

export const displayLinkRow = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  name: z.string(),
  /** The console path with `?token=` (the console puts its origin in front). */
  url: z.string(),
  state: fields.textOf(DISPLAY_LINK_STATES),
  expiresAt: fields.instantOut.nullable(),
  revokedAt: fields.instantOut.nullable(),
  createdAt: fields.instantOut,
});
export type DisplayLinkRow = z.output<typeof displayLinkRow>;
export const displayLinkPage = page(displayLinkRow);

/** `POST {sport}largescreen/view` (public): the display link's token. */
export const largeScreenToken = z.object({ token: z.string().trim().min(16).max(200) });

/** Money and orders of one day (the trend) or one item kind (the mix). */
const figureRow = z.object({ revenueFen: z.number().int(), refundFen: z.number().int(), orders: z.number().int() });

/** What a display shows: its organisation's subtree only, read from the statistics aggregates. */
export const largeScreenView = z.object({
  orgName: z.string(),
  /** Today, in the organisation's time zone (`YYYY-MM-DD`). */
  today: z.string(),
  /** How often the display asks again, in seconds. */
  refreshSeconds: z.number().int(),
  todayFigures: statisticsSummary,
  yesterdayFigures: statisticsSummary,
  monthFigures: statisticsSummary,
  /** The last 30 days, oldest first. */
  trend: z.array(figureRow.extend({ day: z.string() })),
  /** This month by item kind. */
  kinds: z.array(figureRow.extend({ kind: z.string(), items: z.number().int() })),
  /** This month by venue, the highest revenue first. */
  venues: z.array(figureRow.extend({ name: z.string(), province: z.string().nullable() })),
  /** Venues and this month's revenue by province (the map); a venue whose address names no province is left out. */
  provinces: z.array(z.object({ name: z.string(), venues: z.number().int(), revenueFen: z.number().int() })),
});
export type LargeScreenView = z.output<typeof largeScreenView>;

import { hhmmOf } from '@venue/contract';
import type { Tx } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import type { Scope } from '../../../platform/scope.ts';
import { timeRange } from '../commerce/index.ts';
import { findVenue, localOf, sitesOfVenueOfSite } from '../venue/index.ts';
import { claimsByIds, claimsOverlapping, setClaimState } from './booking.repository.ts';
import { claim, unitsOf } from './booking.service.ts';

/**
 * A site's time claimed by another module (a sparring hour, a lesson): booking owns sites' time,
 * so the claim is a row of its slot claims, under the same exclusion constraint the booking grid
 * uses. A site is then never double-booked by a booking and a lesson or sparring hour: whichever
 * comes second answers 100409 `taken` (with booking's "slot taken" message). The grid shows the
 * claim as booked; `kind` is the holder's kind and `reason` names the holder (`sparring#12`).
 */
export interface SiteTimeAsk {
  siteId: number;
  from: Date;
  to: Date;
  /** The claiming module's name for what holds the time (at most 8 letters: `sparring`, `lesson`). */
  holderKind: string;
  holderId: number;
  /** The order and line the time is sold in, when it is (the grid then shows the order and its buyer). */
  orderId?: number | null;
  itemId?: number | null;
  createdBy?: number | null;
}

const LIVE = ['held', 'booked', 'no_show'];
const holderText = (kind: string, id: number) => `${kind}#${id}`;

/** Claims `[from, to)` of a site (each of its halves when it has them) for a holder; answers the claims' ids. 100404: a site not in scope. */
export async function claimSiteTime(tx: Tx, scope: Scope, ask: SiteTimeAsk): Promise<number[]> {
  if (ask.holderKind.length > 8 || ['booking', 'lock', 'closure'].includes(ask.holderKind)) throw new Error(`site claims: holder kind ${ask.holderKind}`);
  const all = await sitesOfVenueOfSite(tx, scope, ask.siteId);
  const site = all.find((s) => s.id === ask.siteId);
  if (!site) throw notFound();
  const venue = await findVenue(tx, scope, site.venueId);
  if (!venue) throw notFound();
  const from = localOf(ask.from, venue.timeZone);
  const to = localOf(ask.to, venue.timeZone);
  // A range ending at the next midnight ends at minute 1440 of its day.
  const endMin = to.day === from.day ? to.minutes : 24 * 60;
  const rows = await claim(
    tx,
    scope,
    unitsOf(site, all).map((unitId) => ({
      orgId: site.orgId,
      venueId: venue.id,
      siteId: site.id,
      unitId,
      day: from.day,
      startMin: from.minutes,
      endMin,
      during: timeRange(ask.from, ask.to),
      kind: ask.holderKind,
      state: 'booked',
      orderId: ask.orderId ?? null,
      itemId: ask.itemId ?? null,
      reason: holderText(ask.holderKind, ask.holderId),
      createdBy: ask.createdBy ?? null,
    })),
    `${site.name} ${hhmmOf(from.minutes)}-${hhmmOf(endMin)}`,
  );
  return rows.map((r) => r.id);
}

/**
 * Gives back a holder's claims: by the ids `claimSiteTime` answered, or every claim of the holder in
 * the site's venue that overlaps the range (a lesson may hold several sites). Only the holder's own
 * claims are touched (never a booking's, a lock or a closure). Answers the sites released.
 */
export async function releaseSiteTime(
  tx: Tx,
  scope: Scope,
  which: { holderKind: string; holderId: number } & ({ ids: number[] } | { siteId: number; from: Date; to: Date }),
): Promise<number[]> {
  const mine = (c: { kind: string; reason: string | null }) => c.kind === which.holderKind && c.reason === holderText(which.holderKind, which.holderId);
  let found;
  if ('ids' in which) found = await claimsByIds(tx, scope, which.ids);
  else {
    const all = await sitesOfVenueOfSite(tx, scope, which.siteId);
    const site = all.find((s) => s.id === which.siteId);
    if (!site) return [];
    found = await claimsOverlapping(tx, scope, site.venueId, [...new Set(all.flatMap((s) => unitsOf(s, all)))], which.from, which.to);
  }
  const ours = found.filter(mine);
  if (!ours.length) return [];
  await setClaimState(tx, scope, { ids: ours.map((c) => c.id) }, LIVE, 'released');
  return [...new Set(ours.map((c) => c.siteId))];
}

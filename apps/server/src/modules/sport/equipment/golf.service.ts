import { GOLF_AHEAD_MINUTES, type GolfBaysQuery, type GolfBayState, type GolfFault } from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { scopeOf, SYSTEM_SCOPE, type Scope } from '../../../platform/scope.ts';
import { notifyVenueLive } from '../../message/index.ts';
import { unitClaimsOverlapping, type UnitClaim } from '../booking/index.ts';
import { findVenue, sitesOf } from '../venue/index.ts';
import { buyersOfOrders, golfControllersOf, reportGolfState } from './equipment.repository.ts';

/**
 * Golf bays (issue 27, `golfPositionView`): the golf sites of a venue, each free, booked, in use or
 * faulty, from three reads (the sites, the controllers, the bookings now and ahead) and one for
 * the buyers. docs/decisions.md, "Golf bays".
 */

/** The bookings that say something about a bay now: booking claims, not released, of a paid or held order. */
const BOOKED = new Set(['held', 'booked']);

interface BayInput {
  site: { id: number; name: string; status: number };
  controller?: { id: number; name: string; online: boolean; reportedState: string | null; reportedCode: string | null };
  /** The bay's booking claims overlapping [now, now + ahead), earliest first. */
  claims: readonly UnitClaim[];
}

/** A bay's state (pure: the tests read it directly). Faulty before in use before booked before free. */
export function bayStateOf(b: BayInput): { state: GolfBayState; fault: GolfFault | null; claim: UnitClaim | null } {
  const used = b.claims.find((c) => c.state === 'used') ?? null;
  const booked = b.claims.find((c) => BOOKED.has(c.state)) ?? null;
  const claim = used ?? booked;
  let fault: GolfFault | null = null;
  if (b.site.status !== 0) fault = 'closed';
  else if (b.controller && !b.controller.online) fault = 'offline';
  else if (b.controller?.reportedState === 'fault') fault = 'fault';
  if (fault) return { state: 'faulty', fault, claim };
  if (used) return { state: 'inUse', fault: null, claim: used };
  if (booked) return { state: 'booked', fault: null, claim: booked };
  return { state: 'free', fault: null, claim: null };
}

/** `POST {sport}equipment/golf/bays`: every golf bay of the venue with its state now. */
export async function golfBays(db: Executor, caller: Caller, q: GolfBaysQuery, now = new Date()) {
  const scope = scopeOf(caller);
  const venue = await findVenue(db, scope, q.stadiumId);
  if (!venue) throw notFound();
  const bays = await golfBaysOf(db, scope, venue.id, now);
  return { stadiumId: venue.id, timeZone: venue.timeZone, now, bays };
}

export async function golfBaysOf(db: Executor, scope: Scope, venueId: number, now: Date) {
  const [sites, controllers] = await Promise.all([sitesOf(db, scope, { venueId, sport: 'golf' }), golfControllersOf(db, scope, venueId)]);
  if (!sites.length) return [];
  const ahead = new Date(now.getTime() + GOLF_AHEAD_MINUTES * 60_000);
  const claims = (
    await unitClaimsOverlapping(
      db,
      scope,
      sites.map((s) => ({ unitId: s.id, from: now, to: ahead })),
    )
  ).filter((c) => c.kind === 'booking' && c.orderId !== null);
  const bySite = new Map<number, UnitClaim[]>();
  for (const c of claims) bySite.set(c.siteId, [...(bySite.get(c.siteId) ?? []), c]);
  const controllerOf = new Map(controllers.filter((c) => c.siteId !== null).map((c) => [c.siteId!, { ...c, online: Boolean(c.online) }]));
  const states = sites.map((site) => ({
    site,
    controller: controllerOf.get(site.id),
    ...bayStateOf({ site, controller: controllerOf.get(site.id), claims: bySite.get(site.id) ?? [] }),
  }));
  const buyers = new Map((await buyersOfOrders(db, scope, [...new Set(states.flatMap((s) => (s.claim ? [s.claim.orderId!] : [])))])).map((o) => [o.id, o]));
  return states.map(({ site, controller, state, fault, claim }) => {
    const order = claim ? buyers.get(claim.orderId!) : undefined;
    return {
      siteId: site.id,
      name: site.name,
      state,
      fault,
      faultCode: fault === 'fault' ? (controller?.reportedCode ?? null) : null,
      deviceId: controller?.id ?? null,
      deviceName: controller?.name ?? null,
      online: controller?.online ?? false,
      booking:
        claim && order
          ? { orderId: order.id, orderNo: order.orderNo, buyerName: order.buyerName, memberId: order.memberId, startTime: claim.from, endTime: claim.to }
          : null,
    };
  });
}

// ---------------------------------------------------------------- the controllers' protocol

export type GolfReport = { state: 'ok' | 'fault'; code: string | null };

/** Reads a controller's report: `state=ok` or `state=fault` with an optional `code=BALL_JAM`, one `key=value` a line (or `&`-joined). */
export function parseGolfReport(body: string): GolfReport | undefined {
  const fields = new Map<string, string>();
  for (const part of body.split(/[\n&]/)) {
    const m = /^\s*([A-Za-z]+)\s*=\s*(.*?)\s*$/.exec(part);
    if (m) fields.set(m[1].toLowerCase(), m[2]);
  }
  const state = fields.get('state')?.toLowerCase();
  if (state !== 'ok' && state !== 'fault') return undefined;
  const raw = fields.get('code') ?? '';
  const code = state === 'fault' && /^[A-Za-z0-9_.-]{1,32}$/.test(raw) ? raw : null;
  return { state, code };
}

/**
 * A controller's report: the device (a registered golf controller, by its serial number) is seen
 * and its state stored; when that changes what the bay view shows, open views of the venue are
 * told after commit. Answers the protocol's text.
 */
export async function reportGolf(db: Db, sn: string, body: string): Promise<{ status: number; text: string }> {
  const report = parseGolfReport(body);
  if (!report) return { status: 400, text: 'BAD REPORT' };
  return db.transaction(async (tx) => {
    const device = await reportGolfState(tx, SYSTEM_SCOPE, sn, report.state, report.code);
    if (!device) return { status: 401, text: 'UNKNOWN DEVICE' };
    if (device.changed) await notifyVenueLive(tx, device.orgId, device.venueId);
    return { status: 200, text: 'OK' };
  });
}

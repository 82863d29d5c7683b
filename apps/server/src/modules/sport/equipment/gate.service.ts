import { gatePinOf, type GateReason } from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { oneOrgScope, SYSTEM_SCOPE, type Scope } from '../../../platform/scope.ts';
import type { Port } from '../../../platform/ports.ts';
import { unitClaimsOverlapping } from '../booking/index.ts';
import { findOrder } from '../commerce/index.ts';
import { findMember } from '../member/index.ts';
import { instantOf, localOf, sitesOf, weekdayOf } from '../venue/index.ts';
import type { GateAdapter, GateEventIn } from './gate.adapter.ts';
import { braceletsOfCode } from './bracelet.repository.ts';
import { gateCardPort, gateLessonPort, gateTicketPort, type GatePassQuery, type GatePassSource } from './gate.ports.ts';
import {
  findStaff,
  finishCommands,
  grantsOfPin,
  insertCommands,
  insertDecisions,
  insertNewEvents,
  ordersOfMember,
  seeDeviceBySn,
  takeCommands,
  type EventInsert,
  type GrantRecord,
} from './equipment.repository.ts';

/**
 * The gates' side: what a device's calls do, whatever its protocol (the adapter reads and writes
 * the wire format), and the pass decision. docs/decisions.md, "Gates".
 */

/** An allowed event older than this opens nothing (a queued event of a device that was offline). */
const OPEN_WITHIN_MS = 60_000;
/** A booking opens the gate from this long before it starts. */
const BOOKING_EARLY_MS = 30 * 60_000;
/** The door and the seconds it is held open. */
const DOOR = 1;
const OPEN_SECONDS = 5;

interface Decision {
  allowed: boolean;
  reason: GateReason;
  grantedBy: string | null;
  memberId: number | null;
  userId: number | null;
}

interface DeviceAt {
  id: number;
  orgId: number;
  venueId: number;
  kind: string;
  timeZone: string;
}

/** The person a PIN names: `M<memberId>` or `S<userId>`. */
function personOf(pin: string): { kind: 'member' | 'staff'; id: number } | undefined {
  const m = /^([MS])(\d{1,15})$/.exec(pin);
  if (!m) return undefined;
  const id = Number(m[2]);
  return Number.isSafeInteger(id) && id > 0 ? { kind: m[1] === 'M' ? 'member' : 'staff', id } : undefined;
}

/** Whether a grant holds for this gate at this venue moment, and if not why. */
function grantHolds(g: GrantRecord, gateId: number, day: string, minutes: number): 'ok' | 'expired' | 'hours' | 'other' {
  if (!g.deviceIds.includes(gateId)) return 'other';
  if (day < g.validFrom || day > g.validTo) return 'expired';
  if (!g.weekdays.includes(weekdayOf(day)) || minutes < g.startMin || minutes >= g.endMin) return 'hours';
  return 'ok';
}

/**
 * The pass of `pin` at a gate at `at`: a staff grant of this gate now; for a member, also what the
 * member holds at the venue, asked of the modules that own it (the gates' ports): a usable card, a
 * booking now (a paid booking claim of one of its sites from BOOKING_EARLY_MS before to its end, in
 * an order the member bought), a ticket whose session's gate window is open, a lesson of a class the
 * member is in. The first that holds allows; otherwise the most telling refusal.
 */
async function decidePass(db: Executor, device: DeviceAt, pin: string, at: Date): Promise<Decision> {
  const scope = oneOrgScope(device.orgId);
  const person = personOf(pin);
  if (!person) return braceletPass(db, device, pin, at);
  const memberId = person.kind === 'member' ? person.id : null;
  const userId = person.kind === 'staff' ? person.id : null;
  const who = { memberId, userId };
  const exists = person.kind === 'member' ? await findMember(db, scope, person.id) : await findStaff(db, scope, person.id);
  if (!exists) return { allowed: false, reason: 'unknownPerson', grantedBy: null, memberId: null, userId: null };

  const { day, minutes } = localOf(at, device.timeZone);
  let refusal: GateReason = 'noRight';
  for (const g of await grantsOfPin(db, scope, device.orgId, pin)) {
    const holds = grantHolds(g, device.id, day, minutes);
    if (holds === 'ok') return { allowed: true, reason: 'grant', grantedBy: `grant#${g.id}`, ...who };
    if (holds === 'hours') refusal = 'outsideHours';
    else if (holds === 'expired' && refusal === 'noRight') refusal = 'grantExpired';
  }
  if (memberId !== null) {
    const q = { memberId, venueId: device.venueId, at };
    const card = await asked(gateCardPort, db, scope, q);
    if (card) return { allowed: true, reason: 'card', grantedBy: `card#${card}`, ...who };
    const booking = await bookingNow(db, scope, memberId, device.venueId, at);
    if (booking) return { allowed: true, reason: 'booking', grantedBy: `booking#${booking}`, ...who };
    const ticket = await asked(gateTicketPort, db, scope, q);
    if (ticket) return { allowed: true, reason: 'ticket', grantedBy: `ticket#${ticket}`, ...who };
    const lesson = await asked(gateLessonPort, db, scope, q);
    if (lesson) return { allowed: true, reason: 'class', grantedBy: `lesson#${lesson}`, ...who };
  }
  return { allowed: false, reason: refusal, grantedBy: null, ...who };
}

/** A pass source's answer; an unplugged one (its module not loaded) opens nothing. */
const asked = (port: Port<GatePassSource>, db: Executor, scope: Scope, q: GatePassQuery) =>
  port.plugged ? port.get()(db, scope, q) : Promise.resolve(undefined);

/**
 * The pass of a card that is a bracelet's code (docs/decisions.md, "Bracelets"): an active
 * bracelet passes as its holder would (a member: the member's own pass; a booking: the booking's
 * window at the venue), naming the bracelet in `grantedBy`; a returned, lost or unpaid one opens
 * nothing (`braceletInactive`); a code no bracelet ever had names nobody.
 */
async function braceletPass(db: Executor, device: DeviceAt, code: string, at: Date): Promise<Decision> {
  const scope = oneOrgScope(device.orgId);
  const [b] = await braceletsOfCode(db, scope, device.orgId, code.toUpperCase());
  if (!b) return { allowed: false, reason: 'unknownPerson', grantedBy: null, memberId: null, userId: null };
  const tag = `bracelet#${b.code}`;
  if (b.state !== 'active') return { allowed: false, reason: 'braceletInactive', grantedBy: null, memberId: b.memberId, userId: null };
  if (b.holderKind === 'member' && b.memberId !== null) {
    const d = await decidePass(db, device, gatePinOf('member', b.memberId), at);
    return { ...d, grantedBy: d.allowed ? `${tag}/${d.grantedBy}`.slice(0, 64) : null };
  }
  if (b.bookingOrderId !== null && (await bookingNow(db, scope, { orderId: b.bookingOrderId }, device.venueId, at))) {
    const order = await findOrder(db, scope, b.bookingOrderId);
    return {
      allowed: true,
      reason: 'booking',
      grantedBy: `${tag}/booking#${order?.orderNo ?? b.bookingOrderId}`.slice(0, 64),
      memberId: b.memberId,
      userId: null,
    };
  }
  return { allowed: false, reason: 'noRight', grantedBy: null, memberId: b.memberId, userId: null };
}

/**
 * The order number of a booking at the venue around `at`, if any: of the member (an order the
 * member bought), or the given order (a bracelet issued to a booking).
 */
async function bookingNow(db: Executor, scope: Scope, who: number | { orderId: number }, venueId: number, at: Date): Promise<string | undefined> {
  const siteList = await sitesOf(db, scope, { venueId });
  if (!siteList.length) return undefined;
  const to = new Date(at.getTime() + BOOKING_EARLY_MS);
  const claims = (
    await unitClaimsOverlapping(
      db,
      scope,
      siteList.map((s) => ({ unitId: s.id, from: at, to })),
    )
  ).filter((c) => c.kind === 'booking' && c.state === 'booked' && c.orderId !== null && c.from < to && c.to > at);
  if (!claims.length) return undefined;
  if (typeof who !== 'number') return claims.some((c) => c.orderId === who.orderId) ? String(who.orderId) : undefined;
  const [order] = await ordersOfMember(db, scope, [...new Set(claims.map((c) => c.orderId!))], who);
  return order?.orderNo;
}

/** The instant of a device's wall-clock time in the venue's zone; undefined when it names no moment. */
function instantOfLocal(localTime: string, timeZone: string): Date | undefined {
  const day = localTime.slice(0, 10);
  const h = Number(localTime.slice(11, 13));
  const mi = Number(localTime.slice(14, 16));
  const s = Number(localTime.slice(17, 19));
  if (h > 23 || mi > 59 || s > 59) return undefined;
  const base = instantOf(day, h * 60 + mi, timeZone);
  return base ? new Date(base.getTime() + s * 1000) : undefined;
}

// ---------------------------------------------------------------- the protocol's calls

export type ProtocolAnswer = { status: number; text: string };
const refused: ProtocolAnswer = { status: 401, text: 'UNKNOWN DEVICE' };

/** A device's first call: its options, or refused when its serial number is not registered. */
export async function handshake(db: Db, adapter: GateAdapter, sn: string): Promise<ProtocolAnswer> {
  const device = await seeDeviceBySn(db, SYSTEM_SCOPE, sn);
  return device ? { status: 200, text: adapter.handshake(sn) } : refused;
}

/** What a push did (tests and the bench read it from the answer's count and the log). */
interface PushOutcome {
  answer: ProtocolAnswer;
  stored: number;
  skipped: number;
}

/**
 * A pushed batch: the lines read (unreadable ones skipped and counted), the new events stored once
 * (resends insert nothing), each new event decided, and an open command queued for each recent
 * allowed one. One transaction: a batch is stored with its decisions or not at all, and the device
 * sends it again. Answers `OK: <lines accepted>` (resent lines count: the device may drop them).
 */
export async function push(db: Db, adapter: GateAdapter, sn: string, table: string, body: string, now = new Date()): Promise<PushOutcome> {
  const device = await seeDeviceBySn(db, SYSTEM_SCOPE, sn);
  if (!device) return { answer: refused, stored: 0, skipped: 0 };
  const parsed = adapter.parseEvents(table, body);
  let skipped = parsed.skipped;
  const rows: (EventInsert & { pin: string })[] = [];
  const seen = new Set<string>();
  for (const e of parsed.events) {
    const at = instantOfLocal(e.localTime, device.timeZone);
    if (!at) {
      skipped++;
      continue;
    }
    if (seen.has(e.eventKey)) continue; // the same event twice in one batch
    seen.add(e.eventKey);
    rows.push(eventRow(device, e, at));
  }
  const stored = rows.length ? await storeAndDecide(db, adapter, device, rows, now) : 0;
  return { answer: { status: 200, text: adapter.pushAnswer(parsed.events.length) }, stored, skipped };
}

const eventRow = (device: DeviceAt, e: GateEventIn, at: Date): EventInsert & { pin: string } => ({
  orgId: device.orgId,
  deviceId: device.id,
  eventKey: e.eventKey,
  source: e.source,
  pin: e.pin,
  occurredAt: at,
  raw: e.raw,
});

async function storeAndDecide(db: Db, adapter: GateAdapter, device: DeviceAt, rows: EventInsert[], now: Date): Promise<number> {
  const scope = oneOrgScope(device.orgId);
  return db.transaction(async (tx) => {
    const fresh = await insertNewEvents(tx, scope, rows);
    if (!fresh.length) return 0;
    const decided = [];
    for (const e of fresh) {
      const d = device.kind === 'gate' ? await decidePass(tx, device, e.pin, e.occurredAt) : undefined;
      if (!d) continue;
      const open = d.allowed && now.getTime() - e.occurredAt.getTime() <= OPEN_WITHIN_MS;
      decided.push({ orgId: device.orgId, eventId: e.id, ...d, opened: open });
    }
    const decisions = await insertDecisions(tx, scope, decided);
    const byEvent = new Map(decisions.map((d) => [d.eventId, d.id]));
    await insertCommands(
      tx,
      scope,
      decided
        .filter((d) => d.opened)
        .map((d) => ({
          orgId: device.orgId,
          deviceId: device.id,
          decisionId: byEvent.get(d.eventId) ?? null,
          command: adapter.openCommand(DOOR, OPEN_SECONDS),
        })),
    );
    return fresh.length;
  });
}

/** A device's poll: its queued commands (marked sent), or the "nothing" answer. */
export async function poll(db: Db, adapter: GateAdapter, sn: string): Promise<ProtocolAnswer> {
  const device = await seeDeviceBySn(db, SYSTEM_SCOPE, sn);
  if (!device) return refused;
  const commands = await takeCommands(db, oneOrgScope(device.orgId), device.id, 10);
  return { status: 200, text: adapter.pollAnswer(commands) };
}

/** A device's results of its commands. */
export async function report(db: Db, adapter: GateAdapter, sn: string, body: string): Promise<ProtocolAnswer> {
  const device = await seeDeviceBySn(db, SYSTEM_SCOPE, sn);
  if (!device) return refused;
  const { results } = adapter.parseResults(body);
  await finishCommands(db, oneOrgScope(device.orgId), device.id, results);
  return { status: 200, text: 'OK' };
}

import crypto from 'node:crypto';
import {
  Perm,
  base64urlEncode,
  gateWindowOf,
  parseScan,
  ticketQrMessage,
  type CollectionCreate,
  type CollectionListQuery,
  type ConflictListQuery,
  type GateCreate,
  type GateListQuery,
  type GateUpdate,
  type ReprintCreate,
  type ScanListQuery,
  type ScanReason,
  type ScanUpload,
  type TicketCheck,
  type TicketFirstPrint,
} from '@venue/contract';
import type { Db, Executor } from '../../../../platform/db.ts';
import type { Caller } from '../../../../platform/http.ts';
import { can } from '../../../../platform/access.ts';
import { AppError, conflict, invalid, isUniqueViolation, notFound } from '../../../../platform/errors.ts';
import { openSecret, sealSecret } from '../../../../platform/keys.ts';
import { orderOf, pageOf } from '../../../../platform/list.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../../../platform/scope.ts';
import { mapDuplicate } from '../../../system/index.ts';
import type { Lang } from '../../../../platform/i18n.ts';
import { printTicket } from '../catalogue/catalogue.service.ts';
import {
  admissionOf,
  admitTicket,
  claimFirstPrint,
  deleteGate,
  findGate,
  findScansByUid,
  findSessionKey,
  gateDefaultOrder,
  gateSorts,
  gateTicketsOf,
  insertCollection,
  insertConflict,
  insertGate,
  insertReprint,
  insertScan,
  insertSessionKey,
  pageCollections,
  pageConflicts,
  pageGates,
  pageScans,
  printableCount,
  printedAtOf,
  reprintsOf,
  sessionCounts,
  sessionOf,
  sessionsForGates,
  ticketByCode,
  ticketById,
  updateGate,
  venueInScope,
  venuesOf,
  type ScannedTicketRecord,
} from './gate.repository.ts';
import './gate.messages.ts';

/** What the gate services need beyond the database: the key that seals the sessions' private keys. */
export interface GateDeps {
  db: Db;
  secretKey: Buffer;
}

const seatLabelOf = (r: { zone: string | null; row: string | null; no: string | null }) => (r.zone === null ? null : `${r.zone} ${r.row}-${r.no}`);

// ---------------------------------------------------------------- gates

const GATE_UNIQUE = { sport_ticket_gate_org_name_uq: ['name', 'field.gateName'] as [string, string] };

export async function listGates(db: Db, caller: Caller, q: GateListQuery) {
  const { total, rows } = await pageGates(db, scopeOf(caller), { name: q.name, status: q.status }, orderOf(q, gateSorts, gateDefaultOrder), pageOf(q));
  return { total, data: rows.map(gateRowOf) };
}

function gateRowOf({ gate: g, venueName }: { gate: Awaited<ReturnType<typeof findGate>> & object; venueName: string | null }) {
  return {
    id: g.id,
    orgId: g.orgId,
    name: g.name,
    venueId: g.venueId,
    venueName,
    status: g.status as 0 | 1,
    remark: g.remark,
    version: g.version,
    createTime: g.createdAt,
    updateTime: g.updatedAt,
  };
}

export async function getGate(db: Executor, caller: Caller, id: number) {
  const { rows } = await pageGates(db, scopeOf(caller), { id }, [], { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return gateRowOf(rows[0]);
}

async function checkVenue(db: Executor, scope: Scope, venueId: number | null | undefined) {
  if (venueId && !(await venueInScope(db, scope, venueId))) throw notFound(); // another organisation's venue: 100404
}

export async function gateVenues(db: Db, caller: Caller) {
  return { data: await venuesOf(db, scopeOf(caller)) };
}

export async function addGate(db: Db, caller: Caller, input: GateCreate) {
  const scope = scopeOf(caller);
  await checkVenue(db, scope, input.venueId);
  const row = await mapDuplicate(
    insertGate(db, scope, {
      orgId: input.orgId ?? caller.orgId,
      name: input.name,
      venueId: input.venueId ?? null,
      status: input.status ?? 0,
      remark: input.remark ?? null,
    }),
    GATE_UNIQUE,
  );
  return getGate(db, caller, row.id);
}

export async function editGate(db: Db, caller: Caller, id: number, input: GateUpdate) {
  const scope = scopeOf(caller);
  if (!(await findGate(db, scope, id))) throw notFound();
  await checkVenue(db, scope, input.venueId);
  const { version, ...values } = input;
  expectOneUpdated(await mapDuplicate(updateGate(db, scope, id, version, values), GATE_UNIQUE));
  return getGate(db, caller, id);
}

export async function removeGates(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  for (const id of ids) if (!(await findGate(db, scope, id))) throw notFound();
  let deleted = 0;
  await db.transaction(async (tx) => {
    for (const id of ids) deleted += await deleteGate(tx, scope, id);
  });
  return { deleted };
}

// ---------------------------------------------------------------- session keys and signed QR codes

interface SessionKey {
  publicKey: string;
  privateKey: crypto.KeyObject;
  verifyKey: crypto.KeyObject;
}
/**
 * Opened keys by session, per application (its secrets key): the sealed private key is opened once
 * per process; two applications in one process (tests) never share a database's session ids.
 */
const openedKeys = new WeakMap<Buffer, Map<number, SessionKey>>();
const keysOf = (secretKey: Buffer) => {
  let m = openedKeys.get(secretKey);
  if (!m) openedKeys.set(secretKey, (m = new Map()));
  return m;
};

function openKey(secretKey: Buffer, row: { publicKey: string; privateKeyEnc: string }): SessionKey {
  const privateKey = crypto.createPrivateKey({ key: Buffer.from(openSecret(secretKey, row.privateKeyEnc), 'base64'), format: 'der', type: 'pkcs8' });
  const verifyKey = crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: row.publicKey }, format: 'jwk' });
  return { publicKey: row.publicKey, privateKey, verifyKey };
}

/** A session's key pair, made on first need (two first uses at once keep the one stored first). */
export async function sessionKey(db: Executor, secretKey: Buffer, scope: Scope, session: { id: number; orgId: number }): Promise<SessionKey> {
  const cached = keysOf(secretKey).get(session.id);
  if (cached) return cached;
  let row = await findSessionKey(db, scope, session.id);
  if (!row) {
    const pair = crypto.generateKeyPairSync('ed25519');
    const x = pair.publicKey.export({ format: 'jwk' }).x!;
    const der = pair.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    await insertSessionKey(db, scope, { sessionId: session.id, orgId: session.orgId, publicKey: x, privateKeyEnc: sealSecret(secretKey, der) });
    row = await findSessionKey(db, scope, session.id);
    if (!row) throw notFound();
  }
  const key = openKey(secretKey, row);
  keysOf(secretKey).set(session.id, key);
  return key;
}

/** The signed QR text of a ticket. */
export function signTicket(key: SessionKey, t: { code: string; sessionId: number; seatId: number | null; levelId: number }): string {
  const message = ticketQrMessage({ code: t.code, sessionId: t.sessionId, seatId: t.seatId, levelId: t.seatId === null ? t.levelId : null });
  return `${message}.${base64urlEncode(crypto.sign(null, Buffer.from(message), key.privateKey))}`;
}

/** The session's public key, or undefined when it has none yet (no QR code was ever signed for it). */
async function verifyKeyOf(d: GateDeps, scope: Scope, sessionId: number): Promise<crypto.KeyObject | undefined> {
  const keys = keysOf(d.secretKey);
  const cached = keys.get(sessionId);
  if (cached) return cached.verifyKey;
  const row = await findSessionKey(d.db, scope, sessionId);
  if (!row) return undefined;
  const key = openKey(d.secretKey, row);
  keys.set(sessionId, key);
  return key.verifyKey;
}

const PAYABLE_STATES = ['sold', 'used'];

/** `GET ticket/qr/:id`: the ticket's signed QR text (sold or used tickets). */
export async function ticketQr(d: GateDeps, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const t = await ticketById(d.db, scope, id);
  if (!t) throw notFound();
  if (!PAYABLE_STATES.includes(t.ticket.state)) throw conflict('state', 'gate.noQr');
  const key = await sessionKey(d.db, d.secretKey, scope, { id: t.ticket.sessionId, orgId: t.ticket.orgId });
  return { ticketId: t.ticket.id, code: t.ticket.code, payload: signTicket(key, t.ticket) };
}

/**
 * The ticket a scanned text names, in the organisation `orgId`: a bare code, or a signed text
 * whose signature the ticket's session key verifies and whose fields match the ticket.
 */
async function resolveScan(
  d: GateDeps,
  scope: Scope,
  orgId: number,
  raw: string,
): Promise<{ code: string; ticket?: NonNullable<ScannedTicketRecord>; reason?: ScanReason }> {
  const s = parseScan(raw);
  if (s.kind === 'bad') return { code: raw.trim().slice(0, 32), reason: 'unknown' };
  const code = s.kind === 'signed' ? s.qr.code : s.code;
  const t = await ticketByCode(d.db, scope, code);
  if (!t || t.ticket.orgId !== orgId) return { code, reason: s.kind === 'signed' ? 'badSignature' : 'unknown' };
  if (s.kind === 'signed') {
    const q = s.qr;
    const matches = q.sessionId === t.ticket.sessionId && (t.ticket.seatId !== null ? q.seatId === t.ticket.seatId : q.levelId === t.ticket.levelId);
    const key = matches ? await verifyKeyOf(d, scope, t.ticket.sessionId) : undefined;
    if (!key || !crypto.verify(null, Buffer.from(q.message), key, Buffer.from(q.signature))) return { code, ticket: t, reason: 'badSignature' };
  }
  return { code, ticket: t };
}

const stateReason = (state: string): ScanReason | undefined =>
  state === 'used' ? 'used' : state === 'refunded' ? 'refunded' : state === 'cancelled' ? 'cancelled' : state === 'held' ? 'held' : undefined;

function scannedOf(t: NonNullable<ScannedTicketRecord>, state?: string) {
  return {
    id: t.ticket.id,
    code: t.ticket.code,
    sessionId: t.ticket.sessionId,
    sessionName: t.sessionName,
    projectName: t.projectName,
    levelName: t.levelName,
    seatLabel: seatLabelOf(t),
    buyerName: t.ticket.buyerName,
    state: state ?? t.ticket.state,
  };
}

async function firstUseOf(db: Executor, scope: Scope, t: NonNullable<ScannedTicketRecord>) {
  const a = await admissionOf(db, scope, t.ticket.id);
  if (a) return { at: a.scan.scannedAt, gateId: a.scan.gateId, gateName: a.gateName, source: a.scan.source, deviceId: a.scan.deviceId };
  return t.ticket.usedAt ? { at: t.ticket.usedAt, gateId: null, gateName: null, source: 'online', deviceId: null } : null;
}

/** A session's times and its gate window, as the gate shows them. */
function windowOut(s: { startAt: Date; endAt: Date | null; gateOpenMinutes: number; gateCloseMinutes: number }) {
  return { startAt: s.startAt, endAt: s.endAt, ...gateWindowOf(s) };
}

/** A scan lost its device id to a concurrent upload of the same scan: the transaction is undone. */
class DuplicateScan extends Error {}

/**
 * `POST ticket/check`: the online check. A sold ticket of the chosen session enters once (the
 * conditional update decides between racing gates); anything else is refused with its reason,
 * and a used ticket with its first use. Every scan is logged.
 *
 * A ticket enters only within the session's gate window (`gateWindowOf`); outside it the refusal
 * (`outsideWindow`) shows the session's times, and a supervisor (`Perm.ticket.checkOverride`) may
 * admit it with `overrideReason`, logged with the scan. Anyone else giving a reason: 100420.
 */
export async function checkTicket(d: GateDeps, caller: Caller, input: TicketCheck) {
  const scope = scopeOf(caller);
  const session = await sessionOf(d.db, scope, input.sessionId);
  const gate = await findGate(d.db, scope, input.gateId);
  if (!session || !gate || gate.orgId !== session.orgId) throw notFound();
  if (gate.status !== 0) throw conflict('state', 'gate.closed', { gate: gate.name });
  if (input.overrideReason !== undefined && !can(caller, Perm.ticket.checkOverride)) throw new AppError('FORBIDDEN', 'gate.overrideForbidden');
  const found = await resolveScan(d, scope, session.orgId, input.code);
  const t = found.ticket;
  // A gate of a venue checks that venue's sessions (a gate or a project without a venue checks any).
  const otherVenue = gate.venueId !== null && session.venueId !== null && gate.venueId !== session.venueId;
  let reason: ScanReason | undefined =
    found.reason ?? (t && t.ticket.sessionId !== session.id ? 'wrongSession' : otherVenue && t ? 'wrongGate' : t ? stateReason(t.ticket.state) : 'unknown');
  const now = new Date();
  const window = windowOut(session);
  const outside = now < window.opensAt || now > window.closesAt;
  // Outside the window a ticket that could enter is refused, unless a supervisor overrides with a reason.
  const overridden = !reason && !!t && outside && input.overrideReason !== undefined;
  if (!reason && t && outside && !overridden) reason = 'outsideWindow';
  const base = {
    orgId: session.orgId,
    sessionId: session.id,
    gateId: gate.id,
    ticketId: t?.ticket.id ?? null,
    code: found.code,
    source: 'online',
    operatorId: caller.userId,
  };
  const scan = await d.db.transaction(async (tx) => {
    if (!reason && t) {
      if (await admitTicket(tx, scope, t.ticket.id, session.id, now))
        return insertScan(tx, scope, { ...base, result: 'admitted', overrideReason: overridden ? input.overrideReason! : null });
      reason = 'used'; // another gate admitted it a moment ago
    }
    return insertScan(tx, scope, { ...base, result: 'refused', reason: reason ?? 'unknown' });
  });
  const counts = await sessionCounts(d.db, scope, session.id);
  const admitted = scan!.result === 'admitted';
  return {
    result: admitted ? ('admitted' as const) : ('refused' as const),
    reason: admitted ? null : (reason ?? 'unknown'),
    ticket: t ? scannedOf(t, admitted ? 'used' : reason === 'used' ? 'used' : undefined) : null,
    firstUse: reason === 'used' && t ? await firstUseOf(d.db, scope, t) : null,
    counts,
    scanId: scan!.id,
    window: (admitted && overridden) || reason === 'outsideWindow' ? window : null,
    overridden: admitted && overridden,
  };
}

export async function gateSessions(db: Db, caller: Caller) {
  const rows = await sessionsForGates(db, scopeOf(caller));
  return { data: rows.map((r) => ({ id: r.id, name: r.name, projectName: r.projectName, seated: r.seated, ...windowOut(r) })) };
}

export async function checkSummary(db: Db, caller: Caller, sessionId: number) {
  const scope = scopeOf(caller);
  if (!(await sessionOf(db, scope, sessionId))) throw notFound();
  return sessionCounts(db, scope, sessionId);
}

export async function listScans(db: Db, caller: Caller, q: ScanListQuery) {
  const { total, rows } = await pageScans(
    db,
    scopeOf(caller),
    { sessionId: q.sessionId, gateId: q.gateId, result: q.result, source: q.source, code: q.code },
    pageOf(q),
  );
  return {
    total,
    data: rows.map((r) => ({
      id: r.scan.id,
      orgId: r.scan.orgId,
      sessionId: r.scan.sessionId,
      sessionName: r.sessionName,
      gateId: r.scan.gateId,
      gateName: r.gateName,
      ticketId: r.scan.ticketId,
      code: r.scan.code,
      seatLabel: seatLabelOf(r),
      levelName: r.levelName,
      result: r.scan.result,
      reason: r.scan.reason,
      source: r.scan.source,
      deviceId: r.scan.deviceId,
      operatorName: r.operatorName,
      overrideReason: r.scan.overrideReason,
      scannedAt: r.scan.scannedAt,
      createTime: r.scan.createdAt,
    })),
  };
}

// ---------------------------------------------------------------- the offline device

/**
 * `GET ticket/check/offline/:sessionId`: what an offline device needs to verify the session's
 * tickets, and no code in clear: the session's public key and gate window, and by code hash (HMAC
 * keyed with a salt made for this package, `offlineCodeHash`) the tickets sold or used and the
 * revoked ones. The device admits only signed codes.
 */
export async function offlinePackage(d: GateDeps, caller: Caller, sessionId: number) {
  const scope = scopeOf(caller);
  const session = await sessionOf(d.db, scope, sessionId);
  if (!session) throw notFound();
  const key = await sessionKey(d.db, d.secretKey, scope, session);
  const rows = await gateTicketsOf(d.db, scope, sessionId);
  const salt = crypto.randomBytes(16);
  const hash = (code: string) => crypto.createHmac('sha256', salt).update(code, 'utf8').digest('base64url');
  const list = [];
  const revoked = [];
  for (const r of rows) {
    if (r.state === 'refunded' || r.state === 'cancelled') revoked.push(hash(r.code));
    else list.push({ hash: hash(r.code), label: [seatLabelOf(r), r.levelName].filter(Boolean).join(' · '), used: r.state === 'used', usedAt: r.usedAt });
  }
  const w = windowOut(session);
  return {
    sessionId,
    sessionName: session.name,
    projectName: session.projectName,
    startAt: session.startAt,
    endAt: session.endAt,
    opensAt: w.opensAt,
    closesAt: w.closesAt,
    publicKey: key.publicKey,
    salt: salt.toString('base64url'),
    tickets: list,
    revoked,
    generatedAt: new Date(),
  };
}

/**
 * `POST ticket/check/upload`: an offline device's scans. A scan whose id is recorded already
 * changes nothing. The device's admission is not trusted: it is made (sold → used at the scan's
 * time) only for a code signed for the session whose signature verifies, scanned within the
 * session's gate window; otherwise it is recorded and answered as `refused` with its reason
 * (`needsOnline` for a bare code, `badSignature`, `outsideWindow`, ...). A valid admission of a
 * ticket used already, or refunded meanwhile, is recorded as a conflict naming the admission on record.
 */
export async function uploadScans(d: GateDeps, caller: Caller, input: ScanUpload) {
  const scope = scopeOf(caller);
  const gate = await findGate(d.db, scope, input.gateId);
  if (!gate) throw notFound();
  const sessions = new Map<number, NonNullable<Awaited<ReturnType<typeof sessionOf>>>>();
  for (const id of new Set(input.scans.map((s) => s.sessionId))) {
    const s = await sessionOf(d.db, scope, id);
    if (!s || s.orgId !== gate.orgId) throw notFound();
    sessions.set(id, s);
  }
  const known = new Set(
    (
      await findScansByUid(
        d.db,
        scope,
        gate.orgId,
        input.scans.map((s) => s.uid),
      )
    ).map((r) => r.scanUid),
  );
  const results: { uid: string; status: 'recorded' | 'duplicate' | 'conflict' | 'refused'; reason: ScanReason | null }[] = [];
  const seen = new Set<string>();
  for (const s of input.scans) {
    if (known.has(s.uid) || seen.has(s.uid)) {
      results.push({ uid: s.uid, status: 'duplicate', reason: null });
      continue;
    }
    seen.add(s.uid);
    const session = sessions.get(s.sessionId)!;
    const found = await resolveScan(d, scope, session.orgId, s.code);
    const t = found.ticket;
    const window = gateWindowOf(session);
    // What the device decided is not trusted: an admission needs a code signed for the session
    // (verified by resolveScan) and a scan time within the session's gate window.
    const refusedWhy: ScanReason | undefined = found.reason ?? (t && t.ticket.sessionId !== session.id ? 'wrongSession' : t ? undefined : 'unknown');
    const uploadedWhy: ScanReason | undefined =
      refusedWhy ??
      (parseScan(s.code).kind !== 'signed' ? 'needsOnline' : s.scannedAt < window.opensAt || s.scannedAt > window.closesAt ? 'outsideWindow' : undefined);
    const base = {
      orgId: session.orgId,
      sessionId: session.id,
      gateId: gate.id,
      ticketId: t?.ticket.id ?? null,
      code: found.code,
      source: 'offline',
      deviceId: input.deviceId,
      scanUid: s.uid,
      scannedAt: s.scannedAt,
      operatorId: caller.userId,
    };
    try {
      const { status, reason } = await d.db.transaction(async (tx) => {
        const record = async (values: { result: string; reason?: string | null }) => {
          const row = await insertScan(tx, scope, { ...base, ...values });
          if (!row) throw new DuplicateScan();
          return row;
        };
        if (s.result === 'refused') {
          await record({ result: 'refused', reason: refusedWhy ?? s.reason ?? 'unknown' });
          return { status: 'recorded' as const, reason: null };
        }
        // The device admitted it, the server refuses: recorded as refused, admits nothing.
        const refuse = async (why: ScanReason) => {
          await record({ result: 'refused', reason: why });
          return { status: 'refused' as const, reason: why };
        };
        if (uploadedWhy || !t) return refuse(uploadedWhy ?? 'unknown');
        if (await admitTicket(tx, scope, t.ticket.id, session.id, s.scannedAt)) {
          await record({ result: 'admitted' });
          return { status: 'recorded' as const, reason: null };
        }
        const now = await ticketById(tx, scope, t.ticket.id);
        const state = now?.ticket.state ?? t.ticket.state;
        if (state === 'held') return refuse('held');
        // Admitted by this device, although used already (online or by another device) or revoked meanwhile.
        const revoked = state === 'refunded' || state === 'cancelled';
        const second = await record({ result: 'conflict', reason: revoked ? 'revoked' : 'used' });
        const first = revoked ? undefined : await admissionOf(tx, scope, t.ticket.id);
        await insertConflict(tx, scope, {
          orgId: session.orgId,
          sessionId: session.id,
          ticketId: t.ticket.id,
          firstScanId: first?.scan.id ?? null,
          secondScanId: second.id,
          reason: revoked ? 'revoked' : 'used',
        });
        return { status: 'conflict' as const, reason: null };
      });
      results.push({ uid: s.uid, status, reason });
    } catch (e) {
      if (e instanceof DuplicateScan || isUniqueViolation(e)) results.push({ uid: s.uid, status: 'duplicate', reason: null });
      else throw e;
    }
  }
  return {
    recorded: results.filter((r) => r.status === 'recorded').length,
    duplicates: results.filter((r) => r.status === 'duplicate').length,
    conflicts: results.filter((r) => r.status === 'conflict').length,
    refused: results.filter((r) => r.status === 'refused').length,
    results,
  };
}

export async function listConflicts(db: Db, caller: Caller, q: ConflictListQuery) {
  const { total, rows } = await pageConflicts(db, scopeOf(caller), { sessionId: q.sessionId }, pageOf(q));
  const side = (s: { id: number; gateId: number | null; deviceId: string | null; source: string; scannedAt: Date }, gateName: string | null) => ({
    scanId: s.id,
    gateName,
    deviceId: s.deviceId,
    source: s.source,
    scannedAt: s.scannedAt,
  });
  return {
    total,
    data: rows.map((r) => ({
      id: r.conflict.id,
      orgId: r.conflict.orgId,
      sessionId: r.conflict.sessionId,
      sessionName: r.sessionName,
      ticketId: r.conflict.ticketId,
      code: r.code,
      reason: r.conflict.reason,
      first: r.first ? side(r.first, r.firstGateName) : null,
      second: side(r.second, r.secondGateName),
      createTime: r.conflict.createdAt,
    })),
  };
}

// ---------------------------------------------------------------- collection

/** The ticket a code names for the collection desk: found, in the caller's reach, signature checked. */
async function ticketForDesk(d: GateDeps, scope: Scope, raw: string) {
  const s = parseScan(raw);
  if (s.kind === 'bad') throw invalid('code', 'gate.unknownCode');
  const t = await ticketByCode(d.db, scope, s.kind === 'signed' ? s.qr.code : s.code);
  if (!t) throw invalid('code', 'gate.unknownCode');
  const checked = await resolveScan(d, scope, t.ticket.orgId, raw);
  if (checked.reason === 'badSignature') throw invalid('code', 'gate.badSignature');
  return t;
}

function collectionRowOf(r: Awaited<ReturnType<typeof pageCollections>>['rows'][number]) {
  return {
    id: r.c.id,
    orgId: r.c.orgId,
    ticketId: r.c.ticketId,
    code: r.code,
    sessionName: r.sessionName,
    projectName: r.projectName,
    seatLabel: seatLabelOf(r),
    levelName: r.levelName,
    paperNo: r.c.paperNo,
    remark: r.c.remark,
    collectedByName: r.byName,
    collectedAt: r.c.collectedAt,
  };
}

export async function findForCollection(d: GateDeps, caller: Caller, code: string) {
  const scope = scopeOf(caller);
  const t = await ticketForDesk(d, scope, code);
  const { rows } = await pageCollections(d.db, scope, { ticketId: t.ticket.id }, { limit: 1, offset: 0 });
  return { ticket: scannedOf(t), collection: rows[0] ? collectionRowOf(rows[0]) : null };
}

/** `POST ticket/collection`: a paper ticket handed over against a sold e-ticket, once per ticket. */
export async function collectTicket(d: GateDeps, caller: Caller, input: CollectionCreate) {
  const scope = scopeOf(caller);
  const t = await ticketForDesk(d, scope, input.code);
  if (t.ticket.state !== 'sold') throw conflict('state', 'gate.collectState', { state: t.ticket.state });
  let id: number;
  try {
    id = await insertCollection(d.db, scope, {
      orgId: t.ticket.orgId,
      ticketId: t.ticket.id,
      paperNo: input.paperNo,
      remark: input.remark ?? null,
      collectedBy: caller.userId,
    });
  } catch (e) {
    const text = `${(e as { constraint?: string }).constraint ?? ''} ${(e as Error).message ?? ''} ${String((e as { cause?: Error }).cause?.message ?? '')}`;
    if (isUniqueViolation(e) && text.includes('sport_ticket_collection_ticket_uq')) {
      const { rows } = await pageCollections(d.db, scope, { ticketId: t.ticket.id }, { limit: 1, offset: 0 });
      throw conflict('taken', 'gate.collectedAlready', { paperNo: rows[0]?.c.paperNo ?? '' });
    }
    await mapDuplicate(Promise.reject(e), { sport_ticket_collection_paper_uq: ['paperNo', 'field.paperNo'] });
    throw e;
  }
  const { rows } = await pageCollections(d.db, scope, { id }, { limit: 1, offset: 0 });
  return collectionRowOf(rows[0]!);
}

export async function listCollections(db: Db, caller: Caller, q: CollectionListQuery) {
  const { total, rows } = await pageCollections(db, scopeOf(caller), { code: q.code, paperNo: q.paperNo, sessionId: q.sessionId }, pageOf(q));
  return { total, data: rows.map(collectionRowOf) };
}

// ---------------------------------------------------------------- reprint

const reprintRowOf = (r: Awaited<ReturnType<typeof reprintsOf>>[number]) => ({
  id: r.r.id,
  ticketId: r.r.ticketId,
  reason: r.r.reason,
  printedByName: r.byName,
  printedAt: r.r.printedAt,
});

/**
 * `POST ticket/print`: the first print (or PDF) of sold tickets, no reason asked. The tickets are
 * claimed by one conditional write; those printed already are left out (they are reprinted, with a
 * reason), and when none is left the call is refused with 100409 `state`. Answers each ticket
 * as it prints: its template (the designer's, else null for the default layout), data and signed QR.
 */
export async function firstPrint(d: GateDeps, caller: Caller, input: TicketFirstPrint, lang: Lang) {
  const scope = scopeOf(caller);
  const choice = { orderId: input.orderId, ticketIds: input.ticketIds };
  const printedAt = new Date();
  const claimed = await claimFirstPrint(d.db, scope, choice, caller.userId, printedAt);
  if (!claimed.length) {
    if (!(await printableCount(d.db, scope, choice))) throw notFound();
    throw conflict('state', 'gate.printedAlready');
  }
  const keys = new Map<number, Awaited<ReturnType<typeof sessionKey>>>();
  const data = [];
  for (const { id } of claimed.sort((a, b) => a.id - b.id)) {
    const t = (await ticketById(d.db, scope, id))!;
    let key = keys.get(t.ticket.sessionId);
    if (!key) keys.set(t.ticket.sessionId, (key = await sessionKey(d.db, d.secretKey, scope, { id: t.ticket.sessionId, orgId: t.ticket.orgId })));
    const face = await printTicket(d.db, caller, id, lang);
    data.push({ ticketId: id, template: face.template, data: face.data, payload: signTicket(key, t.ticket) });
  }
  return { printedAt, data };
}

/** `POST ticket/reprint`: logs the reprint with its reason and answers what the print view shows; only after a first print. */
export async function reprintTicket(d: GateDeps, caller: Caller, input: ReprintCreate) {
  const scope = scopeOf(caller);
  const t = await ticketById(d.db, scope, input.ticketId);
  if (!t) throw notFound();
  if (t.ticket.state !== 'sold') throw conflict('state', 'gate.reprintState', { state: t.ticket.state });
  if (!(await printedAtOf(d.db, scope, t.ticket.id))) throw conflict('state', 'gate.notPrintedYet');
  const key = await sessionKey(d.db, d.secretKey, scope, { id: t.ticket.sessionId, orgId: t.ticket.orgId });
  const id = await insertReprint(d.db, scope, { orgId: t.ticket.orgId, ticketId: t.ticket.id, reason: input.reason, printedBy: caller.userId });
  const [row] = await reprintsOf(d.db, scope, { id });
  return { reprint: reprintRowOf(row!), ticket: scannedOf(t), payload: signTicket(key, t.ticket), startAt: t.sessionStartAt };
}

export async function listReprints(db: Db, caller: Caller, ticketId: number) {
  const scope = scopeOf(caller);
  if (!(await ticketById(db, scope, ticketId))) throw notFound();
  return { data: (await reprintsOf(db, scope, { ticketId })).map(reprintRowOf) };
}

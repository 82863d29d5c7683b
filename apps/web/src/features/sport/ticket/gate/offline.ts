import { base64urlDecode, parseScan, type OfflinePackage, type ScanReason } from '@venue/contract';
import { offlineGet, offlineSet } from '../../../../app/offline.ts';

/**
 * The offline checking device's own state, kept in the browser (IndexedDB) so the page keeps
 * checking when the network drops, and after a reload with no network: the downloaded gate data of one session
 * (public key, valid codes, revoked codes), the codes this device admitted, and the scans not yet
 * uploaded. Each scan gets an id made here, so uploading it twice records it once.
 */
export interface QueuedScan {
  uid: string;
  sessionId: number;
  code: string;
  scannedAt: string;
  result: 'admitted' | 'refused';
  reason: ScanReason | null;
}
export interface LocalScan extends QueuedScan {
  /** The ticket's code (or the text read), and what the gate shows. */
  ticketCode: string;
  label: string | null;
  uploaded: boolean;
}
export interface OfflineState {
  deviceId: string;
  gateId: number | null;
  gateName: string | null;
  pkg: OfflinePackage | null;
  /** Codes this device admitted, with when. */
  admitted: Record<string, string>;
  queue: QueuedScan[];
  /** The latest scans of this device, newest first. */
  log: LocalScan[];
}

const KEY = 'offlineGate.v1';
/** Where earlier builds kept it (moved to IndexedDB on first load). */
const LEGACY_KEY = 'venue.offlineGate.v1';
const LOG_MAX = 50;

const randomId = (n: number) => {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return Array.from(bytes, (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
};

export function emptyState(): OfflineState {
  return { deviceId: `dev-${randomId(8)}`, gateId: null, gateName: null, pkg: null, admitted: {}, queue: [], log: [] };
}

/** The device's state from IndexedDB (an earlier build's localStorage copy is moved there once). */
export async function loadState(): Promise<OfflineState> {
  let stored = await offlineGet<Partial<OfflineState>>(KEY);
  if (!stored) {
    try {
      const legacy = localStorage.getItem(LEGACY_KEY);
      if (legacy) {
        stored = JSON.parse(legacy) as Partial<OfflineState>;
        await offlineSet(KEY, stored);
        localStorage.removeItem(LEGACY_KEY);
      }
    } catch {
      // A damaged copy starts afresh.
    }
  }
  return stored ? ({ ...emptyState(), ...stored } as OfflineState) : emptyState();
}

/** Writes are queued in order by IndexedDB: the last one wins. */
export function saveState(state: OfflineState): Promise<void> {
  return offlineSet(KEY, state);
}

/** A new session's data: admissions and log of the previous session are dropped, the queue is kept until uploaded. */
export function withPackage(state: OfflineState, pkg: OfflinePackage, gate: { id: number; name: string }): OfflineState {
  const same = state.pkg?.sessionId === pkg.sessionId;
  return { ...state, pkg, gateId: gate.id, gateName: gate.name, admitted: same ? state.admitted : {}, log: same ? state.log : state.log.filter((l) => !l.uploaded) };
}

/** Ed25519 verification with WebCrypto; undefined when the browser has none (not a secure context, or too old). */
export async function ed25519Verifier(publicKey: string): Promise<((message: string, signature: Uint8Array) => Promise<boolean>) | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  try {
    const key = await subtle.importKey('raw', base64urlDecode(publicKey) as BufferSource, { name: 'Ed25519' }, false, ['verify']);
    return async (message, signature) => subtle.verify({ name: 'Ed25519' }, key, signature as BufferSource, new TextEncoder().encode(message) as BufferSource);
  } catch {
    return undefined;
  }
}

export interface LocalVerdict {
  result: 'admitted' | 'refused';
  reason: ScanReason | null;
  ticketCode: string;
  label: string | null;
  /** When the ticket was used before (this device, or before the download). */
  usedAt: string | null;
  usedHere: boolean;
}

type Verify = ((message: string, signature: Uint8Array) => Promise<boolean>) | undefined;

/**
 * Decides a scan on the device alone. A signed code needs a good signature for this session and
 * must not be revoked; a bare code must be one of the valid codes downloaded. A ticket used when
 * the data was downloaded, or admitted by this device, is refused.
 */
export async function checkLocally(state: OfflineState, raw: string, verify: Verify): Promise<LocalVerdict> {
  const pkg = state.pkg!;
  const s = parseScan(raw);
  const refuse = (reason: ScanReason, ticketCode: string, extra: Partial<LocalVerdict> = {}): LocalVerdict => ({ result: 'refused', reason, ticketCode, label: null, usedAt: null, usedHere: false, ...extra });
  if (s.kind === 'bad') return refuse('unknown', raw.trim().slice(0, 32));
  const code = s.kind === 'signed' ? s.qr.code : s.code;
  const entry = pkg.valid.find((v) => v.code === code);
  const label = entry?.label ?? null;
  if (s.kind === 'signed') {
    if (s.qr.sessionId !== pkg.sessionId) return refuse('wrongSession', code);
    if (verify && !(await verify(s.qr.message, s.qr.signature))) return refuse('badSignature', code);
    if (!verify && !entry) return refuse('unknown', code);
  } else if (!entry) {
    return refuse(pkg.revoked.includes(code) ? 'revoked' : 'unknown', code);
  }
  if (pkg.revoked.includes(code)) return refuse('revoked', code, { label });
  if (entry?.used) return refuse('used', code, { label, usedAt: entry.usedAt });
  const here = state.admitted[code];
  if (here) return refuse('used', code, { label, usedAt: here, usedHere: true });
  return { result: 'admitted', reason: null, ticketCode: code, label, usedAt: null, usedHere: false };
}

/** Records a decided scan: queued for upload, in the log, and (admitted) in this device's admissions. */
export function recordScan(state: OfflineState, raw: string, v: LocalVerdict, now = new Date()): OfflineState {
  const scan: QueuedScan = { uid: `${state.deviceId}-${now.getTime().toString(36)}-${randomId(6)}`, sessionId: state.pkg!.sessionId, code: raw.trim().slice(0, 400), scannedAt: now.toISOString(), result: v.result, reason: v.reason };
  return {
    ...state,
    admitted: v.result === 'admitted' ? { ...state.admitted, [v.ticketCode]: scan.scannedAt } : state.admitted,
    queue: [...state.queue, scan],
    log: [{ ...scan, ticketCode: v.ticketCode, label: v.label, uploaded: false }, ...state.log].slice(0, LOG_MAX),
  };
}

/** The scans the server has now (recorded, duplicate or conflict) leave the queue. */
export function markUploaded(state: OfflineState, uids: string[]): OfflineState {
  const done = new Set(uids);
  return { ...state, queue: state.queue.filter((q) => !done.has(q.uid)), log: state.log.map((l) => (done.has(l.uid) ? { ...l, uploaded: true } : l)) };
}

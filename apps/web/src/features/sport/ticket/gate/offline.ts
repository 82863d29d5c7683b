import { base64urlDecode, offlineCodeHash, parseScan, type OfflinePackage, type ScanReason } from '@venue/contract';
import { offlineDelete, offlineGet, offlineSet } from '../../../../app/offline.ts';

/**
 * The offline checking device's own state, kept in the browser (IndexedDB) so the page keeps
 * checking when the network drops, and after a reload with no network: the downloaded gate data of one session
 * (public key, gate window, and by code hash the tickets sold or used and the revoked ones: no code
 * in clear), the codes this device admitted, and the scans not yet uploaded. Each scan gets an id
 * made here, so uploading it twice records it once.
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
  /** Why the server refused this device's admission at upload (an unsigned code, a scan outside the window, ...); it admitted nothing. */
  serverRefused?: ScanReason | null;
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

// v2: the package holds code hashes, not codes (a v1 package is dropped: download again).
const KEY = 'offlineGate.v2';
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

/** Where the previous build kept it in IndexedDB (its package listed codes in clear). */
const V1_KEY = 'offlineGate.v1';

/**
 * The device's state from IndexedDB. An earlier build's copy (localStorage, or IndexedDB v1) is
 * moved here once without its package, which listed every valid code in clear, and then deleted;
 * its queue and log are kept to be uploaded.
 */
export async function loadState(): Promise<OfflineState> {
  let stored = await offlineGet<Partial<OfflineState>>(KEY);
  if (!stored) {
    try {
      const v1 = await offlineGet<Partial<OfflineState>>(V1_KEY);
      const legacy = localStorage.getItem(LEGACY_KEY);
      const old = v1 ?? (legacy ? (JSON.parse(legacy) as Partial<OfflineState>) : undefined);
      if (old) {
        stored = { ...old, pkg: null };
        await offlineSet(KEY, stored);
      }
      if (v1) await offlineDelete(V1_KEY);
      if (legacy) localStorage.removeItem(LEGACY_KEY);
    } catch {
      // A damaged copy starts afresh.
    }
  }
  if (stored?.pkg && !('salt' in stored.pkg)) stored = { ...stored, pkg: null };
  return stored ? ({ ...emptyState(), ...stored } as OfflineState) : emptyState();
}

/** Writes are queued in order by IndexedDB: the last one wins. */
export function saveState(state: OfflineState): Promise<void> {
  return offlineSet(KEY, state);
}

/** A new session's data: admissions and log of the previous session are dropped, the queue is kept until uploaded. */
export function withPackage(state: OfflineState, pkg: OfflinePackage, gate: { id: number; name: string }): OfflineState {
  const same = state.pkg?.sessionId === pkg.sessionId;
  return {
    ...state,
    pkg,
    gateId: gate.id,
    gateName: gate.name,
    admitted: same ? state.admitted : {},
    log: same ? state.log : state.log.filter((l) => !l.uploaded),
  };
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

/** A scanned text that is a bare code (typed, or a barcode without its signature): only the server can check it. */
export function isBareCode(raw: string): boolean {
  return parseScan(raw).kind === 'bare';
}

/**
 * Decides a scan on the device alone. Only a signed code can enter: its signature must verify with
 * the session's public key (WebCrypto; without it nothing is admitted), it must be of this session
 * and not revoked, and the device's clock within the session's gate window. A bare code is refused
 * (`needsOnline`: the page checks it online when it can). A ticket used when the data was
 * downloaded, or admitted by this device, is refused. Codes are looked up by their hash.
 */
export async function checkLocally(state: OfflineState, raw: string, verify: Verify, now = new Date()): Promise<LocalVerdict> {
  const pkg = state.pkg!;
  const s = parseScan(raw);
  const refuse = (reason: ScanReason, ticketCode: string, extra: Partial<LocalVerdict> = {}): LocalVerdict => ({
    result: 'refused',
    reason,
    ticketCode,
    label: null,
    usedAt: null,
    usedHere: false,
    ...extra,
  });
  if (s.kind === 'bad') return refuse('unknown', raw.trim().slice(0, 32));
  if (s.kind === 'bare') return refuse('needsOnline', s.code);
  const code = s.qr.code;
  if (s.qr.sessionId !== pkg.sessionId) return refuse('wrongSession', code);
  if (!verify || !(await verify(s.qr.message, s.qr.signature))) return refuse('badSignature', code);
  const hash = await offlineCodeHash(pkg.salt, code);
  const entry = pkg.tickets.find((v) => v.hash === hash);
  const label = entry?.label ?? null;
  if (pkg.revoked.includes(hash)) return refuse('revoked', code, { label });
  if (entry?.used) return refuse('used', code, { label, usedAt: entry.usedAt });
  const here = state.admitted[code];
  if (here) return refuse('used', code, { label, usedAt: here, usedHere: true });
  if (now < new Date(pkg.opensAt) || now > new Date(pkg.closesAt)) return refuse('outsideWindow', code, { label });
  return { result: 'admitted', reason: null, ticketCode: code, label, usedAt: null, usedHere: false };
}

/** Records a decided scan: queued for upload, in the log, and (admitted) in this device's admissions. */
export function recordScan(state: OfflineState, raw: string, v: LocalVerdict, now = new Date()): OfflineState {
  const scan: QueuedScan = {
    uid: `${state.deviceId}-${now.getTime().toString(36)}-${randomId(6)}`,
    sessionId: state.pkg!.sessionId,
    code: raw.trim().slice(0, 400),
    scannedAt: now.toISOString(),
    result: v.result,
    reason: v.reason,
  };
  return {
    ...state,
    admitted: v.result === 'admitted' ? { ...state.admitted, [v.ticketCode]: scan.scannedAt } : state.admitted,
    queue: [...state.queue, scan],
    log: [{ ...scan, ticketCode: v.ticketCode, label: v.label, uploaded: false }, ...state.log].slice(0, LOG_MAX),
  };
}

/** The scans the server has now (recorded, duplicate, conflict or refused) leave the queue; an admission the server refused is marked with its reason. */
export function markUploaded(state: OfflineState, uids: string[], refused: Record<string, ScanReason> = {}): OfflineState {
  const done = new Set(uids);
  return {
    ...state,
    queue: state.queue.filter((q) => !done.has(q.uid)),
    log: state.log.map((l) => (done.has(l.uid) ? { ...l, uploaded: true, ...(refused[l.uid] ? { serverRefused: refused[l.uid] } : {}) } : l)),
  };
}

import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';
import { TICKET_ORDER_MAX } from './ticket.ts';
import { ticketPrintData, ticketTemplateRow } from './ticketCatalogue.ts';

/**
 * Gate checking, ticket collection and reprints (issue 13, "Gate checking (ticketChecking,
 * ticketCollection)" and the ticket list's "Reprint a ticket, logged"). Every call is under
 * `{sport}ticket/`.
 *
 * - A ticket's QR code is signed with its session's Ed25519 key: `VT1.<body>.<signature>`, where
 *   body is base64url of `code|sessionId|S<seatId>` (or `L<levelId>` for general admission) and the
 *   signature (base64url, 64 bytes) covers the text `VT1.<body>`. A gate accepts the signed text
 *   or the bare code.
 * - `check` admits a sold ticket of the chosen session once: the second scan is refused with the
 *   first use (when, which gate). Every scan is logged with its result and reason.
 * - An offline device downloads `check/offline/:sessionId` (public key, valid codes, revoked
 *   codes), checks on its own, and uploads its scans to `check/upload`; each scan carries the
 *   device's own id (`uid`), so a re-upload changes nothing. A ticket admitted twice is a conflict.
 */
const id = fields.id;
const at = fields.instantOut;
const atOrNull = at.nullable();

export const QR_PREFIX = 'VT1';
export const GATE_STATUS = [0, 1] as const;
export const SCAN_RESULTS = ['admitted', 'refused', 'conflict'] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];
/**
 * Why a scan is refused: used already, another session, a gate of another venue than the session's,
 * refunded/cancelled/unpaid ticket, unknown code, a bad signature, a closed gate, outside the
 * session's gate window, a bare code typed at an offline device (only a signed code is admitted offline).
 */
export const SCAN_REASONS = [
  'used',
  'wrongSession',
  'wrongGate',
  'refunded',
  'cancelled',
  'held',
  'unknown',
  'badSignature',
  'gateClosed',
  'revoked',
  'outsideWindow',
  'needsOnline',
] as const;
export type ScanReason = (typeof SCAN_REASONS)[number];
export const SCAN_SOURCES = ['online', 'offline'] as const;
export const SCAN_CONFLICT_REASONS = ['used', 'revoked'] as const;

// ---------------------------------------------------------------- the QR payload

const b64urlOf = (bytes: Uint8Array): string => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
export function base64urlEncode(bytes: Uint8Array): string {
  return b64urlOf(bytes);
}
export function base64urlDecode(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

export interface TicketQrBody {
  code: string;
  sessionId: number;
  /** The seat (`seatId`) or, for general admission, the level (`levelId`). */
  seatId: number | null;
  levelId: number | null;
}

/** The signed part of a QR code: `VT1.<base64url body>`. */
export function ticketQrMessage(b: TicketQrBody): string {
  const spot = b.seatId !== null ? `S${b.seatId}` : `L${b.levelId ?? 0}`;
  return `${QR_PREFIX}.${b64urlOf(new TextEncoder().encode(`${b.code}|${b.sessionId}|${spot}`))}`;
}

export interface DecodedTicketQr extends TicketQrBody {
  /** The signed text (`VT1.<body>`). */
  message: string;
  signature: Uint8Array;
}

/** A scanned text: a signed payload (decoded, signature not yet verified), a bare code, or nothing usable. */
export type ScannedCode = { kind: 'signed'; qr: DecodedTicketQr } | { kind: 'bare'; code: string } | { kind: 'bad' };

const CODE_RE = /^[0-9A-Z]{4,32}$/;

export function parseScan(raw: string): ScannedCode {
  const text = raw.trim();
  if (!text.startsWith(`${QR_PREFIX}.`)) {
    const code = text.toUpperCase();
    return CODE_RE.test(code) ? { kind: 'bare', code } : { kind: 'bad' };
  }
  const parts = text.split('.');
  if (parts.length !== 3) return { kind: 'bad' };
  try {
    const body = new TextDecoder('utf-8', { fatal: true }).decode(base64urlDecode(parts[1]!));
    const signature = base64urlDecode(parts[2]!);
    const m = /^([0-9A-Z]{4,32})\|(\d{1,15})\|([SL])(\d{1,15})$/.exec(body);
    if (!m || signature.length !== 64) return { kind: 'bad' };
    const n = Number(m[4]);
    return {
      kind: 'signed',
      qr: {
        code: m[1]!,
        sessionId: Number(m[2]),
        seatId: m[3] === 'S' ? n : null,
        levelId: m[3] === 'L' ? n : null,
        message: `${parts[0]}.${parts[1]}`,
        signature,
      },
    };
  } catch {
    return { kind: 'bad' };
  }
}

/**
 * The hash of a ticket code in an offline package: HMAC-SHA256 of the code (UTF-8) keyed with the
 * package's salt, base64url. WebCrypto (the browser, and Node's `globalThis.crypto`).
 */
export async function offlineCodeHash(salt: string, code: string): Promise<string> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', base64urlDecode(salt) as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return b64urlOf(new Uint8Array(await subtle.sign('HMAC', key, new TextEncoder().encode(code))));
}

/** The code a scanned text names, or the text itself (trimmed, at most 32 characters) when it names none. */
export function codeOfScan(raw: string): string {
  const s = parseScan(raw);
  return s.kind === 'signed' ? s.qr.code : s.kind === 'bare' ? s.code : raw.trim().slice(0, 32);
}

// ---------------------------------------------------------------- gates

const gateName = fields.str().trim().min(1).max(64);
export const gateCreate = z.object({
  orgId: id.optional(),
  name: gateName,
  venueId: id.nullish(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  remark: fields.optText(200),
});
export type GateCreate = z.output<typeof gateCreate>;
export const gateUpdate = updateOf(gateCreate.omit({ orgId: true }));
export type GateUpdate = z.output<typeof gateUpdate>;
export const gateListQuery = pageQuery.extend({ name: fields.str().trim().max(64).optional(), status: fields.intIn(0, 1).optional() });
export type GateListQuery = z.output<typeof gateListQuery>;
export const gateRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  venueId: z.number().nullable(),
  venueName: z.string().nullable(),
  status: fields.numberOf(GATE_STATUS),
  remark: z.string().nullable(),
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type GateRow = z.output<typeof gateRow>;
export const gatePage = page(gateRow);
/** The venues a gate may stand at (the caller's reach). */
export const gateVenueList = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });

// ---------------------------------------------------------------- online check

/** The sessions a gate may pick (the checking screens' own read: no catalogue permission needed). */
export const gateSessionRow = z.object({
  id: z.number(),
  name: z.string(),
  projectName: z.string(),
  startAt: at,
  seated: z.boolean(),
  endAt: atOrNull,
  opensAt: at,
  closesAt: at,
});
export type GateSessionRow = z.output<typeof gateSessionRow>;
export const gateSessionList = z.object({ data: z.array(gateSessionRow) });

export const scanText = fields.str().trim().min(1).max(400);
/** `overrideReason`: a supervisor (`Perm.ticket.checkOverride`) admits a ticket outside the session's gate window, the reason logged with the scan. */
export const ticketCheck = z.object({ sessionId: id, gateId: id, code: scanText, overrideReason: fields.str().trim().min(1).max(200).optional() });
export type TicketCheck = z.output<typeof ticketCheck>;

/** The ticket a scan named, as the gate shows it. */
export const scannedTicket = z.object({
  id: z.number(),
  code: z.string(),
  sessionId: z.number(),
  sessionName: z.string(),
  projectName: z.string(),
  levelName: z.string(),
  seatLabel: z.string().nullable(),
  buyerName: z.string().nullable(),
  state: z.string(),
});
export const firstUse = z.object({
  at,
  gateId: z.number().nullable(),
  gateName: z.string().nullable(),
  source: fields.textOf(SCAN_SOURCES),
  deviceId: z.string().nullable(),
});
export const checkCounts = z.object({ admitted: z.number(), sold: z.number() });
export type CheckCounts = z.output<typeof checkCounts>;
/** A session's times and its gate window (gates admit from `opensAt` to `closesAt`). */
export const gateWindow = z.object({ startAt: at, endAt: atOrNull, opensAt: at, closesAt: at });
export type GateWindow = z.output<typeof gateWindow>;
/** A session without an end is taken to end this long after its start (its gate window's close). */
export const SESSION_DEFAULT_LENGTH_MINUTES = 180;
/** The gate window of a session: `gateOpenMinutes` before the start to `gateCloseMinutes` after the end. */
export function gateWindowOf(s: { startAt: Date | string; endAt: Date | string | null; gateOpenMinutes: number; gateCloseMinutes: number }): {
  opensAt: Date;
  closesAt: Date;
} {
  const start = new Date(s.startAt).getTime();
  const end = s.endAt ? new Date(s.endAt).getTime() : start + SESSION_DEFAULT_LENGTH_MINUTES * 60_000;
  return { opensAt: new Date(start - s.gateOpenMinutes * 60_000), closesAt: new Date(end + s.gateCloseMinutes * 60_000) };
}
export const ticketCheckAnswer = z.object({
  result: z.enum(['admitted', 'refused']),
  reason: z.enum(SCAN_REASONS).nullable(),
  ticket: scannedTicket.nullable(),
  firstUse: firstUse.nullable(),
  counts: checkCounts,
  scanId: z.number(),
  /** The session's times and gate window: with a refusal `outsideWindow`, and with an override. */
  window: gateWindow.nullable(),
  /** Admitted outside the window by a supervisor's override (the reason logged). */
  overridden: z.boolean(),
});
export type TicketCheckAnswer = z.output<typeof ticketCheckAnswer>;

export const scanListQuery = pageQuery.extend({
  sessionId: id.optional(),
  gateId: id.optional(),
  result: z.enum(SCAN_RESULTS).optional(),
  source: z.enum(SCAN_SOURCES).optional(),
  code: fields.str().trim().max(32).optional(),
});
export type ScanListQuery = z.output<typeof scanListQuery>;
export const scanRow = z.object({
  id: z.number(),
  orgId: z.number(),
  sessionId: z.number(),
  sessionName: z.string(),
  gateId: z.number().nullable(),
  gateName: z.string().nullable(),
  ticketId: z.number().nullable(),
  code: z.string(),
  seatLabel: z.string().nullable(),
  levelName: z.string().nullable(),
  result: fields.textOf(SCAN_RESULTS),
  reason: z.string().nullable(),
  source: fields.textOf(SCAN_SOURCES),
  deviceId: z.string().nullable(),
  operatorName: z.string().nullable(),
  /** An admission outside the gate window by a supervisor: the reason given. */
  overrideReason: z.string().nullable(),
  scannedAt: at,
  createTime: at,
});
export type ScanRow = z.output<typeof scanRow>;
export const scanPage = page(scanRow);

// ---------------------------------------------------------------- offline device

/**
 * What an offline device downloads for one session: only what verifying needs, and no ticket code
 * in clear. A ticket is admitted offline only by its signed QR text (the session's public key
 * verifies it); the device looks a code up by its hash, HMAC-SHA256 keyed with this package's own
 * random `salt` (`offlineCodeHash`), to find whether it is used already or revoked and its label.
 * Codes are 80 random bits, so the hashes cannot be reversed by trying codes.
 */
export const offlinePackage = z.object({
  sessionId: z.number(),
  sessionName: z.string(),
  projectName: z.string(),
  startAt: at,
  endAt: atOrNull,
  /** The gate window: the device admits only from `opensAt` to `closesAt`. */
  opensAt: at,
  closesAt: at,
  /** Ed25519 public key, raw 32 bytes, base64url. */
  publicKey: z.string(),
  /** This package's key of the code hashes (16 random bytes, base64url). */
  salt: z.string(),
  /** Tickets sold or used, by code hash: their label, and whether used already (with when). */
  tickets: z.array(z.object({ hash: z.string(), label: z.string(), used: z.boolean(), usedAt: atOrNull })),
  /** Hashes of the codes of refunded or cancelled tickets. */
  revoked: z.array(z.string()),
  generatedAt: at,
});
export type OfflinePackage = z.output<typeof offlinePackage>;

export const offlineScan = z.object({
  /** The device's own id of the scan (unique on the device). */
  uid: fields
    .str()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'error.field.invalid'),
  sessionId: id,
  code: scanText,
  scannedAt: fields.instant,
  /** What the device decided. */
  result: z.enum(['admitted', 'refused']),
  reason: z.enum(SCAN_REASONS).nullish(),
});
export const scanUpload = z.object({
  deviceId: fields
    .str()
    .trim()
    .min(4)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'error.field.invalid'),
  gateId: id,
  scans: z.array(offlineScan).min(1).max(500),
});
export type ScanUpload = z.output<typeof scanUpload>;
export const scanUploadAnswer = z.object({
  /** Scans recorded by this upload. */
  recorded: z.number(),
  /** Scans already recorded by an earlier upload (changed nothing). */
  duplicates: z.number(),
  /** Admissions that conflict with another admission of the same ticket. */
  conflicts: z.number(),
  /** Admissions the server refused (recorded as refused, admitting nothing): a code that is not signed or whose signature fails, a scan outside the session's gate window, a ticket that could not enter. */
  refused: z.number(),
  /** `reason`: why a scan is `refused` (else null). */
  results: z.array(z.object({ uid: z.string(), status: z.enum(['recorded', 'duplicate', 'conflict', 'refused']), reason: z.enum(SCAN_REASONS).nullable() })),
});
export type ScanUploadAnswer = z.output<typeof scanUploadAnswer>;

export const conflictListQuery = pageQuery.extend({ sessionId: id.optional() });
export type ConflictListQuery = z.output<typeof conflictListQuery>;
const conflictScan = z.object({
  scanId: z.number(),
  gateName: z.string().nullable(),
  deviceId: z.string().nullable(),
  source: fields.textOf(SCAN_SOURCES),
  scannedAt: at,
});
export const conflictRow = z.object({
  id: z.number(),
  orgId: z.number(),
  sessionId: z.number(),
  sessionName: z.string(),
  ticketId: z.number(),
  code: z.string(),
  reason: fields.textOf(SCAN_CONFLICT_REASONS),
  first: conflictScan.nullable(),
  second: conflictScan,
  createTime: at,
});
export type ConflictRow = z.output<typeof conflictRow>;
export const conflictPage = page(conflictRow);

// ---------------------------------------------------------------- a ticket's QR, collection, reprint

export const ticketQrAnswer = z.object({ ticketId: z.number(), code: z.string(), payload: z.string() });
export type TicketQrAnswer = z.output<typeof ticketQrAnswer>;

export const collectionFind = z.object({ code: scanText });
export const collectionCreate = z.object({
  code: scanText,
  paperNo: fields.str().trim().min(1).max(32),
  remark: fields.optText(200),
});
export type CollectionCreate = z.output<typeof collectionCreate>;
export const collectionListQuery = pageQuery.extend({
  code: fields.str().trim().max(32).optional(),
  paperNo: fields.str().trim().max(32).optional(),
  sessionId: id.optional(),
});
export type CollectionListQuery = z.output<typeof collectionListQuery>;
export const collectionRow = z.object({
  id: z.number(),
  orgId: z.number(),
  ticketId: z.number(),
  code: z.string(),
  sessionName: z.string(),
  projectName: z.string(),
  seatLabel: z.string().nullable(),
  levelName: z.string(),
  paperNo: z.string(),
  remark: z.string().nullable(),
  collectedByName: z.string().nullable(),
  collectedAt: at,
});
export type CollectionRow = z.output<typeof collectionRow>;
export const collectionPage = page(collectionRow);
/** A ticket found for collection, with its collection when it has one. */
export const collectionFound = z.object({ ticket: scannedTicket, collection: collectionRow.nullable() });
export type CollectionFound = z.output<typeof collectionFound>;

export const reprintCreate = z.object({ ticketId: id, reason: fields.str().trim().min(1).max(200) });
export type ReprintCreate = z.output<typeof reprintCreate>;
export const reprintRow = z.object({ id: z.number(), ticketId: z.number(), reason: z.string(), printedByName: z.string().nullable(), printedAt: at });
export type ReprintRow = z.output<typeof reprintRow>;
export const ticketIdParams = z.object({ ticketId: id });
/** A reprint: the log row and what the print view shows. */
export const reprintAnswer = z.object({ reprint: reprintRow, ticket: scannedTicket, payload: z.string(), startAt: at });
export type ReprintAnswer = z.output<typeof reprintAnswer>;
export const reprintList = z.object({ data: z.array(reprintRow) });

/**
 * `POST {sport}ticket/print`: the first print (or PDF) of sold tickets, without a reason: an
 * order's tickets (right after the sale) or the ones named. Each ticket is printed first once
 * (a conditional write): the tickets printed already are left out, and when none is left the call
 * is refused (100409 `state`), so the console offers the reprint, which asks a reason.
 */
export const ticketFirstPrint = z
  .object({ orderId: id.optional(), ticketIds: z.array(id).min(1).max(TICKET_ORDER_MAX).optional() })
  .refine((b) => (b.orderId === undefined) !== (b.ticketIds === undefined), { message: 'error.field.required', path: ['ticketIds'] });
export type TicketFirstPrint = z.output<typeof ticketFirstPrint>;
/** A ticket as it prints: its template (the session's, else the project's; null: the default layout), its data, its signed QR text. */
export const printedTicket = z.object({
  ticketId: z.number(),
  template: ticketTemplateRow.nullable(),
  data: ticketPrintData,
  payload: z.string(),
});
export type PrintedTicket = z.output<typeof printedTicket>;
export const ticketFirstPrintAnswer = z.object({ printedAt: at, data: z.array(printedTicket) });
export type TicketFirstPrintAnswer = z.output<typeof ticketFirstPrintAnswer>;

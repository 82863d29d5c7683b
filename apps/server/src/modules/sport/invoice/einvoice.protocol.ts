/**
 * The e-invoice platform's wire protocol (the open API of a Chinese invoicing platform, in the
 * style of 百望云 / 航信 / 诺诺): shared by the client (einvoice.client.ts) and the local
 * simulator (einvoice.sim.ts). docs/decisions.md, "Invoices: the platform protocol".
 *
 * - One endpoint, `POST {gateway}/openapi/router`, form-encoded (UTF-8): the common parameters
 *   `appKey`, `method`, `timestamp` (Unix milliseconds), `nonce` (32 hex, used once), `version`
 *   (`1.0`), `signType` (`HMAC-SHA256` or `MD5`), `bizContent` (the method's JSON), and `sign`.
 * - `sign`: every parameter but `sign` whose value is not empty, sorted by name (ASCII), joined as
 *   `k=v&k=v` with raw (not URL-encoded) values; HMAC-SHA256 keyed with the app secret, or MD5 of
 *   the text followed by `&key=<secret>`; upper-case hex.
 * - The platform refuses a request whose timestamp is more than 10 minutes off, whose nonce it
 *   has seen, or whose signature does not verify; it answers JSON `{code, msg, data}` (`0000`: done)
 *   with the header `X-Sign`: HMAC-SHA256 of the exact body with the app secret (upper-case hex).
 * - Methods: `invoice.blue.issue` (the request number is the idempotency key: the same request
 *   answers the same serial), `invoice.query` (by serial: ISSUING, ISSUED or FAILED),
 *   `invoice.red.confirm` (the red-letter confirmation of an issued invoice) and `invoice.red.issue`
 *   (the credit note of a confirmation; it is queried as any serial).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const ROUTER_PATH = '/openapi/router';
export const MAX_SKEW_MS = 10 * 60_000;
export type SignType = 'HMAC-SHA256' | 'MD5';

export const METHODS = ['invoice.blue.issue', 'invoice.query', 'invoice.red.confirm', 'invoice.red.issue'] as const;
export type PlatformMethod = (typeof METHODS)[number];

/** The platform's answer codes. */
export const CODES = {
  ok: '0000',
  badParams: '1001',
  badSign: '1002',
  replay: '1003',
  badMethod: '1004',
  badAppKey: '1005',
  requestNoUsed: '2001',
  notFound: '2002',
  badState: '2003',
  amounts: '2004',
} as const;

export type PlatformStatus = 'ISSUING' | 'ISSUED' | 'FAILED';

export interface IssueItem {
  name: string;
  quantity: number;
  /** Yuan with two decimals, tax included. */
  amount: string;
  /** e.g. `0.06`. */
  taxRate: string;
  tax: string;
}

export interface BlueIssue {
  requestNo: string;
  sellerTaxNo: string;
  sellerName: string;
  /** 0: a person; 1: a company. */
  buyerType: '0' | '1';
  buyerName: string;
  buyerTaxNo?: string;
  buyerEmail?: string;
  totalAmount: string;
  totalTax: string;
  items: IssueItem[];
}

export interface SerialState {
  serialNo: string;
  requestNo: string;
  status: PlatformStatus;
  invoiceNo?: string;
  issueTime?: string;
  pdfUrl?: string;
  failReason?: string;
}

/** The text that is signed: non-empty parameters but `sign`, sorted, `k=v` joined by `&`. */
export function signText(params: Record<string, string | undefined>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function sign(params: Record<string, string | undefined>, secret: string, signType: SignType): string {
  const text = signText(params);
  const digest = signType === 'MD5' ? createHash('md5').update(`${text}&key=${secret}`, 'utf8') : createHmac('sha256', secret).update(text, 'utf8');
  return digest.digest('hex').toUpperCase();
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function verify(params: Record<string, string | undefined>, secret: string): boolean {
  const signType = params.signType === 'MD5' ? 'MD5' : params.signType === 'HMAC-SHA256' ? 'HMAC-SHA256' : undefined;
  if (!signType || !params.sign) return false;
  return sameText(params.sign, sign(params, secret, signType));
}

/** The answer's signature (header `X-Sign`). */
export function bodySign(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex').toUpperCase();
}

export function verifyBody(body: string, secret: string, got: string | undefined): boolean {
  return !!got && sameText(got, bodySign(body, secret));
}

/** Fen as the platform's yuan text (two decimals). */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const a = Math.abs(fen);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** The platform's yuan text as fen (undefined when it is not a two-decimal amount). */
export function fenOf(text: string): number | undefined {
  const m = /^(-?)(\d{1,12})\.(\d{2})$/.exec(text);
  if (!m) return undefined;
  const v = Number(m[2]) * 100 + Number(m[3]);
  return m[1] ? -v : v;
}

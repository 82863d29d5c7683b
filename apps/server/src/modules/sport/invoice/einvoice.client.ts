/**
 * The e-invoice platform's client (protocol: einvoice.protocol.ts). Every call goes through the
 * commerce core's guarded outbound client (`httpCall`: OUTBOUND_ALLOW, the simulator's own
 * gateway only when this process started it); every answer's `X-Sign` is checked before it is
 * read. A platform refusal is a `ProviderError` with the platform's code; a transport failure one
 * with `HTTP` or `TIMEOUT` (the request may have arrived: the request number makes a retry safe).
 */
import { randomBytes } from 'node:crypto';
import { httpCall, ProviderError } from '../commerce/index.ts';
import { CODES, ROUTER_PATH, sign, verifyBody, type BlueIssue, type PlatformMethod, type SerialState, type SignType } from './einvoice.protocol.ts';

export interface PlatformConfig {
  gateway: string;
  appKey: string;
  secret: string;
  sellerTaxNo: string;
  sellerName: string;
  signType?: SignType;
}

/** The signed form of one call (exported for the protocol tests: a request signed with another secret). */
export function signedForm(
  cfg: Pick<PlatformConfig, 'appKey' | 'secret' | 'signType'>,
  method: PlatformMethod,
  biz: unknown,
  now = Date.now(),
): Record<string, string> {
  const params: Record<string, string> = {
    appKey: cfg.appKey,
    method,
    timestamp: String(now),
    nonce: randomBytes(16).toString('hex'),
    version: '1.0',
    signType: cfg.signType ?? 'HMAC-SHA256',
    bizContent: JSON.stringify(biz),
  };
  params.sign = sign(params, cfg.secret, cfg.signType ?? 'HMAC-SHA256');
  return params;
}

async function call<T>(cfg: PlatformConfig, method: PlatformMethod, biz: unknown): Promise<T> {
  const gateway = cfg.gateway.replace(/\/+$/, '');
  const answer = await httpCall(gateway + ROUTER_PATH, {
    gateway: cfg.gateway,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(signedForm(cfg, method, biz)).toString(),
  });
  const got = answer.headers['x-sign'];
  if (answer.status !== 200 || !verifyBody(answer.text, cfg.secret, Array.isArray(got) ? got[0] : got))
    throw new ProviderError('the invoice platform: the answer is not signed by the platform', 'SIGN');
  let parsed: { code?: string; msg?: string; data?: T };
  try {
    parsed = JSON.parse(answer.text) as typeof parsed;
  } catch {
    throw new ProviderError('the invoice platform: the answer is not JSON', 'HTTP');
  }
  if (parsed.code !== CODES.ok) throw new ProviderError(`the invoice platform: ${parsed.msg ?? 'refused'}`, parsed.code ?? 'HTTP', parsed);
  return parsed.data as T;
}

export const einvoice = {
  /** Sends a blue (normal) invoice; the platform answers its serial and issues it on its own time. */
  issue: (cfg: PlatformConfig, req: BlueIssue) => call<{ serialNo: string; status: SerialState['status'] }>(cfg, 'invoice.blue.issue', req),
  /** The state of a serial (a blue invoice or a credit note). */
  query: (cfg: PlatformConfig, serialNo: string) => call<SerialState>(cfg, 'invoice.query', { serialNo }),
  /** The red-letter confirmation (红字确认单) of an issued invoice. */
  redConfirm: (cfg: PlatformConfig, serialNo: string, reason: string) =>
    call<{ confirmNo: string; status: 'CONFIRMED' }>(cfg, 'invoice.red.confirm', { serialNo, reason }),
  /** The credit note of a confirmation; its serial is queried as any other. */
  redIssue: (cfg: PlatformConfig, confirmNo: string, requestNo: string) =>
    call<{ serialNo: string; status: SerialState['status'] }>(cfg, 'invoice.red.issue', { confirmNo, requestNo }),
};

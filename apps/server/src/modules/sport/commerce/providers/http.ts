/**
 * The adapters' one HTTP client, on the platform's outbound client (platform/outbound.ts): the
 * merchant gateway is a tenant's choice, so every call is checked against OUTBOUND_ALLOW (every
 * resolved address, no redirects, size and time limits) and fails in our words only ("connection
 * failed", "timed out"), never telling an open port from a closed one. The local payment
 * simulators (tests, the demo) are reachable only through the exact gateway URLs they registered
 * when the server process started them, never through an address a tenant typed. The answer is
 * kept as raw bytes and text, because signatures are checked over the exact text the provider sent.
 */
import type http from 'node:http';
import { ConnectionFailedError, HttpAllowList, NotAllowedError, OutboundTimeoutError, checkUrl, outboundRequest } from '../../../../platform/outbound.ts';
import { ProviderError } from './provider.ts';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  bytes: Buffer;
}

export interface HttpCall {
  /** The merchant's gateway the call is made for: it decides what may be reached. */
  gateway: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** TLS client certificate and key (PEM), for the calls that need mutual TLS. */
  clientCert?: { cert: string; key: string };
}

const MAX_BYTES = 20 * 1024 * 1024;

let allowEntries: readonly string[] = ['*'];
let paymentAllow = new HttpAllowList(allowEntries, 'OUTBOUND_ALLOW');
const simulatorGateways = new Set<string>();

/** Where merchant gateways may connect (the server's OUTBOUND_ALLOW; default: public addresses only). */
export function setPaymentOutbound(entries: readonly string[]): void {
  paymentAllow = new HttpAllowList(entries, 'OUTBOUND_ALLOW');
  allowEntries = entries;
}

/** A simulator started by this process registers its exact gateway URL; answers the function that removes it. */
export function trustSimulatorGateway(gateway: string): () => void {
  simulatorGateways.add(gateway);
  return () => void simulatorGateways.delete(gateway);
}

/** What a merchant's calls may reach: OUTBOUND_ALLOW, and a registered simulator's own address for exactly its gateway. */
export function allowFor(gateway: string): HttpAllowList {
  if (!simulatorGateways.has(gateway)) return paymentAllow;
  return new HttpAllowList([...allowEntries, new URL(gateway).host], 'OUTBOUND_ALLOW');
}

/** Checks a gateway when it is saved: http(s), no credentials, query or fragment, an allowed address. Throws NotAllowedError. */
export async function checkGateway(gateway: string): Promise<void> {
  const u = await checkUrl(allowFor(gateway), gateway);
  if (u.search || u.hash) throw new NotAllowedError(gateway);
}

/** The generic words of a failed call. */
export function transportError(e: unknown, what: string): ProviderError {
  if (e instanceof ProviderError) return e;
  if (e instanceof OutboundTimeoutError) return new ProviderError(`${what}: timed out`, 'TIMEOUT');
  if (e instanceof NotAllowedError || e instanceof ConnectionFailedError) return new ProviderError(`${what}: connection failed`, 'HTTP');
  return new ProviderError(`${what}: connection failed`, 'HTTP');
}

export async function httpCall(url: string, call: HttpCall): Promise<HttpAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'venue-pay/1', ...call.headers };
  try {
    return await outboundRequest(allowFor(call.gateway), url, {
      method: call.method,
      headers,
      body: call.body,
      timeoutMs: call.timeoutMs ?? 10_000,
      maxBytes: MAX_BYTES,
      clientCert: call.clientCert,
    });
  } catch (e) {
    throw transportError(e, 'the payment gateway');
  }
}

/** One header's value (the first, when repeated), looked up without regard to case. */
export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === want) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

import dns from 'node:dns/promises';
import net from 'node:net';
import { FEED_MAX_BYTES, FEED_TIMEOUT_MS, feedDocument, type FeedDocument } from '@venue/contract';
import { invalid } from '../../../../platform/errors.ts';
import { HttpAllowList, isSpecialAddress, normaliseHost } from '../../../../platform/outbound.ts';
import './distribution.messages.ts';

/**
 * Reads a distributor's feed (the format is `feedDocument` in the contract): one GET with a time
 * limit and a size limit, the body parsed as JSON and checked by the schema. Every failure is a
 * 969600 on `feedUrl` saying what went wrong (unreachable, HTTP status, time-out, too large, not
 * JSON, a malformed field). A feed on a loopback, private or link-local address is refused unless
 * `JOB_HTTP_ALLOW` lists it (the same outbound allow list as HTTP jobs), so a feed address cannot
 * reach the server's own network.
 */
export interface FeedOptions {
  allow: string[];
  timeoutMs?: number;
  maxBytes?: number;
}

const fail = (key: string, params?: Record<string, unknown>) => invalid('feedUrl', key, params);

async function checkTarget(url: URL, allow: HttpAllowList): Promise<void> {
  const host = normaliseHost(url.hostname);
  if (!host) throw fail('dist.feedUnreachable', { reason: url.hostname });
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw fail('dist.feedUnreachable', { reason: host });
    }
  }
  if (!addresses.length || addresses.some((ip) => isSpecialAddress(ip) && !allow.allowsAddress(ip, port, host)))
    throw fail('dist.feedUnreachable', { reason: `${host} (not allowed)` });
}

export async function fetchFeed(feedUrl: string, opts: FeedOptions): Promise<FeedDocument> {
  const timeoutMs = opts.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? FEED_MAX_BYTES;
  let url: URL;
  try {
    url = new URL(feedUrl);
  } catch {
    throw fail('dist.feedUnreachable', { reason: feedUrl });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail('dist.feedUnreachable', { reason: url.protocol });
  await checkTarget(url, new HttpAllowList(opts.allow));
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = () => fail('dist.feedTimeout', { seconds: Math.round(timeoutMs / 100) / 10 });
  let res: Response;
  try {
    res = await fetch(url, { signal, redirect: 'manual', headers: { accept: 'application/json' } });
  } catch (e) {
    if (signal.aborted) throw timedOut();
    throw fail('dist.feedUnreachable', { reason: (e as { cause?: { code?: string } }).cause?.code ?? url.host });
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => undefined);
    throw fail('dist.feedHttp', { status: res.status });
  }
  const declared = Number(res.headers.get('content-length') ?? NaN);
  const tooLarge = () => fail('dist.feedTooLarge', { max: `${Math.round(maxBytes / 1000)} KB` });
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  try {
    for (let next = await reader?.read(); next && !next.done; next = await reader!.read()) {
      size += next.value.byteLength;
      if (size > maxBytes) {
        await reader!.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(next.value);
    }
  } catch (e) {
    if (signal.aborted) throw timedOut();
    throw e;
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw fail('dist.feedNotJson');
  }
  const parsed = feedDocument.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fail('dist.feedInvalid', { field: issue.path.join('.') || '(document)', message: issue.message });
  }
  return parsed.data;
}

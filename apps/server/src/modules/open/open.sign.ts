import crypto from 'node:crypto';

/**
 * The signature of a third-party call (docs/open-api.md): hex HMAC-SHA256, keyed with the
 * application's secret, over five lines joined by "\n":
 *   METHOD, path with its query as sent, Timestamp (Unix seconds), Nonce, raw body ('' for none).
 * The same function signs in the tests and in the documented examples.
 */
export function openSignature(secret: string, method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string): string {
  return crypto.createHmac('sha256', secret).update([method.toUpperCase(), pathWithQuery, timestamp, nonce, body].join('\n')).digest('hex');
}

/** The headers of a signed call. */
export function signedHeaders(appKey: string, secret: string, method: string, pathWithQuery: string, body = '', now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  const nonce = crypto.randomBytes(16).toString('hex');
  return { AppKey: appKey, Timestamp: timestamp, Nonce: nonce, Sign: openSignature(secret, method, pathWithQuery, timestamp, nonce, body) };
}

/** How far a call's Timestamp may be from the server's clock, and how long its nonce is remembered. */
export const OPEN_WINDOW_SECONDS = 300;
/** A nonce: 8 to 64 letters, digits, `-` or `_`. */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

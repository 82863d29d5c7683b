import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, loginThroughForm, openBrowser, startE2E, type E2E, type OwnBrowser } from './support.ts';

/**
 * Encrypted bodies on a plain-HTTP LAN address (issue 9): with ENCRYPT=1, opened as
 * http://venue.lan:PORT (not localhost: the browser hides WebCrypto there), signing in works —
 * the console encrypts with node-forge — instead of sending nothing.
 */
describe('encryption where the browser hides WebCrypto', () => {
  let e: E2E;
  let lan: OwnBrowser;

  beforeAll(async () => {
    e = await startE2E({ ENCRYPT: '1' });
    lan = await openBrowser({ args: ['--host-resolver-rules=MAP venue.lan 127.0.0.1'] });
  });
  afterAll(async () => {
    await lan?.close();
    await e?.close();
  });

  it('signs in over http://venue.lan with an encrypted body', async () => {
    const { page } = lan;
    const port = new URL(e.baseUrl).port;
    const bodies: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/login')) bodies.push(r.postData() ?? '');
    });
    await page.goto(`http://venue.lan:${port}/login`);
    expect(await page.evaluate(() => ({ secure: window.isSecureContext, subtle: !!globalThis.crypto?.subtle }))).toEqual({ secure: false, subtle: false });
    await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/home/);
    expect(bodies).toHaveLength(1);
    expect(JSON.parse(bodies[0]!)).toEqual({ payload: expect.stringMatching(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/) });
    expect(bodies[0]).not.toContain(ADMIN_PASSWORD);
  });
});

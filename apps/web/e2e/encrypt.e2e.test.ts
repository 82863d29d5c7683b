import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, loginThroughForm, startE2E, type E2E } from './support.ts';

/**
 * Encrypted bodies on a plain-HTTP LAN address (issue 9): with ENCRYPT=1, opened as
 * http://venue.lan:PORT (not localhost: the browser hides WebCrypto there), signing in works —
 * the console encrypts with node-forge — instead of sending nothing.
 */
describe('encryption where the browser hides WebCrypto', () => {
  let e: E2E;
  let lan: BrowserContext;
  let profile: string;

  beforeAll(async () => {
    e = await startE2E({ ENCRYPT: '1' });
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-chromium-lan-'));
    lan = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP venue.lan 127.0.0.1'],
      headless: true,
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
    });
  });
  afterAll(async () => {
    await lan?.close().catch(() => undefined);
    await e?.close();
    if (profile) fs.rmSync(profile, { recursive: true, force: true });
  });

  it('signs in over http://venue.lan with an encrypted body', async () => {
    const page = lan.pages()[0] ?? (await lan.newPage());
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

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normaliseConfig, setConfig } from '../config.ts';
import { setNotifier } from '../notify.ts';
import { setLang } from '../prefs.ts';
import { sessionStore } from '../session.ts';
import { fetchVenue } from '../sessionLoader.ts';

/** Spec 4, the current venue: stored when the organisation has one, else stadium id and name are null. */
describe('the current venue in the session', () => {
  const errors: string[] = [];
  const urls: string[] = [];
  let answer: () => Response;
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const env = (code: number, body: unknown) => ({ code, msg: code ? 'no' : '', detail: null, head: { level: code ? 'error' : 'info' }, body });

  beforeEach(() => {
    errors.length = 0;
    urls.length = 0;
    setLang('zh-CN');
    setConfig(normaliseConfig({ signKey: 'k', timeout: 5000 }, ''));
    setNotifier({ error: (m) => errors.push(m), success: () => {}, warning: () => {}, info: () => {} });
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return answer();
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNotifier(null);
  });

  it("stores the organisation's venue", async () => {
    answer = () => json(200, env(0, { id: 7, orgId: 3, stadiumName: '体育中心' }));
    await fetchVenue(3);
    expect(urls[0]).toMatch(/stadiumInfo\/list\/orgId\/3$/);
    expect(sessionStore.get()).toMatchObject({ stadiumId: 7, stadiumName: '体育中心' });
    expect(sessionStore.get().venue?.id).toBe(7);
  });

  it('stores nulls when there is none', async () => {
    sessionStore.set({ stadiumId: 7, stadiumName: 'x' });
    answer = () => json(200, env(0, null));
    await fetchVenue(3);
    expect(sessionStore.get()).toMatchObject({ venue: null, stadiumId: null, stadiumName: null });
  });

  it('stores nulls, quietly, when the call fails', async () => {
    sessionStore.set({ stadiumId: 7, stadiumName: 'x' });
    answer = () => json(200, env(100420, null));
    await expect(fetchVenue(3)).resolves.toBeNull();
    answer = () => json(500, 'down');
    await expect(fetchVenue(3)).resolves.toBeNull();
    expect(sessionStore.get()).toMatchObject({ stadiumId: null, stadiumName: null });
    expect(errors).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TYPES } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { seedMemberDemo } from '../member/index.ts';
import { seedContentDemo } from './content.seed.ts';

describe.each(databases)('content demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedContentDemo(s.database.db);
    await seedContentDemo(s.database.db); // once per database
  });
  afterAll(async () => s?.close());

  it('every type in both languages, two scheduled items, a held comment, banners and two agreement versions with acceptances, reached by the manager', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const call = async (url: string, body: unknown = {}) => {
      const r = await mgr.json('POST', `/api/sport/content/${url}`, { body });
      expect(r.code, `${url}: ${r.msg}`).toBe(0);
      return r.body;
    };
    let scheduled = 0;
    for (const type of CONTENT_TYPES) {
      const page = await call('list', { type });
      expect(page.total, type).toBe(2);
      for (const c of page.data) expect([c.title.zhCN, c.title.enUS, c.body.zhCN, c.body.enUS].every(Boolean)).toBe(true);
      scheduled += page.data.filter((c: { publishAt: string | null; unpublishAt: string | null }) => c.publishAt || c.unpublishAt).length;
    }
    expect(scheduled).toBe(2);
    expect((await call('comment/list', { state: 'held' })).total).toBe(1);
    expect((await call('banner/list')).total).toBe(3);
    const agreements = await call('agreement/list');
    expect(agreements.data.map((a: { versionNo: number; state: string }) => [a.versionNo, a.state])).toEqual([
      [2, 'published'],
      [1, 'superseded'],
    ]);
    expect((await call('agreement/acceptance/list')).total).toBeGreaterThanOrEqual(2);
  });
});

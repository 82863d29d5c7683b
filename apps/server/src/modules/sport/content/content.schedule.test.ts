import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient, signIn } from '../../system/admin.testkit.ts';
import { seedPlatform } from '../../system/index.ts';
import { seedModules } from '../../../platform/module.ts';
import { runContentSchedule } from './content.jobs.ts';
import { both, contentApi, contentStaff, item, ok } from './content.testkit.ts';

/**
 * Scheduled publishing (issue 30): the job publishes what is due and unpublishes what has run its
 * time, reading both from the table, so an app rebuilt on the same database (a restart) publishes
 * what came due while it was down. The job ships with the module, every 15 seconds.
 */
describe.each(databases)('content schedule on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  let rebuilt: TestServer['app'] | undefined;
  afterAll(async () => {
    await rebuilt?.close();
    await s?.close();
  });

  it('publishes at the time set and unpublishes at the time set; an item missing a language waits', async () => {
    const st = await contentStaff(s, admin, platformId);
    const at = Date.now() + 3_600_000;
    const up = await item(st.c, { publishAt: new Date(at).toISOString(), unpublishAt: new Date(at + 3_600_000).toISOString() });
    const half = await item(st.c, { body: { zhCN: '<p>只有中文</p>', enUS: null }, publishAt: new Date(at).toISOString() });
    await runContentSchedule(s.database.db, new Date(at - 1_000));
    expect((await ok(st.c, 'GET', contentApi(String(up.id)))).state).toBe('draft');
    await runContentSchedule(s.database.db, new Date(at));
    const published = await ok(st.c, 'GET', contentApi(String(up.id)));
    expect([published.state, published.publishAt, published.publishedAt]).toEqual(['published', null, new Date(at).toISOString()]);
    expect((await ok(st.c, 'GET', contentApi(String(half.id)))).state).toBe('draft');
    await runContentSchedule(s.database.db, new Date(at + 3_600_000));
    expect((await ok(st.c, 'GET', contentApi(String(up.id)))).state).toBe('unpublished');
    // The job's moves are in the history, by nobody.
    const versions = await ok(st.c, 'GET', contentApi(`${up.id}/versions`));
    expect(versions.slice(0, 2).map((v: { state: string; byName: string | null }) => [v.state, v.byName])).toEqual([
      ['unpublished', null],
      ['published', null],
    ]);
  });

  it('after a restart, the job publishes an item that came due while the app was down', async () => {
    const st = await contentStaff(s, admin, platformId);
    const due = await ok(st.c, 'POST', contentApi(), {
      type: 'notice',
      title: both('重启后发布', 'Published after a restart'),
      body: both('<p>正文</p>', '<p>Body</p>'),
      publishAt: new Date(Date.now() + 60_000).toISOString(),
    });
    // The app goes down; while it is down, the time comes (moved back in the table).
    await s.app.close();
    await s.database.query(`update sport_content set publish_at = now() - interval '5 minutes' where id = ${due.id}`);
    s.app = rebuilt = await buildApp({ config: s.config, database: s.database, sms: s.sms });
    // What main.ts does at start-up: the platform's seed, then every module's (the shipped jobs).
    await seedPlatform(s.database.db, s.config, () => undefined);
    await seedModules(s.app.modules);
    await s.app.ready();
    const [job] = await s.database.query<{ cron_expr: string }>(`select cron_expr from sys_job where bean_name = 'content.schedule'`);
    expect(job?.cron_expr).toBe('0/15 * * * * ?');
    expect((await runContentSchedule(s.database.db)).published).toBeGreaterThanOrEqual(1);
    const user = await signIn(s, (await s.database.query<{ code: string }>(`select code from sys_user where id = ${st.userId}`))[0]!.code, 'Pass1234');
    const after = await ok(user, 'GET', contentApi(String(due.id)));
    expect(after.state).toBe('published');
    expect(Date.parse(after.publishedAt) - Date.now()).toBeLessThan(60_000);
  });
});

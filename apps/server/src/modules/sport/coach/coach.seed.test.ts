import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { seedCoachDemo } from './coach.seed.ts';

describe.each(databases)('coach demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedCoachDemo(s.database.db);
    await seedCoachDemo(s.database.db); // once per database
  });
  afterAll(async () => s?.close());

  it('the demo centre has two active coaches (badminton senior, tennis intermediate), one on leave, and a qualification expiring in 20 days; the manager reaches the coach screens', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const list = await mgr.json('POST', '/api/sport/coach/list', { body: { pageNum: 1, pageSize: 20, sortField: 'name', sortOrder: 'ascend' } });
    expect(list.code, list.msg).toBe(0);
    expect(list.body.total).toBe(3);
    const by = (status: string) => list.body.data.filter((c: { status: string }) => c.status === status);
    expect(
      by('active')
        .map((c: { sports: string[]; level: string }) => `${c.sports.join('+')}:${c.level}`)
        .sort(),
    ).toEqual(['badminton:senior', 'tennis:intermediate']);
    expect(by('leave')).toHaveLength(1);
    const tennis = list.body.data.find((c: { sports: string[] }) => c.sports.includes('tennis'));
    expect(tennis).toMatchObject({ qualificationAlert: 'expiring', alertDaysLeft: 20 });
    const menu = JSON.stringify((await mgr.json('POST', '/api/adapter/menu-exec/query', { body: { appSign: 'venue-console' } })).body);
    expect(menu).toContain('/sport/views/coachManagement/index');
    expect(menu).toContain('/sport/views/servicePersonal/coachClassSchedule/index');
  });
});

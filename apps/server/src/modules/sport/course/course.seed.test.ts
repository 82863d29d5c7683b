import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { seedVenueDemo } from '../booking/index.ts';
import { seedCoachDemo } from '../coach/coach.testkit.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { seedMemberDemo } from '../member/index.ts';
import { seedCourseDemo } from './course.seed.ts';

describe.each(databases)('training demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedVenueDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedCoachDemo(s.database.db);
    await seedCourseDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedCourseDemo(s.database.db, s.config, s.app.ctx.keys.secretKey); // once per database
  });
  afterAll(async () => {
    if (s) expect(await imbalances(s)).toEqual([]);
    await s?.close();
  });

  it('a class of 20 with nobody enrolled and lessons from next week; a full class with a paid seat, a held seat and a waitlist; the manager reaches the screens', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const list = await mgr.json('POST', '/api/sport/course/class/list', { body: { pageNum: 1, pageSize: 20 } });
    expect(list.code, list.msg).toBe(0);
    const empty = list.body.data.find((c: { capacity: number }) => c.capacity >= 20);
    expect(empty).toMatchObject({ enrolled: 0, waitlisted: 0 });
    const lessons = await mgr.json('POST', '/api/sport/course/lesson/list', { body: { classId: empty.id, pageNum: 1, pageSize: 50 } });
    const first = new Date(lessons.body.data[0].startsAt).getTime();
    expect(first).toBeGreaterThan(Date.now() + 5 * 86_400_000);
    expect(first).toBeLessThan(Date.now() + 9 * 86_400_000);
    const full = list.body.data.find((c: { waitlisted: number }) => c.waitlisted > 0);
    expect(full).toMatchObject({ enrolled: full.capacity, waitlisted: 2 });
    const people = await mgr.json('POST', '/api/sport/course/class/people', { body: { classId: full.id } });
    expect(people.body.enrolled.map((e: { orderState: string }) => e.orderState).sort()).toEqual(['paid', 'pending']);
    const menu = JSON.stringify((await mgr.json('POST', '/api/adapter/menu-exec/query', { body: { appSign: 'venue-console' } })).body);
    for (const path of [
      '/sport/views/trainingCourse/courseManagement/index',
      '/sport/views/trainingCourse/classManagement/index',
      '/sport/views/trainingCourse/courseSales/index',
    ])
      expect(menu).toContain(path);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { grantMenus } from '../../../test/grants.ts';
import { seedDemo } from './demo.seed.ts';
import { isWorkDay, localDay } from './holiday.service.ts';

describe.each(databases)('holiday calendar on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let mgr: Client;
  const org = async (code: string) => Number((await s.database.query<{ id: number }>(`select id from sys_org where code = '${code}'`))[0]!.id);
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    admin = new Client(s);
    await admin.login();
    await grantMenus(s, 'venue_manager', ['system.holiday']);
    mgr = new Client(s);
    await mgr.login('manager', 'Demo@2020');
  });
  afterAll(async () => s?.close());

  it('shows every day of a year, pending until decided', async () => {
    const y = await mgr.json('POST', sys('holiday/year'), { body: { year: 2024 } });
    expect(y.code).toBe(0);
    expect(y.body.days).toHaveLength(366);
    expect(y.body.orgId).toBe(await org('demo-sports-center'));
    expect(y.body.days[0]).toEqual({ day: '2024-01-01', weekday: 1, kind: 2, inherited: null });
    expect(y.body.counts).toEqual({ work: 0, nonWork: 0, pending: 366 });
    expect((await mgr.json('POST', sys('holiday/year'), { body: { year: 1800 } })).code).toBe(Code.INVALID);
  });

  it('initialises weekends as non-work days, keeps decided days unless told to overwrite', async () => {
    const init = await mgr.json('POST', sys('holiday/init'), { body: { year: 2025 } });
    expect(init.body).toEqual({ changed: 365, work: 261, nonWork: 104, pending: 0 });
    const y = (await mgr.json('POST', sys('holiday/year'), { body: { year: 2025 } })).body;
    const byDay = new Map(y.days.map((d: { day: string; kind: number }) => [d.day, d.kind]));
    expect(byDay.get('2025-01-04')).toBe(1); // Saturday
    expect(byDay.get('2025-01-05')).toBe(1); // Sunday
    expect(byDay.get('2025-01-06')).toBe(0); // Monday

    // National Day off on a Wednesday, a make-up work day on a Sunday, one day back to pending.
    const set = await mgr.json('PUT', sys('holiday/days'), {
      body: {
        days: [
          { day: '2025-10-01', kind: 1 },
          { day: '2025-09-28', kind: 0 },
          { day: '2025-10-08', kind: 2 },
        ],
      },
    });
    expect(set.body).toEqual({ updated: 3 });
    const after = new Map(
      (await mgr.json('POST', sys('holiday/year'), { body: { year: 2025 } })).body.days.map((d: { day: string; kind: number }) => [d.day, d.kind]),
    );
    expect([after.get('2025-10-01'), after.get('2025-09-28'), after.get('2025-10-08')]).toEqual([1, 0, 2]);

    const keep = await mgr.json('POST', sys('holiday/init'), { body: { year: 2025 } });
    expect(keep.body).toMatchObject({ changed: 1, pending: 0 });
    const kept = new Map(
      (await mgr.json('POST', sys('holiday/year'), { body: { year: 2025 } })).body.days.map((d: { day: string; kind: number }) => [d.day, d.kind]),
    );
    expect([kept.get('2025-10-01'), kept.get('2025-09-28'), kept.get('2025-10-08')]).toEqual([1, 0, 0]);
    const reset = await mgr.json('POST', sys('holiday/init'), { body: { year: 2025, overwrite: true } });
    expect(reset.body).toMatchObject({ changed: 365, work: 261, nonWork: 104 });
    await mgr.json('PUT', sys('holiday/days'), {
      body: {
        days: [
          { day: '2025-10-01', kind: 1 },
          { day: '2025-09-28', kind: 0 },
        ],
      },
    });
  });

  it('refuses bad days with field messages', async () => {
    const bad = await mgr.json('PUT', sys('holiday/days'), { body: { days: [{ day: '2025-02-30', kind: 1 }] } });
    expect(bad.code).toBe(Code.INVALID);
    expect(bad.detail).toEqual([{ field: 'days.0.day', message: '日期无效' }]);
    const dup = await mgr.json('PUT', sys('holiday/days'), {
      body: {
        days: [
          { day: '2025-03-01', kind: 1 },
          { day: '2025-03-01', kind: 0 },
        ],
      },
      lang: 'en-US',
    });
    expect(dup.detail[0]).toEqual({ field: 'days.1.day', message: 'A day cannot be listed twice' });
    expect((await mgr.json('PUT', sys('holiday/days'), { body: { days: [{ day: '2025-03-01', kind: 3 }] } })).detail[0].field).toBe('days.0.kind');
  });

  it('answers isWorkDay from the organisation, then its ancestors, then the weekday', async () => {
    const db = s.database.db;
    const center = await org('demo-sports-center');
    const front = await org('demo-sports-center-front');
    const platform = await org('platform');
    expect(await isWorkDay(db, center, '2025-10-01')).toBe(false);
    expect(await isWorkDay(db, center, '2025-09-28')).toBe(true);
    expect(await isWorkDay(db, center, '2025-09-29')).toBe(true);
    // The department has no calendar: the centre's decides.
    expect(await isWorkDay(db, front, '2025-10-01')).toBe(false);
    expect(await isWorkDay(db, front, '2025-09-28')).toBe(true);
    // Nothing decided anywhere: Monday to Friday.
    expect(await isWorkDay(db, platform, '2030-01-05')).toBe(false); // Saturday
    expect(await isWorkDay(db, platform, '2030-01-07')).toBe(true);
    // The platform decides a national holiday; the department's own decision still wins over it.
    await admin.json('PUT', sys('holiday/days'), { body: { days: [{ day: '2030-01-07', kind: 1 }] } });
    expect(await isWorkDay(db, front, '2030-01-07')).toBe(false);
    const inherited = (await mgr.json('POST', sys('holiday/year'), { body: { year: 2030, orgId: front } })).body.days[6];
    expect(inherited).toEqual({ day: '2030-01-07', weekday: 1, kind: 2, inherited: 1 });
    await mgr.json('PUT', sys('holiday/days'), { body: { orgId: front, days: [{ day: '2030-01-07', kind: 0 }] } });
    expect(await isWorkDay(db, front, '2030-01-07')).toBe(true);
    // An instant is read in the organisation's time zone: 16:30 UTC on Saturday is Sunday 00:30 in Shanghai.
    const instant = new Date('2025-09-27T16:30:00Z');
    expect(localDay(instant, 'Asia/Shanghai')).toBe('2025-09-28');
    expect(await isWorkDay(db, center, instant)).toBe(true);
  });

  it('keeps calendars within the caller’s organisations', async () => {
    const platform = await org('platform');
    expect((await mgr.json('POST', sys('holiday/year'), { body: { year: 2025, orgId: platform } })).code).toBe(Code.NOT_FOUND);
    expect((await mgr.json('PUT', sys('holiday/days'), { body: { orgId: platform, days: [{ day: '2025-01-01', kind: 1 }] } })).code).toBe(Code.NOT_FOUND);
    expect((await admin.json('POST', sys('holiday/year'), { body: { year: 2025, orgId: await org('demo-sports-center') } })).body.counts.nonWork).toBe(104);
    expect((await new Client(s).json('POST', sys('holiday/year'), { body: { year: 2025 } })).status).toBe(401);
    const log = await s.database.query<{ action: string }>(`select action from sys_oper_log where module = 'holiday'`);
    expect(new Set(log.map((l) => l.action))).toEqual(new Set(['init', 'setDays']));
  });
});

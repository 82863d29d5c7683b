import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { venueStaff } from '../venue/venue.testkit.ts';

/**
 * A member's register date is the organisation's business day (Asia/Shanghai by default), never
 * the database's UTC day: before 08:00 Beijing time the UTC day is still the day before.
 */
describe.each(databases)('member register dates on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => s?.close());

  it('a member registered at the front desk at 03:30 Beijing time shows that day as their register date', async () => {
    const { c } = await venueStaff(s, admin, platformId);
    // 2026-03-02 03:30 in Beijing is still 2026-03-01 in UTC (and a day the database's clock is not on).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T19:30:00Z'));
    const desk = await c.json('POST', '/api/sport/member', { body: { name: '凌晨会员', phone: '13900005555' } });
    const full = await c.json('POST', '/api/sport/member', { body: { name: '指定日期', phone: '13900005556', registerDate: '2026-02-14' } });
    vi.useRealTimers();
    expect(desk.code, desk.msg).toBe(0);
    expect(full.code, full.msg).toBe(0);
    const shown = async (id: number) => (await admin.json('GET', `/api/sport/member/${id}`)).body.registerDate;
    expect(await shown(desk.body.id)).toBe('2026-03-02');
    // A date the operator gives is kept as given.
    expect(await shown(full.body.id)).toBe('2026-02-14');
    // The list's register-date filter finds the member on that day.
    const onDay = await admin.json('POST', '/api/sport/member/list', { body: { keyword: '凌晨会员', registerBegin: '2026-03-02', registerEnd: '2026-03-02' } });
    expect(onDay.body.data.map((m: { name: string }) => m.name)).toEqual(['凌晨会员']);
  });
});

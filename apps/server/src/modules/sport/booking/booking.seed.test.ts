import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { seedVenueDemo } from './booking.seed.ts';
import { seedMemberDemo } from '../member/index.ts';
import { addDays, weekdayOf } from '../venue/index.ts';
import { booking, stadium, today } from '../venue/venue.testkit.ts';

describe.each(databases)('venue demo data on %s', (kind) => {
  let s: TestServer;
  let mgr: Client;
  let orgId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedVenueDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedVenueDemo(s.database.db, s.config, s.app.ctx.keys.secretKey); // once per database
    mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    orgId = (await mgr.json('GET', '/api/auth/userInfo/0')).body.currentOrg.orgId;
  });
  afterAll(async () => s?.close());

  it('the demo manager has a venue of at least 6 sites open 08:00–22:00 in hour slots, priced, and can book any of them for the next 30 days', async () => {
    const venue = (await mgr.json('GET', stadium(`list/orgId/${orgId}`))).body;
    expect(venue).toMatchObject({ stadiumName: '阳光体育中心', slotMinutes: 60, timeZone: 'Asia/Shanghai' });
    expect(venue.rules.advanceDays).toBeGreaterThanOrEqual(30);
    const last = addDays(today(venue.timeZone), 30);
    // What the demo holds on purpose: its fixed series (周二周四网球俱乐部, tennis 19:00–21:00 on
    // Tuesdays and Thursdays) and its closure. The last week of the 30 days always has a Tuesday
    // and a Thursday, so every run sees the series, whatever the day.
    const fixed = await mgr.json('POST', booking('fixed/list'), { body: { stadiumId: venue.id } });
    expect(fixed.body.data.map((x: { name: string; live: number }) => [x.name, x.live > 0])).toEqual([['周二周四网球俱乐部', true]]);
    const closures = await mgr.json('POST', booking('closure/list'), { body: { stadiumId: venue.id } });
    expect(closures.body.data.map((x: { reason: string }) => x.reason)).toEqual(['地板打蜡保养']);
    type Series = {
      siteIds: number[];
      weekdays: number[];
      start: string;
      end: string;
      dateFrom: string;
      dateTo: string;
      buyerName: string;
      skipped: { date: string; siteId: number }[];
    };
    type Closure = { siteIds: number[]; from: string; to: string };
    type Slot = { siteId: number; date: string; start: string; end: string; state: string; price: number; buyer?: string | null };
    const seriesOf = (x: Slot) =>
      (fixed.body.data as Series[]).find(
        (f) =>
          f.siteIds.includes(x.siteId) &&
          f.weekdays.includes(weekdayOf(x.date)) &&
          f.dateFrom <= x.date &&
          x.date <= f.dateTo &&
          f.start < x.end &&
          x.start < f.end &&
          !f.skipped.some((k) => k.date === x.date && k.siteId === x.siteId),
      );
    const closed = (x: Slot) =>
      (closures.body.data as Closure[]).some((c) => c.siteIds.includes(x.siteId) && c.from < `${x.date} ${x.end}` && `${x.date} ${x.start}` < c.to);
    const week = addDays(last, -6);
    const g = await mgr.json('POST', booking('grid'), { body: { stadiumId: venue.id, date: week, days: 7 } });
    expect(g.code, g.msg).toBe(0);
    expect(g.body.sites.length).toBeGreaterThanOrEqual(6);
    const slots = g.body.slots as Slot[];
    let held = 0;
    for (let i = 0; i < 7; i++) {
      const date = addDays(week, i);
      for (const site of g.body.sites) {
        const mine = slots.filter((x) => x.siteId === site.id && x.date === date);
        expect(
          mine.map((x) => x.start),
          `${date} ${site.name}`,
        ).toEqual(Array.from({ length: 14 }, (_, h) => `${String(8 + h).padStart(2, '0')}:00`));
        for (const x of mine) {
          const series = seriesOf(x);
          if (series) {
            held++;
            // Billed by month: a later month's occurrences are held until their bill is paid.
            expect([['booked', 'held'].includes(x.state), x.buyer], `${date} ${site.name} ${x.start} ${x.state}`).toEqual([true, series.buyerName]);
          } else if (closed(x)) expect(x.state, `${date} ${site.name} ${x.start}`).toBe('closed');
          else expect([x.state, x.price > 0], `${date} ${site.name} ${x.start}`).toEqual(['free', true]);
        }
      }
    }
    expect(held).toBe(4); // a Tuesday and a Thursday, two hours each
    const order = await mgr.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: last, items: g.body.sites.slice(0, 2).map((x: { id: number }) => ({ siteId: x.id, start: '21:00', end: '22:00' })) },
    });
    expect(order.code, order.msg).toBe(0);
    // Tomorrow already has bookings, paid and held, and the day after a lock.
    const tomorrow = await mgr.json('POST', booking('grid'), { body: { stadiumId: venue.id, date: addDays(today(venue.timeZone), 1) } });
    expect(tomorrow.body.slots.filter((x: { state: string }) => x.state === 'booked').length).toBeGreaterThanOrEqual(4);
    // The members' regulars: 李娜 booked tomorrow at the gold price.
    expect((await mgr.json('POST', '/api/sport/member/search', { body: { keyword: '李娜' } })).body[0]).toMatchObject({ level: 'gold' });
    const lina = (await mgr.json('POST', booking('plan'), { body: { stadiumId: venue.id, date: addDays(today(venue.timeZone), 1) } })).body.bookings.find(
      (b: { buyer: string }) => b.buyer === '李娜',
    );
    expect(lina).toMatchObject({ amountFen: 10000 });
    expect(lina.memberId).toBeTruthy();
    const menu = await mgr.json('POST', '/api/adapter/menu-exec/query', { body: { appSign: 'venue-console' } });
    expect(JSON.stringify(menu.body)).toContain('/sport/views/venueReserve/index');
    expect(await imbalances(s)).toEqual([]);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { seedMessageDefaults } from '../../message/index.ts';
import { addDays } from '../venue/index.ts';
import { booking, makeVenue, today, venueStaff } from '../venue/venue.testkit.ts';

/**
 * A closure that cancels bookings tells their buyers through the booking.closureCancelled
 * business type (the platform default): a text to the buyer's phone through the organisation's
 * SMS gateway, and a station message to the operator who closed.
 */
describe.each(databases)('closure notices through messaging on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  const texts: { phone: string; text: string }[] = [];
  let gateway: http.Server;
  let gatewayUrl = '';
  beforeAll(async () => {
    gateway = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        texts.push(JSON.parse(raw) as { phone: string; text: string });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
    // The test's SMS gateway is on loopback: listed for the outbound client (OUTBOUND_ALLOW).
    s = await startServer(kind, { OUTBOUND_ALLOW: `*,${new URL(gatewayUrl).host}` });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    await seedMessageDefaults(s.app.ctx.db);
    // The platform's SMS gateway serves every organisation below it that has none of its own.
    const put = await admin.json('PUT', '/api/system/message/channel/sms', {
      body: { enabled: true, ratePerMinute: 600, settings: { url: gatewayUrl }, version: 0 },
    });
    expect(put.code, put.msg).toBe(0);
  });
  afterAll(async () => {
    await s?.close();
    await new Promise<void>((r) => gateway?.close(() => r()));
  });

  it('the buyer gets a text with the venue, the slots and the refund; the operator a station message', async () => {
    const staff = await venueStaff(s, admin, platformId);
    const { venue, sites } = await makeVenue(staff.c, { n: 1, priceFen: 6000 });
    const day = addDays(today(venue.timeZone), 2);
    const phone = `137${String(Date.now()).slice(-8)}`;
    const order = await staff.c.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: day, items: [{ siteId: sites[0]!.id, start: '09:00', end: '10:00' }], buyerName: '赵六', buyerPhone: phone },
    });
    expect(order.code, order.msg).toBe(0);
    const made = await staff.c.json('POST', booking('closure'), {
      body: { range: { stadiumId: venue.id, siteIds: [sites[0]!.id], from: `${day} 08:00`, to: `${day} 12:00` }, reason: '灯光检修' },
    });
    expect(made.code, made.msg).toBe(0);
    const deadline = Date.now() + 15_000;
    while (!texts.some((x) => x.phone === phone) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const text = texts.find((x) => x.phone === phone)!;
    expect(text.text).toContain('赵六您好，因灯光检修');
    expect(text.text).toContain(order.body.orderNo);
    expect(text.text).toContain(`${day} 09:00-10:00`);
    const [station] = await s.database.query<{ n: string }>(
      `select count(*) as n from sys_station_message where user_id = $1 and type = 'booking.closureCancelled' and content like $2`,
      [staff.userId, `%${order.body.orderNo}%`],
    );
    expect(Number(station!.n)).toBe(1);
  });
});

// The operation log names each action (issue 25): a business route's action shows in words, in
// both languages, never as the method's "提交" (submit).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_WORDS, operationLogActions } from '@venue/contract';
import { databases, startServer, type TestServer } from './harness.ts';
import { routeRegistry } from '../src/platform/http.ts';
import { adminClient } from '../src/modules/system/admin.testkit.ts';
import { pay } from '../src/modules/sport/commerce/commerce.testkit.ts';
import { addDays } from '../src/modules/sport/venue/index.ts';
import { booking, makeVenue, today, venueStaff } from '../src/modules/sport/venue/venue.testkit.ts';

/** The route `module`s of the business modules (contract modules under sport/). */
const businessModules = new Set(CONTRACT_WORDS.filter((m) => m.name.startsWith('sport/')).flatMap((m) => Object.keys(m.logLabels ?? {})));
const zh = operationLogActions('zh-CN');
const en = operationLogActions('en-US');

describe.each(databases)('operation-log action names on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it('every action a business route writes to the operation log is named in both languages', () => {
    const logged = routeRegistry.filter((r) => r.method !== 'GET' && !r.readOnly && businessModules.has(r.module));
    expect(logged.length).toBeGreaterThan(50);
    const unnamed = Array.from(new Set(logged.filter((r) => !zh[r.module]?.[r.action] || !en[r.module]?.[r.action]).map((r) => `${r.module}.${r.action}`)));
    expect(unnamed).toEqual([]);
  });

  it('a booking, its payment and its cancellation are logged under their own names, not as "submit"', async () => {
    const { c: admin, platformOrgId } = await adminClient(s);
    const staff = await venueStaff(s, admin, platformOrgId);
    const { venue, sites } = await makeVenue(staff.c, { n: 1, priceFen: 3000 });
    const day = addDays(today(venue.timeZone), 2);
    const order = await staff.c.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: day, items: [{ siteId: sites[0]!.id, start: '10:00', end: '11:00' }] },
    });
    expect(order.code, order.msg).toBe(0);
    expect((await pay(staff.c, order.body.orderId, { method: 'cash', amountFen: 3000 })).code).toBe(0);
    expect((await staff.c.json('POST', booking('cancel'), { body: { orderId: order.body.orderId } })).code).toBe(0);
    // What the operation-log screen lists for this user, oldest first.
    const rows = await s.database.query<{ module: string; action: string }>(
      `select module, action from sys_oper_log where user_id = $1 and module <> 'auth' order by id`,
      [staff.userId],
    );
    const words = (lang: typeof zh) => rows.map((r) => lang[r.module]?.[r.action] ?? '?');
    expect(words(zh)).toEqual(expect.arrayContaining(['预订场地', '收款', '取消预订']));
    expect(words(en)).toEqual(expect.arrayContaining(['Book courts', 'Take payment', 'Cancel booking']));
    expect(words(zh)).not.toContain('?');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from './harness.ts';
import { grantMenus, setUserRoles } from './grants.ts';
import { adminClient, makeOrg, makeRole, makeUser, menuIdsByKey, signIn } from '../src/modules/system/admin.testkit.ts';
import { COMMERCE_KEYS, commerceStaff, pay, sellGeneral, sport } from '../src/modules/sport/commerce/commerce.testkit.ts';
import { VENUE_KEYS, booking, dayTimeZone, hourAhead, makeVenue, plusHour, today as dayIn } from '../src/modules/sport/venue/venue.testkit.ts';
import { addDays } from '../src/modules/sport/venue/index.ts';

const sys = (p: string) => `/api/system/${p}`;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

interface Card {
  code: string;
  screen: string;
  hidden: boolean;
  figures: { key: string; value: number; unit: string }[];
  query: Record<string, string>;
}
const figure = (card: Card | undefined, key: string) => card?.figures.find((f) => f.key === key)?.value;

async function cards(c: Client): Promise<Card[]> {
  const res = await c.json<{ cards: Card[]; day: string }>('GET', sys('home/cards'));
  expect(res.code, res.msg).toBe(0);
  return res.body.cards;
}

describe.each(databases)('operator home and favourites on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it("the takings card and the takings view show today's cash sale under cash, the refund and the net; another organisation sees none of it", async () => {
    const a = await commerceStaff(s, admin, platformId);
    const b = await commerceStaff(s, admin, platformId);
    const order = await sellGeneral(a.c, [{ name: '矿泉水', unitPriceFen: 300, quantity: 4 }]);
    expect((await pay(a.c, order.id, { method: 'cash', amountFen: 1200 })).code).toBe(0);
    const itemId = order.items[0].id;
    const applied = await a.c.json('POST', sport('refund'), { body: { orderId: order.id, items: [{ itemId, quantity: 1 }], reason: '退一瓶' } });
    expect(applied.code, applied.msg).toBe(0);

    // Waiting for review: on the refunds card, nothing paid back yet.
    let mine = await cards(a.c);
    expect(
      figure(
        mine.find((c) => c.code === 'commerce.refunds'),
        'waiting',
      ),
    ).toBe(1);
    expect(
      figure(
        mine.find((c) => c.code === 'commerce.takings'),
        'method.cash',
      ),
    ).toBe(1200);

    expect((await a.reviewer.json('POST', sport(`refund/${applied.body.id}/review`), { body: { approve: true, remark: '同意' } })).code).toBe(0);
    mine = await cards(a.c);
    const takings = mine.find((c) => c.code === 'commerce.takings')!;
    expect(takings).toMatchObject({ screen: 'sport.finance.capitalFlow', hidden: false });
    expect(figure(takings, 'method.cash')).toBe(1200);
    expect(figure(takings, 'refunded')).toBe(300);
    expect(figure(takings, 'net')).toBe(900);
    expect(
      figure(
        mine.find((c) => c.code === 'commerce.refunds'),
        'waiting',
      ),
    ).toBe(0);

    const day = today();
    const summary = await a.c.json('POST', sport('takings/summary'), { body: { dayFrom: day, dayTo: day } });
    expect(summary.code, summary.msg).toBe(0);
    expect(summary.body.methods).toEqual([{ method: 'cash', takenFen: 1200, refundedFen: 300, netFen: 900, payments: 1, refunds: 1 }]);
    expect(summary.body.days).toEqual([{ day, method: 'cash', takenFen: 1200, refundedFen: 300, netFen: 900, payments: 1, refunds: 1 }]);
    expect(summary.body.total).toMatchObject({ takenFen: 1200, refundedFen: 300, netFen: 900 });

    // Yesterday is empty; a backwards range is refused naming the field.
    const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await a.c.json('POST', sport('takings/summary'), { body: { dayFrom: yesterday, dayTo: yesterday } })).body.total.takenFen).toBe(0);
    const backwards = await a.c.json('POST', sport('takings/summary'), { body: { dayFrom: day, dayTo: yesterday } });
    expect(backwards.code).toBe(969600);
    expect(backwards.detail[0].field).toBe('dayTo');

    const theirs = await cards(b.c);
    expect(
      figure(
        theirs.find((c) => c.code === 'commerce.takings'),
        'net',
      ),
    ).toBe(0);
    expect(
      figure(
        theirs.find((c) => c.code === 'commerce.refunds'),
        'waiting',
      ),
    ).toBe(0);
    expect((await b.c.json('POST', sport('takings/summary'), { body: { dayFrom: day, dayTo: day } })).body.methods).toEqual([]);
  });

  it("the bookings card counts today's booking orders of the organisation's day: paid, arrived (checked in), still expected and unpaid; tomorrow's are not today's", async () => {
    const tz = dayTimeZone();
    const org = await makeOrg(admin, platformId, { timeZone: tz });
    const role = await makeRole(admin, org.id);
    await grantMenus(admin, role.id, ['home', ...VENUE_KEYS, ...COMMERCE_KEYS]);
    const user = await makeUser(admin, org.id, { roleIds: [role.id] });
    const mgr = await signIn(s, user.code, 'Pass1234');
    const { venue, sites } = await makeVenue(mgr, { timeZone: tz });
    const day = dayIn(tz);
    const start = hourAhead(tz);
    const book = async (siteId: number, date: string, paid: boolean) => {
      const r = await mgr.json('POST', booking('order'), {
        body: { stadiumId: venue.id, date, items: [{ siteId, start, end: plusHour(start) }], buyerName: '李雷' },
      });
      expect(r.code, r.msg).toBe(0);
      if (paid) expect((await pay(mgr, r.body.orderId, { method: 'cash', amountFen: r.body.amount })).code).toBe(0);
      return r.body as { orderNo: string; amount: number };
    };
    const arrived = await book(sites[0]!.id, day, true);
    const expected = await book(sites[1]!.id, day, true);
    await book(sites[2]!.id, day, false);
    await book(sites[0]!.id, addDays(day, 1), true);
    expect((await mgr.json('POST', booking('checkin'), { body: { code: arrived.orderNo } })).code).toBe(0);

    const mine = await cards(mgr);
    const b = mine.find((c) => c.code === 'booking.today')!;
    expect(b.figures.map((f) => [f.key, f.value])).toEqual([
      ['booked', 2],
      ['arrived', 1],
      ['expected', 1],
      ['unpaid', 1],
    ]);
    expect(b.query).toEqual({ day });
    // Three cash payments today (tomorrow's booking was paid today too).
    expect(
      figure(
        mine.find((c) => c.code === 'commerce.takings'),
        'method.cash',
      ),
    ).toBe(arrived.amount + expected.amount * 2);
  });

  it('each card needs the permission of the screen it opens: a booking-only user sees the bookings card (and the figures of their reach, last); the platform admin sees the platform figures first', async () => {
    const org = await makeOrg(admin, platformId);
    const role = await makeRole(admin, org.id);
    await grantMenus(admin, role.id, ['home', 'sport.venue.reserve']);
    const user = await makeUser(admin, org.id, { roleIds: [role.id] });
    const desk = await signIn(s, user.code, 'Pass1234');
    const mine = await cards(desk);
    expect(mine.map((c) => c.code)).toEqual(['booking.today', 'system.overview']);
    expect(mine[0]).toMatchObject({ screen: 'sport.venue.reserve', query: { day: today() } });
    expect(mine[0]!.figures.map((f) => f.key)).toEqual(['booked', 'arrived', 'expected', 'unpaid']);
    // Without the permission, the card's data is not reachable through the layout either.
    const refused = await desk.json('POST', sys('homepage/save'), { body: { order: ['commerce.takings'], hidden: [] } });
    expect(refused.code).toBe(969600);
    expect(refused.detail[0].field).toBe('order');

    const platform = await cards(admin);
    expect(platform[0]!.code).toBe('system.overview');
    expect(figure(platform[0], 'users')).toBeGreaterThan(0);
  });

  it("a user's layout is their own: hidden cards come back hidden without figures, another user of the same role keeps the default, clear restores it", async () => {
    const a = await commerceStaff(s, admin, platformId);
    const initial = await a.c.json('POST', sys('homepage/query'), { body: {} });
    expect(initial.body).toEqual({ order: ['commerce.takings', 'commerce.refunds'], hidden: [], saved: false });

    const saved = await a.c.json('POST', sys('homepage/save'), { body: { order: ['commerce.refunds'], hidden: ['commerce.takings'] } });
    expect(saved.code, saved.msg).toBe(0);
    // A card left out of the order keeps its place after the others, shown.
    expect(saved.body).toEqual({ order: ['commerce.refunds', 'commerce.takings'], hidden: ['commerce.takings'], saved: true });
    const mine = await cards(a.c);
    expect(mine.map((c) => [c.code, c.hidden, c.figures.length > 0])).toEqual([
      ['commerce.refunds', false, true],
      ['commerce.takings', true, false],
    ]);
    // The second user of the same role and organisation is untouched.
    expect((await a.reviewer.json('POST', sys('homepage/query'), { body: {} })).body.saved).toBe(false);

    const cleared = await a.c.json('POST', sys('homepage/clear'), { body: {} });
    expect(cleared.body).toEqual({ order: ['commerce.takings', 'commerce.refunds'], hidden: [], saved: false });
    expect((await cards(a.c)).every((c) => !c.hidden)).toBe(true);
  });

  it('favourites: only screens the user may open are saved; one they lose is left out of the answer, and another user has their own', async () => {
    const org = await makeOrg(admin, platformId);
    const full = await makeRole(admin, org.id);
    await grantMenus(admin, full.id, ['home', 'sport.finance.capitalFlow', 'sport.refund.refundReview']);
    const less = await makeRole(admin, org.id);
    await grantMenus(admin, less.id, ['home', 'sport.refund.refundReview']);
    const user = await makeUser(admin, org.id, { roleIds: [full.id] });
    const other = await makeUser(admin, org.id, { roleIds: [full.id] });
    const c = await signIn(s, user.code, 'Pass1234');
    const ids = await menuIdsByKey(s, ['sport.finance.capitalFlow', 'sport.refund.refundReview', 'system.user', 'sport']);

    expect((await c.json('POST', sys('favorite/query'), { body: {} })).body).toEqual([]);
    const saved = await c.json('POST', sys('favorite/save'), { body: { menuIds: [ids['sport.refund.refundReview'], ids['sport.finance.capitalFlow']] } });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.body.map((m: { id: number; url: string }) => m.id)).toEqual([ids['sport.refund.refundReview'], ids['sport.finance.capitalFlow']]);
    expect(saved.body[1].url).toBe('/sport/views/financeCapitalFlow');

    // A screen the user may not open is refused, and nothing changes.
    const refused = await c.json('POST', sys('favorite/save'), { body: { menuIds: [ids['system.user']] } });
    expect(refused.code).toBe(969600);
    expect(refused.detail[0].field).toBe('menuIds');
    expect((await c.json('POST', sys('favorite/query'), { body: {} })).body).toHaveLength(2);

    const signedInOther = await signIn(s, other.code, 'Pass1234');
    expect((await signedInOther.json('POST', sys('favorite/query'), { body: {} })).body).toEqual([]);

    // The user loses the capital flow: it leaves the answer (and comes back with the access).
    await setUserRoles(admin, user.code, [less.id]);
    const after = await c.json('POST', sys('favorite/query'), { body: {} });
    expect(after.body.map((m: { id: number }) => m.id)).toEqual([ids['sport.refund.refundReview']]);
    await setUserRoles(admin, user.code, [full.id]);
    expect((await c.json('POST', sys('favorite/query'), { body: {} })).body).toHaveLength(2);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../../test/harness.ts';
import { adminClient, signIn } from '../../../system/admin.testkit.ts';
import { imbalances, pay } from '../../commerce/commerce.testkit.ts';
import { gaSession, gridMap, ok, seatedSession, seatsOf, ticketApi } from '../ticket.testkit.ts';
import { addDistributor, distStaff, feedDoc, feedServer } from './distribution.testkit.ts';
import { fetchFeed } from './feed.client.ts';

describe.each(databases)('ticket distribution on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  let c: Client;
  let staff: Awaited<ReturnType<typeof distStaff>>;
  let feeds: Awaited<ReturnType<typeof feedServer>>;
  beforeAll(async () => {
    // The feed server listens on 127.0.0.1: the outbound allow list must name it.
    s = await startServer(kind, { JOB_SCHEDULER: '0', JOB_HTTP_ALLOW: '127.0.0.1' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    staff = await distStaff(s, admin, platformId);
    c = staff.c;
    feeds = await feedServer({});
  }, 120_000);
  afterAll(async () => {
    await feeds?.close();
    await s?.close();
  });
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  const ticketsOf = async (orderId: number) =>
    s.database.query<{ state: string; level_id: string; seat_id: string | null; price_fen: string }>(
      `select state, level_id, seat_id, price_fen from sport_ticket where order_id = $1 order by id`,
      [orderId],
    );
  const refundAll = async (orderId: number) => {
    const order = await ok(c, 'GET', `/api/sport/commerce/order/${orderId}`);
    const applied = await ok(c, 'POST', '/api/sport/commerce/refund', {
      orderId,
      items: order.items.map((i: { id: number; quantity: number }) => ({ itemId: i.id, quantity: i.quantity })),
      reason: '观众退票',
    });
    // Approved by someone other than the applicant (issue 23): here the platform administrator.
    expect((await ok(admin, 'POST', `/api/sport/commerce/refund/${applied.id}/review`, { approve: true, remark: '同意' })).state).toBe('succeeded');
  };
  const level = (id: number) => ok(c, 'GET', ticketApi(`level/${id}`));

  it('distributors: add with a commission, list, edit with version, a duplicate name and a bad phone refused in the caller language', async () => {
    const d = await addDistributor(c, { name: '大麦分销', commissionPct: 12.5, feedUrl: 'https://feeds.example.com/damai.json' });
    expect(d).toMatchObject({ name: '大麦分销', commissionPct: 12.5, status: 0, soldCount: 0, soldFen: 0, version: 1 });
    const list = await ok(c, 'POST', ticketApi('distributor/list'), { name: '大麦' });
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([d.id]);
    const edited = await ok(c, 'PUT', ticketApi(`distributor/${d.id}`), { commissionPct: 8, status: 1, version: 1 });
    expect(edited).toMatchObject({ commissionPct: 8, status: 1, version: 2 });
    const stale = await c.json('PUT', ticketApi(`distributor/${d.id}`), { body: { name: 'x', version: 1 } });
    expect(stale.detail.reason).toBe('stale');
    const dup = await c.json('POST', ticketApi('distributor'), { body: { name: '大麦分销', commissionPct: 1 }, lang: 'en-US' });
    expect(dup.code).toBe(Code.CONFLICT);
    expect(dup.detail.reason).toBe('duplicate');
    const bad = await c.json('POST', ticketApi('distributor'), { body: { name: '某分销', commissionPct: 101, phone: '123' } });
    expect(bad.code).toBe(Code.INVALID);
    expect(bad.detail.map((x: { field: string }) => x.field).sort()).toEqual(['commissionPct', 'phone']);
    // Disabled: it may be given no quota.
    const { levelId } = await gaSession(c, 10);
    const refused = await c.json('POST', ticketApi('dist-quota'), { body: { distributorId: d.id, levelId, quantity: 1 }, lang: 'en-US' });
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.msg).toBe('This distributor is disabled');
    expect((await ok(c, 'DELETE', ticketApi(`distributor/${d.id}`))).deleted).toBe(1);
  });

  it('general-admission quota: taken from the level, sold by the distributor never beyond it, returned unused to the level', async () => {
    const d = await addDistributor(c);
    const ga = await gaSession(c, 30, 5000);
    const q = await ok(c, 'POST', ticketApi('dist-quota'), { distributorId: d.id, levelId: ga.levelId, quantity: 10 });
    expect(q).toMatchObject({ distributorId: d.id, levelId: ga.levelId, seated: false, quota: 10, sold: 0, held: 0, available: 10, levelName: '普通票' });
    expect(await level(ga.levelId)).toMatchObject({ quota: 20, available: 20 });
    const short = await c.json('POST', ticketApi('dist-quota'), { body: { distributorId: d.id, levelId: ga.levelId, quantity: 25 }, lang: 'en-US' });
    expect(short.code).toBe(Code.CONFLICT);
    expect(short.msg).toBe('Not enough unsold tickets at this level (20 left)');
    // The distributor sells 4 and is paid; 7 more are beyond the quota (6 left): nothing is taken.
    const order = await ok(c, 'POST', ticketApi(`distributor/${d.id}/order`), { quotaId: q.id, quantity: 4, buyer: { name: '张三', phone: '13900000002' } });
    expect(order.amount).toBe(20000);
    expect((await ok(c, 'GET', `/api/sport/commerce/order/${order.orderId}`)).channel).toBe('distributor');
    expect((await pay(c, order.orderId, { method: 'cash', amountFen: 20000 })).code).toBe(0);
    // The quota is not sold in another channel: the general order call sells general lines only (issue 23).
    const boxOffice = await c.json('POST', '/api/sport/commerce/order', {
      body: { type: 'ticket', items: [{ kind: 'dist_ticket', refId: q.id, quantity: 1 }] },
      lang: 'en-US',
    });
    expect(boxOffice.code).toBe(Code.INVALID);
    const over = await c.json('POST', ticketApi(`distributor/${d.id}/order`), { body: { quotaId: q.id, quantity: 7 } });
    expect(over.code).toBe(Code.CONFLICT);
    expect(over.detail.reason).toBe('taken');
    const [after] = (await ok(c, 'POST', ticketApi('dist-quota/list'), { distributorId: d.id })).data;
    expect(after).toMatchObject({ quota: 10, sold: 4, held: 0, available: 6 });
    // The level's own sale is untouched by the distributor's.
    expect(await level(ga.levelId)).toMatchObject({ quota: 20, sold: 0, available: 20 });
    // Returning: 3 back to the level; more than is unsold is refused.
    expect(await ok(c, 'POST', ticketApi(`dist-quota/${q.id}/return`), { quantity: 3 })).toMatchObject({ quota: 7, sold: 4, available: 3 });
    expect(await level(ga.levelId)).toMatchObject({ quota: 23, available: 23 });
    const tooMuch = await c.json('POST', ticketApi(`dist-quota/${q.id}/return`), { body: { quantity: 4 } });
    expect(tooMuch.code).toBe(Code.CONFLICT);
    expect(await ok(c, 'POST', ticketApi(`dist-quota/${q.id}/return`), {})).toMatchObject({ quota: 4, available: 0 });
    expect(await level(ga.levelId)).toMatchObject({ quota: 26 });
    // A refund gives the tickets back to the distributor.
    await refundAll(order.orderId);
    expect((await ticketsOf(order.orderId)).map((t) => t.state)).toEqual(['refunded', 'refunded', 'refunded', 'refunded']);
    expect((await ok(c, 'POST', ticketApi('dist-quota/list'), { distributorId: d.id })).data[0]).toMatchObject({ quota: 4, sold: 0, available: 4 });
    // Another distributor's quota is not this one's to sell.
    const other = await addDistributor(c);
    expect((await c.json('POST', ticketApi(`distributor/${other.id}/order`), { body: { quotaId: q.id, quantity: 1 } })).code).toBe(Code.NOT_FOUND);
  });

  it('seated quota: seats blocked for the distributor, sold only by them, a refunded seat goes back to them, returned seats are free again', async () => {
    const d = await addDistributor(c);
    const { session } = await seatedSession(c, gridMap(1, 1, 4));
    const seats = await seatsOf(c, session.id);
    const levelA = session.levels[0].id;
    const q = await ok(c, 'POST', ticketApi('dist-quota'), { distributorId: d.id, levelId: levelA, seatIds: [seats[0]!.id, seats[1]!.id] });
    expect(q).toMatchObject({ seated: true, quota: 2, available: 2 });
    expect(q.seats.map((x: { id: number; state: string }) => [x.id, x.state])).toEqual([
      [seats[0]!.id, 'blocked'],
      [seats[1]!.id, 'blocked'],
    ]);
    // Taken already: a seat given to a distributor is not free for another.
    const again = await c.json('POST', ticketApi('dist-quota'), { body: { distributorId: d.id, levelId: levelA, seatIds: [seats[1]!.id, seats[2]!.id] } });
    expect(again.code).toBe(Code.CONFLICT);
    expect((await seatsOf(c, session.id))[2]!.state).toBe('free');
    // The console cannot sell it; the distributor can; a seat outside the quota is refused.
    expect((await c.json('POST', ticketApi('order'), { body: { sessionId: session.id, seatIds: [seats[0]!.id] } })).detail.reason).toBe('taken');
    const outside = await c.json('POST', ticketApi(`distributor/${d.id}/order`), { body: { quotaId: q.id, seatIds: [seats[3]!.id] } });
    expect(outside.detail.reason).toBe('taken');
    const order = await ok(c, 'POST', ticketApi(`distributor/${d.id}/order`), { quotaId: q.id, seatIds: [seats[0]!.id] });
    expect(order.amount).toBe(38000);
    expect((await pay(c, order.orderId, { method: 'cash', amountFen: 38000 })).code).toBe(0);
    expect((await seatsOf(c, session.id))[0]!.state).toBe('sold');
    await refundAll(order.orderId);
    expect((await seatsOf(c, session.id))[0]!.state).toBe('blocked');
    expect((await ok(c, 'POST', ticketApi('dist-quota/list'), { sessionId: session.id })).data[0]).toMatchObject({ sold: 0, available: 2 });
    // Returning one seat frees it for the console's sale.
    expect(await ok(c, 'POST', ticketApi(`dist-quota/${q.id}/return`), { seatIds: [seats[1]!.id] })).toMatchObject({ quota: 1 });
    expect((await seatsOf(c, session.id))[1]!.state).toBe('free');
    expect((await c.json('POST', ticketApi('order'), { body: { sessionId: session.id, seatIds: [seats[1]!.id] } })).code).toBe(0);
    // A seat modification cannot release or re-level a seat given to the distributor: it stays theirs.
    const release = await c.json('POST', ticketApi(`session/${session.id}/seats/release`), { body: { seatIds: [seats[0]!.id] }, lang: 'en-US' });
    expect(release.code).toBe(Code.CONFLICT);
    expect(release.msg).toMatch(/given to a distributor/);
    expect((await c.json('POST', ticketApi(`session/${session.id}/seats/relevel`), { body: { seatIds: [seats[0]!.id], levelId: levelA } })).code).toBe(
      Code.CONFLICT,
    );
    expect((await seatsOf(c, session.id))[0]!.state).toBe('blocked');
    expect((await ok(c, 'POST', ticketApi('dist-quota/list'), { sessionId: session.id })).data[0]).toMatchObject({ quota: 1, available: 1 });
    // Returning all (no seats named) gives back the blocked seat it still holds.
    expect(await ok(c, 'POST', ticketApi(`dist-quota/${q.id}/return`), {})).toMatchObject({ quota: 0, available: 0, seats: [] });
    expect((await seatsOf(c, session.id))[0]!.state).toBe('free');
  });

  it('sales and settlement: a distributor sales list, and per period the sold amount, the commission at the rate of each sale and the net due', async () => {
    const d = await addDistributor(c, { commissionPct: 12.5 });
    const ga = await gaSession(c, 50, 3000);
    const q = await ok(c, 'POST', ticketApi('dist-quota'), { distributorId: d.id, levelId: ga.levelId, quantity: 20 });
    const sell = async (n: number) => {
      const o = await ok(c, 'POST', ticketApi(`distributor/${d.id}/order`), { quotaId: q.id, quantity: n });
      expect((await pay(c, o.orderId, { method: 'cash', amountFen: o.amount })).code).toBe(0);
      return o;
    };
    await sell(2);
    const refunded = await sell(1);
    await ok(c, 'PUT', ticketApi(`distributor/${d.id}`), { commissionPct: 20, version: 1 });
    await sell(3);
    await refundAll(refunded.orderId);
    await ok(c, 'POST', ticketApi(`distributor/${d.id}/order`), { quotaId: q.id, quantity: 1 }); // unpaid: not settled
    const sales = await ok(c, 'POST', ticketApi('distributor/sales'), { distributorId: d.id });
    expect(sales.total).toBe(4);
    expect(sales.data.map((x: { commissionPct: number }) => x.commissionPct)).toEqual([20, 20, 12.5, 12.5]);
    const period = { from: new Date(Date.now() - 3600_000).toISOString(), to: new Date(Date.now() + 3600_000).toISOString() };
    const { rows } = await ok(c, 'POST', ticketApi('distributor/settlement'), { distributorId: d.id, ...period });
    // 2 × 3000 at 12.5 % and 3 × 3000 at 20 %; the refunded order counts for nothing.
    expect(rows).toEqual([
      {
        distributorId: d.id,
        distributorName: d.name,
        commissionPct: 20,
        orders: 3,
        tickets: 5,
        soldFen: 15000,
        refundedFen: 3000,
        commissionFen: 750 + 1800,
        netDueFen: 15000 - 2550,
      },
    ]);
    expect((await ok(c, 'GET', ticketApi(`distributor/${d.id}`))).soldCount).toBe(5);
    const bad = await c.json('POST', ticketApi('distributor/settlement'), { body: { from: period.to, to: period.from } });
    expect(bad.code).toBe(Code.FORM_INVALID);
  });

  it('feed: preview, pull chosen projects as external items, refresh their stock and prices; a missing project is marked; bad documents are refused clearly', async () => {
    feeds.routes['/feed.json'] = feedDoc([
      {
        id: 'P1',
        name: '城市马拉松',
        levels: [
          [18000, 120],
          [28000, 30],
        ],
      },
      { id: 'P2', name: '草莓音乐节', levels: [[38000, 500]] },
    ]);
    const d = await addDistributor(c, { feedUrl: feeds.url('/feed.json') });
    const preview = await ok(c, 'POST', ticketApi(`distributor/${d.id}/feed`), {});
    expect(preview.publisher).toBe('测试分销');
    expect(
      preview.projects.map((p: { id: string; stock: number; minPriceFen: number; maxPriceFen: number; pulled: boolean }) => [
        p.id,
        p.stock,
        p.minPriceFen,
        p.maxPriceFen,
        p.pulled,
      ]),
    ).toEqual([
      ['P1', 150, 18000, 28000, false],
      ['P2', 500, 38000, 38000, false],
    ]);
    expect(await ok(c, 'POST', ticketApi(`distributor/${d.id}/pull`), { externalIds: ['P1'] })).toEqual({ pulled: 1, refreshed: 0 });
    const unknown = await c.json('POST', ticketApi(`distributor/${d.id}/pull`), { body: { externalIds: ['P9'] }, lang: 'en-US' });
    expect(unknown.code).toBe(Code.FORM_INVALID);
    expect(unknown.detail[0].message).toBe('The feed has no project P9');
    let items = (await ok(c, 'POST', ticketApi('external-item/list'), { distributorId: d.id })).data;
    expect(
      items.map((i: { externalId: string; name: string; stock: number; sourceUrl: string; missing: boolean }) => [
        i.externalId,
        i.name,
        i.stock,
        i.sourceUrl,
        i.missing,
      ]),
    ).toEqual([['P1', '城市马拉松', 150, feeds.url('/feed.json'), false]]);
    expect((await ok(c, 'POST', ticketApi(`distributor/${d.id}/feed`), {})).projects[0].pulled).toBe(true);
    // The distributor sells: stock and prices change; a refresh takes them.
    feeds.routes['/feed.json'] = feedDoc([
      {
        id: 'P1',
        name: '城市马拉松',
        levels: [
          [16000, 7],
          [28000, 0],
        ],
      },
      { id: 'P2', name: '草莓音乐节', levels: [[38000, 500]] },
    ]);
    expect(await ok(c, 'POST', ticketApi('external-item/refresh'), { distributorId: d.id })).toEqual({ refreshed: 1, missing: 0 });
    items = (await ok(c, 'POST', ticketApi('external-item/list'), { distributorId: d.id })).data;
    expect(items[0]).toMatchObject({ stock: 7, minPriceFen: 16000, maxPriceFen: 28000, missing: false });
    feeds.routes['/feed.json'] = feedDoc([{ id: 'P2', name: '草莓音乐节', levels: [[38000, 500]] }]);
    expect(await ok(c, 'POST', ticketApi('external-item/refresh'), { ids: [items[0].id] })).toEqual({ refreshed: 0, missing: 1 });
    expect((await ok(c, 'POST', ticketApi('external-item/list'), { distributorId: d.id })).data[0]).toMatchObject({ missing: true, stock: 7 });

    // Bad documents: each refused with what is wrong, nothing imported.
    const tryFeed = async (path: string, body: unknown) => {
      feeds.routes[path] = body;
      await ok(c, 'PUT', ticketApi(`distributor/${d.id}`), {
        feedUrl: feeds.url(path),
        version: (await ok(c, 'GET', ticketApi(`distributor/${d.id}`))).version,
      });
      const res = await c.json('POST', ticketApi(`distributor/${d.id}/pull`), { body: { externalIds: ['P2'] }, lang: 'en-US' });
      expect(res.code).toBe(Code.FORM_INVALID);
      return res.detail[0].message as string;
    };
    expect(await tryFeed('/broken.json', '{"format": "venue-ticket-feed/1", "projects": [')).toBe('The distributor feed is not valid JSON');
    expect(await tryFeed('/big.json', JSON.stringify({ ...feedDoc([]), padding: 'x'.repeat(1_100_000) }))).toBe('The distributor feed is larger than 1000 KB');
    expect(
      await tryFeed('/wrong.json', {
        format: 'venue-ticket-feed/1',
        projects: [{ id: 'P2', name: '草莓音乐节', sessions: [{ id: 'S', name: '一场', startAt: 'tomorrow', levels: [] }] }],
      }),
    ).toMatch(/^The distributor feed is malformed: projects\.0\.sessions\.0\.startAt /);
    expect(await tryFeed('/other-format.json', { format: 'rss', projects: [] })).toMatch(/^The distributor feed is malformed: format /);
    feeds.routes['/gone.json'] = undefined;
    expect(await tryFeed('/gone.json', undefined)).toBe('The distributor feed answered HTTP 404');
    expect((await ok(c, 'POST', ticketApi('external-item/list'), { distributorId: d.id })).total).toBe(1);
  });

  it('feed client: a feed that never finishes answering is refused after the time limit; a loopback feed not on the allow list is refused unread', async () => {
    feeds.routes['/hang.json'] = 'hang';
    await expect(fetchFeed(feeds.url('/hang.json'), { allow: ['127.0.0.1'], timeoutMs: 300 })).rejects.toMatchObject({ msgKey: 'dist.feedTimeout' });
    feeds.routes['/ok.json'] = feedDoc([]);
    await expect(fetchFeed(feeds.url('/ok.json'), { allow: [] })).rejects.toMatchObject({ msgKey: 'dist.feedUnreachable' });
    expect((await fetchFeed(feeds.url('/ok.json'), { allow: ['127.0.0.1'] })).projects).toEqual([]);
  });

  it('package tickets: one unit takes one ticket of each part, all or nothing; paid, then refunded as a whole', async () => {
    const a = await gaSession(c, 5, 6000);
    const b = await gaSession(c, 1, 4000);
    const pkg = await ok(c, 'POST', ticketApi('package'), {
      name: `双场套票${Math.random().toString(36).slice(2, 6)}`,
      priceFen: 8000,
      stock: 10,
      parts: [{ levelId: a.levelId }, { levelId: b.levelId }],
    });
    expect(pkg).toMatchObject({ priceFen: 8000, stock: 10, available: 10 });
    expect(pkg.parts.map((p: { levelId: number }) => p.levelId)).toEqual([a.levelId, b.levelId]);
    const order = await ok(c, 'POST', ticketApi(`package/${pkg.id}/order`), { quantity: 1, buyer: { name: '李四' } });
    expect(order.amount).toBe(8000);
    expect((await pay(c, order.orderId, { method: 'cash', amountFen: 8000 })).code).toBe(0);
    const tickets = await ticketsOf(order.orderId);
    // The package price split over its parts by their prices: 6000:4000 of 8000.
    expect(tickets.map((t) => [Number(t.level_id), t.state, Number(t.price_fen)])).toEqual([
      [a.levelId, 'sold', 4800],
      [b.levelId, 'sold', 3200],
    ]);
    // The second part is sold out: nothing of the first is taken, the package keeps its stock.
    const out = await c.json('POST', ticketApi(`package/${pkg.id}/order`), { body: { quantity: 1 }, lang: 'en-US' });
    expect(out.code).toBe(Code.CONFLICT);
    expect(out.detail.reason).toBe('taken');
    expect(out.msg).toMatch(/^Part of the package is sold out: /);
    expect(await level(a.levelId)).toMatchObject({ sold: 1, held: 0, available: 4 });
    expect(await ok(c, 'GET', ticketApi(`package/${pkg.id}`))).toMatchObject({ sold: 1, held: 0, available: 9 });
    // A refund of the package refunds every ticket of it and gives back each part and the stock.
    await refundAll(order.orderId);
    expect((await ticketsOf(order.orderId)).map((t) => t.state)).toEqual(['refunded', 'refunded']);
    expect(await level(a.levelId)).toMatchObject({ sold: 0, available: 5 });
    expect(await level(b.levelId)).toMatchObject({ sold: 0, available: 1 });
    expect(await ok(c, 'GET', ticketApi(`package/${pkg.id}`))).toMatchObject({ sold: 0, available: 10 });
    // With a seated part: the level's first free seat is held.
    const { session } = await seatedSession(c, gridMap(1, 1, 2));
    const seated = await ok(c, 'POST', ticketApi('package'), {
      name: `座位套票${Math.random().toString(36).slice(2, 6)}`,
      priceFen: 40000,
      stock: 5,
      parts: [{ levelId: a.levelId }, { levelId: session.levels[0].id }],
    });
    const so = await ok(c, 'POST', ticketApi(`package/${seated.id}/order`), { quantity: 2 });
    expect((await seatsOf(c, session.id)).map((x) => x.state)).toEqual(['held', 'held']);
    expect((await c.json('POST', ticketApi(`package/${seated.id}/order`), { body: { quantity: 1 } })).detail.reason).toBe('taken');
    expect(await level(a.levelId)).toMatchObject({ held: 2 });
    expect((await ok(c, 'POST', `/api/sport/commerce/order/${so.orderId}/cancel`, { reason: '不要了' })).state).toBe('cancelled');
    expect((await seatsOf(c, session.id)).map((x) => x.state)).toEqual(['free', 'free']);
    // Rules: parts differ; stock not below what is sold; a package with sales is not deleted.
    expect(
      (await c.json('POST', ticketApi('package'), { body: { name: 'x', priceFen: 1, stock: 1, parts: [{ levelId: a.levelId }, { levelId: a.levelId }] } }))
        .code,
    ).toBe(Code.FORM_INVALID);
    expect((await ok(c, 'DELETE', ticketApi(`package/${seated.id}`))).deleted).toBe(1);
  });

  it('statistics: figures per project, session, level, channel and distributor match the sales made; the sales list names channel, distributor and package', async () => {
    const own = await distStaff(s, admin, platformId);
    const oc = own.c;
    const ga = await gaSession(oc, 40, 5000, { name: '统计演出' });
    const d = await addDistributor(oc, { name: '携程' });
    const q = await ok(oc, 'POST', ticketApi('dist-quota'), { distributorId: d.id, levelId: ga.levelId, quantity: 10 });
    const paid = async (o: { orderId: number; amount: number }) => expect((await pay(oc, o.orderId, { method: 'cash', amountFen: o.amount })).code).toBe(0);
    await paid(await ok(oc, 'POST', ticketApi('order'), { sessionId: ga.session.id, levelId: ga.levelId, quantity: 2 }));
    await paid(await ok(oc, 'POST', ticketApi(`distributor/${d.id}/order`), { quotaId: q.id, quantity: 3 }));
    await ok(oc, 'POST', ticketApi('order'), { sessionId: ga.session.id, levelId: ga.levelId, quantity: 1 }); // held, unpaid
    const other = await gaSession(oc, 5, 2000, { name: '另一演出' });
    const pkg = await ok(oc, 'POST', ticketApi('package'), {
      name: '联票',
      priceFen: 6000,
      stock: 3,
      parts: [{ levelId: ga.levelId }, { levelId: other.levelId }],
    });
    await paid(await ok(oc, 'POST', ticketApi(`package/${pkg.id}/order`), {}));
    const stats = await ok(oc, 'POST', ticketApi('stats'), {});
    // 2 + 3 at 5000, and the package's 6000 split 4285 + 1715 (floor, the last part takes the rest).
    expect(stats.total).toEqual({ count: 7, amountFen: 10000 + 15000 + 6000, refunded: 0 });
    expect(stats.byProject.map((x: { name: string; count: number; amountFen: number }) => [x.name, x.count, x.amountFen])).toEqual([
      ['统计演出', 6, 25000 + 4285],
      ['另一演出', 1, 1715],
    ]);
    expect(stats.byChannel.map((x: { key: string; count: number; amountFen: number }) => [x.key, x.count, x.amountFen])).toEqual([
      ['console', 4, 10000 + 6000],
      ['distributor', 3, 15000],
    ]);
    expect(stats.byDistributor).toEqual([{ key: String(d.id), name: '携程', count: 3, amountFen: 15000 }]);
    expect(stats.byLevel).toHaveLength(2);
    const figures = stats.sessions.find((x: { sessionId: number }) => x.sessionId === ga.session.id);
    // 40: 2 sold at the console, 1 in a package, 3 by the distributor; 1 held; 7 of the distributor's unsold; 26 free.
    expect(figures).toMatchObject({ sold: 6, held: 1, distributed: 7, free: 26 });
    const one = await ok(oc, 'POST', ticketApi('stats'), { projectId: other.project.id });
    expect(one.total.count).toBe(1);
    const sales = await ok(oc, 'POST', ticketApi('sales'), { pageSize: 50 });
    expect(sales.total).toBe(7);
    expect(
      sales.data.filter((x: { channel: string; distributorName: string | null }) => x.channel === 'distributor' && x.distributorName === '携程'),
    ).toHaveLength(3);
    expect(sales.data.filter((x: { packageName: string | null }) => x.packageName === '联票')).toHaveLength(2);
    expect((await ok(oc, 'POST', ticketApi('sales'), { distributorId: d.id })).total).toBe(3);
  });

  it("another organisation's distributor, quota, package and filters answer 100404 and change nothing", async () => {
    const d = await addDistributor(c, { name: `本店分销${Math.random().toString(36).slice(2, 6)}` });
    const ga = await gaSession(c, 10, 1000);
    const q = await ok(c, 'POST', ticketApi('dist-quota'), { distributorId: d.id, levelId: ga.levelId, quantity: 5 });
    const pkg = await ok(c, 'POST', ticketApi('package'), {
      name: `本店套票${Math.random().toString(36).slice(2, 6)}`,
      priceFen: 1000,
      stock: 2,
      parts: [{ levelId: ga.levelId }, { levelId: (await gaSession(c, 3)).levelId }],
    });
    const stranger = (await distStaff(s, admin, platformId)).c;
    const theirs = await addDistributor(stranger);
    const nf = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      expect((await stranger.json(method, url, body === undefined ? {} : { body })).code, `${method} ${url}`).toBe(Code.NOT_FOUND);
    await nf('GET', ticketApi(`distributor/${d.id}`));
    await nf('PUT', ticketApi(`distributor/${d.id}`), { name: 'x', version: 1 });
    await nf('DELETE', ticketApi(`distributor/${d.id}`));
    await nf('POST', ticketApi(`distributor/${d.id}/order`), { quotaId: q.id, quantity: 1 });
    await nf('POST', ticketApi(`distributor/${theirs.id}/order`), { quotaId: q.id, quantity: 1 });
    await nf('POST', ticketApi('dist-quota'), { distributorId: theirs.id, levelId: ga.levelId, quantity: 1 });
    await nf('POST', ticketApi(`dist-quota/${q.id}/return`), {});
    await nf('GET', ticketApi(`package/${pkg.id}`));
    await nf('PUT', ticketApi(`package/${pkg.id}`), { stock: 0, version: 1 });
    await nf('DELETE', ticketApi(`package/${pkg.id}`));
    await nf('POST', ticketApi(`package/${pkg.id}/order`), {});
    await nf('POST', ticketApi('stats'), { projectId: ga.project.id });
    await nf('POST', ticketApi('distributor/sales'), { distributorId: d.id });
    expect((await stranger.json('POST', ticketApi('dist-quota/list'), { body: {} })).body.total).toBe(0);
    expect(await ok(c, 'GET', ticketApi(`distributor/${d.id}`))).toMatchObject({ version: 1 });
    expect((await ok(c, 'POST', ticketApi('dist-quota/list'), { distributorId: d.id })).data[0]).toMatchObject({ quota: 5, available: 5 });
    expect(await ok(c, 'GET', ticketApi(`package/${pkg.id}`))).toMatchObject({ stock: 2, version: 1 });
  });

  it.runIf(kind === 'postgres')(
    'races on PostgreSQL: 60 distributor orders for a quota of 25 never pass it; 40 package buyers never pass a part of 12',
    async () => {
      const d = await addDistributor(c);
      const ga = await gaSession(c, 100, 1000);
      const q = await ok(c, 'POST', ticketApi('dist-quota'), { distributorId: d.id, levelId: ga.levelId, quantity: 25 });
      const sellers = await Promise.all(Array.from({ length: 12 }, () => signIn(s, staff.code, 'Pass1234')));
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          sellers[i % sellers.length]!.json('POST', ticketApi(`distributor/${d.id}/order`), { body: { quotaId: q.id, quantity: 1 + (i % 2) } }),
        ),
      );
      expect(results.filter((r) => r.code !== 0 && !(r.code === Code.CONFLICT && r.detail.reason === 'taken')).map((r) => `${r.code} ${r.msg}`)).toEqual([]);
      const [row] = await s.database.query<{ quota: number; held: number; sold: number; tickets: string }>(
        `select quota, held, sold, (select count(*) from sport_ticket t join sport_ticket_dist_order o on o.order_id = t.order_id where o.distributor_id = $2 and t.state = 'held') as tickets from sport_ticket_dist_quota where id = $1`,
        [q.id, d.id],
      );
      expect(row!.held + row!.sold).toBeLessThanOrEqual(row!.quota);
      expect(Number(row!.tickets)).toBe(row!.held);
      expect(row!.held).toBeGreaterThanOrEqual(24);
      // The level's own 75 are untouched by the distributor's rush.
      expect(await level(ga.levelId)).toMatchObject({ quota: 75, held: 0, sold: 0 });

      const small = await gaSession(c, 12, 1000);
      const big = await gaSession(c, 100, 1000);
      const pkg = await ok(c, 'POST', ticketApi('package'), {
        name: `抢购套票${Math.random().toString(36).slice(2, 6)}`,
        priceFen: 1500,
        stock: 100,
        parts: [{ levelId: big.levelId }, { levelId: small.levelId }],
      });
      const rush = await Promise.all(
        Array.from({ length: 40 }, (_, i) => sellers[i % sellers.length]!.json('POST', ticketApi(`package/${pkg.id}/order`), { body: { quantity: 1 } })),
      );
      expect(rush.filter((r) => r.code !== 0 && !(r.code === Code.CONFLICT && r.detail.reason === 'taken')).map((r) => `${r.code} ${r.msg}`)).toEqual([]);
      const won = rush.filter((r) => r.code === 0).length;
      expect(won).toBe(12);
      // All or nothing: the big part held exactly as many as the small one, and the package as many.
      expect((await level(big.levelId)).held).toBe(12);
      expect((await ok(c, 'GET', ticketApi(`package/${pkg.id}`))).held).toBe(12);
    },
  );
});

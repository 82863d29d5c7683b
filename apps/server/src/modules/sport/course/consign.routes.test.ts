import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';

import { adminClient, uniq } from '../../system/admin.testkit.ts';
import { deliverOrderEvents, imbalances, pay, seedCommerceJobs, sport } from '../commerce/commerce.testkit.ts';
import { courseApi, enrol, makeClass, makeCoach, makeMember, ok, courseStaff } from './course.testkit.ts';

const partnerApi = (p: string) => `/api/sport/course/partner${p ? `/${p}` : ''}`;
const consignApi = (p: string) => `/api/sport/course/consign/${p}`;

/** A new organisation with two users holding the training, consignment, venue and commerce screens, and a venue. */
const consignStaff = (s: TestServer, admin: Client, parentId: number) => courseStaff(s, admin, parentId, { keys: ['sport.course.consign'], venue: { n: 1 } });

type Staff = Awaited<ReturnType<typeof consignStaff>>;

const addPartner = (st: Staff, body: Record<string, unknown> = {}) =>
  ok(st.c, 'POST', partnerApi(''), { name: uniq('蓝海豚'), contact: '林海', phone: '0571-88886666', sharePermille: 300, seatFeeFen: 2000, ...body });

/** A consigned course (approved) at `priceFen` with a class of 10 seats. */
async function consignedClass(s: TestServer, st: Staff, partnerId: number | null, priceFen: number) {
  const made = await ok(st.c, 'POST', courseApi(''), {
    venueId: st.venue.id,
    name: uniq('寄售课'),
    sport: 'swimming',
    kind: 'group',
    lessonsPerClass: 10,
    minutesPerLesson: 60,
    priceFen,
    partnerId,
  });
  const sent = await ok(st.c, 'POST', courseApi(`${made.id}/submit`), { version: made.version });
  await ok(st.reviewer, 'POST', courseApi(`${made.id}/review`), { approved: true, version: sent.version });
  const classId = await makeClass(st.c, made.id, await makeCoach(s, st.orgId), 10);
  return { courseId: made.id as number, classId };
}

async function paidSeat(s: TestServer, st: Staff, classId: number, priceFen: number) {
  const e = await enrol(st.c, classId, await makeMember(s, st.orgId));
  expect(e.code, e.msg).toBe(0);
  const paid = await pay(st.c, e.body.orderId!, { method: 'cash', amountFen: priceFen });
  expect(paid.code, paid.msg).toBe(0);
  return e.body.orderId!;
}

/** The month of now in Shanghai (the organisations' time zone), and the one before. */
const monthOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(d).slice(0, 7);
const thisMonth = () => monthOf(new Date());

/** What partnerPayable took (credits less debits) by the share postings of an organisation's month. */
async function ledgerPartnerSum(s: TestServer, orgId: number, month: string) {
  const [row] = await s.database.query<{ fen: string }>(
    `select coalesce(sum(case when side = 'credit' then amount_fen else -amount_fen end), 0) as fen from sport_ledger_entry
      where org_id = $1 and account = 'partnerPayable' and txn_kind = 'partner_share' and to_char(business_day, 'YYYY-MM') = $2`,
    [orgId, month],
  );
  return Number(row!.fen);
}

describe.each(databases)('consignment courses on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    // The queue job that carries commerce's events (a part refund reaches the partner's share through one).
    await seedCommerceJobs(s.database.db);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  it('partners: add, list, edit with the version seen (a stale version is 100409), a duplicate name refused, export', async () => {
    const st = await consignStaff(s, admin, platformId);
    const p = await addPartner(st, { name: '蓝海豚游泳学校', account: '招商银行 6214 0000' });
    expect(p).toMatchObject({ name: '蓝海豚游泳学校', sharePermille: 300, seatFeeFen: 2000, status: 'on', courses: 0, version: 1 });
    const edited = await ok(st.c, 'PUT', partnerApi(String(p.id)), { sharePermille: 350, version: p.version });
    expect(edited).toMatchObject({ sharePermille: 350, version: 2 });
    const stale = await st.c.json('PUT', partnerApi(String(p.id)), { body: { sharePermille: 400, version: p.version } });
    expect(stale.code).toBe(Code.CONFLICT);
    const dup = await st.c.json('POST', partnerApi(''), { body: { name: '蓝海豚游泳学校', sharePermille: 100 } });
    expect(dup.code).not.toBe(0);
    const list = await ok(st.c, 'POST', partnerApi('list'), { pageNum: 1, pageSize: 10, name: '蓝海豚' });
    expect(list.total).toBe(1);
    const file = await st.c.call('POST', partnerApi('export'), { body: {} });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });

  it("a paid seat posts the partner's share, a refund reverses it, and the month's statement equals partnerPayable to the fen", async () => {
    const st = await consignStaff(s, admin, platformId);
    const partner = await addPartner(st);
    // ¥999.99 a seat: 30% is ¥299.997, rounded down to ¥299.99, less ¥20 a seat: ¥279.99 to the partner.
    const { courseId, classId } = await consignedClass(s, st, partner.id, 99_999);
    const course = await ok(st.c, 'GET', courseApi(String(courseId)));
    expect(course).toMatchObject({ partnerId: partner.id, partnerName: partner.name });
    const own = await consignedClass(s, st, null, 50_000);
    await paidSeat(s, st, own.classId, 50_000);

    const first = await paidSeat(s, st, classId, 99_999);
    await paidSeat(s, st, classId, 99_999);
    const month = thisMonth();
    expect(await ledgerPartnerSum(s, st.orgId, month)).toBe(2 * 27_999);
    const summary = await ok(st.c, 'POST', consignApi('summary'), { month });
    expect(summary.rows).toEqual([
      expect.objectContaining({ courseId, partnerId: partner.id, seats: 2, revenueFen: 199_998, partnerFen: 55_998, venueFen: 144_000 }),
    ]);

    // The first seat refunded (its item, approved by another user): the share goes back.
    const order = await ok(st.c, 'GET', sport(`order/${first}`));
    const refund = await ok(st.c, 'POST', sport('refund'), { orderId: first, items: [{ itemId: order.items[0].id, quantity: 1 }], reason: '退课' });
    expect((await ok(st.reviewer, 'POST', sport(`refund/${refund.id}/review`), { approve: true, remark: '同意' })).state).toBe('succeeded');

    const statement = await ok(st.c, 'POST', consignApi('statement'), { partnerId: partner.id, month });
    expect(statement.lines.map((l: { kind: string; partnerFen: number }) => [l.kind, l.partnerFen])).toEqual([
      ['sale', 27_999],
      ['sale', 27_999],
      ['refund', -27_999],
    ]);
    expect(statement).toMatchObject({ seats: 1, revenueFen: 99_999, partnerFen: 27_999, venueFen: 72_000, closed: false, payout: null });
    expect(statement.partnerFen).toBe(await ledgerPartnerSum(s, st.orgId, month));
    expect((await ok(st.c, 'POST', consignApi('summary'), { month })).rows[0]).toMatchObject({ seats: 1, partnerFen: 27_999 });
    // The month is not over: it cannot be paid out yet.
    const early = await st.c.json('POST', consignApi('pay'), { body: { partnerId: partner.id, month, amountFen: 27_999, method: 'transfer' } });
    expect(early.code).toBe(Code.CONFLICT);
    const xlsx = await st.c.call('POST', consignApi('statement/export'), { body: { partnerId: partner.id, month } });
    expect(xlsx.statusCode).toBe(200);
  });

  it("part of a seat's money refunded lowers the partner's share to the share of what is left; the whole seat refunded then reverses the rest", async () => {
    const st = await consignStaff(s, admin, platformId);
    const partner = await addPartner(st);
    const { classId } = await consignedClass(s, st, partner.id, 99_999);
    const orderId = await paidSeat(s, st, classId, 99_999);
    const month = thisMonth();
    const refundMoney = async (body: Record<string, unknown>) => {
      const r = await ok(st.c, 'POST', sport('refund'), { orderId, reason: '少上两节课', ...body });
      expect((await ok(st.reviewer, 'POST', sport(`refund/${r.id}/review`), { approve: true, remark: '同意' })).state).toBe('succeeded');
    };
    const shares = async () =>
      (await ok(st.c, 'POST', consignApi('statement'), { partnerId: partner.id, month })).lines.map(
        (l: { kind: string; paidFen: number; partnerFen: number }) => [l.kind, l.paidFen, l.partnerFen],
      );

    // ¥200 of ¥999.99 back: ¥799.99 left, 30% rounded down is ¥239.99, less ¥20: the partner's ¥279.99 becomes ¥219.99.
    await refundMoney({ amountFen: 20_000 });
    expect(await deliverOrderEvents(s, orderId, 'course.consign.%')).toEqual([expect.stringContaining('handled by course.consign.adjustShares')]);
    expect(await deliverOrderEvents(s, orderId, 'course.consign.%')).toEqual([]);
    expect(await shares()).toEqual([
      ['sale', 99_999, 27_999],
      ['adjust', -20_000, -6_000],
    ]);
    expect(await ledgerPartnerSum(s, st.orgId, month)).toBe(21_999);

    // ¥100 more (¥699.99 left: ¥189.99), then the seat itself: the rest of the share goes back.
    await refundMoney({ amountFen: 10_000 });
    await deliverOrderEvents(s, orderId);
    const order = await ok(st.c, 'GET', sport(`order/${orderId}`));
    await refundMoney({ items: [{ itemId: order.items[0].id, quantity: 1 }], amountFen: 69_999 });
    await deliverOrderEvents(s, orderId);
    expect(await shares()).toEqual([
      ['sale', 99_999, 27_999],
      ['adjust', -20_000, -6_000],
      ['adjust', -10_000, -3_000],
      ['refund', -69_999, -18_999],
    ]);
    const statement = await ok(st.c, 'POST', consignApi('statement'), { partnerId: partner.id, month });
    expect(statement).toMatchObject({ seats: 0, revenueFen: 0, partnerFen: 0 });
    expect(await ledgerPartnerSum(s, st.orgId, month)).toBe(0);
  });

  /** A partner at half of each seat, one seat of `priceFen` sold last month (its line and its ledger entries moved there). */
  async function soldLastMonth(priceFen: number) {
    const st = await consignStaff(s, admin, platformId);
    const partner = await addPartner(st, { sharePermille: 500, seatFeeFen: 0 });
    const { classId } = await consignedClass(s, st, partner.id, priceFen);
    await paidSeat(s, st, classId, priceFen);
    const last = monthOf(new Date(Date.now() - 40 * 86_400_000));
    await s.database.query(`update sport_course_consign_line set business_day = $2 where org_id = $1`, [st.orgId, `${last}-15`]);
    await s.database.query(`update sport_ledger_entry set business_day = $2 where org_id = $1 and txn_kind = 'partner_share'`, [st.orgId, `${last}-15`]);
    return { st, partner, last };
  }

  it('a month that is over is paid out once, for the sum seen: partnerPayable settled, the payout never changes', async () => {
    const { st, partner, last } = await soldLastMonth(10_001);
    const before = await ok(st.c, 'POST', consignApi('statement'), { partnerId: partner.id, month: last });
    expect(before).toMatchObject({ partnerFen: 5000, closed: true, payout: null });
    const wrong = await st.c.json('POST', consignApi('pay'), { body: { partnerId: partner.id, month: last, amountFen: 4999, method: 'transfer' } });
    expect(wrong.code).toBe(Code.CONFLICT);
    const paid = await ok(st.c, 'POST', consignApi('pay'), { partnerId: partner.id, month: last, amountFen: 5000, method: 'transfer', payRef: 'TR-1' });
    expect(paid.payout).toMatchObject({ amountFen: 5000, method: 'transfer', payRef: 'TR-1' });
    const again = await st.c.json('POST', consignApi('pay'), { body: { partnerId: partner.id, month: last, amountFen: 5000, method: 'cash' } });
    expect(again.code).toBe(Code.CONFLICT);
    const [owed] = await s.database.query<{ fen: string }>(
      `select coalesce(sum(case when side = 'credit' then amount_fen else -amount_fen end), 0) as fen from sport_ledger_entry where org_id = $1 and account = 'partnerPayable'`,
      [st.orgId],
    );
    expect(Number(owed!.fen)).toBe(0);
  });

  it.runIf(kind === 'postgres')('ten payouts of one month at once: one is made, the others answer 100409, partnerPayable is settled once', async () => {
    const { st, partner, last } = await soldLastMonth(8_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        st.c.json('POST', consignApi('pay'), { body: { partnerId: partner.id, month: last, amountFen: 4000, method: 'transfer', payRef: `TR-${i}` } }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Code.CONFLICT)).toHaveLength(9);
    const [owed] = await s.database.query<{ fen: string; n: string }>(
      `select coalesce(sum(case when side = 'credit' then amount_fen else -amount_fen end), 0) as fen, count(*) filter (where side = 'debit') as n
         from sport_ledger_entry where org_id = $1 and account = 'partnerPayable'`,
      [st.orgId],
    );
    expect([Number(owed!.fen), Number(owed!.n)]).toEqual([0, 1]);
  });

  it("another organisation's partner is 100404 on course add and edit; a disabled partner is refused", async () => {
    const a = await consignStaff(s, admin, platformId);
    const b = await consignStaff(s, admin, platformId);
    const theirs = await addPartner(b);
    const base = { venueId: a.venue.id, name: uniq('课'), sport: 'swimming', kind: 'group', lessonsPerClass: 4, minutesPerLesson: 60, priceFen: 1000 };
    expect((await a.c.json('POST', courseApi(''), { body: { ...base, partnerId: theirs.id } })).code).toBe(Code.NOT_FOUND);
    const made = await ok(a.c, 'POST', courseApi(''), base);
    expect(made.partnerId).toBeNull();
    expect((await a.c.json('PUT', courseApi(String(made.id)), { body: { partnerId: theirs.id, version: made.version } })).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('POST', consignApi('statement'), { body: { partnerId: theirs.id, month: thisMonth() } })).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('PUT', partnerApi(String(theirs.id)), { body: { name: 'x', version: 1 } })).code).toBe(Code.NOT_FOUND);
    const off = await addPartner(a, { status: 'off' });
    expect((await a.c.json('PUT', courseApi(String(made.id)), { body: { partnerId: off.id, version: made.version } })).code).toBe(Code.FORM_INVALID);
    const mine = await addPartner(a);
    const set = await ok(a.c, 'PUT', courseApi(String(made.id)), { partnerId: mine.id, version: made.version });
    expect(set).toMatchObject({ partnerId: mine.id, partnerName: mine.name });
    const list = await ok(a.c, 'POST', partnerApi('list'), { pageNum: 1, pageSize: 10 });
    expect(list.data.find((p: { id: number }) => p.id === mine.id).courses).toBe(1);
  });
});

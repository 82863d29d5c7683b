import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';

import { adminClient } from '../../system/admin.testkit.ts';
import { seedDemo } from '../../system/index.ts';
import { seedVenueDemo } from '../booking/index.ts';
import { seedCoachDemo } from '../coach/coach.testkit.ts';
import { seedMemberDemo } from '../member/index.ts';
import { seedCourseDemo } from './course.seed.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { approvedCourse, makeClass, makeCoach, makeMember, ok, courseStaff } from './course.testkit.ts';

const api = (p: string) => `/api/sport/course/settlement${p ? `/${p}` : ''}`;
const rateApi = (p: string) => `/api/sport/course/coachRate${p ? `/${p}` : ''}`;

/** Two users of one new organisation with the training and settlement screens; a venue with a site. */
const settlementStaff = (s: TestServer, admin: Client, parentId: number) =>
  courseStaff(s, admin, parentId, { keys: ['sport.course.settlement'], venue: { n: 1 } });

/**
 * A coach with a class of a course at `priceFen` for 10 lessons, and done lessons in October 2026 (10:00
 * Shanghai time), `attendees[i]` members present or late at lesson i. Also a scheduled lesson and a done
 * lesson in November, which an October settlement leaves out.
 */
async function coachWithLessons(s: TestServer, st: Awaited<ReturnType<typeof settlementStaff>>, attendees: number[], priceFen = 120_000) {
  const coachId = await makeCoach(s, st.orgId);
  const courseId = await approvedCourse(st.c, st.reviewer, st.venue.id, priceFen);
  const classId = await makeClass(st.c, courseId, coachId, 50);
  const members: number[] = [];
  for (let i = 0; i < Math.max(0, ...attendees) + 1; i++) members.push(await makeMember(s, st.orgId));
  const lesson = async (day: string, state: string) => {
    const [row] = await s.database.query<{ id: string }>(
      `insert into sport_course_lesson (org_id, class_id, coach_id, starts_at, ends_at, state) values ($1, $2, $3, $4, $5, $6) returning id`,
      [st.orgId, classId, coachId, `${day}T02:00:00Z`, `${day}T03:00:00Z`, state],
    );
    return Number(row!.id);
  };
  for (let i = 0; i < attendees.length; i++) {
    const id = await lesson(`2026-10-${String(i + 1).padStart(2, '0')}`, 'done');
    for (let m = 0; m < attendees[i]!; m++)
      await s.database.query(`insert into sport_course_attendance (org_id, lesson_id, member_id, state, method) values ($1, $2, $3, $4, 'desk')`, [
        st.orgId,
        id,
        members[m],
        m % 4 === 3 ? 'late' : 'present',
      ]);
    // One absent and one on leave at every lesson: neither counts.
    await s.database.query(`insert into sport_course_attendance (org_id, lesson_id, member_id, state, method) values ($1, $2, $3, 'absent', 'desk')`, [
      st.orgId,
      id,
      members[attendees[i]!],
    ]);
  }
  await lesson('2026-10-30', 'scheduled');
  await lesson('2026-11-02', 'done');
  return coachId;
}

const october = { fromDay: '2026-10-01', toDay: '2026-10-31' };

describe.each(databases)('coach settlement on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  it('per lesson: 12 done lessons of October × ¥80, in words in both languages; the scheduled and November lessons are left out', async () => {
    const st = await settlementStaff(s, admin, platformId);
    const coachId = await coachWithLessons(s, st, Array(12).fill(3));
    const rate = await ok(st.c, 'POST', rateApi(''), { coachId, scope: 'course', mode: 'lesson', lessonFen: 8000, effectiveFrom: '2026-01-01' });
    expect(rate.summary).toBe('每节 ¥80');
    const made = await ok(st.c, 'POST', api(''), { coachId, ...october });
    expect(made.state).toBe('draft');
    expect(made.lines).toHaveLength(1);
    expect(made.lines[0]).toMatchObject({ scope: 'course', lessons: 12, attendees: 36, formula: '12 节 × ¥80', amountFen: 96_000 });
    expect(made.totalFen).toBe(96_000);
    const en = await st.c.json('GET', api(String(made.id)), { lang: 'en-US' });
    expect(en.body.lines[0].formula).toBe('12 lessons × ¥80');
    // A second settlement over part of the period is refused.
    const again = await st.c.json('POST', api(''), { body: { coachId, fromDay: '2026-10-15', toDay: '2026-11-15' } });
    expect(again.code).toBe(Code.CONFLICT);
    expect(again.detail.reason).toBe('duplicate');
  });

  it('tiered per attendee: ¥80 a lesson + ¥5 per attendee beyond 10 at each lesson (present and late count, absent and leave do not)', async () => {
    const st = await settlementStaff(s, admin, platformId);
    const coachId = await coachWithLessons(s, st, [12, 10, 11, ...Array(9).fill(4)]);
    await ok(st.c, 'POST', rateApi(''), {
      coachId,
      scope: 'course',
      mode: 'attendee',
      lessonFen: 8000,
      freeAttendees: 10,
      attendeeFen: 500,
      effectiveFrom: '2026-09-01',
    });
    const made = await ok(st.c, 'POST', api(''), { coachId, ...october });
    const en = await st.c.json('GET', api(String(made.id)), { lang: 'en-US' });
    expect(en.body.lines[0]).toMatchObject({
      lessons: 12,
      attendees: 69,
      extraAttendees: 3,
      formula: '12 lessons × ¥80 + 3 attendees over 10 × ¥5',
      amountFen: 97_500,
    });
    expect(made.lines[0].formula).toBe('12 节 × ¥80 + 3 名超出 10 人的学员 × ¥5');
    expect(made.totalFen).toBe(97_500);
  });

  it('revenue share with a maximum, then a minimum: a rate changed mid-month gives a line per rate', async () => {
    const st = await settlementStaff(s, admin, platformId);
    // ¥1,200 for 10 lessons: ¥120 per attendee per lesson. Lessons 1–3 (before the 4th) under the first rate.
    const coachId = await coachWithLessons(s, st, [3, 3, 2, 1, 1]);
    await ok(st.c, 'POST', rateApi(''), {
      coachId,
      scope: 'course',
      mode: 'share',
      sharePermille: 300,
      minFen: 5000,
      maxFen: 20_000,
      effectiveFrom: '2026-01-01',
    });
    await ok(st.c, 'POST', rateApi(''), { coachId, scope: 'course', mode: 'share', sharePermille: 250, minFen: 10_000, effectiveFrom: '2026-10-04' });
    const made = await ok(st.c, 'POST', api(''), { coachId, ...october });
    const { body } = await st.c.json('GET', api(String(made.id)), { lang: 'en-US' });
    // 8 attendee-lessons × ¥120 = ¥960 × 30% = ¥288 → maximum ¥200; 2 × ¥120 = ¥240 × 25% = ¥60 → minimum ¥100.
    expect(body.lines.map((l: { formula: string; amountFen: number; revenueFen: number }) => [l.revenueFen, l.formula, l.amountFen])).toEqual([
      [96_000, '¥960 revenue × 30% = ¥288 → maximum ¥200', 20_000],
      [24_000, '¥240 revenue × 25% = ¥60 → minimum ¥100', 10_000],
    ]);
    expect(body.totalFen).toBe(30_000);
    expect(made.lines[0].formula).toBe('¥960 营收 × 30% = ¥288 → 封顶 ¥200');
  });

  it('approval by another user posts the coach-payable entry of the total to the fen; paying settles it; a paid settlement never changes', async () => {
    const st = await settlementStaff(s, admin, platformId);
    const coachId = await coachWithLessons(s, st, [12, 10, 11, 5, 7]);
    await ok(st.c, 'POST', rateApi(''), {
      coachId,
      scope: 'course',
      mode: 'attendee',
      lessonFen: 8050,
      freeAttendees: 10,
      attendeeFen: 333,
      effectiveFrom: '2026-01-01',
    });
    const made = await ok(st.c, 'POST', api(''), { coachId, ...october, remark: '十月' });
    expect(made.totalFen).toBe(5 * 8050 + 3 * 333);

    // Not by the one who made it.
    const self = await st.c.json('POST', api(`${made.id}/approve`), { body: { version: made.version } });
    expect(self.code).toBe(Code.FORBIDDEN);
    // Paying a draft is refused.
    const early = await st.c.json('POST', api(`${made.id}/pay`), { body: { version: made.version, method: 'cash' } });
    expect(early.detail.reason).toBe('state');

    const approved = await ok(st.reviewer, 'POST', api(`${made.id}/approve`), { version: made.version });
    expect(approved.state).toBe('approved');
    expect(approved.ledgerTxnNo).toMatch(/^KS/);
    const payable = async () =>
      (
        await s.database.query<{ credit: string; debit: string }>(
          `select coalesce(sum(amount_fen) filter (where side = 'credit'), 0) as credit, coalesce(sum(amount_fen) filter (where side = 'debit'), 0) as debit
           from sport_ledger_entry where org_id = $1 and account = 'coachPayable'`,
          [st.orgId],
        )
      )[0]!;
    expect(Number((await payable()).credit)).toBe(approved.totalFen);
    const [byTxn] = await s.database.query<{ n: string }>(
      `select sum(amount_fen) as n from sport_ledger_entry where txn_no = $1 and account = 'coachPayable' and side = 'credit'`,
      [approved.ledgerTxnNo],
    );
    expect(Number(byTxn!.n)).toBe(made.totalFen);

    // Approved: no second approval, no delete, no recompute.
    expect((await st.reviewer.json('POST', api(`${made.id}/approve`), { body: { version: approved.version } })).detail.reason).toBe('state');
    expect((await st.c.json('DELETE', api(String(made.id)))).detail.reason).toBe('state');

    // A stale version is refused as stale.
    expect((await st.c.json('POST', api(`${made.id}/pay`), { body: { version: made.version, method: 'transfer' } })).detail.reason).toBe('stale');
    const paid = await ok(st.c, 'POST', api(`${made.id}/pay`), {
      version: approved.version,
      method: 'transfer',
      payRef: 'BANK-001',
      paidAt: '2026-11-05T08:00:00Z',
    });
    expect(paid).toMatchObject({ state: 'paid', payMethod: 'transfer', payRef: 'BANK-001', paidAt: '2026-11-05T08:00:00.000Z' });
    const after = await payable();
    expect(Number(after.debit)).toBe(paid.totalFen);
    expect(Number(after.credit) - Number(after.debit)).toBe(0);

    // Paid: every change answers a clear conflict, and nothing moved.
    for (const [method, url, body] of [
      ['POST', api(`${made.id}/pay`), { version: paid.version, method: 'cash' }],
      ['POST', api(`${made.id}/approve`), { version: paid.version }],
      ['POST', api(`${made.id}/recompute`), { version: paid.version }],
      ['DELETE', api(String(made.id)), undefined],
    ] as const) {
      const r = await st.reviewer.json(method, url, body ? { body } : {});
      expect(r.code, url).toBe(Code.CONFLICT);
      expect(r.detail.reason).toBe('state');
      expect(r.msg).toBe('结算单已支付，不能再修改');
    }
    const still = await ok(st.c, 'GET', api(String(made.id)));
    expect(still).toMatchObject({ state: 'paid', version: paid.version, totalFen: paid.totalFen });
    expect(Number((await payable()).debit)).toBe(paid.totalFen);
    const list = await ok(st.c, 'POST', api('list'), { state: 'paid' });
    expect(list.data.map((r: { id: number }) => r.id)).toEqual([made.id]);
  });

  it.runIf(kind === 'postgres')(
    'ten approvals, recomputes and payments at once: one approval posts the payable once, one payment settles it once',
    async () => {
      const st = await settlementStaff(s, admin, platformId);
      const coachId = await coachWithLessons(s, st, [3, 4, 5]);
      await ok(st.c, 'POST', rateApi(''), { coachId, scope: 'course', mode: 'lesson', lessonFen: 8000, effectiveFrom: '2026-01-01' });
      const made = await ok(st.c, 'POST', api(''), { coachId, ...october });
      const ledger = async () => {
        const [r] = await s.database.query<{ credit: string; debit: string; txns: string }>(
          `select coalesce(sum(amount_fen) filter (where side = 'credit'), 0) as credit, coalesce(sum(amount_fen) filter (where side = 'debit'), 0) as debit,
                  count(distinct txn_no) as txns
           from sport_ledger_entry where org_id = $1 and account = 'coachPayable'`,
          [st.orgId],
        );
        return { credit: Number(r!.credit), debit: Number(r!.debit), txns: Number(r!.txns) };
      };
      const approvals = await Promise.all([
        ...Array.from({ length: 10 }, () => st.reviewer.json('POST', api(`${made.id}/approve`), { body: { version: made.version } })),
        ...Array.from({ length: 5 }, () => st.c.json('POST', api(`${made.id}/recompute`), { body: { version: made.version } })),
      ]);
      const won = approvals.filter((a) => a.code === 0);
      expect(won).toHaveLength(1);
      expect(approvals.filter((a) => a.code !== 0).every((a) => a.code === Code.CONFLICT)).toBe(true);
      const after = await ok(st.c, 'GET', api(String(made.id)));
      // Whichever won, the ledger holds exactly what the settlement says.
      expect(await ledger()).toEqual(after.state === 'approved' ? { credit: made.totalFen, debit: 0, txns: 1 } : { credit: 0, debit: 0, txns: 0 });
      const approved = after.state === 'approved' ? after : await ok(st.reviewer, 'POST', api(`${made.id}/approve`), { version: after.version });
      const pays = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? st.c : st.reviewer).json('POST', api(`${made.id}/pay`), { body: { version: approved.version, method: 'cash' } }),
        ),
      );
      expect(pays.filter((p) => p.code === 0)).toHaveLength(1);
      expect(pays.filter((p) => p.code !== 0).every((p) => p.code === Code.CONFLICT)).toBe(true);
      expect(await ledger()).toEqual({ credit: made.totalFen, debit: made.totalFen, txns: 2 });
      expect((await ok(st.c, 'GET', api(String(made.id)))).state).toBe('paid');
    },
  );

  it("another organisation's settlement, rate and coach answer 100404; malformed input answers 100400 naming the field", async () => {
    const a = await settlementStaff(s, admin, platformId);
    const b = await settlementStaff(s, admin, platformId);
    const coachId = await coachWithLessons(s, a, [2]);
    const rate = await ok(a.c, 'POST', rateApi(''), { coachId, scope: 'course', mode: 'lesson', lessonFen: 100, effectiveFrom: '2026-01-01' });
    const made = await ok(a.c, 'POST', api(''), { coachId, ...october });
    for (const [method, url, body] of [
      ['GET', api(String(made.id)), undefined],
      ['POST', api(`${made.id}/approve`), { version: made.version }],
      ['POST', api(`${made.id}/pay`), { version: made.version, method: 'cash' }],
      ['POST', api(`${made.id}/recompute`), { version: made.version }],
      ['DELETE', api(String(made.id)), undefined],
      ['POST', api(''), { coachId, ...october }],
      ['PUT', rateApi(String(rate.id)), { lessonFen: 1, version: rate.version }],
      ['DELETE', rateApi(String(rate.id)), undefined],
      ['POST', rateApi(''), { coachId, scope: 'sparring', mode: 'lesson', lessonFen: 1, effectiveFrom: '2026-01-01' }],
    ] as const) {
      const r = await b.reviewer.json(method, url, body ? { body } : {});
      expect(r.code, `${method} ${url}`).toBe(Code.NOT_FOUND);
    }
    expect((await ok(b.c, 'POST', api('list'), {})).total).toBe(0);
    expect((await ok(a.c, 'GET', api(String(made.id)))).state).toBe('draft');

    const bad = [
      [api(''), { coachId, fromDay: '2026-13-01', toDay: '2026-10-31' }, 'fromDay'],
      [api(''), { coachId: 'x', ...october }, 'coachId'],
      [api(`${made.id}/pay`), { version: made.version, method: 'bitcoin' }, 'method'],
      [rateApi(''), { coachId, scope: 'course', mode: 'share', sharePermille: 1001, effectiveFrom: '2026-01-01' }, 'sharePermille'],
      [rateApi(''), { coachId, scope: 'course', mode: 'lesson', lessonFen: 1.5, effectiveFrom: '2026-01-01' }, 'lessonFen'],
    ] as const;
    for (const [url, body, field] of bad) {
      const r = await a.c.json('POST', url, { body });
      expect(r.code, field).toBe(Code.INVALID);
      expect(r.detail.map((d: { field: string }) => d.field)).toContain(field);
    }
    // A period that ends before it starts, and a minimum above the maximum: a form rule naming the field.
    const backwards = await a.c.json('POST', api(''), { body: { coachId, fromDay: '2026-10-31', toDay: '2026-10-01' } });
    expect(backwards.code).toBe(Code.FORM_INVALID);
    expect(backwards.detail[0].field).toBe('toDay');
    const minMax = await a.c.json('POST', rateApi(''), {
      body: { coachId, scope: 'course', mode: 'share', sharePermille: 10, minFen: 500, maxFen: 100, effectiveFrom: '2026-02-01' },
    });
    expect(minMax.detail[0].field).toBe('maxFen');
    // No rate in force: refused, saying which day.
    const bare = await makeCoach(s, a.orgId);
    await s.database.query(
      `insert into sport_course_lesson (org_id, class_id, coach_id, starts_at, ends_at, state)
       select org_id, class_id, $1, '2026-10-20T02:00:00Z', '2026-10-20T03:00:00Z', 'done' from sport_course_lesson where coach_id = $2 limit 1`,
      [bare, coachId],
    );
    const norate = await a.c.json('POST', api(''), { body: { coachId: bare, ...october }, lang: 'en-US' });
    expect(norate.detail.reason).toBe('state');
    expect(norate.msg).toBe('The coach has no course rate in force on 2026-10-20');
  });
});

describe.each(databases)('coach settlement demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedVenueDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedCoachDemo(s.database.db);
    await seedCourseDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
  });
  afterAll(async () => {
    if (s) expect(await imbalances(s)).toEqual([]);
    await s?.close();
  });

  it("the manager sees last month's paid settlement of a demo coach, its lines in words, tied to the ledger", async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const list = await ok(mgr, 'POST', api('list'), {});
    expect(list.total).toBe(1);
    const [row] = list.data;
    expect(row).toMatchObject({ state: 'paid', payMethod: 'transfer' });
    expect(row.approvedByName).not.toBe(row.createdByName);
    const detail = await ok(mgr, 'GET', api(String(row.id)));
    expect(detail.lines).toHaveLength(1);
    // Four Saturday lessons, the four demo members at each: one beyond the three free ones per lesson.
    expect(detail.lines[0]).toMatchObject({ scope: 'course', lessons: 4, attendees: 16, formula: '4 节 × ¥80 + 4 名超出 3 人的学员 × ¥5', amountFen: 34_000 });
    expect(detail.totalFen).toBe(34_000);
    const [sum] = await s.database.query<{ n: string }>(`select sum(amount_fen) as n from sport_ledger_entry where txn_no = $1 and account = 'coachPayable'`, [
      detail.ledgerTxnNo,
    ]);
    expect(Number(sum!.n)).toBe(34_000);
    const rates = await ok(mgr, 'POST', rateApi('list'), {});
    expect(rates.data.map((r: { summary: string }) => r.summary).sort()).toEqual(['每节 ¥80 + 超出 3 人每人 ¥5', '营收的 40% (保底 ¥100)']);
  });
});

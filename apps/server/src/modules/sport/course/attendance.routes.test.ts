import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';

import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances, pay } from '../commerce/commerce.testkit.ts';
import { approvedCourse, courseApi, enrol, makeClass, makeCoach, makeMember, ok, courseStaff } from './course.testkit.ts';

const ATTENDANCE_KEYS = ['sport.course.attendance', 'sport.course.coachCheckIn', 'sport.course.memberPackages'];
const att = (p: string) => courseApi(`attendance/${p}`);
const pkg = (p: string) => courseApi(`package/${p}`);

/** An organisation with a venue and a user holding the training (with attendance and packages), venue and commerce screens. */
const staff = (s: TestServer, admin: Client, parentId: number) => courseStaff(s, admin, parentId, { keys: ATTENDANCE_KEYS, venue: { n: 1 } });

const memberNoOf = async (s: TestServer, id: number) =>
  (await s.database.query<{ member_no: string }>(`select member_no from sport_member where id = $1`, [id]))[0]!.member_no;
const lessonsOf = async (s: TestServer, classId: number) =>
  (await s.database.query<{ id: string }>(`select id from sport_course_lesson where class_id = $1 order by starts_at`, [classId])).map((r) => Number(r.id));
/** What class-package lessons recognised for an order: the `course.package.used` postings' credits to sales. */
const recognised = async (s: TestServer, orderId: number) =>
  Number(
    (
      await s.database.query<{ n: string }>(
        `select coalesce(sum(amount_fen), 0) as n from sport_ledger_entry where order_id = $1 and txn_no like 'KU%' and side = 'credit' and account = 'sales'`,
        [orderId],
      )
    )[0]!.n,
  );

/** Lessons that started two hours ago and then every `everyDays` days. */
const started = () => new Date(Date.now() - 2 * 3_600_000);

describe.each(databases)('attendance and class packages on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  it('checks a paid seat in by member number, QR text or at the desk; an unpaid seat, twice or a stranger is refused; done marks the rest absent', async () => {
    const st = await staff(s, admin, platformId);
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id, 80_000);
    const cls = await makeClass(st.c, course, coach, 10, { firstStart: started(), count: 2, everyDays: 1 });
    const [lesson] = await lessonsOf(s, cls);
    const [a, b, c, stranger] = [await makeMember(s, st.orgId), await makeMember(s, st.orgId), await makeMember(s, st.orgId), await makeMember(s, st.orgId)];
    const orders = new Map<number, number>();
    for (const m of [a, b, c]) orders.set(m, (await ok(st.c, 'POST', courseApi('class/enrol'), { classId: cls, memberId: m })).orderId);
    // C's seat is held by an order not paid yet: no check-in until the desk takes the money.
    for (const m of [a, b]) expect((await pay(st.c, orders.get(m)!, { method: 'cash', amountFen: 80_000 })).code).toBe(0);
    const unpaid = await st.c.json('POST', att('checkIn'), { body: { lessonId: lesson, memberId: c } });
    expect(unpaid.code).toBe(Code.CONFLICT);
    expect(unpaid.msg).toContain('尚未支付');

    const byNo = await ok(st.c, 'POST', att('checkIn'), { lessonId: lesson, memberNo: await memberNoOf(s, a) });
    expect(byNo).toMatchObject({ memberId: a, lessonId: lesson, state: 'present', method: 'memberNo', consumed: false, packageId: null });
    const byQr = await ok(st.c, 'POST', att('checkIn'), { lessonId: lesson, qr: `VM:${await memberNoOf(s, b)}`, late: true });
    expect(byQr).toMatchObject({ memberId: b, state: 'late', method: 'qr' });

    // Twice: a clear conflict naming the member.
    const twice = await st.c.json('POST', att('checkIn'), { body: { lessonId: lesson, memberNo: await memberNoOf(s, a) } });
    expect(twice.code).toBe(Code.CONFLICT);
    expect(twice.detail.reason).toBe('duplicate');
    // Not enrolled and no package: refused, nothing recorded.
    const notIn = await st.c.json('POST', att('checkIn'), { body: { lessonId: lesson, memberId: stranger } });
    expect(notIn.code).toBe(Code.CONFLICT);
    expect(notIn.msg).toMatch(/未报名|not enrolled/);
    // An unknown member number names the field.
    const unknown = await st.c.json('POST', att('checkIn'), { body: { lessonId: lesson, memberNo: 'NOPE-404' } });
    expect(unknown.code).toBe(Code.NOT_FOUND);

    // The coach's roster shows who came; finishing the lesson records the enrolled who did not as absent.
    const roster = await ok(st.c, 'POST', att('roster'), { lessonId: lesson });
    expect(roster.people.map((p: { memberId: number; state: string | null }) => [p.memberId, p.state])).toEqual([
      [a, 'present'],
      [b, 'late'],
      [c, null],
    ]);
    expect(await ok(st.c, 'POST', att('done'), { lessonId: lesson })).toEqual({ absent: 1, consumed: 0 });
    const list = await ok(st.c, 'POST', att('page'), { lessonId: lesson });
    expect(list.total).toBe(3);
    expect(list.data.find((r: { memberId: number }) => r.memberId === c)).toMatchObject({ state: 'absent', method: 'coach' });
    expect((await ok(st.c, 'POST', att('page'), { lessonId: lesson, state: 'late' })).data.map((r: { memberId: number }) => r.memberId)).toEqual([b]);
    // The export is a workbook.
    const file = await st.c.call('POST', att('export'), { body: { lessonId: lesson } });
    expect(file.statusCode).toBe(200);
  });

  it('a class package takes one lesson per attended lesson and recognises price / N in the ledger; never below zero', async () => {
    const st = await staff(s, admin, platformId);
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id, 80_000);
    const cls = await makeClass(st.c, course, coach, 10, { firstStart: started(), count: 4, everyDays: 1 });
    const lessons = await lessonsOf(s, cls);
    const first = await ok(st.c, 'POST', pkg('type'), { courseId: course, name: '3 次课包', lessons: 3, priceFen: 10_000, validityDays: 90 });
    // Two operators edit the type: the second, still holding the first version, is refused as stale.
    const type = await ok(st.c, 'PUT', pkg(`type/${first.id}`), { validityDays: 120, version: first.version });
    expect(type).toMatchObject({ validityDays: 120, version: first.version + 1 });
    const late = await st.c.json('PUT', pkg(`type/${first.id}`), { body: { name: '改名', version: first.version } });
    expect(late.detail.reason).toBe('stale');
    const m = await makeMember(s, st.orgId);
    const sold = await ok(st.c, 'POST', pkg('sell'), { typeId: type.id, memberId: m });
    expect(sold.amountFen).toBe(10_000);
    // Not paid yet: the package is pending and gives no right to come.
    expect((await st.c.json('POST', att('checkIn'), { body: { lessonId: lessons[0], memberId: m } })).code).toBe(Code.CONFLICT);
    expect((await pay(st.c, sold.orderId, { method: 'cash', amountFen: 10_000 })).code).toBe(0);
    const active = await ok(st.c, 'GET', pkg(String(sold.packageId)));
    expect(active).toMatchObject({ state: 'active', lessons: 3, lessonsLeft: 3 });

    for (const l of lessons.slice(0, 3)) {
      const r = await ok(st.c, 'POST', att('checkIn'), { lessonId: l, memberNo: await memberNoOf(s, m) });
      expect(r).toMatchObject({ packageId: sold.packageId, consumed: true });
    }
    // 10000 / 3: 3333 + 3333 + 3334, exactly what was paid.
    expect(await recognised(s, sold.orderId)).toBe(10_000);
    const used = await ok(st.c, 'GET', pkg(String(sold.packageId)));
    expect(used).toMatchObject({ state: 'used', lessonsLeft: 0 });
    expect(used.usage).toHaveLength(3);
    // No lesson left: the fourth lesson refuses them (not enrolled in the class either).
    const fourth = await st.c.json('POST', att('checkIn'), { body: { lessonId: lessons[3], memberId: m } });
    expect(fourth.code).toBe(Code.CONFLICT);
    expect(await recognised(s, sold.orderId)).toBe(10_000);
    const listed = await ok(st.c, 'POST', pkg('page'), { memberId: m });
    expect(listed.data[0]).toMatchObject({ id: sold.packageId, lessonsLeft: 0, state: 'used', courseName: expect.any(String) });
  });

  it('an enrolled member paying with a package whose no-shows consume loses the lesson when absent', async () => {
    const st = await staff(s, admin, platformId);
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id, 80_000);
    const cls = await makeClass(st.c, course, coach, 10, { firstStart: started(), count: 1 });
    const [lesson] = await lessonsOf(s, cls);
    const type = await ok(st.c, 'POST', pkg('type'), {
      courseId: course,
      name: '缺勤扣课',
      lessons: 4,
      priceFen: 8_000,
      validityDays: 30,
      noShowConsumes: true,
    });
    const m = await makeMember(s, st.orgId);
    expect((await enrol(st.c, cls, m)).code).toBe(0);
    const sold = await ok(st.c, 'POST', pkg('sell'), { typeId: type.id, memberId: m });
    expect((await pay(st.c, sold.orderId, { method: 'cash', amountFen: 8_000 })).code).toBe(0);
    expect(await ok(st.c, 'POST', att('done'), { lessonId: lesson })).toEqual({ absent: 1, consumed: 1 });
    expect((await ok(st.c, 'GET', pkg(String(sold.packageId)))).lessonsLeft).toBe(3);
    expect(await recognised(s, sold.orderId)).toBe(2_000);
  });

  it.runIf(kind === 'postgres')('10 concurrent check-ins with a package of 3 lessons: 3 succeed, the package ends at zero', async () => {
    const st = await staff(s, admin, platformId);
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id, 80_000);
    const cls = await makeClass(st.c, course, coach, 10, { firstStart: started(), count: 10, everyDays: 1 });
    const lessons = await lessonsOf(s, cls);
    const type = await ok(st.c, 'POST', pkg('type'), { courseId: course, name: '3 次', lessons: 3, priceFen: 9_000, validityDays: 30 });
    const m = await makeMember(s, st.orgId);
    const sold = await ok(st.c, 'POST', pkg('sell'), { typeId: type.id, memberId: m });
    expect((await pay(st.c, sold.orderId, { method: 'cash', amountFen: 9_000 })).code).toBe(0);
    const all = await Promise.all(lessons.map((l) => st.c.json('POST', att('checkIn'), { body: { lessonId: l, memberId: m } })));
    expect(all.filter((r) => r.code === 0)).toHaveLength(3);
    expect(all.filter((r) => r.code !== 0).every((r) => r.code === Code.CONFLICT)).toBe(true);
    const [row] = await s.database.query<{ lessons_left: number; state: string }>(`select lessons_left, state from sport_course_member_package where id = $1`, [
      sold.packageId,
    ]);
    expect(row).toMatchObject({ lessons_left: 0, state: 'used' });
    const [n] = await s.database.query<{ n: string }>(`select count(*) as n from sport_course_attendance where package_id = $1`, [sold.packageId]);
    expect(Number(n!.n)).toBe(3);
    expect(await recognised(s, sold.orderId)).toBe(9_000);
  });

  it("another organisation's lesson, member or package answers 100404; malformed input 100400 naming the field", async () => {
    const a = await staff(s, admin, platformId);
    const b = await staff(s, admin, platformId);
    const coach = await makeCoach(s, b.orgId);
    const course = await approvedCourse(b.c, b.reviewer, b.venue.id);
    const cls = await makeClass(b.c, course, coach, 5, { firstStart: started(), count: 1 });
    const [lesson] = await lessonsOf(s, cls);
    const type = await ok(b.c, 'POST', pkg('type'), { courseId: course, name: 'B', lessons: 2, priceFen: 100, validityDays: 10 });
    const mb = await makeMember(s, b.orgId);
    const sold = await ok(b.c, 'POST', pkg('sell'), { typeId: type.id, memberId: mb });
    const ma = await makeMember(s, a.orgId);
    for (const [url, body] of [
      [att('checkIn'), { lessonId: lesson, memberId: ma }],
      [att('roster'), { lessonId: lesson }],
      [att('done'), { lessonId: lesson }],
      [att('mark'), { lessonId: lesson, memberId: mb, state: 'present' }],
      [pkg('sell'), { typeId: type.id, memberId: ma }],
      [pkg('type'), { courseId: course, name: 'x', lessons: 1, priceFen: 1, validityDays: 1 }],
    ] as const) {
      expect((await a.c.json('POST', url, { body })).code, url).toBe(Code.NOT_FOUND);
    }
    expect((await a.c.json('GET', pkg(String(sold.packageId)))).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('PUT', pkg(`type/${type.id}`), { body: { name: 'y', version: type.version } })).code).toBe(Code.NOT_FOUND);
    // B's member, by number, at A's lesson is unknown to A.
    expect((await b.c.json('POST', att('page'), { body: {} })).body.total).toBe(0);

    const bad = await a.c.json('POST', att('checkIn'), { body: { lessonId: 'x', memberId: ma } });
    expect(bad.code).toBe(Code.INVALID);
    expect(bad.detail[0].field).toBe('lessonId');
    const none = await a.c.json('POST', att('checkIn'), { body: { lessonId: 1 } });
    expect(none.code).toBe(Code.INVALID);
    expect(none.detail[0].field).toBe('memberNo');
    const badType = await a.c.json('POST', pkg('type'), { body: { courseId: 1, name: 'x', lessons: 0, priceFen: 1, validityDays: 1 } });
    expect(badType.code).toBe(Code.INVALID);
    expect(badType.detail[0].field).toBe('lessons');
  });
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, EXPORT_HEADERS, TRAINING_REPORTS, type TrainingDimension, type TrainingMetric, type TrainingReport } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { pay } from '../commerce/commerce.testkit.ts';
import { addMember, newPhone } from '../member/member.testkit.ts';
import { addDays, localOf } from '../venue/index.ts';
import { approvedCourse, courseApi, enrol, makeClass, makeCoach } from '../course/course.testkit.ts';
import { ok, statisticsStaff, statsApi } from './statistics.testkit.ts';

const TRAINING_KEYS = ['sport.course.attendance', 'sport.course.lessons'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The training reports (evaluation by coach and by course, attendance by class) on a real database:
 * lessons held, rated and attended through the course module's calls; every figure of every row and
 * of the total equals what its drill-down lines add up to; a venue sees itself, a parent its children.
 */
describe.each(databases)('training statistics on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  const day = localOf(new Date(), 'Asia/Shanghai').day;
  const range = { from: addDays(day, -4), to: addDays(day, 1) };
  const lessonIds = async (classId: number) =>
    (await s.database.query<{ id: string }>(`select id from sport_course_lesson where class_id = $1 order by starts_at`, [classId])).map((r) => Number(r.id));

  /**
   * An organisation's training: coach A's class (two lessons held, two members: present and on leave,
   * then late and absent when the lesson is marked done; rated 5, 2 and 1), coach B's class of the same
   * course (one lesson held and one to come, one member present, rated 4).
   */
  async function training(parentId: number) {
    const st = await statisticsStaff(s, admin, parentId, TRAINING_KEYS);
    const [coachA, coachB] = [await makeCoach(s, st.orgId, '评价教练甲'), await makeCoach(s, st.orgId, '评价教练乙')];
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id, 10_000);
    const classA = await makeClass(st.c, course, coachA, 10, { firstStart: new Date(Date.now() - 2 * DAY - 2 * HOUR), count: 2, everyDays: 1 });
    const classB = await makeClass(st.c, course, coachB, 10, { firstStart: new Date(Date.now() - 2 * HOUR), count: 2, everyDays: 1 });
    const phones = [newPhone(), newPhone(), newPhone()];
    const [m1, m2, m3] = await Promise.all(phones.map((phone, i) => addMember(st.c, { name: `学员${i + 1}`, phone })));
    for (const [cls, m] of [
      [classA, m1!],
      [classA, m2!],
      [classB, m3!],
    ] as const) {
      const e = await enrol(st.c, cls, m.id);
      expect(e.code, e.msg).toBe(0);
      expect((await pay(st.c, e.body.orderId!, { method: 'cash', amountFen: 10_000 })).code).toBe(0);
    }
    const [a1, a2] = await lessonIds(classA);
    const [b1] = await lessonIds(classB);
    const att = (p: string, body: object) => ok(st.c, courseApi(`attendance/${p}`), body);
    const rate = (lesson: number, memberId: number, rating: number) =>
      ok(st.c, courseApi(`lesson/${lesson}/evaluate`), { memberId, rating, comment: `评分${rating}` });
    await att('checkIn', { lessonId: a1, memberId: m1!.id });
    await att('mark', { lessonId: a1, memberId: m2!.id, state: 'leave' });
    await att('checkIn', { lessonId: a2, memberId: m1!.id, late: true });
    await att('done', { lessonId: a2 });
    await att('checkIn', { lessonId: b1, memberId: m3!.id });
    await rate(a1!, m1!.id, 5);
    await rate(a1!, m2!.id, 2);
    await rate(a2!, m1!.id, 1);
    await rate(b1!, m3!.id, 4);
    return { ...st, course, coachA, coachB, classA, classB, phones };
  }

  /** Every line of a figure, page by page (2 a page), with the sums the call answers. */
  async function drillAll(c: Client, metric: TrainingMetric, body: Record<string, unknown>) {
    const lines: { quantity: number; rating: number | null; memberPhone: string | null; state: string | null }[] = [];
    let answer: { total: number; sumQuantity: number; sumRating: number } | undefined;
    for (let pageNum = 1; !answer || lines.length < answer.total; pageNum++) {
      const p = await ok(c, statsApi('training/drill'), { metric, ...range, pageNum, pageSize: 2, ...body });
      answer = p;
      if (!p.data.length) break;
      lines.push(...p.data);
    }
    return { ...answer!, lines };
  }

  /** Each figure of each row and of the total is what its lines add up to (the average and the rate too). */
  async function figuresAddUp(c: Client, report: keyof typeof TRAINING_REPORTS, by: TrainingDimension, body: Record<string, unknown> = {}) {
    const r = await ok<TrainingReport>(c, statsApi('training'), { report, by, ...range, ...body });
    for (const row of [...r.data, r.total]) {
      const rowBody = row.key === 'total' ? body : { ...body, by, key: row.key };
      for (const metric of TRAINING_REPORTS[report].metrics) {
        const d = await drillAll(c, metric, rowBody);
        expect(d.lines.length).toBe(d.total);
        expect(d.lines.reduce((a, l) => a + l.quantity, 0)).toBe(d.sumQuantity);
        expect(d.lines.reduce((a, l) => a + (l.rating ?? 0), 0)).toBe(d.sumRating);
        if (metric === 'ratingAvg')
          expect(row.ratingAvg, `${report} ${row.key} ${metric}`).toBe(d.total ? Math.round((d.sumRating / d.total) * 10) / 10 : null);
        else if (metric === 'rate')
          expect(row.rate, `${report} ${row.key} ${metric}`).toBe(row.expected ? Math.round((d.sumQuantity * 1000) / row.expected) / 10 : null);
        else expect(row[metric], `${report} ${row.key} ${metric}`).toBe(d.sumQuantity);
      }
    }
    return r;
  }

  it('evaluation by coach and by course, attendance by class: each figure equals the sum of its drill-down lines', async () => {
    const st = await training(platformId);
    const byCoach = await figuresAddUp(st.c, 'courseEvaluation', 'coach');
    expect(byCoach.data.map((r) => [r.label, r.lessons, r.evaluations, r.ratingAvg, r.lowRatings])).toEqual([
      ['评价教练甲', 2, 3, 2.7, 2],
      ['评价教练乙', 1, 1, 4, 0],
    ]);
    expect(byCoach.total).toMatchObject({ lessons: 3, evaluations: 4, ratingSum: 12, ratingAvg: 3, lowRatings: 2 });
    const byCourse = await figuresAddUp(st.c, 'courseEvaluation', 'course');
    expect(byCourse.data.map((r) => [r.key, r.lessons, r.evaluations, r.ratingAvg, r.lowRatings])).toEqual([[String(st.course), 3, 4, 3, 2]]);
    const byClass = await figuresAddUp(st.c, 'courseAttendance', 'class', { stadiumId: st.venue.id });
    expect(byClass.data.map((r) => [r.key, r.coachName, r.lessons, r.expected, r.attended, r.absent, r.leave, r.rate])).toEqual([
      [String(st.classA), '评价教练甲', 2, 4, 2, 1, 1, 50],
      [String(st.classB), '评价教练乙', 1, 1, 1, 0, 0, 100],
    ]);
    expect(byClass.data[0]!.courseName).toBeTruthy();

    // The low ratings of coach A: the member's phone masked as the console masks it, the rating and the comment.
    const low = await ok(st.c, statsApi('training/drill'), { metric: 'lowRatings', by: 'coach', key: String(st.coachA), ...range });
    expect(low.data.map((l: { rating: number; comment: string; coachName: string }) => [l.rating, l.comment, l.coachName]).sort()).toEqual([
      [1, '评分1', '评价教练甲'],
      [2, '评分2', '评价教练甲'],
    ]);
    for (const l of low.data) expect(l.memberPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(st.phones.map((p) => `${p.slice(0, 3)}****${p.slice(-4)}`)).toContain(low.data[0].memberPhone);
    // Coach B's class has a lesson to come: not held, not counted; a range after today holds none.
    const later = await ok<TrainingReport>(st.c, statsApi('training'), { report: 'courseAttendance', from: addDays(day, 2), to: addDays(day, 3) });
    expect(later.data).toEqual([]);
    // A dimension the report has not is refused.
    expect((await st.c.json('POST', statsApi('training'), { body: { report: 'courseAttendance', by: 'coach', ...range } })).code).toBe(Code.FORM_INVALID);

    // The attended lines as xlsx, in the caller's language.
    const file = await st.c.call('POST', statsApi('training/drill/export'), { body: { metric: 'attended', ...range }, lang: 'en-US' });
    expect(file.statusCode).toBe(200);
    expect(file.headers[EXPORT_HEADERS.totalRows]).toBe('3');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toContain('Member');
    expect(
      rows
        .slice(1)
        .map((r) => r[r.length - 1])
        .sort(),
    ).toEqual(['Late', 'Present', 'Present']);
  });

  it('a venue sees its own training; its parent sees its children', async () => {
    const parent = await statisticsStaff(s, admin, platformId, TRAINING_KEYS);
    const child = await training(parent.orgId);
    const sibling = await training(parent.orgId);
    const coachesOf = async (c: Client) =>
      (await ok<TrainingReport>(c, statsApi('training'), { report: 'courseEvaluation', ...range })).data.map((r) => Number(r.key)).sort((a, b) => a - b);
    expect(await coachesOf(child.c)).toEqual([child.coachA, child.coachB].sort((a, b) => a - b));
    expect(await coachesOf(parent.c)).toEqual([child.coachA, child.coachB, sibling.coachA, sibling.coachB].sort((a, b) => a - b));
    // The parent's figures still add up to its lines, across its children.
    const all = await figuresAddUp(parent.c, 'courseAttendance', 'class');
    expect(all.total).toMatchObject({ lessons: 6, expected: 10, attended: 6 });
    // A child cannot read its sibling's lines nor name its venue.
    const theirs = await ok(child.c, statsApi('training/drill'), { metric: 'lessons', by: 'class', key: String(sibling.classA), ...range });
    expect(theirs.total).toBe(0);
    expect((await child.c.json('POST', statsApi('training'), { body: { report: 'courseAttendance', ...range, stadiumId: sibling.venue.id } })).code).toBe(
      Code.NOT_FOUND,
    );
  });
});

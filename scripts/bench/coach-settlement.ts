// Coach settlement figure (issue 26), on PostgreSQL when one answers (else PGlite):
//  - coach.settlementMs: the median of 3 settlements (POST course/settlement: the lines computed and the
//    draft stored) of one coach's month holding 2,000 done lessons with 50 attendances each (100,000
//    attendances, present or late, plus absences that do not count); the rate changes mid-month, so the
//    month has two course lines. Target ≤ 3,000 ms.
import { benchPostgresUrl, benchStaff, median, ok, benchVenue } from './_support.ts';
import { startServer, type Client } from '../../apps/server/test/harness.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
out['coach.settlement.database'] = pgUrl ? 'postgres' : 'pglite';
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0' });
try {
  const staff = await benchStaff(s, { code: 'bench-settle', name: '压测结算', role: '结算员', menus: /^(venue|order|training|sport\.)/, users: 1 });
  const orgId = staff.orgId;
  const [c] = staff.users as [Client, ...Client[]];
  const { venue } = await benchVenue((url, body) => ok(c, 'POST', url, body), {
    name: '压测结算场馆',
    slotMinutes: 60,
    open: '06:00',
    close: '23:00',
    timeZone: 'Asia/Shanghai',
    sportcatItems: ['swimming'],
    advanceDays: 30,
  });
  const coaches = await s.database.query<{ id: string }>(
    `insert into sport_coach (org_id, name, phone) select $1, '压测教练' || g, '1390000' || lpad(g::text, 4, '0') from generate_series(1, 3) g returning id`,
    [orgId],
  );
  const coachId = Number(coaches[0]!.id);
  const course = await ok(c, 'POST', '/api/sport/course', {
    venueId: venue.id,
    name: '压测游泳课',
    sport: 'swimming',
    kind: 'group',
    lessonsPerClass: 10,
    minutesPerLesson: 60,
    priceFen: 30_000,
  });
  const sent = await ok(c, 'POST', `/api/sport/course/${course.id}/submit`, { version: course.version });
  await ok(c, 'POST', `/api/sport/course/${course.id}/review`, { approved: true, version: sent.version });
  const cls = await ok(c, 'POST', '/api/sport/course/class', {
    courseId: course.id,
    name: '压测班',
    capacity: 60,
    coachId,
    startDay: '2030-01-01',
    endDay: '2030-12-31',
  });
  await s.database.query(
    `insert into sport_member (org_id, member_no, name, phone) select $1, 'SM-' || g, '学员' || g, '136' || lpad(g::text, 8, '0') from generate_series(1, 51) g`,
    [orgId],
  );
  // 2,000 done lessons of the coach in March 2030 (about 65 a day, a minute apart: the settlement does not
  // look at clashes), each with 50 members present or late and one absent.
  await s.database.query(
    `insert into sport_course_lesson (org_id, class_id, coach_id, starts_at, ends_at, state)
     select $1, $2, $3, timestamptz '2030-03-01 00:00+08' + (g * interval '22 minutes'), timestamptz '2030-03-01 00:20+08' + (g * interval '22 minutes'), 'done'
     from generate_series(0, 1999) g`,
    [orgId, cls.id, coachId],
  );
  const t0 = performance.now();
  await s.database.query(
    `insert into sport_course_attendance (org_id, lesson_id, member_id, state, method)
     select $1, l.id, m.id, case when m.rn = 51 then 'absent' when m.rn % 7 = 0 then 'late' else 'present' end, 'desk'
     from sport_course_lesson l cross join (select id, row_number() over (order by id) as rn from sport_member where org_id = $1) m
     where l.org_id = $1 and l.coach_id = $2`,
    [orgId, coachId],
  );
  await s.database.query('analyze sport_course_attendance');
  await s.database.query('analyze sport_course_lesson');
  const [n] = await s.database.query<{ n: string }>(`select count(*) as n from sport_course_attendance where org_id = $1 and state <> 'absent'`, [orgId]);
  console.log(`attendances counted: ${n!.n} (made in ${Math.round(performance.now() - t0)} ms)`);
  await ok(c, 'POST', '/api/sport/course/coachRate', {
    coachId,
    scope: 'course',
    mode: 'attendee',
    lessonFen: 8000,
    freeAttendees: 40,
    attendeeFen: 500,
    effectiveFrom: '2030-01-01',
  });
  await ok(c, 'POST', '/api/sport/course/coachRate', {
    coachId,
    scope: 'course',
    mode: 'share',
    sharePermille: 300,
    minFen: 100_000,
    effectiveFrom: '2030-03-16',
  });
  await ok(c, 'POST', '/api/sport/course/coachRate', { coachId, scope: 'sparring', mode: 'lesson', lessonFen: 10_000, effectiveFrom: '2030-01-01' });
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const made = await ok(c, 'POST', '/api/sport/course/settlement', { coachId, fromDay: '2030-03-01', toDay: '2030-03-31' });
    times.push(performance.now() - t);
    total = made.totalFen;
    console.log(
      `settlement ${i + 1}: ${Math.round(times.at(-1)!)} ms, ${made.lines.length} lines, total ${made.totalFen} fen: ${made.lines.map((l: { formula: string }) => l.formula).join(' | ')}`,
    );
    await ok(c, 'DELETE', `/api/sport/course/settlement/${made.id}`);
  }
  out['coach.settlementMs'] = Math.round(median(times));
  out['coach.settlement.totalFen'] = total;
} finally {
  await s.close();
}
console.log(JSON.stringify(out));

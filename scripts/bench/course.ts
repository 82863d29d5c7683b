// Course enrolment figures (issue 26), on PostgreSQL when one answers (else PGlite):
//  - course.enrolRace.overbooked: a class of 20 seats, 20 taken, then 60 enrolments and 10 cancels of
//    held seats at once over the server, repeated 20 times; seats taken above 20, summed (must be 0).
//  - course.enrolRace.waitlistOutOfOrder: gaps in the waitlist's positions and members promoted ahead
//    of someone who joined the waitlist before them, summed over the 20 rounds (must be 0).
//  - course.enrolP95Ms: the 95th percentile of 100 enrolments one after another into a class of 200
//    (ms; each makes its pending order). The race's calls wait for each other on the class row's
//    lock, so their times (printed, not a figure) measure the queue, not one enrolment.
import { benchPostgresUrl, percentile, benchStaff, ok, benchVenue } from './_support.ts';
import { Client, startServer } from '../../apps/server/test/harness.ts';
import { enrolRace } from '../../apps/server/src/modules/sport/course/course.race.testkit.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
out['course.database'] = pgUrl ? 'postgres' : 'pglite';
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0' });
try {
  const staff = await benchStaff(s, { code: 'bench-course', name: '压测课程', role: '课程顾问', menus: /^(venue|order|training|sport\.)/, users: 1 });
  const org = { id: staff.orgId };
  const [c] = staff.users as [Client, ...Client[]];
  const { venue } = await benchVenue((url, body) => ok(c, 'POST', url, body), {
    name: '压测课程场馆',
    slotMinutes: 60,
    timeZone: 'Asia/Shanghai',
    sportcatItems: ['swimming'],
    advanceDays: 30,
  });
  const [coach] = await s.database.query<{ id: string }>(`insert into sport_coach (org_id, name, phone) values ($1, '压测教练', '13900007777') returning id`, [
    org.id,
  ]);
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
  const rounds = 20;
  let overbooked = 0;
  let outOfOrder = 0;
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const cls = await ok(c, 'POST', '/api/sport/course/class', {
      courseId: course.id,
      name: `压测班${round + 1}`,
      capacity: 20,
      coachId: Number(coach!.id),
      startDay: '2030-01-01',
      endDay: '2030-06-30',
    });
    const rows = await s.database.query<{ id: string }>(
      `insert into sport_member (org_id, member_no, name, phone)
       select $1, 'BC' || $2::int || '-' || g, '学员' || g, '138' || lpad(($2::int * 100 + g)::text, 8, '0') from generate_series(1, 80) g returning id`,
      [org.id, round],
    );
    const r = await enrolRace(
      s,
      c,
      cls.id,
      rows.map((x) => Number(x.id)),
    );
    overbooked += r.overbooked;
    outOfOrder += r.waitlistOutOfOrder;
    times.push(...r.enrolMs);
    console.log(`round ${round + 1}: ${r.enrolled} enrolled, ${r.waiting} waiting, overbooked ${r.overbooked}, out of order ${r.waitlistOutOfOrder}`);
  }
  console.log(`race calls: p95 ${Math.round(percentile(times, 95))} ms (60 enrolments queued on one class row)`);
  const big = await ok(c, 'POST', '/api/sport/course/class', {
    courseId: course.id,
    name: '压测大班',
    capacity: 200,
    coachId: Number(coach!.id),
    startDay: '2030-01-01',
    endDay: '2030-06-30',
  });
  const solo = await s.database.query<{ id: string }>(
    `insert into sport_member (org_id, member_no, name, phone)
     select $1, 'BS-' || g, '学员' || g, '137' || lpad(g::text, 8, '0') from generate_series(1, 100) g returning id`,
    [org.id],
  );
  const one: number[] = [];
  for (const m of solo) {
    const t0 = performance.now();
    await ok(c, 'POST', '/api/sport/course/class/enrol', { classId: big.id, memberId: Number(m.id) });
    one.push(performance.now() - t0);
  }
  out['course.enrolRace.overbooked'] = overbooked;
  out['course.enrolRace.waitlistOutOfOrder'] = outOfOrder;
  out['course.enrolP95Ms'] = Math.round(percentile(one, 95));
} finally {
  await s.close();
}
console.log(JSON.stringify(out));

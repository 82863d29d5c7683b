// Scheduling-plan preview (issue 26), on PostgreSQL when one answers (else PGlite):
//  - course.planPreviewMs: the preview of a year of a venue's plans: 50 coaches x 20 sites, each
//    coach on each site one hour a week for 2027 (about 52,000 lessons, the Spring Festival and
//    National Day skipped), against 1,000 sparring hours of the coaches and 2,000 locked site hours
//    already there: the calendar read, every plan's dates, and every clash found (with the database,
//    with each other). The median of 3 runs after a first one (which fills the zone caches); the
//    first is printed too.
import { benchPostgresUrl, median, benchStaff, ok, benchVenue } from './_support.ts';
import { Client, startServer } from '../../apps/server/test/harness.ts';
import { oneOrgScope } from '../../apps/server/src/platform/scope.ts';
import { workDaysBetween } from '../../apps/server/src/modules/system/index.ts';
import { claimTimes, type ClaimAsk } from '../../apps/server/src/modules/sport/commerce/index.ts';
import { addDays, instantOf } from '../../apps/server/src/modules/sport/venue/index.ts';
import { checkPlanClashes, planDates, type CandidateLesson, type PlanRule } from '../../apps/server/src/modules/sport/course/plan.testkit.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0' });
try {
  const staff = await benchStaff(s, { code: 'bench-plan', name: '压测排课', role: '排课', menus: /^(venue|sport\.)/, users: 1 });
  const { admin } = staff;
  const org = { id: staff.orgId };
  const [c] = staff.users as [Client, ...Client[]];
  const tz = 'Asia/Shanghai';
  const { venue, sites } = await benchVenue((url, body) => ok(c, 'POST', url, body), { name: '压测排课场馆', slotMinutes: 60, timeZone: tz, sites: 20 });

  // The 2027 calendar: the Spring Festival and National Day off, their make-up Saturdays and Sundays worked.
  const days: { day: string; kind: 0 | 1 }[] = [];
  for (let d = 6; d <= 13; d++) days.push({ day: `2027-02-${String(d).padStart(2, '0')}`, kind: 1 });
  for (let d = 1; d <= 7; d++) days.push({ day: `2027-10-0${d}`, kind: 1 });
  for (const day of ['2027-02-20', '2027-09-26', '2027-10-09']) days.push({ day, kind: 0 });
  await ok(admin, 'PUT', '/api/system/holiday/days', { orgId: org.id, days });

  const year = { from: '2027-01-01', to: '2027-12-31' };
  const at = (day: string, minutes: number) => instantOf(day, minutes, tz)!;
  // Already there: each coach's 20 sparring hours, and 100 locked hours on each site.
  const scope = oneOrgScope(org.id);
  const coaches = Array.from({ length: 50 }, (_, i) => 9_000_001 + i);
  const coachAsks: ClaimAsk[] = [];
  coaches.forEach((coachId, ci) => {
    for (let k = 0; k < 20; k++) {
      const day = addDays(year.from, (ci * 7 + k * 17) % 365);
      const start = (8 + ((ci + k) % 13)) * 60;
      coachAsks.push({
        orgId: org.id,
        resourceKind: 'coach',
        resourceId: coachId,
        from: at(day, start),
        to: at(day, start + 60),
        holderKind: 'sparring',
        holderId: ci * 100 + k,
      });
    }
  });
  await s.database.db.transaction((tx) => claimTimes(tx, scope, coachAsks));
  await s.database.query(
    `insert into sport_slot_claim (org_id, venue_id, site_id, unit_id, day, start_min, end_min, during, kind, state, reason)
     select $1, $2, s.id, s.id, d.day, h * 60, h * 60 + 60,
       tstzrange((d.day + make_interval(hours => h)) at time zone 'Asia/Shanghai', (d.day + make_interval(hours => h + 1)) at time zone 'Asia/Shanghai'),
       'lock', 'locked', 'bench'
     from unnest($3::bigint[]) with ordinality as s(id, n), generate_series(0, 99) as k,
       lateral (select ('2027-01-01'::date + ((k * 11 + n::int * 5) % 365))::timestamp as day) d,
       lateral (select 8 + ((k + n::int) % 14) as h) hh`,
    [org.id, venue.id, sites],
  );

  // The plans: coach c on site s, one hour a week in slot (c + 3s) mod 98 of the week's 7 x 14 hours,
  // so no two plans of a coach or of a site share an hour: the clashes are the claims already there.
  const plans: { coachId: number; siteId: number; rule: PlanRule }[] = [];
  coaches.forEach((coachId, ci) =>
    sites.forEach((siteId, si) =>
      plans.push({
        coachId,
        siteId,
        rule: {
          days: [(((ci + 3 * si) % 98) % 7) + 1],
          start: (8 + Math.floor(((ci + 3 * si) % 98) / 7)) * 60,
          minutes: 60,
          ...year,
          skipHolidays: true,
          timeZone: tz,
        },
      }),
    ),
  );

  const preview = async () => {
    const t0 = performance.now();
    const calendar = await workDaysBetween(s.database.db, org.id, year.from, year.to);
    const lessons: CandidateLesson[] = [];
    let skipped = 0;
    for (const p of plans) {
      const d = planDates(p.rule, calendar);
      skipped += d.skipped.length;
      for (const l of d.lessons) lessons.push({ coachId: p.coachId, siteIds: [p.siteId], from: l.from, to: l.to });
    }
    const t1 = performance.now();
    const checks = await checkPlanClashes(s.database.db, scope, lessons);
    const ms = performance.now() - t0;
    const split = `${Math.round(t1 - t0)} + ${Math.round(ms - (t1 - t0))}`;
    const clashes = { coach: 0, site: 0, lesson: 0, bad: checks.filter((x) => !x.ok).length };
    for (const x of checks) for (const k of x.clashes) clashes[k.holder.kind === 'lesson' ? 'lesson' : k.on]++;
    return { ms, split, lessons: lessons.length, skipped, clashes };
  };
  const first = await preview();
  const runs = [await preview(), await preview(), await preview()];
  out['course.planPreviewMs'] = Math.round(median(runs.map((r) => r.ms)));
  out['course.planPreviewFirstMs'] = Math.round(first.ms);
  out['course.planPreview.lessons'] = first.lessons;
  out['course.planPreview.database'] = pgUrl ? 'postgres' : 'pglite';
  console.log(
    `preview of ${plans.length} plans: ${first.lessons} lessons, ${first.skipped} dates skipped; ${first.clashes.bad} lessons clash ` +
      `(coach claims ${first.clashes.coach}, site claims ${first.clashes.site}, other lessons ${first.clashes.lesson}); ` +
      `first ${Math.round(first.ms)} ms, then ${runs.map((r) => Math.round(r.ms)).join(' / ')} ms (dates + clashes: ${[first, ...runs].map((r) => r.split).join(', ')})`,
  );
} finally {
  await s.close();
}
console.log(JSON.stringify(out));

// Registration figures (issue 28), on PostgreSQL when one answers (else PGlite):
//  - registration.yearLimitOver: one member's 50 entries sent at once into an event type limited to
//    3 a year (a session of 1,000 places): entries made beyond the limit (target 0; exactly 3 made).
import { benchPostgresUrl, benchStaff, ok } from './_support.ts';
import { startServer } from '../../apps/server/test/harness.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
out['registration.database'] = pgUrl ? 'postgres' : 'pglite';
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0', LOG_LEVEL: 'silent' });
try {
  const staff = await benchStaff(s, { code: 'bench-registration', name: '压测赛事球馆', role: '管理员', menus: /^sport\./ });
  const c = staff.users[0]!;
  const venue = await ok(c, 'POST', '/api/stadium/stadiumInfo/insert', { stadiumName: '压测赛事场馆' });
  const member = await ok(c, 'POST', '/api/sport/member', { name: '压测报名会员', phone: `137${String(Date.now() % 1e8).padStart(8, '0')}` });
  const LIMIT = 3;
  await ok(c, 'PUT', '/api/sport/registration/yearLimit', { stadiumId: venue.id, eventType: 'run', yearLimit: LIMIT });
  const starts = Date.now() + 7 * 24 * 3_600_000;
  const event = await ok(c, 'POST', '/api/sport/registration/event', {
    stadiumId: venue.id,
    name: '压测路跑',
    eventType: 'run',
    priceFen: 100,
    sessions: [{ startTime: new Date(starts).toISOString(), endTime: new Date(starts + 3_600_000).toISOString(), place: '起点', capacity: 1000 }],
  });
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => c.json('POST', '/api/sport/registration/entry', { body: { sessionId: event.sessions[0].id, memberId: member.id } })),
  );
  const made = answers.filter((a) => a.code === 0).length;
  const refused = answers.filter((a) => a.code === 100409 && a.detail?.reason === 'yearLimit').length;
  if (made + refused !== answers.length) throw new Error(`unexpected answers: ${answers.filter((a) => a.code !== 0 && a.code !== 100409).map((a) => a.msg)}`);
  out['registration.yearLimitOver'] = Math.max(0, made - LIMIT);
  console.log(`50 entries of one member at once, limit ${LIMIT}: ${made} made, ${refused} refused for the year limit`);
} finally {
  await s.close();
}
console.log(JSON.stringify(out));

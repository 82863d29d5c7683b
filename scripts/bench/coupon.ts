// Coupon figures (issue 28), on PostgreSQL when one answers (else PGlite):
//  - coupon.race.overRedeemed: a shared code with a total limit of 100, 400 concurrent orders over
//    HTTP: uses beyond the limit (must be 0, with exactly 100 orders discounted and the other 300
//    answering 100409 `coupon`); coupon.race.ms: how long the 400 orders took.
//  - coupon.race.perMemberOver: a per-member limit of 1, 20 concurrent orders of one member: uses
//    beyond the one (must be 0).
//  - coupon.issue100kMs: one batch to a segment of 100,000 members (`POST coupon/template/{id}/issue`
//    by level), one set-based statement (target <= 30,000 ms). The members are made by one insert.
import { benchPostgresUrl, benchStaff, consoleHeaders, freePort, ok } from './_support.ts';
import { startServer } from '../../apps/server/test/harness.ts';
import { codeRace } from '../../apps/server/src/modules/sport/coupon/coupon.race.testkit.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
out['coupon.database'] = pgUrl ? 'postgres' : 'pglite';
const port = await freePort();
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0' });
try {
  await s.app.listen({ host: '127.0.0.1', port });
  const staff = await benchStaff(s, { code: 'bench-coupon', name: '压测优惠券球馆', role: '运营', menus: /^sport\./ });
  const c = staff.users[0]!;
  const key = s.app.ctx.keys.signKey;
  const url = '/api/sport/commerce/order';
  const post = async (body: unknown) => {
    const text = JSON.stringify(body);
    const res = await fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers: consoleHeaders(key, c, 'POST', url, text), body: text });
    return (await res.json()) as { code: number; msg: string; detail?: unknown; body?: unknown };
  };
  const template = (extra: Record<string, unknown>) =>
    ok(c, 'POST', '/api/sport/coupon/template', {
      name: '压测满减券',
      kind: 'amount',
      valueFen: 2000,
      thresholdFen: 10000,
      validFrom: new Date(Date.now() - 86_400_000).toISOString(),
      validTo: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      ...extra,
    });

  // ---------------------------------------------------------------- a shared code, total 100, 400 orders at once
  const shared = await template({ code: 'BENCH100', totalLimit: 100, perMemberLimit: null });
  const race = await codeRace(s, post, { id: shared.id, code: 'BENCH100' }, 400);
  out['coupon.race.overRedeemed'] = Math.max(0, race.discounted - 100, race.uses - 100, race.taken - 100);
  out['coupon.race.discounted'] = race.discounted;
  out['coupon.race.ms'] = Math.round(race.ms);
  console.log(
    `400 concurrent orders with a code of total 100: ${race.made} made, ${race.discounted} discounted, ${race.refused} refused for the coupon, ${race.other.length} other, ${race.uses} uses`,
  );
  if (race.discounted !== 100 || race.other.length) throw new Error(`code race: ${JSON.stringify({ ...race, other: race.other.slice(0, 3) })}`);

  // ---------------------------------------------------------------- a per-member limit of 1, 20 orders of one member
  const member = await ok(c, 'POST', '/api/sport/member/add', { name: '抢券会员', phone: '13900009999' });
  const one = await template({ code: 'BENCHONE', totalLimit: 1000, perMemberLimit: 1 });
  const mine = await codeRace(s, post, { id: one.id, code: 'BENCHONE' }, 20, member.id);
  out['coupon.race.perMemberOver'] = Math.max(0, mine.discounted - 1, mine.uses - 1);
  console.log(`20 concurrent orders of one member, limit 1: ${mine.discounted} discounted, ${mine.refused} refused, ${mine.other.length} other`);

  // ---------------------------------------------------------------- 100,000 coupons to a segment, one statement
  const N = 100_000;
  await s.database.query(
    `insert into sport_member (org_id, member_no, name, phone, level)
     select $1, 'BM' || lpad(n::text, 7, '0'), '压测会员' || n, '17' || lpad(n::text, 9, '0'), 'bench' from generate_series(1, ${N}) n`,
    [staff.orgId],
  );
  if (pgUrl) await s.database.query('analyze sport_member');
  const bulk = await template({ name: '压测批量券', totalLimit: null, perMemberLimit: 1, validFrom: null, validTo: null, validDays: 30 });
  const t0 = performance.now();
  const batch = await ok(c, 'POST', `/api/sport/coupon/template/${bulk.id}/issue`, { batchKey: 'bench-100k', segment: { level: 'bench' } });
  out['coupon.issue100kMs'] = Math.round(performance.now() - t0);
  out['coupon.issue100kIssued'] = batch.issued;
  console.log(`${batch.issued.toLocaleString('en')} coupons issued to a segment in ${out['coupon.issue100kMs']} ms`);
  if (batch.issued !== N) throw new Error(`issued ${batch.issued}, expected ${N}`);
} finally {
  await s.close();
}
console.log(JSON.stringify(out));

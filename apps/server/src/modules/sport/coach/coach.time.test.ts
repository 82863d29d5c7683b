import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { AppError } from '../../../platform/errors.ts';
import { oneOrgScope } from '../../../platform/scope.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { claimCoachTime, releaseCoachTime } from './index.ts';
import { coachApi, coachStaff, makeCoach } from './coach.testkit.ts';

/** Coach time is a resource: one coach is never claimed twice for overlapping time, and only an active coach of the scope is claimed. */
describe.each(databases)('claiming coach time on %s', (kind) => {
  let s: TestServer;
  let a: Awaited<ReturnType<typeof coachStaff>>;
  let b: Awaited<ReturnType<typeof coachStaff>>;
  const at = (h: number) => new Date(Date.UTC(2030, 0, 7, h - 8)); // 2030-01-07 h:00 in Shanghai

  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    const { c: admin, platformOrgId } = await adminClient(s);
    a = await coachStaff(s, admin, platformOrgId);
    b = await coachStaff(s, admin, platformOrgId);
  });
  afterAll(async () => s?.close());

  async function claim(orgId: number, coachId: number, from: Date, to: Date, holderId = 1) {
    try {
      const c = await s.database.db.transaction((tx) => claimCoachTime(tx, oneOrgScope(orgId), { coachId, from, to, holderKind: 'sparring', holderId }));
      return { claimed: c.id };
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return { refused: e.code, reason: (e.detail as { reason?: string } | undefined)?.reason, msgKey: e.msgKey, params: e.params };
    }
  }

  it('the same hour twice: the second is refused as taken, naming the coach; after a release the hour is free again', async () => {
    const coach = await makeCoach(a.c, { name: '周教练' });
    const first = await claim(a.orgId, coach.id, at(10), at(11), 1);
    expect(first).toHaveProperty('claimed');
    expect(await claim(a.orgId, coach.id, at(10), at(11), 2)).toMatchObject({
      refused: 100409,
      reason: 'taken',
      msgKey: 'coach.taken',
      params: { name: '周教练', from: '2030-01-07 10:00', to: '2030-01-07 11:00' },
    });
    expect(await claim(a.orgId, coach.id, at(10), new Date(at(10).getTime() + 30 * 60_000), 3)).toMatchObject({ reason: 'taken' });
    // The next hour touches the first without overlapping; another coach's same hour is free.
    expect(await claim(a.orgId, coach.id, at(11), at(12), 4)).toHaveProperty('claimed');
    expect(await claim(a.orgId, (await makeCoach(a.c)).id, at(10), at(11), 5)).toHaveProperty('claimed');
    await s.database.db.transaction((tx) => releaseCoachTime(tx, oneOrgScope(a.orgId), { holderKind: 'sparring', holderId: 1 }));
    expect(await claim(a.orgId, coach.id, at(10), at(11), 6)).toHaveProperty('claimed');
  });

  it("a coach on leave or gone is refused in words; another organisation's coach is not found; an empty range is refused", async () => {
    const coach = await makeCoach(a.c, { name: '休假教练' });
    const r = await a.c.json('POST', coachApi(`${coach.id}/status`), { body: { status: 'leave', version: coach.version } });
    expect(r.code, r.msg).toBe(0);
    expect(await claim(a.orgId, coach.id, at(14), at(15))).toMatchObject({ refused: 100409, reason: 'state', msgKey: 'coach.notActive' });
    const theirs = await makeCoach(b.c);
    expect(await claim(a.orgId, theirs.id, at(14), at(15))).toMatchObject({ refused: 100404 });
    const active = await makeCoach(a.c);
    expect(await claim(a.orgId, active.id, at(15), at(15))).toMatchObject({ refused: 969600 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { entryRace } from './registration.race.testkit.ts';
import { makeEvent, newMember, ok, regApi, registrationStaff } from './registration.testkit.ts';

/**
 * The registration races (PostgreSQL: real concurrency): one member's entries at once never pass
 * the year limit (the use row's conditional upsert); entries at once never pass a session's places
 * (the commerce counter's conditional write).
 */
describe.each(databases)('the registration races on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  const usesOf = async (memberId: number) =>
    (await s.database.query<{ used: number }>('select used from sport_reg_year_use where member_id = $1', [memberId])).map((r) => Number(r.used));

  it.runIf(kind === 'postgres')('20 entries of one member at once, year limit 2: exactly 2 made, 18 refused for the year limit', async () => {
    const st = await registrationStaff(s, admin, platformId);
    await ok(st.c, 'PUT', regApi('yearLimit'), { stadiumId: st.venue.id, eventType: 'run', yearLimit: 2 });
    const ev = await makeEvent(st.c, st.venue.id, { eventType: 'run', sessions: [{ capacity: 100 }] });
    const r = await entryRace(
      st.c,
      ev.sessions[0]!.id,
      Array.from({ length: 20 }, () => st.member.id),
    );
    expect(r.other).toEqual([]);
    expect([r.made, r.refused]).toEqual([2, { yearLimit: 18 }]);
    expect(await usesOf(st.member.id)).toEqual([2]);
    // The refused orders took no place either.
    expect((await ok<{ sessions: { held: number }[] }>(st.c, 'GET', regApi(`event/${ev.id}`))).sessions[0]!.held).toBe(2);
  });

  it.runIf(kind === 'postgres')('40 members at once into a session of 10 places: exactly 10 made, 30 refused as taken', async () => {
    const st = await registrationStaff(s, admin, platformId);
    const ev = await makeEvent(st.c, st.venue.id, { sessions: [{ capacity: 10 }] });
    const people = [];
    for (let i = 0; i < 40; i++) people.push((await newMember(st.c)).id);
    const r = await entryRace(st.c, ev.sessions[0]!.id, people);
    expect(r.other).toEqual([]);
    expect([r.made, r.refused]).toEqual([10, { taken: 30 }]);
    const [row] = await s.database.query<{ n: string }>(`select count(*) as n from sport_reg_entry where session_id = $1 and state <> 'cancelled'`, [
      ev.sessions[0]!.id,
    ]);
    expect(Number(row!.n)).toBe(10);
    expect((await ok<{ sessions: { held: number }[] }>(st.c, 'GET', regApi(`event/${ev.id}`))).sessions[0]!.held).toBe(10);
  });
});

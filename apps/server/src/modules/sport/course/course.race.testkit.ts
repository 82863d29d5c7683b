import type { Client, TestServer } from '../../../../test/harness.ts';

// No vitest here: `npm run bench` (scripts/bench/course.ts) runs the same race outside the test runner.
const courseApi = (p: string) => `/api/sport/course/${p}`;
const enrol = (c: Client, classId: number, memberId: number) =>
  c.json<{ state: string; position: number | null; orderId: number | null }>('POST', courseApi('class/enrol'), { body: { classId, memberId } });

export interface RaceResult {
  /** Seats taken above the capacity (must be 0). */
  overbooked: number;
  /** Waiting members promoted out of waitlist order, plus gaps in the waitlist's positions (must be 0). */
  waitlistOutOfOrder: number;
  enrolled: number;
  waiting: number;
  /** Each enrolment call's time, in ms. */
  enrolMs: number[];
}

/**
 * The first 20 members take the class's 20 seats; then the next 60 enrol while the first 10 seats'
 * pending orders are cancelled, all at once. Read back: seats taken, the waitlist's positions, and
 * whether the members promoted were the first to join the waitlist (lowest waiting row ids).
 */
export async function enrolRace(s: TestServer, c: Client, classId: number, members: number[]): Promise<RaceResult> {
  const enrolMs: number[] = [];
  const timed = async (m: number) => {
    const t0 = performance.now();
    const r = await enrol(c, classId, m);
    enrolMs.push(performance.now() - t0);
    return r;
  };
  const seats: number[] = [];
  for (const m of members.slice(0, 20)) seats.push((await timed(m)).body.orderId!);
  const waves = await Promise.all([
    ...members.slice(20, 80).map((m) => timed(m)),
    ...seats.slice(0, 10).map((id) => c.json('POST', `/api/sport/commerce/order/${id}/cancel`, { body: {} })),
  ]);
  const failed = waves.filter((w) => w.code !== 0);
  if (failed.length) throw new Error(`race calls failed: ${failed.map((f) => `${f.code} ${f.msg}`).join('; ')}`);
  const rows = await s.database.query<{ id: string; state: string }>(
    `select id, state from sport_course_enrolment where class_id = $1 and state in ('enrolled', 'waitlisted', 'promoted') order by id`,
    [classId],
  );
  const enrolled = rows.filter((r) => r.state === 'enrolled').length;
  const waitingRows = rows.filter((r) => r.state === 'waitlisted' || r.state === 'promoted');
  // Every promoted row comes before every row still waiting.
  const firstWaiting = waitingRows.findIndex((r) => r.state === 'waitlisted');
  const promotedLate = firstWaiting < 0 ? 0 : waitingRows.slice(firstWaiting).filter((r) => r.state === 'promoted').length;
  const roster = await c.json<{ waitlist: { position: number }[] }>('POST', courseApi('class/roster'), { body: { classId } });
  const gaps = roster.body.waitlist.filter((w, i) => w.position !== i + 1).length;
  const [cap] = await s.database.query<{ capacity: number }>(`select capacity from sport_course_class where id = $1`, [classId]);
  return {
    overbooked: Math.max(0, enrolled - Number(cap!.capacity)),
    waitlistOutOfOrder: promotedLate + gaps,
    enrolled,
    waiting: roster.body.waitlist.length,
    enrolMs,
  };
}

// Money races on one order (issue 24, point 8), on PostgreSQL (PGlite runs one transaction at a
// time, so nothing races there): 50 rounds of two notifications of one order, and 50 of a
// notification against the order's cancel or time-out (money.races.testkit.ts, as in
// payment.race.test.ts).
//  - commerce.notifyRace.errors: answers with HTTP 500 or 100500, notifications not accepted, and
//    deadlocks in the server's log, in both races (must be 0).
//  - commerce.notifyRace.stuck: orders left between states afterwards (must be 0).
import { benchPostgresUrl } from './_support.ts';
import { raceNotificationCancel, raceRig, raceTwoNotifications } from '../../apps/server/src/modules/sport/commerce/money.races.testkit.ts';

const ROUNDS = 50;
const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (!pgUrl) {
  console.log('no PostgreSQL answers: the races need concurrent transactions');
  out['commerce.notifyRace.errors'] = 'n/a';
  out['commerce.notifyRace.stuck'] = 'n/a';
} else {
  process.env.TEST_DATABASE_URL = pgUrl;
  const rig = await raceRig();
  try {
    const t0 = performance.now();
    const two = await raceTwoNotifications(rig, ROUNDS);
    const cancel = await raceNotificationCancel(rig, ROUNDS);
    for (const e of [...two.errors, ...cancel.errors, ...two.stuck, ...cancel.stuck].slice(0, 10)) console.log(e);
    out['commerce.notifyRace.errors'] = two.errors.length + cancel.errors.length;
    out['commerce.notifyRace.stuck'] = two.stuck.length + cancel.stuck.length;
    console.log(
      `${2 * ROUNDS} races in ${((performance.now() - t0) / 1000).toFixed(1)} s: two notifications ${JSON.stringify(two.outcomes)}, notification against cancel ${JSON.stringify(cancel.outcomes)}`,
    );
  } finally {
    await rig.close();
  }
}
console.log(JSON.stringify(out));

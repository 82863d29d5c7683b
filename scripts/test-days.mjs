// The day-sensitive tests under other clocks (`npm test -- days`, part of `npm test`).
//
// Tests that book "today + n", price by weekday or holiday, or show a business day pass or fail
// by the day they run on: the venue demo test failed whenever today + 30 was a Tuesday or a
// Thursday. This runs those files again with the whole process's clock moved (libfaketime, on
// PGlite, whose now() follows the process clock) to the days that have broken them or could:
//   - today + 30 on a Tuesday (the demo's fixed tennis series) and on a Thursday;
//   - a month end and a year end, just after midnight in Beijing while UTC is still the day before;
//   - the eve of the Spring Festival (2027-02-05), in the evening.
// The server keeps no clock of its own, so the clock of the process is the one to move.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** The clocks (UTC, `faketime` syntax; the clock then runs on from there). */
export const DAY_CLOCKS = [
  // Sunday 2026-11-29 18:00 in Beijing: today + 30 is Tuesday 2026-12-29.
  { label: 'today + 30 a Tuesday', at: '2026-11-29 10:00:00' },
  // Tuesday 2026-12-01 00:30 in Beijing (UTC: Monday 30 November, a month end): today + 30 is Thursday 2026-12-31.
  { label: 'a month end, 00:30 in Beijing', at: '2026-11-30 16:30:00' },
  // Friday 2027-01-01 00:20 in Beijing (UTC: Thursday 31 December).
  { label: 'a year end, 00:20 in Beijing', at: '2026-12-31 16:20:00' },
  // Friday 2027-02-05 20:00 in Beijing, the eve of the Spring Festival.
  { label: 'the Spring Festival eve', at: '2027-02-05 12:00:00' },
];

/** The test files whose outcome depends on the day (keep it small: each runs once per clock). */
export const DAY_FILES = [
  'apps/server/src/modules/sport/booking/booking.seed.test.ts',
  'apps/server/src/modules/sport/equipment/equipment.seed.test.ts',
  'apps/server/src/modules/sport/settlement/settlement.seed.test.ts',
];

const FAKETIME = '/usr/bin/faketime';

/**
 * Finds faketime, installing Debian's package when running as root on a machine without one.
 * Answers its path, or the reason there is none.
 */
export function findFaketime() {
  if (fs.existsSync(FAKETIME)) return { path: FAKETIME };
  if (process.getuid?.() !== 0) return { reason: 'faketime is not installed (Debian: `sudo apt-get install faketime`), and this is not root' };
  console.log('faketime not found: installing Debian package faketime…');
  try {
    execSync(
      'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null)',
      { stdio: 'inherit' },
    );
  } catch {
    return { reason: 'the Debian package faketime could not be installed' };
  }
  return fs.existsSync(FAKETIME) ? { path: FAKETIME } : { reason: 'the Debian package faketime did not install /usr/bin/faketime' };
}

/** Whether the faked clock reaches node (a library preload can be refused, e.g. by a hardened loader). */
export function faketimeWorks(faketime) {
  const r = spawnSync(faketime, ['2027-02-05 12:00:00', process.execPath, '-e', 'console.log(new Date().toISOString().slice(0, 10))'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() === '2027-02-05';
}

/**
 * The sport/sparring module's public API: the only file of `modules/sport/sparring/` another module may
 * import (tests may also import `sparring.testkit.ts`).
 */

// ---------------------------------------------------------------- table references
// Read-only: coach settlement (sport/course) sums a coach's booked (paid) sessions in a period.
export { sparringSessions } from './sparring.table.ts';

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { sparringManifest } from './sparring.manifest.ts';

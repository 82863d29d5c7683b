/**
 * The sport/coach module's public API: the only file of `modules/sport/coach/` another module may
 * import (tests may also import `coach.testkit.ts`).
 */

// ---------------------------------------------------------------- table references (foreign keys and read-only joins)
/** `sport_coach`: a reference to a coach is the composite `(org_id, coach_id)` → `coaches (orgId, id)` (unique index `sport_coach_org_id_uq`). */
export { coaches } from './coach.table.ts';

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { coachManifest } from './coach.manifest.ts';

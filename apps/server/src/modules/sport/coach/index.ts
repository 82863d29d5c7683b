/**
 * The sport/coach module's public API: the only file of `modules/sport/coach/` another module may
 * import (tests may also import `coach.testkit.ts`).
 *
 * Coach time is a resource. A module that books a coach (a lesson, a sparring hour) claims the
 * coach's time in its own transaction with `claimCoachTime` and gives it back with
 * `releaseCoachTime`; both go through the commerce core's time-range claims (resource kind
 * `coach`), so the database refuses a coach in two places at once, whatever the module:
 *
 * - `claimCoachTime(tx, scope, { coachId, from, to, holderKind, holderId, createdBy })` answers
 *   the claim (keep its id, or release by holder). 100404 when the coach is not in the scope
 *   (another organisation's); 100409 `state` when the coach is on leave or has left; 100409
 *   `taken` ("Coach Wang is already booked between 2026-12-01 10:00 and 11:00") when any live
 *   claim of the coach overlaps `[from, to)`; 969600 on `to` for an empty range.
 *   `holderKind` names what holds the time in your module (`lesson`, `sparring`); the coach
 *   schedule shows it.
 * - `releaseCoachTime(db, scope, { ids } | { holderKind, holderId })` frees the range at once.
 * - `coachBriefs(db, scope, ids)` → Map of id → `{ id, orgId, name, level, photo, status }` (ids
 *   out of scope are left out). `findCoach(db, scope, id)` → the row or undefined.
 * - `coaches`: the table, for foreign keys. A reference is composite, so a row of one organisation
 *   cannot name another's coach: `foreignKey({ columns: [t.orgId, t.coachId], foreignColumns:
 *   [coaches.orgId, coaches.id] })` (unique index `sport_coach_org_id_uq`).
 */

// ---------------------------------------------------------------- coach time and reads other modules make
export { claimCoachTime, coachBriefs, releaseCoachTime } from './coach.time.ts';
export { findCoach } from './coach.repository.ts';
// ---------------------------------------------------------------- ports this module declares (the training module answers the ratings)
export { coachRatings } from './coach.service.ts';

// ---------------------------------------------------------------- table references (foreign keys and read-only joins)
export { coaches } from './coach.table.ts';

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { coachManifest } from './coach.manifest.ts';

/**
 * The sport/coach module's public API: the only file of `modules/sport/coach/` another module may
 * import (tests may also import `coach.testkit.ts`).
 */

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { coachManifest } from './coach.manifest.ts';

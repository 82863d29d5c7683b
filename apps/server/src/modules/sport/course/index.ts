/**
 * The sport/course module's public API: the only file of `modules/sport/course/` another module may
 * import (tests may also import `course.testkit.ts`).
 */

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { courseManifest } from './course.manifest.ts';

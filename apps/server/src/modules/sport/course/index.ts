/**
 * The sport/course module's public API: the only file of `modules/sport/course/` another module may
 * import (tests may also import `course.testkit.ts`).
 */

// A course by id in the caller's scope (the page settings bind courses to the member app's pages).
export { findCourse } from './course.repository.ts';

// The statistics' readers of lessons held, their evaluations and their attendance (queries to compose, scoped).
export { heldLessonsSql, lessonEvaluationsSql } from './lesson.repository.ts';
export { expectedAttendancesSql, lessonAttendancesSql } from './attendance.repository.ts';

// ---------------------------------------------------------------- table references (read-only joins: statistics keys a course line by its class's course and coach)
export { courseClasses, courses } from './course.table.ts';

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { courseManifest } from './course.manifest.ts';

/**
 * The scheduling plan's engine (dates and the conflict preview) for benches and tests, until the
 * course module's routes offer the preview (scripts/bench/course-plan.ts measures it directly).
 */
export { planDates, type PlanRule } from './plan.dates.ts';
export { checkPlanClashes, type CandidateLesson } from './plan.conflicts.ts';

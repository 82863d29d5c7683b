import { coachRatings } from '../coach/index.ts';
import { ratingsOfCoaches } from './participant.repository.ts';

/**
 * Plugs the training module's answers into other modules' ports: the coach module's average lesson
 * rating of coaches (its list and detail). Called by the manifest's plug step, never at import.
 */
export function plugCoursePorts(): void {
  coachRatings.plug(ratingsOfCoaches);
}

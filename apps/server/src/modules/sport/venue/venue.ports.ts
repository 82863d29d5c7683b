import type { Executor } from '../../../platform/db.ts';
import { definePort } from '../../../platform/ports.ts';
import type { Scope } from '../../../platform/scope.ts';

/**
 * Bookings are the booking module's rows, which venue may not read: it asks through these ports
 * (booking plugs them from its manifest). Unplugged, a port throws, so the delete it guards is refused.
 */

/** Whether any booking (paid or not) names the venue: such a venue is not deleted. */
export const venueBookedPort = definePort<(db: Executor, scope: Scope, venueId: number) => Promise<boolean>>('venue.venueBooked');

/** How many live claims (not released) from `now` on hold these sites' units: a site with bookings ahead is not removed or split. */
export const liveClaimsAheadPort = definePort<(db: Executor, scope: Scope, unitIds: number[], now: Date) => Promise<number>>('venue.liveClaimsAhead');

import { seedShippedJobs, type JobHandler } from '../../job/index.ts';
import type { Db } from '../../../platform/db.ts';
import { markNoShows } from './booking.service.ts';

/** Booking's scheduled work: recording no-shows (a conditional write, safe in several processes); its manifest contributes it. */
export const bookingJobHandlers: JobHandler[] = [
  {
    name: 'venue.markNoShows',
    descriptionKey: 'job.handler.venue.markNoShows',
    platformOnly: true,
    async run({ db }) {
      return `${await markNoShows(db)} no-shows recorded`;
    },
  },
];

export async function seedVenueJobs(db: Db): Promise<void> {
  await seedShippedJobs(db, 'venue_jobs_seeded', 'venue', [
    {
      jobName: '预订爽约记录',
      beanName: 'venue.markNoShows',
      cronExpr: '30 * * * * ?',
      description: 'Record bookings nobody checked in to as no-shows, every minute',
    },
  ]);
}

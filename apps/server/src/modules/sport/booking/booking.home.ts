import { Perm } from '@venue/contract';
import type { HomeCardSource } from '../../system/index.ts';
import { bookingsOfDay } from './booking.home.repository.ts';

/** Today's bookings on the grid and the arrivals among them; opens the grid on today. */
export const bookingHomeCard: HomeCardSource = {
  code: 'booking.today',
  screen: 'sport.venue.reserve',
  permission: Perm.booking.view,
  rank: 10,
  load: async (db, scope, at) => {
    const b = await bookingsOfDay(db, scope, at.day);
    return {
      figures: [
        { key: 'booked', value: b.booked, unit: 'count' },
        { key: 'arrived', value: b.arrived, unit: 'count' },
        { key: 'expected', value: b.expected, unit: 'count' },
        { key: 'unpaid', value: b.unpaid, unit: 'count' },
      ],
      query: { day: at.day },
    };
  },
};

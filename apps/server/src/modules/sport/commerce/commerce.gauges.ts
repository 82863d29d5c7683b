import { count, eq } from 'drizzle-orm';
import type { ReadGauge } from '../../../platform/metrics.ts';
import { orderItems } from './commerce.table.ts';

/** `/metrics`: what unpaid orders hold (slots, seats, stock); a time-out job that stopped makes it climb. */
export const commerceGauges: ReadGauge[] = [
  {
    name: 'venue_holds_pending',
    help: 'Order lines holding slots, seats, quota or stock until their order is paid or times out.',
    read: async (db) => {
      const [r] = await db.select({ n: count() }).from(orderItems).where(eq(orderItems.holdState, 'held'));
      return Number(r?.n ?? 0);
    },
  },
];

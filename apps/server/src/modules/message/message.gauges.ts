import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { ReadGauge } from '../../platform/metrics.ts';
import { messageSends } from './message.table.ts';

/** `/metrics`: the outgoing message queue (a channel that is down makes it grow and age). */
export const messageGauges: ReadGauge[] = [
  {
    name: 'venue_message_queue_depth',
    help: 'Messages waiting to be sent (pending, due or retrying later).',
    read: async (db) => {
      const [r] = await db.select({ n: count() }).from(messageSends).where(eq(messageSends.status, 'pending'));
      return Number(r?.n ?? 0);
    },
  },
  {
    name: 'venue_message_outbox_lag_seconds',
    help: 'How long the oldest due message has waited past its send time, in seconds.',
    read: async (db) => {
      const [r] = await db
        .select({ lag: sql<number>`coalesce(extract(epoch from max(now() - ${messageSends.nextAt})), 0)::float8` })
        .from(messageSends)
        .where(and(eq(messageSends.status, 'pending'), lt(messageSends.nextAt, sql`now()`)));
      return Number(r?.lag ?? 0);
    },
  },
];

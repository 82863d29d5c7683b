import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import type { ReadGauge } from '../../platform/metrics.ts';
import { sendQueueFigures } from './message.repository.ts';

/** `/metrics`: the outgoing message queue (a channel that is down makes it grow and age). */
export const messageGauges: ReadGauge[] = [
  {
    name: 'venue_message_queue_depth',
    help: 'Messages waiting to be sent (pending, due or retrying later).',
    read: async (db) => (await sendQueueFigures(db, SYSTEM_SCOPE)).depth,
  },
  {
    name: 'venue_message_outbox_lag_seconds',
    help: 'How long the oldest due message has waited past its send time, in seconds.',
    read: async (db) => (await sendQueueFigures(db, SYSTEM_SCOPE)).lagSeconds,
  },
];

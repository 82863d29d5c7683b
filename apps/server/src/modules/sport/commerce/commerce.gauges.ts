import { SYSTEM_SCOPE } from '../../../platform/scope.ts';
import type { ReadGauge } from '../../../platform/metrics.ts';
import { heldLineCount } from './commerce.repository.ts';

/** `/metrics`: what unpaid orders hold (slots, seats, stock); a time-out job that stopped makes it climb. */
export const commerceGauges: ReadGauge[] = [
  {
    name: 'venue_holds_pending',
    help: 'Order lines holding slots, seats, quota or stock until their order is paid or times out.',
    read: (db) => heldLineCount(db, SYSTEM_SCOPE),
  },
];

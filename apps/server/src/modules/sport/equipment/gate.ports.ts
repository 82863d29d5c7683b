import type { Executor } from '../../../platform/db.ts';
import { definePort } from '../../../platform/ports.ts';
import type { Scope } from '../../../platform/scope.ts';

/** A member at a gate of a venue, at an instant. */
export interface GatePassQuery {
  memberId: number;
  venueId: number;
  at: Date;
}
/** What lets the member pass now (a card's number, a ticket's code, a lesson), or undefined. */
export type GatePassSource = (db: Executor, scope: Scope, q: GatePassQuery) => Promise<string | undefined>;

/*
 * What a member holds that opens the gates, asked of the modules that own it: the gates read no
 * cards, tickets or classes themselves. Each is optional by design: without the cards, ticketing or
 * training module loaded, nothing of theirs opens a gate (the pass decision checks `plugged`).
 */
/** A usable card for the venue (active, in date, uses left), whatever its type: answered by the cards module. */
export const gateCardPort = definePort<GatePassSource>('equipment.gateCard');
/** A live ticket of the member's for a session at the venue whose gate window is open: answered by ticketing. */
export const gateTicketPort = definePort<GatePassSource>('equipment.gateTicket');
/** A lesson of a class the member is enrolled and paid in, at the venue, from 30 minutes before it starts to its end: answered by training. */
export const gateLessonPort = definePort<GatePassSource>('equipment.gateLesson');

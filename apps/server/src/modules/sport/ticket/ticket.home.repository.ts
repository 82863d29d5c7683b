import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScope, type Scope } from '../../../platform/scope.ts';
import { ticketProjects, ticketSessions, tickets } from './ticket.table.ts';

/**
 * Enabled sessions starting from `now` to the end of the day after `day` (today and tomorrow in
 * `timeZone`): how many, and the first `limit`, soonest first, with their project and the tickets sold.
 */
export async function nextSessions(db: Executor, scope: Scope, now: Date, day: string, timeZone: string, limit: number) {
  const until = sql`(((${day})::date + 2)::timestamp at time zone ${timeZone})`;
  const where = and(eq(ticketSessions.status, 0), gte(ticketSessions.startAt, now), lt(ticketSessions.startAt, until), inScope(scope, ticketSessions.orgId));
  const sold = db
    .select({ n: count() })
    .from(tickets)
    .where(and(eq(tickets.orgId, ticketSessions.orgId), eq(tickets.sessionId, ticketSessions.id), inArray(tickets.state, ['sold', 'used'])));
  const [[total], first] = await Promise.all([
    db.select({ n: count() }).from(ticketSessions).where(where),
    db
      .select({ id: ticketSessions.id, name: ticketSessions.name, project: ticketProjects.name, startAt: ticketSessions.startAt, sold: sql<number>`(${sold})` })
      .from(ticketSessions)
      .innerJoin(ticketProjects, and(eq(ticketProjects.orgId, ticketSessions.orgId), eq(ticketProjects.id, ticketSessions.projectId)))
      .where(where)
      .orderBy(asc(ticketSessions.startAt), asc(ticketSessions.id))
      .limit(limit),
  ]);
  return { total: Number(total?.n ?? 0), first };
}

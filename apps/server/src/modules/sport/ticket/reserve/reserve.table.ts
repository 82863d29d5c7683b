import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgs, users } from '../../../system/index.ts';
import { orders } from '../../commerce/index.ts';
import { ticketSessions } from '../ticket.table.ts';

/**
 * Reserved ticket issuing (sellTicketYL/book): tickets for sponsors and staff with no payment. A
 * request holds its seats or quota through a pending order of channel `reserved` (the commerce
 * core's hold); another user with the approve right approves (the order is paid by a comp, its
 * tickets sold) or rejects (the order is cancelled, its holds released). The database refuses a
 * review by the requester.
 */
export const ticketReservations = pgTable(
  'sport_ticket_reservation',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    /** The pending order that holds the seats or quota (paid by a comp once approved). */
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    /** Who the tickets are for (a sponsor, a member of staff). */
    recipientName: varchar('recipient_name', { length: 64 }),
    recipientPhone: varchar('recipient_phone', { length: 20 }),
    /** pending | approved | rejected. */
    state: varchar('state', { length: 10 }).notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The approver the requester named (null: any user with the approve right). */
    approverId: bigint('approver_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewRemark: varchar('review_remark', { length: 200 }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'sport_ticket_reservation_order_id_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    foreignKey({
      name: 'sport_ticket_reservation_session_id_org_fk',
      columns: [t.orgId, t.sessionId],
      foreignColumns: [ticketSessions.orgId, ticketSessions.id],
    }),
    uniqueIndex('sport_ticket_reservation_order_uq').on(t.orderId),
    index('sport_ticket_reservation_org_idx').on(t.orgId, t.id),
    index('sport_ticket_reservation_session_idx').on(t.sessionId),
    check('sport_ticket_reservation_state', sql`${t.state} in ('pending','approved','rejected')`),
    check('sport_ticket_reservation_reason', sql`length(trim(${t.reason})) > 0`),
    check('sport_ticket_reservation_quantity', sql`${t.quantity} > 0`),
    // Four eyes: the requester never reviews their own request.
    check('sport_ticket_reservation_reviewer', sql`${t.reviewedBy} is null or ${t.requestedBy} is null or ${t.reviewedBy} <> ${t.requestedBy}`),
    check('sport_ticket_reservation_reviewed', sql`(${t.state} = 'pending') = (${t.reviewedAt} is null)`),
  ],
);

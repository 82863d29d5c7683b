import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId, roles, userRef, users } from '../../system/index.ts';
import { venues } from '../venue/index.ts';
import { createdAt, id, updatedAt, version } from '../../../platform/columns.ts';

/**
 * The desk's operations (issue 30, operations half): members' feedback, work orders with an SLA,
 * incidents at a venue with their follow-up log, the take-a-number queue, and the member app's
 * page settings. docs/decisions.md, "Desk operations".
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

/** A member's feedback from the app (spec section 3 Feedback), answered by an operator with an opinion. */
export const feedback = pgTable(
  'sport_feedback',
  {
    id: id(),
    orgId: orgId(),
    appVersion: varchar('app_version', { length: 32 }).notNull().default(''),
    contact: varchar('contact', { length: 64 }).notNull().default(''),
    /** bug | suggestion | complaint | other. */
    category: varchar('category', { length: 16 }).notNull(),
    /** pending | processing | done. */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    content: varchar('content', { length: 1000 }).notNull(),
    opinion: varchar('opinion', { length: 1000 }),
    memberName: varchar('member_name', { length: 64 }),
    handledBy: userRef('handled_by'),
    handledAt: at('handled_at'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_feedback_org_id_uq').on(t.orgId, t.id),
    index('sport_feedback_org_status_idx').on(t.orgId, t.status, t.createdAt),
    check('sport_feedback_category_ck', sql`${t.category} in ('bug','suggestion','complaint','other')`),
    check('sport_feedback_status_ck', sql`${t.status} in ('pending','processing','done')`),
  ],
);

/** A work order category and its SLA: an order of it is due this many hours after it is raised. */
export const workCategories = pgTable(
  'sport_work_category',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    slaHours: integer('sla_hours').notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_work_category_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_work_category_name_uq').on(t.orgId, t.name),
    check('sport_work_category_sla_ck', sql`${t.slaHours} between 1 and 8760`),
  ],
);

/** A work order: assigned to a user or a role, due from its category's SLA; open -> inProgress -> done, or closed. */
export const workOrders = pgTable(
  'sport_work_order',
  {
    id: id(),
    orgId: orgId(),
    categoryId: bigint('category_id', { mode: 'number' }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: varchar('content', { length: 2000 }).notNull().default(''),
    assigneeUserId: bigint('assignee_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    assigneeRoleId: bigint('assignee_role_id', { mode: 'number' }).references(() => roles.id, { onDelete: 'set null' }),
    /** open | inProgress | done | closed. */
    state: varchar('state', { length: 12 }).notNull().default('open'),
    dueAt: at('due_at').notNull(),
    /** Who took it (open -> inProgress). */
    takenBy: userRef('taken_by'),
    result: varchar('result', { length: 500 }),
    finishedAt: at('finished_at'),
    createdBy: userRef('created_by'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_work_order_org_id_uq').on(t.orgId, t.id),
    index('sport_work_order_org_due_idx').on(t.orgId, t.state, t.dueAt),
    foreignKey({ name: 'sport_work_order_category_org_fk', columns: [t.orgId, t.categoryId], foreignColumns: [workCategories.orgId, workCategories.id] }),
    check('sport_work_order_state_ck', sql`${t.state} in ('open','inProgress','done','closed')`),
    check('sport_work_order_assignee_ck', sql`${t.assigneeUserId} is not null or ${t.assigneeRoleId} is not null`),
  ],
);

/** An incident at a venue (an injury, damage, other) with photos, followed up and closed with a result. */
export const incidents = pgTable(
  'sport_incident',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    /** injury | damage | other. */
    kind: varchar('kind', { length: 8 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    occurredAt: at('occurred_at').notNull(),
    /** Uploaded image paths (the system module's content-addressed uploads). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** open | closed. */
    state: varchar('state', { length: 8 }).notNull().default('open'),
    result: varchar('result', { length: 500 }),
    closedAt: at('closed_at'),
    createdBy: userRef('created_by'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_incident_org_id_uq').on(t.orgId, t.id),
    foreignKey({ name: 'sport_incident_venue_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
    index('sport_incident_org_venue_idx').on(t.orgId, t.venueId, t.occurredAt),
    check('sport_incident_kind_ck', sql`${t.kind} in ('injury','damage','other')`),
    check('sport_incident_state_ck', sql`${t.state} in ('open','closed')`),
  ],
);

/** An incident's follow-up log: append-only, who and when. */
export const incidentLogs = pgTable(
  'sport_incident_log',
  {
    id: id(),
    orgId: orgId(),
    incidentId: bigint('incident_id', { mode: 'number' }).notNull(),
    note: varchar('note', { length: 1000 }).notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sport_incident_log_incident_idx').on(t.incidentId, t.id),
    foreignKey({ name: 'sport_incident_log_incident_org_fk', columns: [t.orgId, t.incidentId], foreignColumns: [incidents.orgId, incidents.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * The take-a-number counter of a venue's day: `last_number` is raised by one conditional upsert per
 * take, so numbers are unique and in order whatever the number of desks and server processes.
 */
export const queueDays = pgTable(
  'sport_queue_day',
  {
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [
    uniqueIndex('sport_queue_day_uq').on(t.venueId, t.day),
    foreignKey({ name: 'sport_queue_day_venue_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }).onDelete('cascade'),
  ],
);

/** A number taken at the desk: waiting -> called (by a desk) -> served, or skipped (and recalled). */
export const queueTickets = pgTable(
  'sport_queue_ticket',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    number: integer('number').notNull(),
    /** waiting | called | served | skipped. */
    state: varchar('state', { length: 8 }).notNull().default('waiting'),
    desk: varchar('desk', { length: 16 }),
    calls: smallint('calls').notNull().default(0),
    calledAt: at('called_at'),
    takenAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_queue_ticket_number_uq').on(t.venueId, t.day, t.number),
    foreignKey({ name: 'sport_queue_ticket_venue_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }).onDelete('cascade'),
    index('sport_queue_ticket_waiting_idx')
      .on(t.venueId, t.day, t.number)
      .where(sql`${t.state} = 'waiting'`),
    check('sport_queue_ticket_state_ck', sql`${t.state} in ('waiting','called','served','skipped')`),
  ],
);

/** The member app's pages: a tree of page -> slot -> child item; slots carry bound courses, goods or venues. */
export const appPages = pgTable(
  'sport_app_page',
  {
    id: id(),
    orgId: orgId(),
    parentId: bigint('parent_id', { mode: 'number' }),
    /** page | slot | item. */
    level: varchar('level', { length: 8 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_app_page_org_id_uq').on(t.orgId, t.id),
    // A code is unique among its siblings (pages: among the organisation's pages).
    uniqueIndex('sport_app_page_code_uq').on(t.orgId, sql`coalesce(${t.parentId}, 0)`, t.code),
    foreignKey({ name: 'sport_app_page_parent_org_fk', columns: [t.orgId, t.parentId], foreignColumns: [t.orgId, t.id] }).onDelete('cascade'),
    check('sport_app_page_level_ck', sql`${t.level} in ('page','slot','item')`),
  ],
);

/** What a slot shows: a course, a good or a venue (a kind registered with `registerPageBindable`) by id, in order. */
export const pageBindings = pgTable(
  'sport_page_binding',
  {
    id: id(),
    orgId: orgId(),
    slotId: bigint('slot_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_page_binding_uq').on(t.slotId, t.kind, t.refId),
    foreignKey({ name: 'sport_page_binding_slot_org_fk', columns: [t.orgId, t.slotId], foreignColumns: [appPages.orgId, appPages.id] }).onDelete('cascade'),
  ],
);

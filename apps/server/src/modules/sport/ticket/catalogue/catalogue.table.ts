import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { DataLogChange } from '@venue/contract';
import { users, orgId } from '../../../system/index.ts';
import { ticketProjects } from '../ticket.table.ts';
import { createdAt, id, updatedAt, version } from '../../../../platform/columns.ts';

/**
 * Ticketing's catalogue extras (issue 13): performers and the projects they appear in, the people
 * who registered interest in a project (want-to-see), and each project's data log (every change of
 * the project, its sessions and levels, with the fields before and after, written by the server in
 * the change's own transaction).
 */

export const ticketPerformers = pgTable(
  'sport_ticket_performer',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    /** An uploaded image's url (`/files/<sha256>.<format>`). */
    photoUrl: varchar('photo_url', { length: 500 }),
    /** What they are in the show: singer, team, host… */
    role: varchar('role', { length: 32 }),
    intro: text('intro'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sport_ticket_performer_org_id_uq').on(t.orgId, t.id), index('sport_ticket_performer_org_idx').on(t.orgId, t.id)],
);

/** The performers of a project, in billing order. A performer in a project is not deleted. */
export const ticketProjectPerformers = pgTable(
  'sport_ticket_project_performer',
  {
    orgId: orgId(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    performerId: bigint('performer_id', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: 'sport_ticket_project_performer_performer_id_org_fk',
      columns: [t.orgId, t.performerId],
      foreignColumns: [ticketPerformers.orgId, ticketPerformers.id],
    }),
    foreignKey({
      name: 'sport_ticket_project_performer_project_id_org_fk',
      columns: [t.orgId, t.projectId],
      foreignColumns: [ticketProjects.orgId, ticketProjects.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.projectId, t.performerId] }),
    index('sport_ticket_project_performer_idx').on(t.performerId),
  ],
);

/** A person who registered interest in a project: one entry per phone per project. */
export const ticketWantSee = pgTable(
  'sport_ticket_want_see',
  {
    id: id(),
    orgId: orgId(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    /** Tickets they would like. */
    count: integer('count').notNull().default(1),
    note: varchar('note', { length: 200 }),
    /** When they were told a session went on sale (set by the messaging issue). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'sport_ticket_want_see_project_id_org_fk',
      columns: [t.orgId, t.projectId],
      foreignColumns: [ticketProjects.orgId, ticketProjects.id],
    }).onDelete('cascade'),
    uniqueIndex('sport_ticket_want_see_phone_uq').on(t.projectId, t.phone),
    index('sport_ticket_want_see_org_idx').on(t.orgId, t.id),
    check('sport_ticket_want_see_count', sql`${t.count} between 1 and 99`),
  ],
);

/**
 * A project's change history. Kept when the project is deleted (no foreign key on the project): a
 * removal is itself a row.
 */
export const ticketDataLog = pgTable(
  'sport_ticket_data_log',
  {
    id: id(),
    orgId: orgId(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    /** project | session | level. */
    entity: varchar('entity', { length: 8 }).notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    /** add | edit | remove | move (a session moved to a later map version). */
    action: varchar('action', { length: 8 }).notNull(),
    /** What it is called (the project's, session's or level's name at the time). */
    label: varchar('label', { length: 64 }).notNull(),
    changes: jsonb('changes').$type<DataLogChange[]>().notNull().default([]),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    userName: varchar('user_name', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sport_ticket_data_log_project_idx').on(t.projectId, t.id),
    index('sport_ticket_data_log_org_idx').on(t.orgId, t.id),
    check('sport_ticket_data_log_entity', sql`${t.entity} in ('project','session','level')`),
    check('sport_ticket_data_log_action', sql`${t.action} in ('add','edit','remove','move')`),
  ],
);

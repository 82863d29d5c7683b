import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { TicketTemplateElement } from '@venue/contract';
import { orgId } from '../../../system/index.ts';
import { createdAt, id, updatedAt, version } from '../../../../platform/columns.ts';

/**
 * Ticketing's reusable texts and layouts (issue 13): purchase notices a project shows to buyers, and
 * ticket templates (a printed ticket's or an e-ticket's page in millimetres with its placed
 * elements). Projects and sessions name them (`sport_ticket_project.notice_id`, `template_id`;
 * `sport_ticket_session.template_id`); a notice or template in use is not deleted (foreign keys).
 */

export const ticketNotices = pgTable(
  'sport_ticket_notice',
  {
    id: id(),
    orgId: orgId(),
    title: varchar('title', { length: 64 }).notNull(),
    /** Plain text with line breaks and simple marks (**bold**, "- " list items), at most 10,000 characters. */
    content: text('content').notNull(),
    /** 0 normal, 1 disabled (not offered to projects). */
    status: smallint('status').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_ticket_notice_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_ticket_notice_org_title_uq').on(t.orgId, t.title),
    index('sport_ticket_notice_org_idx').on(t.orgId, t.id),
  ],
);

export const ticketTemplates = pgTable(
  'sport_ticket_template',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    /** paper (printed) | eticket (shown on a phone). */
    kind: varchar('kind', { length: 8 }).notNull().default('paper'),
    widthMm: integer('width_mm').notNull(),
    heightMm: integer('height_mm').notNull(),
    backgroundColor: varchar('background_color', { length: 7 }).notNull().default('#ffffff'),
    backgroundUrl: varchar('background_url', { length: 500 }),
    /** The placed elements (QR code, bound fields, free text), validated by the contract. */
    elements: jsonb('elements').$type<TicketTemplateElement[]>().notNull().default([]),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_ticket_template_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_ticket_template_org_name_uq').on(t.orgId, t.name),
    index('sport_ticket_template_org_idx').on(t.orgId, t.id),
    check('sport_ticket_template_kind', sql`${t.kind} in ('paper','eticket')`),
    check('sport_ticket_template_size', sql`${t.widthMm} between 20 and 300 and ${t.heightMm} between 20 and 300`),
  ],
);

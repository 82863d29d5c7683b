import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId } from '../../system/index.ts';
import { id } from '../../../platform/columns.ts';

/**
 * Coaches (issue 26): a venue organisation's coaches, with the sports they teach, the venues they
 * work at, a level, a photo and their qualifications. A coach's time is not kept here: lessons and
 * sparring claim it through the commerce core's time-range claims (resource kind `coach`).
 */

export const coaches = pgTable(
  'sport_coach',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    /** 1 male, 2 female, null not given. */
    gender: smallint('gender'),
    phone: varchar('phone', { length: 20 }).notNull(),
    /** An uploaded image's file name (sha256.format), served to signed-in staff only. */
    photo: varchar('photo', { length: 80 }),
    /** The venue sports (`VENUE_SPORTS`) the coach teaches. */
    sports: jsonb('sports').$type<string[]>().notNull().default([]),
    /** The venues (of the coach's organisation) the coach works at. */
    venueIds: jsonb('venue_ids').$type<number[]>().notNull().default([]),
    /** junior | intermediate | senior | head (`COACH_LEVELS`). */
    level: varchar('level', { length: 16 }).notNull().default('junior'),
    intro: varchar('intro', { length: 500 }),
    /** active | leave (on leave) | left. */
    status: varchar('status', { length: 8 }).notNull().default('active'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_coach_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_coach_org_phone_uq').on(t.orgId, t.phone),
    index('sport_coach_org_idx').on(t.orgId, t.createdAt),
    check('sport_coach_level_ck', sql`${t.level} in ('junior','intermediate','senior','head')`),
    check('sport_coach_status_ck', sql`${t.status} in ('active','leave','left')`),
  ],
);

/** A coach's qualification (certificate) with its dates; the coach list warns of one expiring within 30 days or expired. */
export const coachQualifications = pgTable(
  'sport_coach_qualification',
  {
    id: id(),
    orgId: orgId(),
    coachId: bigint('coach_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    certNo: varchar('cert_no', { length: 64 }),
    issuedOn: date('issued_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'sport_coach_qualification_coach_id_org_fk', columns: [t.orgId, t.coachId], foreignColumns: [coaches.orgId, coaches.id] }).onDelete(
      'cascade',
    ),
    index('sport_coach_qualification_coach_idx').on(t.coachId),
    index('sport_coach_qualification_org_idx').on(t.orgId, t.expiresOn),
    check('sport_coach_qualification_dates_ck', sql`${t.issuedOn} is null or ${t.expiresOn} is null or ${t.issuedOn} <= ${t.expiresOn}`),
  ],
);

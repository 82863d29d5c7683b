import { bigint, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgs } from '../../system/system.table.ts';

/**
 * A member of an organisation (issue 11 needs the name, phone, member number and level to book
 * for one; issue 12 adds the rest). Phone and member number are unique per organisation.
 */
export const members = pgTable(
  'sport_member',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    memberNo: varchar('member_no', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    level: varchar('level', { length: 32 }),
    /** 0 normal, 1 frozen. */
    status: smallint('status').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sport_member_org_phone_uq').on(t.orgId, t.phone), uniqueIndex('sport_member_org_no_uq').on(t.orgId, t.memberNo), index('sport_member_org_name_idx').on(t.orgId, t.name)],
);

import { sql } from 'drizzle-orm';
import { bigint, check, type AnyPgColumn, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Administrative regions (province 1, city 2, district 3, street 4) forming a tree by parent. */
export const regions = pgTable(
  'sys_region',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    code: varchar('code', { length: 12 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => regions.id),
    level: smallint('level').notNull(),
    orderNum: integer('order_num').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_region_code_uq').on(t.code),
    index('sys_region_parent_idx').on(t.parentId),
    check('sys_region_level_ck', sql`${t.level} between 1 and 4`),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgs, users } from '../system/index.ts';
import { id } from '../../platform/columns.ts';

/**
 * Messaging delivery (issue 14): each organisation's channel settings, its business types and
 * their templates, and the send queue, whose rows are also the send log.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });
const orgRef = () =>
  bigint('org_id', { mode: 'number' })
    .notNull()
    .references(() => orgs.id);

/** One row per organisation and configured channel (station messages need none). */
export const messageChannels = pgTable(
  'msg_channel',
  {
    id: id(),
    orgId: orgRef(),
    channel: varchar('channel', { length: 16 }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** The channel's secrets as one JSON object, sealed with the server's secret key (platform/keys.ts). */
    secretsSealed: varchar('secrets_sealed', { length: 4000 }),
    ratePerMinute: integer('rate_per_minute').notNull().default(60),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('msg_channel_org_channel_uq').on(t.orgId, t.channel), check('msg_channel_rate_ck', sql`${t.ratePerMinute} > 0`)],
);

/** A business event's type: the variables its templates may use, its channels, its recipients. */
export const messageBusinesses = pgTable(
  'msg_business',
  {
    id: id(),
    orgId: orgRef(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    variables: jsonb('variables').$type<{ name: string; sample: string }[]>().notNull().default([]),
    channels: jsonb('channels').$type<string[]>().notNull().default([]),
    recipients: jsonb('recipients').$type<{ member: boolean; operator: boolean; roleIds: number[]; orgUsers: boolean }>().notNull(),
    /** 0 enabled, 1 disabled (its events send nothing). */
    status: smallint('status').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('msg_business_org_id_uq').on(t.orgId, t.id), uniqueIndex('msg_business_org_code_uq').on(t.orgId, t.code)],
);

/** The text of a business type on one channel in one language. */
export const messageTemplates = pgTable(
  'msg_template',
  {
    id: id(),
    orgId: orgRef(),
    businessId: bigint('business_id', { mode: 'number' }).notNull(),
    channel: varchar('channel', { length: 16 }).notNull(),
    lang: varchar('lang', { length: 8 }).notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    content: varchar('content', { length: 2000 }).notNull(),
    status: smallint('status').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'msg_template_business_id_org_fk',
      columns: [t.orgId, t.businessId],
      foreignColumns: [messageBusinesses.orgId, messageBusinesses.id],
    }).onDelete('cascade'),
    uniqueIndex('msg_template_business_channel_lang_uq').on(t.businessId, t.channel, t.lang),
    index('msg_template_org_idx').on(t.orgId),
  ],
);

/**
 * The durable send queue and the send log: one row per (recipient, channel) of an event, written
 * in the publisher's transaction with its text already rendered. Workers of any process claim
 * rows with `FOR UPDATE SKIP LOCKED`; `sending` rows carry a lease. A lease that runs out means the
 * sending process died mid-send: the row becomes `unknown` (never sent again blindly), except on
 * the station channel, which delivers in the same transaction that marks the row sent.
 */
export const messageSends = pgTable(
  'msg_send',
  {
    id: id(),
    orgId: orgRef(),
    businessCode: varchar('business_code', { length: 64 }).notNull(),
    channel: varchar('channel', { length: 16 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    recipientName: varchar('recipient_name', { length: 64 }),
    /** Email, phone or WeChat openid; null for station messages and group robots. */
    address: varchar('address', { length: 200 }),
    lang: varchar('lang', { length: 8 }).notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    content: text('content').notNull(),
    link: varchar('link', { length: 300 }),
    status: varchar('status', { length: 8 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    nextAt: at('next_at').notNull().defaultNow(),
    leaseUntil: at('lease_until'),
    leasedBy: varchar('leased_by', { length: 64 }),
    /** When the last send was started: the per-channel rate limit counts these. */
    claimedAt: at('claimed_at'),
    lastError: varchar('last_error', { length: 500 }),
    sentAt: at('sent_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('msg_send_due_idx')
      .on(t.nextAt)
      .where(sql`${t.status} = 'pending'`),
    index('msg_send_lease_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'sending'`),
    index('msg_send_rate_idx').on(t.orgId, t.channel, t.claimedAt),
    index('msg_send_org_idx').on(t.orgId, t.id),
    check('msg_send_status_ck', sql`${t.status} in ('pending','sending','sent','failed','unknown')`),
  ],
);

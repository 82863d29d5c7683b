import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, date, index, integer, jsonb, pgTable, smallint, uniqueIndex, varchar, doublePrecision } from 'drizzle-orm/pg-core';
import type { BookingRules, WeekHours } from '@venue/contract';
import { orgId } from '../../system/index.ts';
import { createdAt, id, updatedAt, version } from '../../../platform/columns.ts';

/**
 * Venues (issue 11). A venue (the spec's stadium) belongs to one organisation; its sites carry
 * opening hours; price rules and templates price its slots. Booking's claims, series, closures
 * and shifts are the booking module's tables (booking/booking.table.ts).
 */

export const venues = pgTable(
  'sport_venue',
  {
    id: id(),
    orgId: orgId(),
    stadiumName: varchar('stadium_name', { length: 64 }).notNull(),
    mobile: varchar('mobile', { length: 20 }),
    phone: varchar('phone', { length: 20 }),
    address: varchar('address', { length: 200 }),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Shanghai'),
    sportcatItems: jsonb('sportcat_items').$type<string[]>().notNull().default([]),
    slotMinutes: smallint('slot_minutes').notNull().default(60),
    openTime: varchar('open_time', { length: 5 }).notNull().default('08:00'),
    closeTime: varchar('close_time', { length: 5 }).notNull().default('22:00'),
    description: varchar('description', { length: 2000 }),
    contactName: varchar('contact_name', { length: 32 }),
    contactPhone: varchar('contact_phone', { length: 20 }),
    email: varchar('email', { length: 100 }),
    legalPerson: varchar('legal_person', { length: 32 }),
    licenseNo: varchar('license_no', { length: 32 }),
    partnerName: varchar('partner_name', { length: 64 }),
    partnerPhone: varchar('partner_phone', { length: 20 }),
    shopStatus: smallint('shop_status').notNull().default(1),
    locked: boolean('locked').notNull().default(false),
    lockReason: varchar('lock_reason', { length: 200 }),
    cooperative: boolean('cooperative').notNull().default(false),
    applyState: varchar('apply_state', { length: 16 }).notNull().default('approved'),
    reviewRemark: varchar('review_remark', { length: 200 }),
    rules: jsonb('rules').$type<BookingRules>().notNull(),
    contractNo: varchar('contract_no', { length: 32 }),
    contractFrom: date('contract_from', { mode: 'string' }),
    contractTo: date('contract_to', { mode: 'string' }),
    commissionPercent: smallint('commission_percent').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_venue_org_id_uq').on(t.orgId, t.id),
    // One venue per organisation (spec 3, "venue by organisation"): a chain gives each venue its own organisation.
    uniqueIndex('sport_venue_org_uq').on(t.orgId),
    check('sport_venue_slot_ck', sql`${t.slotMinutes} in (30, 60)`),
  ],
);

export const sites = pgTable(
  'sport_site',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    sport: varchar('sport', { length: 16 }).notNull(),
    capacity: integer('capacity').notNull().default(1),
    status: smallint('status').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    /** The full site this one is half of. */
    parentId: bigint('parent_id', { mode: 'number' }),
    hours: jsonb('hours').$type<WeekHours>().notNull(),
    remark: varchar('remark', { length: 200 }),
    /** Removed sites stay for the bookings that name them. */
    deleted: boolean('deleted').notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_site_venue_id_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }).onDelete('cascade'),
    uniqueIndex('sport_site_org_id_uq').on(t.orgId, t.id),
    index('sport_site_venue_idx').on(t.venueId),
    index('sport_site_org_idx').on(t.orgId),
  ],
);

export const priceRules = pgTable(
  'sport_price_rule',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    siteId: bigint('site_id', { mode: 'number' }),
    sport: varchar('sport', { length: 16 }),
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    dayKind: varchar('day_kind', { length: 8 }).notNull().default('any'),
    startMin: smallint('start_min').notNull(),
    endMin: smallint('end_min').notNull(),
    level: varchar('level', { length: 32 }),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    enabled: boolean('enabled').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_price_rule_site_id_org_fk', columns: [t.orgId, t.siteId], foreignColumns: [sites.orgId, sites.id] }).onDelete('cascade'),
    foreignKey({ name: 'sport_price_rule_venue_id_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }).onDelete('cascade'),
    index('sport_price_rule_venue_idx').on(t.venueId),
    check('sport_price_rule_band_ck', sql`${t.startMin} < ${t.endMin}`),
    check('sport_price_rule_price_ck', sql`${t.priceFen} >= 0`),
  ],
);

export interface TemplatePrice {
  weekdays: number[];
  dayKind: string;
  start: string;
  end: string;
  level: string | null;
  priceFen: number;
}

export const venueTemplates = pgTable(
  'sport_venue_template',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    hours: jsonb('hours').$type<WeekHours>().notNull(),
    prices: jsonb('prices').$type<TemplatePrice[]>().notNull().default([]),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_venue_template_venue_id_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }).onDelete('cascade'),
    index('sport_venue_template_venue_idx').on(t.venueId),
  ],
);

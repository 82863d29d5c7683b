import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId, userRef } from '../../system/index.ts';
import { createdAt, id } from '../../../platform/columns.ts';

/**
 * Members (issue 12): the people and companies a venue sells to again and again. Phone and member
 * number are unique per organisation. A corporate member's entrants are individual members whose
 * `company_id` names it: they may use the company's cards. Lists (black, white), identity
 * submissions, face changes and visits are kept as their own rows, never overwritten.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const members = pgTable(
  'sport_member',
  {
    id: id(),
    orgId: orgId(),
    memberNo: varchar('member_no', { length: 32 }).notNull(),
    /** individual | corporate. */
    kind: varchar('kind', { length: 16 }).notNull().default('individual'),
    name: varchar('name', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    /** The member level (a card type's level code) that prices their bookings. */
    level: varchar('level', { length: 32 }),
    /** 0 normal, 1 frozen. */
    status: smallint('status').notNull().default(0),
    /** 1 male, 2 female (as users). */
    sex: smallint('sex'),
    birthday: date('birthday', { mode: 'string' }),
    idType: varchar('id_type', { length: 8 }),
    idNo: varchar('id_no', { length: 32 }),
    address: varchar('address', { length: 200 }),
    /** An uploaded image's file name (sha256.format), served to signed-in staff only. */
    photo: varchar('photo', { length: 80 }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** desk | import | app | referral | corporate. */
    source: varchar('source', { length: 16 }).notNull().default('desk'),
    /** The organisation's business day of registering (the repository fills it); the default, for rows written by hand, is the day in Asia/Shanghai, never the database's UTC day. */
    registerDate: date('register_date', { mode: 'string' })
      .notNull()
      .default(sql`((now() at time zone 'Asia/Shanghai')::date)`),
    remark: varchar('remark', { length: 200 }),
    /** Who referred this member (userSpread). */
    referrerId: bigint('referrer_id', { mode: 'number' }),
    /** An entrant's company (a corporate member of the same organisation). */
    companyId: bigint('company_id', { mode: 'number' }),
    /** Corporate members: unified social credit code and the contact person. */
    creditCode: varchar('credit_code', { length: 32 }),
    contactName: varchar('contact_name', { length: 64 }),
    /** none | pending | approved | rejected (identity authentication). */
    identityState: varchar('identity_state', { length: 16 }).notNull().default('none'),
    /** The current face image's file name, and whether gates may match it: none | pending | passed | failed. */
    faceImage: varchar('face_image', { length: 80 }),
    faceState: varchar('face_state', { length: 16 }).notNull().default('none'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'sport_member_company_id_org_fk', columns: [t.orgId, t.companyId], foreignColumns: [t.orgId, t.id] }).onDelete('set null'),
    foreignKey({ name: 'sport_member_referrer_id_org_fk', columns: [t.orgId, t.referrerId], foreignColumns: [t.orgId, t.id] }).onDelete('set null'),
    uniqueIndex('sport_member_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_member_org_phone_uq').on(t.orgId, t.phone),
    uniqueIndex('sport_member_org_no_uq').on(t.orgId, t.memberNo),
    index('sport_member_org_name_idx').on(t.orgId, t.name),
    index('sport_member_company_idx').on(t.companyId),
    index('sport_member_referrer_idx').on(t.referrerId),
    check('sport_member_kind', sql`${t.kind} in ('individual','corporate')`),
  ],
);

/** Black list (may not book or buy) and white list (skips a venue's booking limits) entries; an entry ends at its expiry or when removed. */
export const memberListEntries = pgTable(
  'sport_member_list',
  {
    id: id(),
    orgId: orgId(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** black | white. */
    list: varchar('list', { length: 8 }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    expiresAt: at('expires_at'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    removedAt: at('removed_at'),
    removedBy: userRef('removed_by'),
  },
  (t) => [
    foreignKey({ name: 'sport_member_list_member_id_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }).onDelete('cascade'),
    // One live entry per member and list.
    uniqueIndex('sport_member_list_live_uq')
      .on(t.memberId, t.list)
      .where(sql`${t.removedAt} is null`),
    index('sport_member_list_org_idx').on(t.orgId, t.list),
    check('sport_member_list_kind', sql`${t.list} in ('black','white')`),
  ],
);

/** Identity authentication submissions: submitted, then approved or rejected by a reviewer. */
export const memberIdentities = pgTable(
  'sport_member_identity',
  {
    id: id(),
    orgId: orgId(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    realName: varchar('real_name', { length: 64 }).notNull(),
    idType: varchar('id_type', { length: 8 }).notNull(),
    idNo: varchar('id_no', { length: 32 }).notNull(),
    /** Uploaded document images (file names). */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** pending | approved | rejected. */
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    submittedBy: userRef('submitted_by'),
    createdAt: createdAt(),
    reviewedBy: userRef('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    reviewRemark: varchar('review_remark', { length: 200 }),
  },
  (t) => [
    foreignKey({ name: 'sport_member_identity_member_id_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }).onDelete(
      'cascade',
    ),
    index('sport_member_identity_org_idx').on(t.orgId, t.state),
    index('sport_member_identity_member_idx').on(t.memberId),
  ],
);

/** Every change of a member's face image or its authentication (face image log). */
export const memberFaceLogs = pgTable(
  'sport_member_face_log',
  {
    id: id(),
    orgId: orgId(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** upload | remove | pass | fail. */
    action: varchar('action', { length: 16 }).notNull(),
    image: varchar('image', { length: 80 }),
    previousImage: varchar('previous_image', { length: 80 }),
    operatorId: userRef('operator_id'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_member_face_log_member_id_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }).onDelete(
      'cascade',
    ),
    index('sport_member_face_log_member_idx').on(t.memberId, t.createdAt),
  ],
);

/** Check-ins: by phone, card number or QR code, with the card used (a times card's use). */
export const memberVisits = pgTable(
  'sport_member_visit',
  {
    id: id(),
    orgId: orgId(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    cardId: bigint('card_id', { mode: 'number' }),
    venueId: bigint('venue_id', { mode: 'number' }),
    /** phone | card | qr. */
    method: varchar('method', { length: 8 }).notNull(),
    timesUsed: integer('times_used').notNull().default(0),
    operatorId: userRef('operator_id'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_member_visit_member_id_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }).onDelete(
      'cascade',
    ),
    index('sport_member_visit_org_idx').on(t.orgId, t.createdAt),
    index('sport_member_visit_member_idx').on(t.memberId, t.createdAt),
  ],
);

import { z } from 'zod';
import { fields, idList, updateOf } from '../fields.ts';
import { pageQuery } from '../envelope.ts';
import { balanceAccountRow } from './commerce.ts';

/**
 * Members (issue 12): the people and companies a venue sells to again and again. The front desk
 * finds and registers them (`member/search`, `POST member`, under the booking permission); the
 * member screens list, edit, tag, import and export them, keep black and white lists, identity
 * checks, face images, referrals and visits (under `Perm.member.*`).
 *
 * Personal data: `phone` and `idNo` (and an identity check's `idNo`) are masked in every answer of
 * the member screens (138****5678, 110105********1234) unless the caller holds
 * `Perm.member.private`; `masked` says which. Exports mask the same way.
 */

export const MEMBER_KINDS = ['individual', 'corporate'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];
/** Where a member came from. */
export const MEMBER_SOURCES = ['desk', 'import', 'app', 'referral', 'corporate'] as const;
export const MEMBER_IDENTITY_STATES = ['none', 'pending', 'approved', 'rejected'] as const;
export const MEMBER_FACE_STATES = ['none', 'pending', 'passed', 'failed'] as const;
export const MEMBER_LISTS = ['black', 'white'] as const;
export type MemberList = (typeof MEMBER_LISTS)[number];
/** A list entry: live (in force), expired (past its expiry) or removed. */
export const MEMBER_LIST_STATES = ['live', 'expired', 'removed'] as const;
export const MEMBER_FACE_ACTIONS = ['upload', 'remove', 'pass', 'fail'] as const;
export const MEMBER_VISIT_METHODS = ['phone', 'card', 'qr'] as const;
/** Id types are the `sys_id_type` dictionary's codes; '1' is the mainland identity card (birthday and sex filled, checksum checked). */
export const MEMBER_ID_CARD = '1';
/** Face and photo uploads: jpg or png, at most 2 MB, each side 100-4096 px. */
export const MEMBER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const MEMBER_IMAGE_MIN_SIDE = 100;
export const MEMBER_IMAGE_MAX_SIDE = 4096;

const id = fields.id;
const mobile = fields
  .str()
  .trim()
  .regex(/^1\d{10}$/, 'error.field.invalid');
const tag = fields.str().trim().min(1).max(16);
const tags = z.array(tag).max(20);
const sex = z.union([z.literal(1), z.literal(2), z.null()]).optional();
const idType = fields
  .str()
  .trim()
  .regex(/^[0-9A-Za-z_]{1,8}$/, 'error.field.invalid');
const idNo = fields
  .str()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z-]{4,32}$/, 'error.field.invalid');
const instant = fields.instantOut;
const nullableInstant = fields.instantOut.nullable();

// ---------------------------------------------------------------- front desk (booking)

export const memberSearchQuery = z.object({
  /** Phone, member (card) number or name: phone and number match from the start, the name anywhere. */
  keyword: fields.str().trim().min(1).max(64),
  limit: fields.intIn(1, 50).default(10),
});
export const memberBrief = z.object({
  id: z.number(),
  memberNo: z.string(),
  name: z.string(),
  phone: z.string(),
  /** The member level (card type code) that prices their bookings; null: everybody's price. */
  level: z.string().nullable(),
  status: z.number(),
});
export type MemberBrief = z.output<typeof memberBrief>;
export const memberSearchAnswer = z.array(memberBrief);

// ---------------------------------------------------------------- a member's record

/**
 * `POST {sport}member` (Perm.booking.book): registers a member at the front desk: name, phone and
 * perhaps memberNo and level, every other field optional too; answers `memberBrief`.
 * `POST {sport}member/add` (Perm.member.add): the member screens' full form, same body; answers `memberRow`.
 * With `idType` '1' (identity card) and an 18-digit `idNo`, a bad checksum is refused (969600 on
 * `idNo`) and birthday and sex are filled from the number when not given.
 */
export const memberCreate = z.object({
  orgId: id.optional(),
  name: fields.str().trim().min(1).max(64),
  phone: mobile,
  /** Default: a new number. */
  memberNo: fields
    .str()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,32}$/, 'error.field.invalid')
    .optional(),
  level: fields.optText(32),
  /** Default individual. A corporate member: name is the company, with creditCode and contactName. */
  kind: z.enum(MEMBER_KINDS).optional(),
  /** 0 normal, 1 frozen (a frozen member pays everybody's price). */
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  sex,
  birthday: fields.optDay,
  idType: idType.nullish(),
  idNo: idNo.nullish(),
  address: fields.optText(200),
  tags: tags.optional(),
  /** Default desk. */
  source: z.enum(MEMBER_SOURCES).optional(),
  /** Default today. */
  registerDate: fields.optDay,
  remark: fields.optText(200),
  /** Who referred them: a member of the same organisation. */
  referrerId: id.nullish(),
  /** An entrant's company: a corporate member of the same organisation. */
  companyId: id.nullish(),
  creditCode: fields
    .str()
    .trim()
    .regex(/^([0-9A-Z]{18})?$/, 'error.field.invalid')
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  contactName: fields.optText(64),
});
export type MemberCreate = z.output<typeof memberCreate>;

/** `PUT {sport}member/{id}`: the changed fields and `version`. */
export const memberUpdate = updateOf(memberCreate.omit({ orgId: true }));
export type MemberUpdate = z.output<typeof memberUpdate>;

/** `POST {sport}member/list` and `POST {sport}member/export`. Sortable: memberNo, name, registerDate, createTime, level. */
export const memberListQuery = pageQuery.extend({
  /** Name contains, or phone / member number starts with. */
  keyword: fields.str().trim().max(64).optional(),
  kind: z.enum(MEMBER_KINDS).optional(),
  level: fields.str().trim().max(32).optional(),
  tag: tag.optional(),
  source: z.enum(MEMBER_SOURCES).optional(),
  status: fields.intIn(0, 1).optional(),
  /** Only members on the live black or white list. */
  list: z.enum(MEMBER_LISTS).optional(),
  identityState: z.enum(MEMBER_IDENTITY_STATES).optional(),
  faceState: z.enum(MEMBER_FACE_STATES).optional(),
  /** Registered on or after / on or before (YYYY-MM-DD). */
  registerBegin: fields.optDay,
  registerEnd: fields.optDay,
  /** A company's entrants. */
  companyId: id.optional(),
  /** Only the members of this organisation (within the caller's scope): a venue's members tab. */
  orgId: id.optional(),
  /** The members one member referred (userSpread's second level). */
  referrerId: id.optional(),
});
export type MemberListQuery = z.output<typeof memberListQuery>;

export const memberRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  memberNo: z.string(),
  kind: fields.textOf(MEMBER_KINDS),
  name: z.string(),
  /** Masked unless the caller holds Perm.member.private. */
  phone: z.string(),
  level: z.string().nullable(),
  status: z.number(),
  sex: z.number().nullable(),
  birthday: z.string().nullable(),
  idType: z.string().nullable(),
  /** Masked unless the caller holds Perm.member.private. */
  idNo: z.string().nullable(),
  address: z.string().nullable(),
  /** An image is served by `GET member/{id}/photo/image` (and `face/image`). */
  hasPhoto: z.boolean(),
  tags: z.array(z.string()),
  source: fields.textOf(MEMBER_SOURCES),
  registerDate: z.string(),
  remark: z.string().nullable(),
  referrerId: z.number().nullable(),
  referrerName: z.string().nullable(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  creditCode: z.string().nullable(),
  contactName: z.string().nullable(),
  identityState: fields.textOf(MEMBER_IDENTITY_STATES),
  hasFace: z.boolean(),
  faceState: fields.textOf(MEMBER_FACE_STATES),
  /** On the live black / white list. */
  blackListed: z.boolean(),
  whiteListed: z.boolean(),
  /** True when phone and idNo are masked in this answer. */
  masked: z.boolean(),
  version: z.number(),
  createTime: instant,
  updateTime: instant,
});
export type MemberRow = z.output<typeof memberRow>;

/** `POST {sport}member/tags`: add and/or remove tags on several members at once. */
export const memberTagsBody = z.object({
  memberIds: fields.idArray(1000).min(1),
  add: tags.optional(),
  remove: tags.optional(),
});
export type MemberTagsBody = z.output<typeof memberTagsBody>;
export const memberTagsAnswer = z.object({ updated: z.number().int() });

// ---------------------------------------------------------------- corporate members and entrants

/** `POST {sport}member/{id}/entrants`: make existing individual members entrants of the company, and/or register a new one. */
export const entrantAdd = z.object({
  memberIds: fields.idArray(500).optional(),
  member: memberCreate.omit({ orgId: true, kind: true, companyId: true }).optional(),
});
export type EntrantAdd = z.output<typeof entrantAdd>;
export const entrantAddAnswer = z.object({ added: z.number().int() });
/** `DELETE {sport}member/{id}/entrants/{ids}`: the members stop being the company's entrants (they stay members). */
export const entrantParams = z.object({ id, ids: idList });
/** `POST {sport}member/{id}/entrants/list`: page(memberRow). */
export const entrantListQuery = pageQuery.extend({ keyword: fields.str().trim().max(64).optional() });

// ---------------------------------------------------------------- black and white lists

/** `POST {sport}member/lists/list`. */
export const memberListEntryQuery = pageQuery.extend({
  list: z.enum(MEMBER_LISTS).optional(),
  state: z.enum(MEMBER_LIST_STATES).optional(),
  /** Member name contains, or phone / member number starts with. */
  keyword: fields.str().trim().max(64).optional(),
  memberId: id.optional(),
});
export type MemberListEntryQuery = z.output<typeof memberListEntryQuery>;
export const memberListEntryRow = z.object({
  id: z.number(),
  orgId: z.number(),
  memberId: z.number(),
  memberNo: z.string(),
  memberName: z.string(),
  /** Masked unless Perm.member.private. */
  memberPhone: z.string(),
  list: fields.textOf(MEMBER_LISTS),
  reason: z.string(),
  expiresAt: nullableInstant,
  state: fields.textOf(MEMBER_LIST_STATES),
  createdByName: z.string().nullable(),
  createTime: instant,
  removedAt: nullableInstant,
  removedByName: z.string().nullable(),
});
export type MemberListEntryRow = z.output<typeof memberListEntryRow>;
/** `POST {sport}member/lists`: put members on a list. A member already on it live: 100409 state. */
export const memberListAdd = z.object({
  memberIds: fields.idArray(500).min(1),
  list: z.enum(MEMBER_LISTS),
  reason: fields.str().trim().min(1).max(200),
  /** Empty: until removed. */
  expiresAt: fields.instant.nullish(),
});
export type MemberListAdd = z.output<typeof memberListAdd>;
export const memberListAddAnswer = z.object({ added: z.number().int() });
/** `POST {sport}member/lists/remove`: end list entries (by entry id). */
export const memberListRemove = z.object({ ids: fields.idArray(500).min(1) });
export const memberListRemoveAnswer = z.object({ removed: z.number().int() });

// ---------------------------------------------------------------- identity authentication

/** `POST {sport}member/identity`: submit a check (the member's identityState becomes pending). */
export const identitySubmit = z.object({
  memberId: id,
  realName: fields.str().trim().min(1).max(64),
  idType,
  idNo,
  /** File names of uploaded document images. */
  images: z
    .array(fields.str().regex(/^[0-9a-f]{64}\.(png|jpg)$/, 'error.field.invalid'))
    .max(5)
    .optional(),
});
export type IdentitySubmit = z.output<typeof identitySubmit>;
export const identityListQuery = pageQuery.extend({
  state: z.enum(['pending', 'approved', 'rejected']).optional(),
  keyword: fields.str().trim().max(64).optional(),
  memberId: id.optional(),
});
export type IdentityListQuery = z.output<typeof identityListQuery>;
export const identityRow = z.object({
  id: z.number(),
  orgId: z.number(),
  memberId: z.number(),
  memberNo: z.string(),
  memberName: z.string(),
  realName: z.string(),
  idType: z.string(),
  /** Masked unless Perm.member.private. */
  idNo: z.string(),
  images: z.array(z.string()),
  state: fields.textOf(['pending', 'approved', 'rejected']),
  submittedByName: z.string().nullable(),
  createTime: instant,
  reviewedByName: z.string().nullable(),
  reviewTime: nullableInstant,
  reviewRemark: z.string().nullable(),
  masked: z.boolean(),
});
export type IdentityRow = z.output<typeof identityRow>;
/** `POST {sport}member/identity/{id}/review`: approved sets the member's name, idType and idNo; only a pending check (else 100409 state). */
export const identityReview = z.object({ approve: z.boolean(), remark: fields.optText(200) });
export type IdentityReview = z.output<typeof identityReview>;
/**
 * `POST {sport}member/identity/image` (Perm.member.identity): multipart field `file`, a document
 * image with the face rules (jpg/png by content, at most 2 MB, sides 100-4096 px); answers its
 * file name for `identitySubmit.images`. `GET {sport}member/identity/{id}/image/{index}` serves a
 * submission's image to staff with Perm.member.identity.
 */
export const identityImageAnswer = z.object({ name: z.string() });
export const identityImageParams = z.object({ id, index: fields.intIn(0, 4) });

// ---------------------------------------------------------------- faces and photo

/**
 * `POST {sport}member/{id}/face` and `POST {sport}member/{id}/photo`: multipart field `file`, a
 * real jpg or png (checked by content), at most 2 MB, each side 100-4096 px; answer memberRow.
 * A new face is `pending` until `POST member/{id}/face/state`. `GET member/{id}/face/image` and
 * `GET member/{id}/photo/image` serve the image to signed-in staff with Perm.member.list.
 */
export const faceStateBody = z.object({ state: z.enum(['passed', 'failed']) });
export const faceLogQuery = pageQuery;
export const faceLogRow = z.object({
  id: z.number(),
  memberId: z.number(),
  action: fields.textOf(MEMBER_FACE_ACTIONS),
  image: z.string().nullable(),
  previousImage: z.string().nullable(),
  operatorName: z.string().nullable(),
  createTime: instant,
});
export type FaceLogRow = z.output<typeof faceLogRow>;

// ---------------------------------------------------------------- referrals (userSpread)

/** `POST {sport}member/spread/list`: referrers with how many they referred; the referred of one referrer: `member/list` with `referrerId`. */
export const spreadListQuery = pageQuery.extend({ keyword: fields.str().trim().max(64).optional() });
export const spreadRow = z.object({
  id: z.number(),
  memberNo: z.string(),
  name: z.string(),
  /** Masked unless Perm.member.private. */
  phone: z.string(),
  referredCount: z.number().int(),
  lastReferredDate: z.string().nullable(),
});
export type SpreadRow = z.output<typeof spreadRow>;

// ---------------------------------------------------------------- visits and the member's page

/** `POST {sport}member/{id}/visits`. */
export const visitListQuery = pageQuery.extend({ beginDate: fields.optDay, endDate: fields.optDay });
export const visitRow = z.object({
  id: z.number(),
  memberId: z.number(),
  cardId: z.number().nullable(),
  venueId: z.number().nullable(),
  method: fields.textOf(MEMBER_VISIT_METHODS),
  timesUsed: z.number(),
  operatorName: z.string().nullable(),
  createTime: instant,
});
export type VisitRow = z.output<typeof visitRow>;

/** `GET {sport}member/{id}/overview`: the userInfo page's head (orders: commerce order list with memberId; cards: the cards list with memberId). */
export const memberOverview = z.object({
  member: memberRow,
  accounts: z.array(balanceAccountRow),
  balanceFen: z.number(),
  orderCount: z.number().int(),
  /** Sum of paid orders' amounts less refunds, in fen. */
  spentFen: z.number(),
  visitCount: z.number().int(),
  lastVisit: nullableInstant,
  entrantCount: z.number().int(),
  referredCount: z.number().int(),
});
export type MemberOverview = z.output<typeof memberOverview>;

// CONTRACT READY

import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';

/**
 * Content for the member apps (issue 30, spec 2.5 Content, notification, system rule, platform
 * agreement; spec 3 Banner). Calls under `{sport}content`.
 * - one content model for every type: title and rich-text body in both languages, states
 *   draft → review → published → unpublished, publishing and unpublishing at a set time;
 * - comments on content, held for moderation when they hold a keyword of the organisation's list;
 * - banners of the app's home page;
 * - the platform agreement: versions, each accepted again by every member (append-only records).
 */
const at = fields.instantOut;

/** The types of the one content model, each its own screen. `news` and `notice` are the notification screens, `systemRule` the rules text. */
export const CONTENT_TYPES = [
  'advertising',
  'games',
  'material',
  'sportsNews',
  'help',
  'protocol',
  'announcement',
  'merchantRecommendation',
  'serviceInformation',
  'cooperationOpportunity',
  'centralService',
  'sportsPromise',
  'news',
  'notice',
  'systemRule',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const CONTENT_STATES = ['draft', 'review', 'published', 'unpublished'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];
/** The moves of `POST content/{id}/{action}`: submit for review, back to draft, publish, unpublish. */
export const CONTENT_ACTIONS = ['submit', 'withdraw', 'publish', 'unpublish'] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

export const CONTENT_TITLE_MAX = 200;
/** The body's HTML as sent, before sanitising. */
export const CONTENT_BODY_MAX = 100_000;
/** An image of the rich text: jpg or png by its content, at most 2 MB. */
export const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Text in both languages; a missing one is allowed in a draft and refused when publishing. */
const bilingual = (max: number) => z.strictObject({ zhCN: fields.optText(max).default(null), enUS: fields.optText(max).default(null) });
export const contentTitle = bilingual(CONTENT_TITLE_MAX);
export const contentBody = bilingual(CONTENT_BODY_MAX);
export type Bilingual = { zhCN: string | null; enUS: string | null };

export const contentCreate = z.object({
  type: z.enum(CONTENT_TYPES),
  title: contentTitle,
  body: contentBody.default({ zhCN: null, enUS: null }),
  /** The cover image (an address answered by `content/image`). */
  cover: fields.optText(300),
  /** Publish at this time (the scheduler does it within a minute); null: by hand. */
  publishAt: fields.instantInput.nullish(),
  unpublishAt: fields.instantInput.nullish(),
  /** Platform organisation only: shown in every venue's app. */
  allVenues: z.boolean().default(false),
});
export type ContentCreate = z.output<typeof contentCreate>;
/** An edit: the type stays what it was. */
export const contentUpdate = updateOf(contentCreate.omit({ type: true }));
export type ContentUpdate = z.output<typeof contentUpdate>;
/** `POST content/{id}/submit|withdraw|publish|unpublish`: the version the operator saw (optional: the outside caller publishes what is there). */
export const contentMove = z.strictObject({ version: fields.version.optional() });

const bilingualOut = z.object({ zhCN: z.string().nullable(), enUS: z.string().nullable() });

export const contentRow = z.object({
  id: z.number(),
  orgId: z.number(),
  type: fields.textOf(CONTENT_TYPES),
  state: fields.textOf(CONTENT_STATES),
  title: bilingualOut,
  body: bilingualOut,
  cover: z.string().nullable(),
  allVenues: z.boolean(),
  publishAt: at.nullable(),
  unpublishAt: at.nullable(),
  publishedAt: at.nullable(),
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type ContentRow = z.output<typeof contentRow>;

export const contentQuery = pageQuery.extend({
  type: z.enum(CONTENT_TYPES),
  /** In the title, either language. */
  title: fields.str().trim().max(64).optional(),
  state: z.enum(CONTENT_STATES).optional(),
});
export type ContentQuery = z.output<typeof contentQuery>;
export const contentPage = page(contentRow);

/** What the member app shows an organisation: its own published items and the platform's items for every venue. */
export const contentFeedQuery = pageQuery.extend({ type: z.enum(CONTENT_TYPES) });

/** One saved version: who, when, which fields changed, and the text as saved. */
export const contentVersionRow = z.object({
  no: z.number(),
  state: fields.textOf(CONTENT_STATES),
  changed: z.array(z.string()),
  title: bilingualOut,
  body: bilingualOut,
  byName: z.string().nullable(),
  time: at,
});
export type ContentVersionRow = z.output<typeof contentVersionRow>;
export const contentVersions = z.array(contentVersionRow);

export const contentImageAnswer = z.object({ url: z.string() });
export const contentImageParams = z.object({ name: z.string().regex(/^[0-9a-f]{64}\.(png|jpg)$/, 'error.field.invalid') });

// ---------------------------------------------------------------- comments

export const COMMENT_STATES = ['approved', 'held', 'rejected'] as const;
export type CommentState = (typeof COMMENT_STATES)[number];

/** A comment as a member sends it from the app (the console's intake takes the same). */
export const commentCreate = z.object({
  contentId: fields.id,
  author: fields.str().trim().min(1).max(64),
  text: fields.str().trim().min(1).max(1000),
});
export const commentRow = z.object({
  id: z.number(),
  contentId: z.number(),
  contentTitle: z.string().nullable(),
  author: z.string(),
  text: z.string(),
  state: fields.textOf(COMMENT_STATES),
  matched: z.array(z.string()),
  reason: z.string().nullable(),
  version: z.number(),
  createTime: at,
  moderateTime: at.nullable(),
});
export type CommentRow = z.output<typeof commentRow>;
export const commentQuery = pageQuery.extend({
  state: z.enum(COMMENT_STATES).optional(),
  text: fields.str().trim().max(64).optional(),
  contentId: fields.id.optional(),
});
export const commentPage = page(commentRow);
/** Approve or reject a held comment; a rejection says why. */
export const commentModerate = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  reason: fields.optText(200),
  version: fields.version,
});
/** The organisation's keyword list: a comment holding one is held for moderation. */
export const commentKeywords = z.strictObject({ words: z.array(fields.str().trim().min(1).max(32)).max(500) });
export const commentKeywordsAnswer = z.object({ words: z.array(z.string()) });

// ---------------------------------------------------------------- banners

export const BANNER_JUMP_TYPES = ['none', 'content', 'page', 'url'] as const;
export const bannerCreate = z.object({
  name: fields.str().trim().min(1).max(64),
  /** Carousel status: on shows it in the home page's carousel. */
  carousel: z.boolean().default(true),
  image: fields.str().trim().min(1).max(300),
  jumpType: z.enum(BANNER_JUMP_TYPES).default('none'),
  /** Jump address: a content id, an app page path, or an https address. */
  jumpUrl: fields.optText(300),
  /** Order in the carousel, smallest first. */
  sort: fields.intIn(0, 9999).default(0),
});
export const bannerUpdate = updateOf(bannerCreate);
export const bannerRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  carousel: z.boolean(),
  image: z.string(),
  jumpType: fields.textOf(BANNER_JUMP_TYPES),
  jumpUrl: z.string().nullable(),
  sort: z.number(),
  version: z.number(),
  createTime: at,
});
export type BannerRow = z.output<typeof bannerRow>;
export const bannerQuery = pageQuery.extend({ name: fields.str().trim().max(64).optional(), carousel: z.boolean().optional() });
export const bannerPage = page(bannerRow);

// ---------------------------------------------------------------- agreements

export const AGREEMENT_STATES = ['draft', 'published', 'superseded'] as const;
export const agreementCreate = z.object({ title: contentTitle, body: contentBody });
export const agreementUpdate = updateOf(agreementCreate);
export const agreementRow = z.object({
  id: z.number(),
  orgId: z.number(),
  /** 1, 2, 3…: the organisation's versions in order. */
  versionNo: z.number(),
  state: fields.textOf(AGREEMENT_STATES),
  title: bilingualOut,
  body: bilingualOut,
  publishedAt: at.nullable(),
  accepted: z.number(),
  version: z.number(),
  createTime: at,
});
export type AgreementRow = z.output<typeof agreementRow>;
export const agreementQuery = pageQuery.extend({ state: z.enum(AGREEMENT_STATES).optional() });
export const agreementPage = page(agreementRow);
export const agreementPublish = z.strictObject({ version: fields.version });
/** A member accepts the agreement's current version (from the app, or at the desk). */
export const agreementAccept = z.strictObject({ memberId: fields.id });
export const acceptanceRow = z.object({
  id: z.number(),
  agreementId: z.number(),
  versionNo: z.number(),
  memberId: z.number(),
  memberName: z.string().nullable(),
  acceptTime: at,
});
export type AcceptanceRow = z.output<typeof acceptanceRow>;
export const acceptanceQuery = pageQuery.extend({ agreementId: fields.id.optional(), memberName: fields.str().trim().max(64).optional() });
export const acceptancePage = page(acceptanceRow);
/** Whether a member must accept again: the current version and the one they last accepted. */
export const agreementStatusQuery = z.object({ memberId: fields.id });
export const agreementStatus = z.object({ current: z.number().nullable(), accepted: z.number().nullable(), mustAccept: z.boolean() });

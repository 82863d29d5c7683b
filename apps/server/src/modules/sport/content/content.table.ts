import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId, userRef } from '../../system/index.ts';
import { members } from '../member/index.ts';
import { createdAt, id, updatedAt, version } from '../../../platform/columns.ts';

/**
 * Content for the member apps (issue 30): one table for every content type, its saved versions,
 * comments with their moderation and the organisation's keyword list, banners, and the platform
 * agreement's versions with their acceptances (append-only: a trigger refuses update and delete).
 * docs/decisions.md, "Content".
 */
const at = (name: string) => timestamp(name, { withTimezone: true });
export type Bilingual = { zhCN: string | null; enUS: string | null };

export const contents = pgTable(
  'sport_content',
  {
    id: id(),
    orgId: orgId(),
    /** One of CONTENT_TYPES (advertising … news, notice, systemRule). */
    type: varchar('type', { length: 32 }).notNull(),
    /** draft | review | published | unpublished. */
    state: varchar('state', { length: 12 }).notNull().default('draft'),
    title: jsonb('title').$type<Bilingual>().notNull(),
    /** Sanitised HTML in both languages. */
    body: jsonb('body').$type<Bilingual>().notNull(),
    cover: varchar('cover', { length: 300 }),
    /** The platform's items shown in every venue's app. */
    allVenues: boolean('all_venues').notNull().default(false),
    /** When the scheduler publishes (cleared once published) and unpublishes (cleared once unpublished). */
    publishAt: at('publish_at'),
    unpublishAt: at('unpublish_at'),
    publishedAt: at('published_at'),
    createdBy: userRef('created_by'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_content_org_id_uq').on(t.orgId, t.id),
    index('sport_content_org_type_idx').on(t.orgId, t.type, t.state),
    // The scheduler's two reads: what is due to go up, what is due to come down.
    index('sport_content_publish_due_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null and ${t.state} in ('draft','review','unpublished')`),
    index('sport_content_unpublish_due_idx')
      .on(t.unpublishAt)
      .where(sql`${t.unpublishAt} is not null and ${t.state} = 'published'`),
    check('sport_content_state_ck', sql`${t.state} in ('draft','review','published','unpublished')`),
  ],
);

/** Every save of an item: its text as saved, which fields changed, by whom and when. */
export const contentVersions = pgTable(
  'sport_content_version',
  {
    id: id(),
    orgId: orgId(),
    contentId: bigint('content_id', { mode: 'number' }).notNull(),
    no: integer('no').notNull(),
    state: varchar('state', { length: 12 }).notNull(),
    changed: jsonb('changed').$type<string[]>().notNull(),
    title: jsonb('title').$type<Bilingual>().notNull(),
    body: jsonb('body').$type<Bilingual>().notNull(),
    createdBy: userRef('created_by'),
    byName: varchar('by_name', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_content_version_no_uq').on(t.contentId, t.no),
    foreignKey({ name: 'sport_content_version_content_org_fk', columns: [t.orgId, t.contentId], foreignColumns: [contents.orgId, contents.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const comments = pgTable(
  'sport_content_comment',
  {
    id: id(),
    orgId: orgId(),
    contentId: bigint('content_id', { mode: 'number' }).notNull(),
    author: varchar('author', { length: 64 }).notNull(),
    text: varchar('text', { length: 1000 }).notNull(),
    /** approved (shown) | held (a keyword matched: waits for a moderator) | rejected. */
    state: varchar('state', { length: 10 }).notNull(),
    /** The keywords it matched. */
    matched: jsonb('matched').$type<string[]>().notNull().default([]),
    reason: varchar('reason', { length: 200 }),
    moderatedBy: userRef('moderated_by'),
    moderatedAt: at('moderated_at'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sport_content_comment_org_state_idx').on(t.orgId, t.state, t.id),
    foreignKey({ name: 'sport_content_comment_content_org_fk', columns: [t.orgId, t.contentId], foreignColumns: [contents.orgId, contents.id] }).onDelete(
      'cascade',
    ),
    check('sport_content_comment_state_ck', sql`${t.state} in ('approved','held','rejected')`),
  ],
);

/** The organisation's keyword list for comments, a row a word. */
export const commentKeywords = pgTable(
  'sport_content_keyword',
  {
    id: id(),
    orgId: orgId(),
    word: varchar('word', { length: 32 }).notNull(),
  },
  (t) => [uniqueIndex('sport_content_keyword_uq').on(t.orgId, t.word)],
);

export const banners = pgTable(
  'sport_banner',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    carousel: boolean('carousel').notNull().default(true),
    image: varchar('image', { length: 300 }).notNull(),
    /** none | content | page | url. */
    jumpType: varchar('jump_type', { length: 8 }).notNull().default('none'),
    jumpUrl: varchar('jump_url', { length: 300 }),
    sort: smallint('sort').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sport_banner_org_sort_idx').on(t.orgId, t.sort), check('sport_banner_jump_ck', sql`${t.jumpType} in ('none','content','page','url')`)],
);

export const agreements = pgTable(
  'sport_agreement',
  {
    id: id(),
    orgId: orgId(),
    versionNo: integer('version_no').notNull(),
    /** draft | published (the current one: at most one) | superseded. */
    state: varchar('state', { length: 12 }).notNull().default('draft'),
    title: jsonb('title').$type<Bilingual>().notNull(),
    body: jsonb('body').$type<Bilingual>().notNull(),
    publishedAt: at('published_at'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_agreement_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_agreement_org_no_uq').on(t.orgId, t.versionNo),
    // One current version per organisation, also when two operators publish at once.
    uniqueIndex('sport_agreement_current_uq')
      .on(t.orgId)
      .where(sql`${t.state} = 'published'`),
    check('sport_agreement_state_ck', sql`${t.state} in ('draft','published','superseded')`),
  ],
);

/**
 * Who accepted which version, when. Append-only: no route changes or deletes one, and a trigger
 * (migration) refuses UPDATE and DELETE, so a record of consent is never rewritten. The member
 * reference restricts: a member with acceptances is kept.
 */
export const acceptances = pgTable(
  'sport_agreement_acceptance',
  {
    id: id(),
    orgId: orgId(),
    agreementId: bigint('agreement_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    acceptedAt: at('accepted_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_agreement_acceptance_uq').on(t.agreementId, t.memberId),
    index('sport_agreement_acceptance_member_idx').on(t.memberId, t.agreementId),
    foreignKey({ name: 'sport_agreement_acceptance_agreement_org_fk', columns: [t.orgId, t.agreementId], foreignColumns: [agreements.orgId, agreements.id] }),
    foreignKey({ name: 'sport_agreement_acceptance_member_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }),
  ],
);

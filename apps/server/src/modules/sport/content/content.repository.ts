import { asc, desc, eq, inArray, isNotNull, lte, max, or, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../../platform/db.ts';
import type { OneOrgScope, Scope, SystemScope } from '../../../platform/scope.ts';
import { scopedRepo, type Changes } from '../../../platform/scopedRepo.ts';
import { containsText } from '../../system/index.ts';
import { members } from '../member/index.ts';
import { acceptances, agreements, banners, commentKeywords, comments, contents, contentVersions } from './content.table.ts';

/** Every query of the content module; each takes the scope. */
export type ContentRecord = typeof contents.$inferSelect;
export type CommentRecord = typeof comments.$inferSelect;
export type BannerRecord = typeof banners.$inferSelect;
export type AgreementRecord = typeof agreements.$inferSelect;

const contentRepo = scopedRepo(contents);
const versionRepo = scopedRepo(contentVersions);
const commentRepo = scopedRepo(comments);
const keywordRepo = scopedRepo(commentKeywords);
const bannerRepo = scopedRepo(banners);
const agreementRepo = scopedRepo(agreements);
const acceptanceRepo = scopedRepo(acceptances);

// ---------------------------------------------------------------- content

export const findContent = (db: Executor, scope: Scope, id: number) => contentRepo.find(db, scope, id);
export const insertContent = (db: Executor, scope: Scope, values: typeof contents.$inferInsert) => contentRepo.insert(db, scope, values);
export const updateContent = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof contents>) =>
  contentRepo.update(db, scope, id, version, values);

/**
 * A state move as one conditional write: the row changes only while it is in one of `from` (and at
 * `version`, when the operator names the one they saw), so two operators never both move it.
 */
export async function moveContentRow(
  db: Executor,
  scope: Scope,
  id: number,
  from: readonly string[],
  version: number | undefined,
  values: Changes<typeof contents>,
): Promise<ContentRecord | undefined> {
  const [row] = await db
    .update(contents)
    .set({ ...values, updatedAt: new Date(), version: sql`${contents.version} + 1` })
    .where(contentRepo.where(scope, eq(contents.id, id), inArray(contents.state, [...from]), version === undefined ? undefined : eq(contents.version, version)))
    .returning();
  return row;
}

export const contentSorts = { state: contents.state, publishAt: contents.publishAt, createTime: contents.createdAt, updateTime: contents.updatedAt };
export const contentDefaultOrder = [desc(contents.id)];

export function pageContents(
  db: Executor,
  scope: Scope,
  f: { type: string; title?: string; state?: string },
  order: SQL[],
  page: { limit: number; offset: number },
) {
  const where = contentRepo.where(
    scope,
    eq(contents.type, f.type),
    f.title ? or(containsText(sql`${contents.title}->>'zhCN'`, f.title), containsText(sql`${contents.title}->>'enUS'`, f.title)) : undefined,
    f.state ? eq(contents.state, f.state) : undefined,
  );
  return contentRepo.page(db, scope, where, order, page);
}

/** What an organisation's app shows of a type: its own published items and the platform's published for every venue. */
export function pageFeed(db: Executor, scope: SystemScope, orgId: number, type: string, page: { limit: number; offset: number }) {
  // Across organisations on purpose (the platform's items for every venue), bounded by `orgId` or `all_venues`.
  const where = contentRepo.where(scope, eq(contents.type, type), eq(contents.state, 'published'), or(eq(contents.orgId, orgId), eq(contents.allVenues, true)));
  return contentRepo.page(db, scope, where, [desc(contents.publishedAt), desc(contents.id)], page);
}

/** The scheduler's publish: every due item with both languages goes up, one conditional write for all (a second scheduler finds them gone). */
export function publishDue(tx: Tx, scope: SystemScope, now: Date): Promise<ContentRecord[]> {
  const filled = (col: typeof contents.title | typeof contents.body, lang: string) => sql`coalesce(${col}->>${lang}, '') <> ''`;
  return tx
    .update(contents)
    .set({ state: 'published', publishedAt: now, publishAt: null, updatedAt: now, version: sql`${contents.version} + 1` })
    .where(
      contentRepo.where(
        scope,
        isNotNull(contents.publishAt),
        lte(contents.publishAt, now),
        inArray(contents.state, ['draft', 'review', 'unpublished']),
        filled(contents.title, 'zhCN'),
        filled(contents.title, 'enUS'),
        filled(contents.body, 'zhCN'),
        filled(contents.body, 'enUS'),
      ),
    )
    .returning();
}

export function unpublishDue(tx: Tx, scope: SystemScope, now: Date): Promise<ContentRecord[]> {
  return tx
    .update(contents)
    .set({ state: 'unpublished', unpublishAt: null, updatedAt: now, version: sql`${contents.version} + 1` })
    .where(contentRepo.where(scope, isNotNull(contents.unpublishAt), lte(contents.unpublishAt, now), eq(contents.state, 'published')))
    .returning();
}

// ---------------------------------------------------------------- versions

export const insertVersions = (db: Executor, scope: Scope, values: (typeof contentVersions.$inferInsert)[]) => versionRepo.insertMany(db, scope, values);

export function versionsOf(db: Executor, scope: Scope, contentId: number) {
  return db
    .select()
    .from(contentVersions)
    .where(versionRepo.where(scope, eq(contentVersions.contentId, contentId)))
    .orderBy(desc(contentVersions.no));
}

// ---------------------------------------------------------------- comments

export const insertComment = (db: Executor, scope: Scope, values: typeof comments.$inferInsert) => commentRepo.insert(db, scope, values);
export const findComment = (db: Executor, scope: Scope, id: number) => commentRepo.find(db, scope, id);

/** Approve or reject: only a held comment, only at the version seen. */
export async function moderateRow(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Changes<typeof comments>,
): Promise<CommentRecord | undefined> {
  const [row] = await db
    .update(comments)
    .set({ ...values, updatedAt: new Date(), version: sql`${comments.version} + 1` })
    .where(commentRepo.where(scope, eq(comments.id, id), eq(comments.state, 'held'), eq(comments.version, version)))
    .returning();
  return row;
}

export async function pageComments(
  db: Executor,
  scope: Scope,
  f: { state?: string; text?: string; contentId?: number },
  page: { limit: number; offset: number },
) {
  const where = commentRepo.where(
    scope,
    f.state ? eq(comments.state, f.state) : undefined,
    f.text ? containsText(comments.text, f.text) : undefined,
    f.contentId ? eq(comments.contentId, f.contentId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ comment: comments, title: contents.title })
      .from(comments)
      .leftJoin(contents, eq(contents.id, comments.contentId))
      .where(where)
      // Held comments first: what waits for a moderator.
      .orderBy(sql`${comments.state} = 'held' desc`, desc(comments.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

export async function keywordsOf(db: Executor, scope: Scope, orgId: number): Promise<string[]> {
  const rows = await db
    .select({ word: commentKeywords.word })
    .from(commentKeywords)
    .where(keywordRepo.where(scope, eq(commentKeywords.orgId, orgId)))
    .orderBy(commentKeywords.word);
  return rows.map((r) => r.word);
}

/** The organisation's list replaced by `words`, in one transaction. */
export async function replaceKeywords(tx: Tx, scope: Scope, orgId: number, words: string[]): Promise<void> {
  await tx.delete(commentKeywords).where(keywordRepo.where(scope, eq(commentKeywords.orgId, orgId)));
  await keywordRepo.insertMany(
    tx,
    scope,
    words.map((word) => ({ orgId, word })),
  );
}

// ---------------------------------------------------------------- banners

export const findBanner = (db: Executor, scope: Scope, id: number) => bannerRepo.find(db, scope, id);
export const insertBanner = (db: Executor, scope: Scope, values: typeof banners.$inferInsert) => bannerRepo.insert(db, scope, values);
export const updateBanner = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof banners>) =>
  bannerRepo.update(db, scope, id, version, values);
export const removeBannerRows = (db: Executor, scope: Scope, ids: number[]) => bannerRepo.remove(db, scope, ids);
export const findBanners = (db: Executor, scope: Scope, ids: number[]) => bannerRepo.findMany(db, scope, ids);
export const bannerSorts = { name: banners.name, sort: banners.sort, createTime: banners.createdAt };
export const bannerDefaultOrder = [asc(banners.sort), desc(banners.id)];

export function pageBanners(db: Executor, scope: Scope, f: { name?: string; carousel?: boolean }, order: SQL[], page: { limit: number; offset: number }) {
  const where = bannerRepo.where(
    scope,
    f.name ? containsText(banners.name, f.name) : undefined,
    f.carousel === undefined ? undefined : eq(banners.carousel, f.carousel),
  );
  return bannerRepo.page(db, scope, where, order, page);
}

// ---------------------------------------------------------------- agreements

export const findAgreement = (db: Executor, scope: Scope, id: number) => agreementRepo.find(db, scope, id);
export const insertAgreement = (db: Executor, scope: Scope, values: typeof agreements.$inferInsert) => agreementRepo.insert(db, scope, values);
export const updateAgreement = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof agreements>) =>
  agreementRepo.update(db, scope, id, version, values);

export async function nextAgreementNo(db: Executor, scope: Scope, orgId: number): Promise<number> {
  const [row] = await db
    .select({ n: max(agreements.versionNo) })
    .from(agreements)
    .where(agreementRepo.where(scope, eq(agreements.orgId, orgId)));
  return (row?.n ?? 0) + 1;
}

/** The organisation's current (published) version. */
export async function currentAgreement(db: Executor, scope: Scope, orgId: number): Promise<AgreementRecord | undefined> {
  const [row] = await db
    .select()
    .from(agreements)
    .where(agreementRepo.where(scope, eq(agreements.orgId, orgId), eq(agreements.state, 'published')));
  return row;
}

/** The current version steps down, then `id` (a draft at `version`) becomes current: in the caller's transaction. */
export async function publishAgreementRow(tx: Tx, scope: Scope, orgId: number, id: number, version: number): Promise<AgreementRecord | undefined> {
  await tx
    .update(agreements)
    .set({ state: 'superseded', updatedAt: new Date(), version: sql`${agreements.version} + 1` })
    .where(agreementRepo.where(scope, eq(agreements.orgId, orgId), eq(agreements.state, 'published')));
  const [row] = await tx
    .update(agreements)
    .set({ state: 'published', publishedAt: new Date(), updatedAt: new Date(), version: sql`${agreements.version} + 1` })
    .where(agreementRepo.where(scope, eq(agreements.id, id), eq(agreements.state, 'draft'), eq(agreements.version, version)))
    .returning();
  return row;
}

export async function pageAgreements(db: Executor, scope: Scope, f: { state?: string }, page: { limit: number; offset: number }) {
  const where = agreementRepo.where(scope, f.state ? eq(agreements.state, f.state) : undefined);
  const accepted = sql<number>`(select count(*)::int from ${acceptances} where ${acceptances.agreementId} = ${agreements.id})`;
  const [rows, [total]] = await Promise.all([
    db.select({ agreement: agreements, accepted }).from(agreements).where(where).orderBy(desc(agreements.versionNo)).limit(page.limit).offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(agreements)
      .where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

/** Records an acceptance (a repeated one keeps the first); answers the record. Append-only: there is no update or delete here. */
export async function recordAcceptance(db: Executor, scope: Scope, values: typeof acceptances.$inferInsert) {
  await db.insert(acceptances).values(values).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(acceptances)
    .where(acceptanceRepo.where(scope, eq(acceptances.agreementId, values.agreementId), eq(acceptances.memberId, values.memberId)));
  return row!;
}

export async function lastAccepted(db: Executor, scope: Scope, memberId: number): Promise<number | null> {
  const [row] = await db
    .select({ n: max(agreements.versionNo) })
    .from(acceptances)
    .innerJoin(agreements, eq(agreements.id, acceptances.agreementId))
    .where(acceptanceRepo.where(scope, eq(acceptances.memberId, memberId)));
  return row?.n ?? null;
}

export async function pageAcceptances(db: Executor, scope: Scope, f: { agreementId?: number; memberName?: string }, page: { limit: number; offset: number }) {
  const where = acceptanceRepo.where(
    scope,
    f.agreementId ? eq(acceptances.agreementId, f.agreementId) : undefined,
    f.memberName ? containsText(members.name, f.memberName) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: acceptances, versionNo: agreements.versionNo, memberName: members.name })
      .from(acceptances)
      .innerJoin(agreements, eq(agreements.id, acceptances.agreementId))
      .leftJoin(members, eq(members.id, acceptances.memberId))
      .where(where)
      .orderBy(desc(acceptances.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(acceptances)
      .leftJoin(members, eq(members.id, acceptances.memberId))
      .where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

/** Many items of one organisation at once (the demo), answered with their rows. */
export async function insertContents(db: Executor, scope: OneOrgScope, values: (typeof contents.$inferInsert)[]): Promise<ContentRecord[]> {
  if (values.some((v) => v.orgId !== scope.orgId)) throw new Error('content outside its organisation');
  return values.length ? db.insert(contents).values(values).returning() : [];
}

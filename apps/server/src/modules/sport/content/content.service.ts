import path from 'node:path';
import fs from 'node:fs';
import {
  CONTENT_IMAGE_MAX_BYTES,
  type Bilingual,
  type ContentAction,
  type ContentCreate,
  type ContentQuery,
  type ContentUpdate,
  type agreementCreate,
  type agreementUpdate,
  type acceptanceQuery,
  type agreementQuery,
  type bannerCreate,
  type bannerQuery,
  type bannerUpdate,
  type commentCreate,
  type commentModerate,
  type commentQuery,
  type contentFeedQuery,
} from '@venue/contract';
import type { z } from 'zod';
import type { Db } from '../../../platform/db.ts';
import { conflict, invalid, notFound, staleVersion, isUniqueViolation } from '../../../platform/errors.ts';
import { FileResult, type Caller } from '../../../platform/http.ts';
import { label, type Lang } from '../../../platform/i18n.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { SYSTEM_SCOPE, scopeOf } from '../../../platform/scope.ts';
import { type LocalText, type SheetColumn, rowsXlsx } from '../../../platform/xlsx.ts';
import { IMAGE_MIME, imageFormat, imageSize, storeByContent, uploadsDir } from '../../system/index.ts';
import { findMember } from '../member/index.ts';
import {
  bannerDefaultOrder,
  bannerSorts,
  contentDefaultOrder,
  contentSorts,
  currentAgreement,
  findAgreement,
  findBanner,
  findBanners,
  findComment,
  findContent,
  insertAgreement,
  insertBanner,
  insertComment,
  insertContent,
  insertVersions,
  keywordsOf,
  lastAccepted,
  moderateRow,
  moveContentRow,
  nextAgreementNo,
  pageAcceptances,
  pageAgreements,
  pageBanners,
  pageComments,
  pageContents,
  pageFeed,
  publishAgreementRow,
  recordAcceptance,
  removeBannerRows,
  replaceKeywords,
  updateAgreement,
  updateBanner,
  updateContent,
  versionsOf,
  type AgreementRecord,
  type BannerRecord,
  type CommentRecord,
  type ContentRecord,
} from './content.repository.ts';
import { sanitizeRichText } from './content.sanitize.ts';
import type { contents } from './content.table.ts';
import './content.messages.ts';

/** Content, comments, banners and agreements (issue 30). The scheduler's side is content.jobs.ts. */

const EXPORT_MAX = 50_000;
const LANGS = ['zhCN', 'enUS'] as const;
const t2 = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });

const cleanBody = (b: Bilingual): Bilingual => ({
  zhCN: b.zhCN === null ? null : sanitizeRichText(b.zhCN) || null,
  enUS: b.enUS === null ? null : sanitizeRichText(b.enUS) || null,
});
const instant = (v: string | number | null | undefined) => (v === null || v === undefined ? v : new Date(typeof v === 'string' ? v.trim() : v));

export function contentAnswer(c: ContentRecord) {
  const { createdAt, updatedAt, createdBy: _c, ...rest } = c;
  return { ...rest, createTime: createdAt, updateTime: updatedAt };
}

/** Publishing needs the title and the body in both languages: 969600 naming the first one missing. */
function assertBothLanguages(c: Pick<ContentRecord, 'title' | 'body'>): void {
  for (const what of ['title', 'body'] as const)
    for (const lang of LANGS)
      if (!c[what][lang]?.trim())
        throw invalid(`${what}.${lang}`, 'content.languageMissing', { what: label(`content.what.${what}`), lang: label(`content.lang.${lang}`) });
}

function assertSchedule(publishAt: Date | null | undefined, unpublishAt: Date | null | undefined): void {
  if (publishAt && unpublishAt && unpublishAt <= publishAt) throw invalid('unpublishAt', 'content.scheduleOrder');
}

/** The fields an edit changed, by name (the version history's "what changed"). */
function changedFields(was: ContentRecord, next: Partial<ContentRecord>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(next)) {
    const old = (was as Record<string, unknown>)[k];
    if (k === 'title' || k === 'body') {
      for (const lang of LANGS) if ((old as Bilingual)[lang] !== (v as Bilingual)[lang]) out.push(`${k}.${lang}`);
    } else if (JSON.stringify(old instanceof Date ? old.toISOString() : old) !== JSON.stringify(v instanceof Date ? v.toISOString() : v)) out.push(k);
  }
  return out;
}

const versionOf = (c: ContentRecord, caller: Caller | null, changed: string[]) => ({
  orgId: c.orgId,
  contentId: c.id,
  no: c.version,
  state: c.state,
  changed,
  title: c.title,
  body: c.body,
  createdBy: caller?.userId ?? null,
  byName: caller?.userName ?? null,
});

/** `POST content`: a draft (or one scheduled to publish) with its first version. */
export async function addContent(db: Db, caller: Caller, input: ContentCreate) {
  const scope = scopeOf(caller);
  if (input.allVenues && !caller.platform) throw invalid('allVenues', 'content.allVenuesPlatform');
  const publishAt = instant(input.publishAt) ?? null;
  const unpublishAt = instant(input.unpublishAt) ?? null;
  assertSchedule(publishAt, unpublishAt);
  return db.transaction(async (tx) => {
    const c = await insertContent(tx, scope, {
      orgId: caller.orgId,
      type: input.type,
      title: input.title,
      body: cleanBody(input.body),
      cover: input.cover ?? null,
      allVenues: input.allVenues,
      publishAt,
      unpublishAt,
      createdBy: caller.userId,
    });
    const changed = ['type', ...LANGS.flatMap((l) => [c.title[l] ? `title.${l}` : '', c.body[l] ? `body.${l}` : '']).filter(Boolean)];
    await insertVersions(tx, scope, [versionOf(c, caller, changed)]);
    return contentAnswer(c);
  });
}

/** `PUT content/{id}`: at the version seen; every save appends a version naming the fields changed. */
export async function editContent(db: Db, caller: Caller, id: number, input: ContentUpdate) {
  const scope = scopeOf(caller);
  const was = await findContent(db, scope, id);
  if (!was) throw notFound();
  const { version, ...f } = input;
  if (f.allVenues && !caller.platform) throw invalid('allVenues', 'content.allVenuesPlatform');
  const next: Partial<typeof contents.$inferInsert> = {};
  if (f.title !== undefined) next.title = f.title;
  if (f.body !== undefined) next.body = cleanBody(f.body);
  if (f.cover !== undefined) next.cover = f.cover;
  if (f.allVenues !== undefined) next.allVenues = f.allVenues;
  if (f.publishAt !== undefined) next.publishAt = instant(f.publishAt);
  if (f.unpublishAt !== undefined) next.unpublishAt = instant(f.unpublishAt);
  assertSchedule(next.publishAt === undefined ? was.publishAt : next.publishAt, next.unpublishAt === undefined ? was.unpublishAt : next.unpublishAt);
  const changed = changedFields(was, next as Partial<ContentRecord>);
  return db.transaction(async (tx) => {
    const c = await updateContent(tx, scope, id, version, next);
    await insertVersions(tx, scope, [versionOf(c, caller, changed)]);
    return contentAnswer(c);
  });
}

/** Where each move may start from, and what it sets. */
const MOVES: Record<ContentAction, { from: readonly string[]; to: string }> = {
  submit: { from: ['draft', 'unpublished'], to: 'review' },
  withdraw: { from: ['review'], to: 'draft' },
  publish: { from: ['draft', 'review', 'unpublished'], to: 'published' },
  unpublish: { from: ['published'], to: 'unpublished' },
};

/** `POST content/{id}/{action}`: one conditional write from the states the move starts from (and the version seen, when given). */
export async function moveContent(db: Db, caller: Caller, id: number, action: ContentAction, version: number | undefined) {
  const scope = scopeOf(caller);
  const was = await findContent(db, scope, id);
  if (!was) throw notFound();
  if (action === 'publish') assertBothLanguages(was);
  const move = MOVES[action];
  const now = new Date();
  const values =
    action === 'publish'
      ? { state: move.to, publishedAt: now, publishAt: null }
      : action === 'unpublish'
        ? { state: move.to, unpublishAt: null }
        : { state: move.to };
  return db.transaction(async (tx) => {
    const c = await moveContentRow(tx, scope, id, move.from, version, values);
    if (!c) {
      const now = await findContent(tx, scope, id);
      if (!now) throw notFound();
      if (version !== undefined && now.version !== version) throw staleVersion();
      throw conflict('state', 'content.badMove', { state: label(`content.state.${now.state}`) });
    }
    // A publish reads the text it puts up: a save between the check and the write would show here.
    if (action === 'publish') assertBothLanguages(c);
    await insertVersions(tx, scope, [versionOf(c, caller, ['state'])]);
    return contentAnswer(c);
  });
}

export async function getContent(db: Db, caller: Caller, id: number) {
  const c = await findContent(db, scopeOf(caller), id);
  if (!c) throw notFound();
  return contentAnswer(c);
}

export async function listContents(db: Db, caller: Caller, q: ContentQuery) {
  const { total, rows } = await pageContents(db, scopeOf(caller), q, orderOf(q, contentSorts, contentDefaultOrder), pageOf(q));
  return { total, data: rows.map(contentAnswer) };
}

export async function contentVersionsOf(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  if (!(await findContent(db, scope, id))) throw notFound();
  return (await versionsOf(db, scope, id)).map((v) => ({
    no: v.no,
    state: v.state,
    changed: v.changed,
    title: v.title,
    body: v.body,
    byName: v.byName,
    time: v.createdAt,
  }));
}

/** `POST content/feed`: what the caller's organisation's app shows of a type (its own and the platform's items for every venue). */
export async function contentFeed(db: Db, caller: Caller, q: z.output<typeof contentFeedQuery>) {
  const { total, rows } = await pageFeed(db, SYSTEM_SCOPE, caller.orgId, q.type, pageOf(q));
  return { total, data: rows.map(contentAnswer) };
}

const STATE_TEXT: Record<string, LocalText> = {
  draft: t2('草稿', 'Draft'),
  review: t2('审核中', 'In review'),
  published: t2('已发布', 'Published'),
  unpublished: t2('已下架', 'Unpublished'),
};
const contentSheet: SheetColumn[] = [
  { key: 'id', title: t2('编号', 'No.') },
  { key: 'titleZh', title: t2('标题（中文）', 'Title (Chinese)') },
  { key: 'titleEn', title: t2('标题（英文）', 'Title (English)') },
  { key: 'state', title: t2('状态', 'State'), options: Object.entries(STATE_TEXT).map(([value, label]) => ({ value, label })) },
  { key: 'publishAt', title: t2('定时发布', 'Publish at') },
  { key: 'unpublishAt', title: t2('定时下架', 'Unpublish at') },
  { key: 'publishedAt', title: t2('发布时间', 'Published') },
];
const iso = (d: Date | null) => (d ? d.toISOString() : '');

export async function exportContents(db: Db, caller: Caller, q: ContentQuery, lang: Lang) {
  const { rows } = await pageContents(db, scopeOf(caller), q, orderOf(q, contentSorts, contentDefaultOrder), { limit: EXPORT_MAX, offset: 0 });
  const data = rows.map((c) => ({
    id: c.id,
    titleZh: c.title.zhCN ?? '',
    titleEn: c.title.enUS ?? '',
    state: c.state,
    publishAt: iso(c.publishAt),
    unpublishAt: iso(c.unpublishAt),
    publishedAt: iso(c.publishedAt),
  }));
  return rowsXlsx(contentSheet, data, lang, lang === 'zh-CN' ? '内容' : 'content', lang === 'zh-CN' ? '内容' : 'Content');
}

// ---------------------------------------------------------------- images

const imagesDir = (dataDir: string) => path.join(uploadsDir(dataDir), 'content');
const formatBytes = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10}M`;

/** `POST content/image`: a rich-text or cover image, checked by its content (jpg or png, at most 2 MB, a readable header), stored by its hash. */
export function uploadContentImage(dataDir: string, sportPrefix: string, file: { data: Buffer; truncated: boolean }) {
  if (file.truncated || file.data.length > CONTENT_IMAGE_MAX_BYTES)
    throw invalid('file', 'content.image.tooLarge', { max: formatBytes(CONTENT_IMAGE_MAX_BYTES) });
  if (file.data.length === 0) throw invalid('file', 'content.image.noFile');
  const format = imageFormat(file.data);
  if ((format !== 'jpg' && format !== 'png') || !imageSize(file.data, format)) throw invalid('file', 'content.image.badFormat');
  const name = storeByContent(imagesDir(dataDir), file.data, format);
  return { url: `${sportPrefix}content/image/${name}` };
}

/** `GET content/image/{name}`: named by its hash, so the address is the permission (the apps show it). */
export function contentImage(dataDir: string, name: string) {
  const file = path.join(imagesDir(dataDir), name);
  if (!fs.existsSync(file)) throw notFound();
  return new FileResult(name, IMAGE_MIME[name.slice(-3) as 'png' | 'jpg'], fs.readFileSync(file));
}

// ---------------------------------------------------------------- comments

export function commentAnswer(c: CommentRecord, title: Bilingual | null) {
  return {
    id: c.id,
    contentId: c.contentId,
    contentTitle: title ? (title.zhCN ?? title.enUS) : null,
    author: c.author,
    text: c.text,
    state: c.state,
    matched: c.matched,
    reason: c.reason,
    version: c.version,
    createTime: c.createdAt,
    moderateTime: c.moderatedAt,
  };
}

/** `POST content/comment`: a member's comment; one holding a keyword of the item's organisation waits for a moderator, the rest show at once. */
export async function addComment(db: Db, caller: Caller, input: z.output<typeof commentCreate>) {
  const scope = scopeOf(caller);
  const item = await findContent(db, scope, input.contentId);
  if (!item) throw notFound();
  const text = input.text.toLowerCase();
  const matched = (await keywordsOf(db, scope, item.orgId)).filter((w) => text.includes(w.toLowerCase()));
  const c = await insertComment(db, scope, {
    orgId: item.orgId,
    contentId: item.id,
    author: input.author,
    text: input.text,
    state: matched.length ? 'held' : 'approved',
    matched,
  });
  return commentAnswer(c, item.title);
}

export async function listComments(db: Db, caller: Caller, q: z.output<typeof commentQuery>) {
  const { total, rows } = await pageComments(db, scopeOf(caller), q, pageOf(q));
  return { total, data: rows.map((r) => commentAnswer(r.comment, r.title)) };
}

/** `PUT content/comment/{id}/moderate`: approve or reject (with a reason) a held comment, at the version seen. */
export async function moderateComment(db: Db, caller: Caller, id: number, input: z.output<typeof commentModerate>) {
  const scope = scopeOf(caller);
  const was = await findComment(db, scope, id);
  if (!was) throw notFound();
  if (input.decision === 'reject' && !input.reason) throw invalid('reason', 'comment.reasonRequired');
  const row = await moderateRow(db, scope, id, input.version, {
    state: input.decision === 'approve' ? 'approved' : 'rejected',
    reason: input.reason ?? null,
    moderatedBy: caller.userId,
    moderatedAt: new Date(),
  });
  if (!row) {
    const now = await findComment(db, scope, id);
    if (now && now.state !== 'held') throw conflict('state', 'comment.notHeld');
    throw staleVersion();
  }
  const item = await findContent(db, scope, row.contentId);
  return commentAnswer(row, item?.title ?? null);
}

export async function getKeywords(db: Db, caller: Caller) {
  return { words: await keywordsOf(db, scopeOf(caller), caller.orgId) };
}

export async function setKeywords(db: Db, caller: Caller, words: string[]) {
  const scope = scopeOf(caller);
  const unique = [...new Set(words.map((w) => w.trim()).filter(Boolean))];
  await db.transaction((tx) => replaceKeywords(tx, scope, caller.orgId, unique));
  return getKeywords(db, caller);
}

const COMMENT_STATE_TEXT: Record<string, LocalText> = { approved: t2('已通过', 'Approved'), held: t2('待审核', 'Held'), rejected: t2('已驳回', 'Rejected') };
const commentSheet: SheetColumn[] = [
  { key: 'id', title: t2('编号', 'No.') },
  { key: 'contentTitle', title: t2('内容', 'Content') },
  { key: 'author', title: t2('评论人', 'Author') },
  { key: 'text', title: t2('评论', 'Comment') },
  { key: 'state', title: t2('状态', 'State'), options: Object.entries(COMMENT_STATE_TEXT).map(([value, label]) => ({ value, label })) },
  { key: 'reason', title: t2('原因', 'Reason') },
  { key: 'createTime', title: t2('评论时间', 'Time') },
];

export async function exportComments(db: Db, caller: Caller, q: z.output<typeof commentQuery>, lang: Lang) {
  const { rows } = await pageComments(db, scopeOf(caller), q, { limit: EXPORT_MAX, offset: 0 });
  const data = rows.map((r) => {
    const a = commentAnswer(r.comment, r.title);
    return { ...a, contentTitle: a.contentTitle ?? '', reason: a.reason ?? '', createTime: a.createTime.toISOString() };
  });
  return rowsXlsx(commentSheet, data, lang, lang === 'zh-CN' ? '评论' : 'comments', lang === 'zh-CN' ? '评论' : 'Comments');
}

// ---------------------------------------------------------------- banners

export function bannerAnswer(b: BannerRecord) {
  const { createdAt, updatedAt: _u, ...rest } = b;
  return { ...rest, createTime: createdAt };
}

function assertJump(jumpType: string, jumpUrl: string | null | undefined): void {
  if (jumpType === 'none') return;
  if (!jumpUrl) throw invalid('jumpUrl', 'banner.jumpUrl');
  if (jumpType === 'url' && !/^https:\/\/\S+$/i.test(jumpUrl)) throw invalid('jumpUrl', 'banner.jumpUrlHttps');
}

export async function addBanner(db: Db, caller: Caller, input: z.output<typeof bannerCreate>) {
  assertJump(input.jumpType, input.jumpUrl);
  const b = await insertBanner(db, scopeOf(caller), { ...input, jumpUrl: input.jumpType === 'none' ? null : (input.jumpUrl ?? null), orgId: caller.orgId });
  return bannerAnswer(b);
}

export async function editBanner(db: Db, caller: Caller, id: number, input: z.output<typeof bannerUpdate>) {
  const scope = scopeOf(caller);
  const was = await findBanner(db, scope, id);
  if (!was) throw notFound();
  const { version, ...f } = input;
  assertJump(f.jumpType ?? was.jumpType, f.jumpUrl === undefined ? was.jumpUrl : f.jumpUrl);
  return bannerAnswer(await updateBanner(db, scope, id, version, f));
}

export async function getBanner(db: Db, caller: Caller, id: number) {
  const b = await findBanner(db, scopeOf(caller), id);
  if (!b) throw notFound();
  return bannerAnswer(b);
}

export async function listBanners(db: Db, caller: Caller, q: z.output<typeof bannerQuery>) {
  const { total, rows } = await pageBanners(db, scopeOf(caller), q, orderOf(q, bannerSorts, bannerDefaultOrder), pageOf(q));
  return { total, data: rows.map(bannerAnswer) };
}

export async function removeBanners(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  if ((await findBanners(db, scope, ids)).length !== new Set(ids).size) throw notFound();
  return { deleted: await removeBannerRows(db, scope, ids) };
}

const bannerSheet: SheetColumn[] = [
  { key: 'name', title: t2('名称', 'Name') },
  { key: 'carousel', title: t2('轮播状态', 'Carousel') },
  { key: 'image', title: t2('图片', 'Image') },
  { key: 'jumpType', title: t2('跳转类型', 'Jump type') },
  { key: 'jumpUrl', title: t2('跳转地址', 'Jump address') },
  { key: 'sort', title: t2('排序', 'Order') },
];

export async function exportBanners(db: Db, caller: Caller, q: z.output<typeof bannerQuery>, lang: Lang) {
  const { rows } = await pageBanners(db, scopeOf(caller), q, orderOf(q, bannerSorts, bannerDefaultOrder), { limit: EXPORT_MAX, offset: 0 });
  const on = lang === 'zh-CN' ? ['开启', '关闭'] : ['On', 'Off'];
  const data = rows.map((b) => ({ ...b, carousel: b.carousel ? on[0] : on[1], jumpUrl: b.jumpUrl ?? '' }));
  return rowsXlsx(bannerSheet, data, lang, lang === 'zh-CN' ? '轮播图' : 'banners', lang === 'zh-CN' ? '轮播图' : 'Banners');
}

// ---------------------------------------------------------------- agreements

export const agreementAnswer = (a: AgreementRecord, accepted = 0) => {
  const { createdAt, updatedAt: _u, ...rest } = a;
  return { ...rest, accepted, createTime: createdAt };
};

/** `POST content/agreement`: the next version, a draft. Two at once: the second answers 100409 `duplicate`. */
export async function addAgreement(db: Db, caller: Caller, input: z.output<typeof agreementCreate>) {
  const scope = scopeOf(caller);
  const versionNo = await nextAgreementNo(db, scope, caller.orgId);
  try {
    return agreementAnswer(await insertAgreement(db, scope, { orgId: caller.orgId, versionNo, title: input.title, body: cleanBody(input.body) }));
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('duplicate', 'error.stale');
    throw e;
  }
}

export async function editAgreement(db: Db, caller: Caller, id: number, input: z.output<typeof agreementUpdate>) {
  const scope = scopeOf(caller);
  const was = await findAgreement(db, scope, id);
  if (!was) throw notFound();
  if (was.state !== 'draft') throw conflict('state', 'agreement.notDraft');
  const { version, ...f } = input;
  return agreementAnswer(await updateAgreement(db, scope, id, version, { ...f, ...(f.body ? { body: cleanBody(f.body) } : {}) }));
}

/** `POST content/agreement/{id}/publish`: the draft becomes the current version; every member must accept it again. */
export async function publishAgreement(db: Db, caller: Caller, id: number, version: number) {
  const scope = scopeOf(caller);
  const was = await findAgreement(db, scope, id);
  if (!was) throw notFound();
  assertBothLanguages(was);
  try {
    return await db.transaction(async (tx) => {
      const row = await publishAgreementRow(tx, scope, was.orgId, id, version);
      if (!row) {
        if (was.state !== 'draft') throw conflict('state', 'agreement.notDraft');
        throw staleVersion();
      }
      return agreementAnswer(row);
    });
  } catch (e) {
    // Another version published at the same moment (one current version per organisation).
    if (isUniqueViolation(e)) throw staleVersion();
    throw e;
  }
}

export async function listAgreements(db: Db, caller: Caller, q: z.output<typeof agreementQuery>) {
  const { total, rows } = await pageAgreements(db, scopeOf(caller), q, pageOf(q));
  return { total, data: rows.map((r) => agreementAnswer(r.agreement, r.accepted)) };
}

export async function getAgreement(db: Db, caller: Caller, id: number) {
  const a = await findAgreement(db, scopeOf(caller), id);
  if (!a) throw notFound();
  return agreementAnswer(a);
}

/** `POST content/agreement/{id}/accept`: a member of the agreement's organisation accepts its current version (append-only record). */
export async function acceptAgreement(db: Db, caller: Caller, id: number, memberId: number) {
  const scope = scopeOf(caller);
  const a = await findAgreement(db, scope, id);
  if (!a) throw notFound();
  if (a.state !== 'published') throw conflict('state', 'agreement.notCurrent');
  const member = await findMember(db, scope, memberId);
  if (!member || member.orgId !== a.orgId) throw notFound();
  const r = await recordAcceptance(db, scope, { orgId: a.orgId, agreementId: a.id, memberId });
  return { id: r.id, agreementId: a.id, versionNo: a.versionNo, memberId, memberName: member.name, acceptTime: r.acceptedAt };
}

/** `POST content/agreement/status`: whether the member must accept (again): the current version against the last they accepted. */
export async function agreementStatusOf(db: Db, caller: Caller, memberId: number) {
  const scope = scopeOf(caller);
  const member = await findMember(db, scope, memberId);
  if (!member) throw notFound();
  const current = await currentAgreement(db, scope, member.orgId);
  const accepted = await lastAccepted(db, scope, memberId);
  return { current: current?.versionNo ?? null, accepted, mustAccept: !!current && accepted !== current.versionNo };
}

export async function listAcceptances(db: Db, caller: Caller, q: z.output<typeof acceptanceQuery>) {
  const { total, rows } = await pageAcceptances(db, scopeOf(caller), q, pageOf(q));
  return {
    total,
    data: rows.map((r) => ({
      id: r.a.id,
      agreementId: r.a.agreementId,
      versionNo: r.versionNo,
      memberId: r.a.memberId,
      memberName: r.memberName,
      acceptTime: r.a.acceptedAt,
    })),
  };
}

const acceptanceSheet: SheetColumn[] = [
  { key: 'versionNo', title: t2('协议版本', 'Version') },
  { key: 'memberName', title: t2('会员', 'Member') },
  { key: 'acceptTime', title: t2('同意时间', 'Accepted') },
];

export async function exportAcceptances(db: Db, caller: Caller, q: z.output<typeof acceptanceQuery>, lang: Lang) {
  const { rows } = await pageAcceptances(db, scopeOf(caller), q, { limit: EXPORT_MAX, offset: 0 });
  const data = rows.map((r) => ({ versionNo: `v${r.versionNo}`, memberName: r.memberName ?? '', acceptTime: r.a.acceptedAt.toISOString() }));
  return rowsXlsx(acceptanceSheet, data, lang, lang === 'zh-CN' ? '协议同意记录' : 'acceptances', lang === 'zh-CN' ? '同意记录' : 'Acceptances');
}

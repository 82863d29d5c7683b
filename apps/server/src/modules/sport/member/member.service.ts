import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  fields,
  idCardChecksumOk,
  MEMBER_ID_CARD,
  MEMBER_IMAGE_MAX_BYTES,
  MEMBER_IMAGE_MAX_SIDE,
  MEMBER_IMAGE_MIN_SIDE,
  parseIdCard,
  Perm,
  type EntrantAdd,
  type IdentityListQuery,
  type IdentityReview,
  type IdentitySubmit,
  type ImportResult,
  type MemberCreate,
  type MemberListAdd,
  type MemberListEntryQuery,
  type MemberListQuery,
  type MemberTagsBody,
  type MemberUpdate,
  type PageQuery,
} from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { can } from '../../../platform/access.ts';
import { AppError, conflict, invalid, isUniqueViolation, notFound, type FieldIssue } from '../../../platform/errors.ts';
import { FileResult, Notice, type Caller } from '../../../platform/http.ts';
import { label, type Lang } from '../../../platform/i18n.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { definePort } from '../../../platform/ports.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../../platform/scope.ts';
import {
  duplicatesInFile,
  readRows,
  reject,
  templateXlsx,
  validateRows,
  xlsxFile,
  type RowIssue,
  type SheetColumn,
  type UploadedFile,
  rowsXlsx,
  type ListPages,
} from '../../../platform/xlsx.ts';
import { IMAGE_MIME, imageFormat, imageSize, isForeignKeyViolation, mapDuplicate, storeByContent, today, uploadsDir } from '../../system/index.ts';
import { buyerCheck, listAccounts, memberBriefs, memberLookup, nextDocNo, pageAccounts, pageOrders, timeZoneOf } from '../commerce/index.ts';
import { memberWhitelistPort } from '../booking/index.ts';
import {
  closeExpiredEntries,
  dependantCounts,
  deleteMembers,
  findIdentity,
  findListEntries,
  findMember,
  findMembersByIds,
  insertFaceLog,
  insertIdentity,
  insertListEntries,
  insertMember,
  insertMemberBatch,
  liveEntries,
  memberDefaultOrder,
  memberSorts,
  pageFaceLogs,
  pageIdentities,
  pageListEntries,
  pageMembers,
  pageReferrers,
  pageVisits,
  patchMembers,
  releaseEntrants,
  removeListEntries,
  reviewIdentityRow,
  searchMembers,
  takenMemberNos,
  takenPhones,
  updateMember,
  visitStats,
  type MemberFilter,
  type ImportedMember,
  type MemberRecord,
  type MemberValues,
  type MemberView,
} from './member.repository.ts';
import './member.messages.ts';

/**
 * Members (issue 12): the front desk's find and register (booking), and the member screens: the
 * record with its id-card rules and masking, tags, corporate members and entrants, black and white
 * lists (the commerce core and booking ask them through hooks), identity checks, faces, referrals,
 * visits, import and export.
 */

const brief = ({ id, memberNo, name, phone, level, status }: MemberRecord) => ({ id, memberNo, name, phone, level, status });
const UNIQUE = {
  sport_member_org_phone_uq: ['phone', 'field.memberPhone'] as [string, string],
  sport_member_org_no_uq: ['memberNo', 'field.memberNo'] as [string, string],
};

// ---------------------------------------------------------------- ports of other modules this module answers

const memberOrg: Parameters<typeof memberLookup.plug>[0] = async (tx, scope, memberId) => (await findMember(tx, scope, memberId))?.orgId;

// A member on the live black list may not book or buy.
const notBlackListed: Parameters<typeof buyerCheck.plug>[0] = async (tx, scope, memberId) => {
  const [entry] = await liveEntries(tx, scope, [memberId], 'black');
  if (entry)
    throw conflict('state', 'member.blackListed', { reason: entry.reason }, [
      { field: 'memberId', message: 'member.blackListed', params: { reason: entry.reason } },
    ]);
};

// A member on the live white list skips a venue's booking limits.
const whiteListed: Parameters<typeof memberWhitelistPort.plug>[0] = async (db, scope, memberId) =>
  (await liveEntries(db, scope, [memberId], 'white')).length > 0;

// Members' names and phones for the commerce core's and booking's lists, one query for many. One
// function for every load: plugging a new closure on each start (two servers in one process, as
// the tests run) is refused by the port.
const briefsOf: Parameters<typeof memberBriefs.plug>[0] = async (db, scope, ids) =>
  new Map((await findMembersByIds(db, scope, ids)).map((m) => [m.id, { name: m.name, phone: m.phone }]));

/**
 * Plugs the members module's answers into the commerce core's and booking's ports. Called when the
 * module is loaded (its manifest's plug step), never at import: the modules import
 * one another in a circle (booking's demo reads members), and a port read mid-circle is undefined.
 * Plugging the same answers again is harmless.
 */
export function plugMemberPorts(): void {
  memberLookup.plug(memberOrg);
  memberBriefs.plug(briefsOf);
  buyerCheck.plug(notBlackListed);
  memberWhitelistPort.plug(whiteListed);
}

/**
 * How many member cards a member holds (plugged by the cards module); a member with cards is not
 * deleted. Unplugged, a delete fails rather than dropping a member whose cards it cannot see.
 */
export const memberCardCount = definePort<(db: Executor, scope: Scope, memberId: number) => Promise<number>>('member.cardCount');

// ---------------------------------------------------------------- masking

export function maskPhone(phone: string): string {
  if (phone.length < 7) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

export function maskIdNo(idNo: string | null): string | null {
  if (!idNo) return idNo;
  if (idNo.length <= 10) return `${idNo.slice(0, 1)}${'*'.repeat(Math.max(idNo.length - 2, 1))}${idNo.slice(-1)}`;
  return `${idNo.slice(0, 6)}${'*'.repeat(idNo.length - 10)}${idNo.slice(-4)}`;
}

const seesPrivate = (caller: Caller) => can(caller, Perm.member.private);

function rowOf(m: MemberView, priv: boolean) {
  return {
    id: m.id,
    orgId: m.orgId,
    orgName: m.orgName,
    memberNo: m.memberNo,
    kind: m.kind,
    name: m.name,
    phone: priv ? m.phone : maskPhone(m.phone),
    level: m.level,
    status: m.status,
    sex: m.sex,
    birthday: m.birthday,
    idType: m.idType,
    idNo: priv ? m.idNo : maskIdNo(m.idNo),
    address: m.address,
    hasPhoto: !!m.photo,
    tags: m.tags ?? [],
    source: m.source,
    registerDate: m.registerDate,
    remark: m.remark,
    referrerId: m.referrerId,
    referrerName: m.referrerName,
    companyId: m.companyId,
    companyName: m.companyName,
    creditCode: m.creditCode,
    contactName: m.contactName,
    identityState: m.identityState,
    hasFace: !!m.faceImage,
    faceState: m.faceState,
    blackListed: m.blackListed,
    whiteListed: m.whiteListed,
    masked: !priv,
    version: m.version,
    createTime: m.createdAt,
    updateTime: m.updatedAt,
  };
}

// ---------------------------------------------------------------- id cards

type IdFields = { idType?: string | null; idNo?: string | null; birthday?: string | null; sex?: 1 | 2 | null | number };

/** An identity card number (type '1'): a bad checksum or form is refused; birthday and sex come from it when not given. */
function withIdCard<T extends IdFields>(input: T, field = 'idNo'): T {
  if (!input.idNo || (input.idType ?? MEMBER_ID_CARD) !== MEMBER_ID_CARD) return input;
  const info = parseIdCard(input.idNo);
  if (!info) throw invalid(field, 'member.idCardInvalid');
  if (input.idNo.length === 18 && !idCardChecksumOk(input.idNo)) throw invalid(field, 'member.idCardChecksum');
  return { ...input, idType: MEMBER_ID_CARD, birthday: input.birthday ?? info.birthday, sex: input.sex ?? info.sex };
}

// ---------------------------------------------------------------- front desk

export async function findMembers(db: Db, caller: Caller, keyword: string, limit: number) {
  return (await searchMembers(db, scopeOf(caller), keyword, limit)).map(brief);
}

/** The referrer and company named by a form: members of the same organisation (another's: 100404). */
async function checkLinks(db: Executor, scope: Scope, orgId: number, selfId: number | null, v: { referrerId?: number | null; companyId?: number | null }) {
  if (v.referrerId) {
    if (v.referrerId === selfId) throw invalid('referrerId', 'member.referrerSelf');
    const ref = await findMember(db, scope, v.referrerId);
    if (!ref || ref.orgId !== orgId) throw notFound();
  }
  if (v.companyId) {
    const co = await findMember(db, scope, v.companyId);
    if (!co || co.orgId !== orgId) throw notFound();
    if (co.kind !== 'corporate' || co.id === selfId) throw invalid('companyId', 'member.notCompany');
  }
}

function valuesOf(input: object): MemberValues {
  const out: MemberValues = {};
  for (const [k, v] of Object.entries(input)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  if (out.tags) out.tags = [...new Set(out.tags)];
  return out;
}

/** `POST member`: the front desk's register (name, phone, number, level) and the member screens' full form. */
export async function registerMember(db: Db, caller: Caller, input: MemberCreate) {
  const scope = scopeOf(caller);
  const orgId = input.orgId ?? caller.orgId;
  const row = await db.transaction(async (tx) => {
    await checkLinks(tx, scope, orgId, null, input);
    const d = withIdCard(input);
    const { orgId: _o, ...rest } = d;
    const memberNo = d.memberNo ?? `M${await nextDocNo(tx, await timeZoneOf(tx, orgId))}`;
    return mapDuplicate(insertMember(tx, scope, { ...valuesOf(rest), orgId, memberNo, name: d.name, phone: d.phone, level: d.level ?? null }), UNIQUE);
  });
  return brief(row);
}

// ---------------------------------------------------------------- the member screens

function filterOf(q: Partial<MemberListQuery>): MemberFilter {
  return {
    keyword: q.keyword || undefined,
    kind: q.kind,
    level: q.level || undefined,
    tag: q.tag,
    source: q.source,
    status: q.status,
    list: q.list,
    identityState: q.identityState,
    faceState: q.faceState,
    registerBegin: q.registerBegin,
    registerEnd: q.registerEnd,
    companyId: q.companyId,
    referrerId: q.referrerId,
    orgId: q.orgId,
  };
}

export async function listMembers(db: Db, caller: Caller, q: MemberListQuery) {
  const { total, rows } = await pageMembers(db, scopeOf(caller), filterOf(q), orderOf(q, memberSorts, memberDefaultOrder), pageOf(q));
  const priv = seesPrivate(caller);
  return { total, data: rows.map((r) => rowOf(r, priv)) };
}

async function viewOf(db: Executor, caller: Caller, id: number) {
  const { rows } = await pageMembers(db, scopeOf(caller), { id }, [], { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return rowOf(rows[0], seesPrivate(caller));
}

export async function getMember(db: Db, caller: Caller, id: number) {
  return viewOf(db, caller, id);
}

async function memberIn(db: Executor, scope: Scope, id: number): Promise<MemberRecord> {
  const m = await findMember(db, scope, id);
  if (!m) throw notFound();
  return m;
}

export async function editMember(db: Db, caller: Caller, id: number, input: MemberUpdate) {
  const scope = scopeOf(caller);
  const m = await memberIn(db, scope, id);
  const { version, ...rest } = input;
  await checkLinks(db, scope, m.orgId, m.id, rest);
  // Birthday and sex are filled from a new id card number only.
  const d =
    rest.idNo !== undefined || rest.idType !== undefined
      ? withIdCard({
          ...rest,
          idType: rest.idType === undefined ? m.idType : rest.idType,
          idNo: rest.idNo === undefined ? m.idNo : rest.idNo,
          birthday: rest.birthday ?? (rest.idNo && rest.idNo !== m.idNo ? undefined : m.birthday),
          sex: rest.sex ?? (rest.idNo && rest.idNo !== m.idNo ? undefined : m.sex),
        })
      : rest;
  expectOneUpdated(await mapDuplicate(updateMember(db, scope, id, version, valuesOf(d)), UNIQUE));
  return viewOf(db, caller, id);
}

export async function removeMembers(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  const found = await findMembersByIds(db, scope, ids);
  if (found.length !== new Set(ids).size) throw notFound();
  for (const m of found) {
    const one = { limit: 1, offset: 0 };
    if ((await pageOrders(db, scope, { memberId: m.id }, [], one)).total > 0) throw conflict('state', 'member.hasOrders', { name: m.name });
    if ((await pageAccounts(db, scope, { memberId: m.id }, one)).total > 0) throw conflict('state', 'member.hasAccounts', { name: m.name });
    if ((await memberCardCount.get()(db, scope, m.id)) > 0) throw conflict('state', 'member.hasCards', { name: m.name });
  }
  try {
    return { deleted: await db.transaction((tx) => deleteMembers(tx, scope, ids)) };
  } catch (e) {
    // A card made meanwhile still holds the member (foreign key).
    if (isForeignKeyViolation(e)) throw conflict('state', 'member.hasCards', { name: found.map((m) => m.name).join('、') });
    throw e;
  }
}

export async function tagMembers(db: Db, caller: Caller, input: MemberTagsBody) {
  const scope = scopeOf(caller);
  const ids = [...new Set(input.memberIds)];
  const found = await findMembersByIds(db, scope, ids);
  if (found.length !== ids.length) throw notFound();
  const remove = new Set(input.remove ?? []);
  let updated = 0;
  await db.transaction(async (tx) => {
    for (const m of found) {
      const tags = [...new Set([...(m.tags ?? []).filter((t) => !remove.has(t)), ...(input.add ?? [])])];
      if (tags.length > 20) throw invalid('add', 'error.field.invalid');
      if (tags.join('\u0001') === (m.tags ?? []).join('\u0001')) continue;
      updated += await patchMembers(tx, scope, [m.id], { tags });
    }
  });
  return { updated };
}

// ---------------------------------------------------------------- corporate members and entrants

async function companyIn(db: Executor, scope: Scope, id: number): Promise<MemberRecord> {
  const co = await memberIn(db, scope, id);
  if (co.kind !== 'corporate') throw invalid('id', 'member.notCompany');
  return co;
}

export async function addEntrants(db: Db, caller: Caller, companyId: number, input: EntrantAdd) {
  const scope = scopeOf(caller);
  const co = await companyIn(db, scope, companyId);
  const ids = [...new Set(input.memberIds ?? [])];
  const found = await findMembersByIds(db, scope, ids);
  if (found.length !== ids.length || found.some((m) => m.orgId !== co.orgId)) throw notFound();
  const corporate = found.find((m) => m.kind !== 'individual');
  if (corporate) throw invalid('memberIds', 'member.notIndividual', { name: corporate.name });
  let added = await db.transaction((tx) => patchMembers(tx, scope, ids, { companyId: co.id }));
  if (input.member) {
    await registerMember(db, caller, { ...input.member, orgId: co.orgId, kind: 'individual', companyId: co.id, source: input.member.source ?? 'corporate' });
    added++;
  }
  return { added };
}

export async function removeEntrants(db: Db, caller: Caller, companyId: number, ids: number[]) {
  const scope = scopeOf(caller);
  await companyIn(db, scope, companyId);
  const found = await findMembersByIds(db, scope, ids);
  if (found.length !== new Set(ids).size) throw notFound();
  return { deleted: await db.transaction((tx) => releaseEntrants(tx, scope, companyId, ids)) };
}

export async function listEntrants(db: Db, caller: Caller, companyId: number, q: PageQuery & { keyword?: string }) {
  const scope = scopeOf(caller);
  await memberIn(db, scope, companyId);
  const { total, rows } = await pageMembers(db, scope, { companyId, keyword: q.keyword || undefined }, orderOf(q, memberSorts, memberDefaultOrder), pageOf(q));
  const priv = seesPrivate(caller);
  return { total, data: rows.map((r) => rowOf(r, priv)) };
}

// ---------------------------------------------------------------- black and white lists

const otherList = (list: string) => (list === 'black' ? 'white' : 'black');

export async function addToList(db: Db, caller: Caller, input: MemberListAdd) {
  const scope = scopeOf(caller);
  const ids = [...new Set(input.memberIds)];
  const found = await findMembersByIds(db, scope, ids);
  if (found.length !== ids.length) throw notFound();
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw invalid('expiresAt', 'member.expiryPast');
  const name = (id: number) => found.find((m) => m.id === id)?.name ?? '';
  return db.transaction(async (tx) => {
    await closeExpiredEntries(tx, scope, ids, input.list);
    const [on] = await liveEntries(tx, scope, ids, input.list);
    if (on) throw conflict('state', 'member.alreadyListed', { name: name(on.memberId), list: label(`member.list.${input.list}`) });
    const [other] = await liveEntries(tx, scope, ids, otherList(input.list));
    if (other) throw conflict('state', 'member.onOtherList', { name: name(other.memberId), list: label(`member.list.${other.list}`) });
    try {
      const added = await insertListEntries(
        tx,
        scope,
        found.map((m) => ({
          orgId: m.orgId,
          memberId: m.id,
          list: input.list,
          reason: input.reason,
          expiresAt: input.expiresAt ?? null,
          createdBy: caller.userId,
        })),
      );
      return { added };
    } catch (e) {
      // Listed meanwhile by a concurrent call (one live entry per member and list).
      if (isUniqueViolation(e))
        throw conflict('state', 'member.alreadyListed', { name: found.map((m) => m.name).join('、'), list: label(`member.list.${input.list}`) });
      throw e;
    }
  });
}

export async function removeFromList(db: Db, caller: Caller, entryIds: number[]) {
  const scope = scopeOf(caller);
  const ids = [...new Set(entryIds)];
  if ((await findListEntries(db, scope, ids)).length !== ids.length) throw notFound();
  return { removed: await db.transaction((tx) => removeListEntries(tx, scope, ids, caller.userId)) };
}

export async function listEntries(db: Db, caller: Caller, q: MemberListEntryQuery) {
  const { total, rows } = await pageListEntries(
    db,
    scopeOf(caller),
    { list: q.list, state: q.state, keyword: q.keyword || undefined, memberId: q.memberId },
    pageOf(q),
  );
  const priv = seesPrivate(caller);
  const now = Date.now();
  return {
    total,
    data: rows.map((r) => ({
      id: r.entry.id,
      orgId: r.entry.orgId,
      memberId: r.entry.memberId,
      memberNo: r.memberNo,
      memberName: r.memberName,
      memberPhone: priv ? r.memberPhone : maskPhone(r.memberPhone),
      list: r.entry.list,
      reason: r.entry.reason,
      expiresAt: r.entry.expiresAt,
      state: r.entry.removedAt ? 'removed' : r.entry.expiresAt && r.entry.expiresAt.getTime() <= now ? 'expired' : 'live',
      createdByName: r.createdByName,
      createTime: r.entry.createdAt,
      removedAt: r.entry.removedAt,
      removedByName: r.removedByName,
    })),
  };
}

// ---------------------------------------------------------------- identity checks

type IdentityPage = Awaited<ReturnType<typeof pageIdentities>>['rows'][number];
function identityOf(r: IdentityPage, priv: boolean) {
  const i = r.identity;
  return {
    id: i.id,
    orgId: i.orgId,
    memberId: i.memberId,
    memberNo: r.memberNo,
    memberName: r.memberName,
    realName: i.realName,
    idType: i.idType,
    idNo: priv ? i.idNo : maskIdNo(i.idNo)!,
    images: i.images ?? [],
    state: i.state,
    submittedByName: r.submittedByName,
    createTime: i.createdAt,
    reviewedByName: r.reviewedByName,
    reviewTime: i.reviewedAt,
    reviewRemark: i.reviewRemark,
    masked: !priv,
  };
}

export async function getIdentity(db: Db, caller: Caller, id: number) {
  const { rows } = await pageIdentities(db, scopeOf(caller), { id }, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return identityOf(rows[0], seesPrivate(caller));
}

export async function listIdentities(db: Db, caller: Caller, q: IdentityListQuery) {
  const { total, rows } = await pageIdentities(db, scopeOf(caller), { state: q.state, keyword: q.keyword || undefined, memberId: q.memberId }, pageOf(q));
  const priv = seesPrivate(caller);
  return { total, data: rows.map((r) => identityOf(r, priv)) };
}

export async function submitIdentity(db: Db, caller: Caller, input: IdentitySubmit) {
  const scope = scopeOf(caller);
  const m = await memberIn(db, scope, input.memberId);
  withIdCard(input);
  const id = await db.transaction(async (tx) => {
    if ((await pageIdentities(tx, scope, { memberId: m.id, state: 'pending' }, { limit: 1, offset: 0 })).total > 0)
      throw conflict('state', 'member.identityPending');
    const row = await insertIdentity(tx, scope, {
      orgId: m.orgId,
      memberId: m.id,
      realName: input.realName,
      idType: input.idType,
      idNo: input.idNo,
      images: input.images ?? [],
      state: 'pending',
      submittedBy: caller.userId,
    });
    await patchMembers(tx, scope, [m.id], { identityState: 'pending' });
    return row.id;
  });
  return getIdentity(db, caller, id);
}

export async function reviewIdentity(db: Db, caller: Caller, id: number, input: IdentityReview) {
  const scope = scopeOf(caller);
  const found = await findIdentity(db, scope, id);
  if (!found) throw notFound();
  await db.transaction(async (tx) => {
    const done = await reviewIdentityRow(tx, scope, id, {
      state: input.approve ? 'approved' : 'rejected',
      reviewedBy: caller.userId,
      reviewRemark: input.remark ?? null,
    });
    if (!done) throw conflict('state', 'member.identityNotPending');
    if (!input.approve) {
      await patchMembers(tx, scope, [done.memberId], { identityState: 'rejected' });
      return;
    }
    const m = await memberIn(tx, scope, done.memberId);
    const info = done.idType === MEMBER_ID_CARD ? parseIdCard(done.idNo) : null;
    await patchMembers(tx, scope, [m.id], {
      identityState: 'approved',
      name: done.realName,
      idType: done.idType,
      idNo: done.idNo,
      birthday: info?.birthday ?? m.birthday,
      sex: info?.sex ?? m.sex,
    });
  });
  return getIdentity(db, caller, id);
}

// ---------------------------------------------------------------- faces and photo

const membersDir = (dataDir: string) => path.join(uploadsDir(dataDir), 'members');
const formatBytes = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10}M`;

/** Checks an uploaded image by content (jpg or png, at most 2 MB, sides 100-4096 px) and stores it out of the public `/files/`; answers its file name. */
function storeMemberImage(dataDir: string, data: Buffer, truncated: boolean): string {
  if (truncated || data.length > MEMBER_IMAGE_MAX_BYTES) throw invalid('file', 'member.image.tooLarge', { max: formatBytes(MEMBER_IMAGE_MAX_BYTES) });
  if (data.length === 0) throw invalid('file', 'member.image.noFile');
  const format = imageFormat(data);
  if (format !== 'jpg' && format !== 'png') throw invalid('file', 'member.image.badFormat');
  const size = imageSize(data, format);
  if (!size) throw invalid('file', 'member.image.badImage');
  const sides = [size.width, size.height];
  if (sides.some((s) => s < MEMBER_IMAGE_MIN_SIDE || s > MEMBER_IMAGE_MAX_SIDE)) {
    throw invalid('file', 'member.image.badSide', { min: MEMBER_IMAGE_MIN_SIDE, max: MEMBER_IMAGE_MAX_SIDE, actual: `${size.width}x${size.height}` });
  }
  return storeByContent(membersDir(dataDir), data, format);
}

export interface ImageUpload {
  data: Buffer;
  truncated: boolean;
}

/** The member must be found (100404) before the upload is read. */
export async function memberForUpload(db: Db, caller: Caller, id: number): Promise<void> {
  await memberIn(db, scopeOf(caller), id);
}

export async function uploadFace(db: Db, caller: Caller, dataDir: string, id: number, file: ImageUpload) {
  const scope = scopeOf(caller);
  const m = await memberIn(db, scope, id);
  const name = storeMemberImage(dataDir, file.data, file.truncated);
  await db.transaction(async (tx) => {
    await patchMembers(tx, scope, [m.id], { faceImage: name, faceState: 'pending' });
    await insertFaceLog(tx, scope, { orgId: m.orgId, memberId: m.id, action: 'upload', image: name, previousImage: m.faceImage, operatorId: caller.userId });
  });
  return viewOf(db, caller, id);
}

export async function removeFace(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const m = await memberIn(db, scope, id);
  if (!m.faceImage) throw conflict('state', 'member.noFace');
  await db.transaction(async (tx) => {
    await patchMembers(tx, scope, [m.id], { faceImage: null, faceState: 'none' });
    await insertFaceLog(tx, scope, { orgId: m.orgId, memberId: m.id, action: 'remove', image: null, previousImage: m.faceImage, operatorId: caller.userId });
  });
  return viewOf(db, caller, id);
}

export async function setFaceState(db: Db, caller: Caller, id: number, state: 'passed' | 'failed') {
  const scope = scopeOf(caller);
  const m = await memberIn(db, scope, id);
  if (!m.faceImage) throw conflict('state', 'member.noFace');
  await db.transaction(async (tx) => {
    await patchMembers(tx, scope, [m.id], { faceState: state });
    await insertFaceLog(tx, scope, {
      orgId: m.orgId,
      memberId: m.id,
      action: state === 'passed' ? 'pass' : 'fail',
      image: m.faceImage,
      previousImage: m.faceImage,
      operatorId: caller.userId,
    });
  });
  return viewOf(db, caller, id);
}

export async function listFaceLogs(db: Db, caller: Caller, id: number, q: PageQuery) {
  const scope = scopeOf(caller);
  await memberIn(db, scope, id);
  const { total, rows } = await pageFaceLogs(db, scope, id, pageOf(q));
  return {
    total,
    data: rows.map((r) => ({
      id: r.log.id,
      memberId: r.log.memberId,
      action: r.log.action,
      image: r.log.image,
      previousImage: r.log.previousImage,
      operatorName: r.operatorName,
      createTime: r.log.createdAt,
    })),
  };
}

export async function uploadPhoto(db: Db, caller: Caller, dataDir: string, id: number, file: ImageUpload) {
  const scope = scopeOf(caller);
  const m = await memberIn(db, scope, id);
  const name = storeMemberImage(dataDir, file.data, file.truncated);
  await patchMembers(db, scope, [m.id], { photo: name });
  return viewOf(db, caller, id);
}

/** The member's current face image or photo, to signed-in staff only (never through the public `/files/`). */
export async function memberImage(db: Db, caller: Caller, dataDir: string, id: number, which: 'face' | 'photo') {
  const m = await memberIn(db, scopeOf(caller), id);
  const name = which === 'face' ? m.faceImage : m.photo;
  if (!name || !/^[0-9a-f]{64}\.(png|jpg)$/.test(name)) throw notFound();
  const file = path.join(membersDir(dataDir), name);
  if (!fs.existsSync(file)) throw notFound();
  return new FileResult(`${which}-${m.id}.${name.slice(-3)}`, IMAGE_MIME[name.slice(-3) as 'png' | 'jpg'], fs.readFileSync(file));
}

/** A document image for an identity check: stored like a face, answered by name. */
export function uploadIdentityImage(dataDir: string, file: ImageUpload) {
  return { name: storeMemberImage(dataDir, file.data, file.truncated) };
}

/** One image of an identity check, to staff who may see identity checks. */
export async function identityImage(db: Db, caller: Caller, dataDir: string, id: number, index: number) {
  const found = await findIdentity(db, scopeOf(caller), id);
  const name = found?.images?.[index];
  if (!found || !name || !/^[0-9a-f]{64}\.(png|jpg)$/.test(name)) throw notFound();
  const file = path.join(membersDir(dataDir), name);
  if (!fs.existsSync(file)) throw notFound();
  return new FileResult(`identity-${id}-${index}.${name.slice(-3)}`, IMAGE_MIME[name.slice(-3) as 'png' | 'jpg'], fs.readFileSync(file));
}

// ---------------------------------------------------------------- referrals, visits, overview

export async function listReferrers(db: Db, caller: Caller, q: PageQuery & { keyword?: string }) {
  const { total, rows } = await pageReferrers(db, scopeOf(caller), q.keyword || undefined, pageOf(q));
  const priv = seesPrivate(caller);
  return { total, data: rows.map((r) => ({ ...r, phone: priv ? r.phone : maskPhone(r.phone) })) };
}

export async function listVisits(db: Db, caller: Caller, id: number, q: PageQuery & { beginDate?: string | null; endDate?: string | null }) {
  const scope = scopeOf(caller);
  const m = await memberIn(db, scope, id);
  const tz = await db.transaction((tx) => timeZoneOf(tx, m.orgId));
  const from = q.beginDate ? zonedStart(q.beginDate, tz) : undefined;
  const to = q.endDate ? new Date(zonedStart(q.endDate, tz).getTime() + 86_400_000 - 1) : undefined;
  const { total, rows } = await pageVisits(db, scope, id, { from, to }, pageOf(q));
  return {
    total,
    data: rows.map((r) => ({
      id: r.visit.id,
      memberId: r.visit.memberId,
      cardId: r.visit.cardId,
      venueId: r.visit.venueId,
      method: r.visit.method,
      timesUsed: r.visit.timesUsed,
      operatorName: r.operatorName,
      createTime: r.visit.createdAt,
    })),
  };
}

/** Midnight of a day in a time zone. */
function zonedStart(day: string, timeZone: string): Date {
  const utc = new Date(`${day}T00:00:00Z`);
  const local = new Date(utc.toLocaleString('en-US', { timeZone }));
  const asUtc = new Date(utc.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(utc.getTime() - (local.getTime() - asUtc.getTime()));
}

export async function memberOverview(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const member = await viewOf(db, caller, id);
  const priv = seesPrivate(caller);
  const accounts = (await listAccounts(db, caller, { memberId: id, pageNum: 1, pageSize: 100 })).data.map((a) => ({
    ...a,
    holderPhone: a.holderPhone && !priv ? maskPhone(a.holderPhone) : a.holderPhone,
  }));
  let spentFen = 0;
  const first = await pageOrders(db, scope, { memberId: id }, [], { limit: 500, offset: 0 });
  const orderCount = first.total;
  for (let offset = 0, rows = first.rows; rows.length; offset += 500) {
    for (const o of rows) spentFen += o.paidFen - o.refundedFen;
    rows = rows.length < 500 ? [] : (await pageOrders(db, scope, { memberId: id }, [], { limit: 500, offset: offset + 500 })).rows;
  }
  const [visits, counts] = await Promise.all([visitStats(db, scope, id), dependantCounts(db, scope, id)]);
  return {
    member,
    accounts,
    balanceFen: accounts.reduce((s, a) => s + a.balanceFen, 0),
    orderCount,
    spentFen,
    visitCount: visits.count,
    lastVisit: visits.last,
    entrantCount: counts.entrants,
    referredCount: counts.referred,
  };
}

// ---------------------------------------------------------------- export and import

const t2 = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const memberSheet: SheetColumn[] = [
  { key: 'memberNo', title: t2('会员编号', 'Member number') },
  { key: 'name', title: t2('姓名', 'Name'), required: true },
  { key: 'phone', title: t2('手机号', 'Phone'), required: true },
  {
    key: 'sex',
    title: t2('性别', 'Sex'),
    options: [
      { value: 1, label: t2('男', 'Male') },
      { value: 2, label: t2('女', 'Female') },
    ],
  },
  { key: 'birthday', title: t2('生日', 'Birthday'), date: true },
  {
    key: 'idType',
    title: t2('证件类型', 'ID type'),
    options: [
      { value: '1', label: t2('身份证', 'ID card') },
      { value: '2', label: t2('护照', 'Passport') },
      { value: '3', label: t2('港澳通行证', 'HK/Macau pass') },
    ],
  },
  { key: 'idNo', title: t2('证件号码', 'ID number'), width: 22 },
  { key: 'address', title: t2('地址', 'Address') },
  { key: 'tags', title: t2('标签', 'Tags') },
  { key: 'level', title: t2('会员等级', 'Level') },
  { key: 'registerDate', title: t2('注册日期', 'Registered'), date: true },
  { key: 'remark', title: t2('备注', 'Remark') },
  {
    key: 'kind',
    title: t2('会员类型', 'Kind'),
    exportOnly: true,
    options: [
      { value: 'individual', label: t2('个人', 'Individual') },
      { value: 'corporate', label: t2('企业', 'Corporate') },
    ],
  },
  { key: 'companyName', title: t2('所属企业', 'Company'), exportOnly: true },
  { key: 'source', title: t2('来源', 'Source'), exportOnly: true },
  { key: 'orgName', title: t2('所属机构', 'Organisation'), exportOnly: true },
  { key: 'createTime', title: t2('创建时间', 'Created'), exportOnly: true },
];

const EXPORT_MAX = 50_000;

/** `POST member/export`: the list's filters, every matching row (masked unless Perm.member.private), read a batch at a time; the route writes an operation-log row. */
export async function exportMembers(db: Db, caller: Caller, q: MemberListQuery, lang: Lang) {
  const scope = scopeOf(caller);
  const filter = filterOf(q);
  const order = orderOf(q, memberSorts, memberDefaultOrder);
  const priv = seesPrivate(caller);
  const data = {
    db,
    max: EXPORT_MAX,
    count: async (tx) => (await pageMembers(tx, scope, filter, order, { limit: 0, offset: 0 })).total,
    page: async (tx, p) =>
      (await pageMembers(tx, scope, filter, order, p)).rows.map((r) => {
        const row = rowOf(r, priv);
        return { ...row, tags: row.tags.join(','), createTime: row.createTime };
      }),
  } satisfies ListPages<object>;
  return rowsXlsx(memberSheet, data, lang, lang === 'zh-CN' ? '会员列表' : 'members', lang === 'zh-CN' ? '会员' : 'Members');
}

export async function memberTemplate(lang: Lang) {
  const data = await templateXlsx(memberSheet, lang, {
    name: lang === 'zh-CN' ? '张三' : 'Zhang San',
    phone: '13900000000',
    idType: '1',
    idNo: '11010519491231002X',
    tags: lang === 'zh-CN' ? '羽毛球,周末' : 'badminton,weekend',
  });
  return xlsxFile(lang === 'zh-CN' ? '会员导入模板' : 'member-import-template', data, false);
}

const splitTags = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(/[,，;；、\s]+/)
        .map((s) => s.trim())
        .filter(Boolean)
    : v;
const importRow = z.object({
  memberNo: fields
    .str()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,32}$/, 'error.field.invalid')
    .optional(),
  name: fields.str().trim().min(1).max(64),
  phone: fields
    .str()
    .trim()
    .regex(/^1\d{10}$/, 'error.field.invalid'),
  sex: z.coerce.number().int().min(1).max(2).optional(),
  birthday: fields.optDay,
  idType: fields
    .str()
    .trim()
    .regex(/^[0-9A-Za-z_]{1,8}$/, 'error.field.invalid')
    .optional(),
  idNo: fields
    .str()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z-]{4,32}$/, 'error.field.invalid')
    .optional(),
  address: fields.optText(200),
  tags: z.preprocess(splitTags, z.array(fields.str().trim().min(1).max(16)).max(20)).optional(),
  level: fields.optText(32),
  registerDate: fields.optDay,
  remark: fields.optText(200),
});
type ImportRow = z.output<typeof importRow>;

const IMPORT_BATCH = 2500;

/** `POST member/import`: every row checked (form, id card, duplicates in the file, phones and numbers taken), then all or nothing, in batches. */
export async function importMembers(db: Db, caller: Caller, file: UploadedFile, lang: Lang): Promise<Notice<ImportResult>> {
  const scope = scopeOf(caller);
  const orgId = caller.orgId;
  const raw = await readRows(file, memberSheet, lang, 20_000);
  const { valid, issues } = validateRows(raw, importRow);
  const ready: { row: number; data: ImportRow }[] = [];
  for (const r of valid) {
    try {
      ready.push({ row: r.row, data: withIdCard({ ...r.data, sex: r.data.sex as 1 | 2 | undefined }) });
    } catch (e) {
      if (!(e instanceof AppError) || !Array.isArray(e.detail)) throw e;
      for (const d of e.detail as FieldIssue[]) issues.push({ row: r.row, field: d.field, message: d.message, params: d.params });
    }
  }
  issues.push(...duplicatesInFile(ready, 'phone', (d) => d.phone), ...duplicatesInFile(ready, 'memberNo', (d) => d.memberNo));
  const phones = await takenPhones(
    db,
    scope,
    orgId,
    ready.map((r) => r.data.phone),
  );
  const nos = await takenMemberNos(
    db,
    scope,
    orgId,
    ready.map((r) => r.data.memberNo).filter((n): n is string => !!n),
  );
  for (const r of ready) {
    if (phones.has(r.data.phone)) issues.push({ row: r.row, field: 'phone', message: 'member.import.phoneTaken' } satisfies RowIssue);
    if (r.data.memberNo && nos.has(r.data.memberNo)) issues.push({ row: r.row, field: 'memberNo', message: 'member.import.noTaken' });
  }
  if (issues.length) reject(issues, lang, raw.length);
  const tz = await db.transaction((tx) => timeZoneOf(tx, orgId));
  const day = today(tz);
  let created = 0;
  await db.transaction(async (tx) => {
    const base = `M${await nextDocNo(tx, tz)}`;
    for (let i = 0; i < ready.length; i += IMPORT_BATCH) {
      const values: ImportedMember[] = ready.slice(i, i + IMPORT_BATCH).map(({ data: d }, j) => ({
        orgId,
        memberNo: d.memberNo ?? `${base}${String(i + j + 1).padStart(5, '0')}`,
        name: d.name,
        phone: d.phone,
        sex: d.sex ?? null,
        birthday: d.birthday ?? null,
        idType: d.idType ?? (d.idNo ? MEMBER_ID_CARD : null),
        idNo: d.idNo ?? null,
        address: d.address ?? null,
        tags: d.tags ? [...new Set(d.tags)] : [],
        level: d.level ?? null,
        registerDate: d.registerDate ?? day,
        remark: d.remark ?? null,
      }));
      created += await mapDuplicate(insertMemberBatch(tx, scope, values, 'import'), UNIQUE);
    }
  });
  return new Notice({ total: raw.length, created, updated: 0 }, 'import.done', { created, updated: 0 });
}

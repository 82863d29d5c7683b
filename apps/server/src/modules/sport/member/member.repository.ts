import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, like, lte, max, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, type Scope } from '../../../platform/scope.ts';
import { scopedRepo } from '../../../platform/scopedRepo.ts';
import { orgs, users, contains, containsText, today } from '../../system/index.ts';
import { memberFaceLogs, memberIdentities, memberListEntries, members, memberVisits } from './member.table.ts';

export type MemberRecord = typeof members.$inferSelect;
export type MemberInsert = typeof members.$inferInsert;
export type MemberValues = Partial<Omit<MemberInsert, 'id' | 'orgId' | 'version' | 'createdAt' | 'updatedAt'>>;

const startsWith = (text: string) => `${contains(text).slice(1)}`;

// The common shapes of each table with the scope built in (platform/scopedRepo.ts); the rest below uses their `where`.
const memberRepo = scopedRepo(members);
const listRepo = scopedRepo(memberListEntries);
const identityRepo = scopedRepo(memberIdentities);
const faceLogRepo = scopedRepo(memberFaceLogs);
const visitRepo = scopedRepo(memberVisits);

/** Members whose phone or number starts with the keyword, or whose name holds it. */
export async function searchMembers(db: Executor, scope: Scope, keyword: string, limit: number): Promise<MemberRecord[]> {
  const prefix = startsWith(keyword);
  return db
    .select()
    .from(members)
    .where(memberRepo.where(scope, or(like(members.phone, prefix), like(members.memberNo, prefix), containsText(members.name, keyword))))
    .orderBy(asc(members.name), asc(members.id))
    .limit(limit);
}

export async function findMember(db: Executor, scope: Scope, id: number): Promise<MemberRecord | undefined> {
  return memberRepo.find(db, scope, id);
}

/** A member by phone in the scope (a phone is unique within one organisation; the lowest organisation id first). */
export async function findMemberByPhone(db: Executor, scope: Scope, phone: string): Promise<MemberRecord | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(memberRepo.where(scope, eq(members.phone, phone)))
    .orderBy(asc(members.orgId))
    .limit(1);
  return row;
}

export async function findMembersByIds(db: Executor, scope: Scope, ids: number[]): Promise<MemberRecord[]> {
  return memberRepo.findMany(db, scope, ids);
}

/**
 * A new member; without a register date, today in the organisation's time zone (a member who joins
 * at 03:30 Beijing time joined that day, not the database's UTC day before).
 */
export async function insertMember(db: Executor, scope: Scope, values: MemberInsert): Promise<MemberRecord> {
  const registerDate = values.registerDate ?? (await orgToday(db, values.orgId));
  return memberRepo.insert(db, scope, { ...values, registerDate });
}

/** Today (`YYYY-MM-DD`) in an organisation's time zone. */
async function orgToday(db: Executor, orgId: number): Promise<string> {
  const [org] = await db.select({ timeZone: orgs.timeZone }).from(orgs).where(eq(orgs.id, orgId));
  return today(org?.timeZone ?? 'Asia/Shanghai');
}

/** A member of an import: the columns an import fills. */
export interface ImportedMember {
  orgId: number;
  memberNo: string;
  name: string;
  phone: string;
  sex: number | null;
  birthday: string | null;
  idType: string | null;
  idNo: string | null;
  address: string | null;
  tags: string[];
  level: string | null;
  registerDate: string;
  remark: string | null;
}

/**
 * Many members in one statement (imports): the rows travel as one JSON parameter, unpacked by
 * `jsonb_to_recordset` (thousands of rows without thousands of bind parameters). Answers how many went in.
 */
export async function insertMemberBatch(db: Executor, scope: Scope, values: ImportedMember[], source: string): Promise<number> {
  if (!values.length) return 0;
  await assertInScope(db, scope, new Set(values.map((v) => v.orgId)));
  const json = JSON.stringify(
    values.map((v) => ({
      o: v.orgId,
      n: v.memberNo,
      nm: v.name,
      p: v.phone,
      s: v.sex,
      b: v.birthday,
      it: v.idType,
      ii: v.idNo,
      a: v.address,
      t: v.tags,
      l: v.level,
      r: v.registerDate,
      rm: v.remark,
    })),
  );
  const res = (await db.execute(sql`
    insert into ${members} (org_id, member_no, kind, name, phone, sex, birthday, id_type, id_no, address, tags, level, source, register_date, remark)
    select x.o, x.n, 'individual', x.nm, x.p, x.s, x.b, x.it, x.ii, x.a, coalesce(x.t, '[]'::jsonb), x.l, ${source}, x.r, x.rm
    from jsonb_to_recordset(${json}::jsonb) as x(o bigint, n varchar, nm varchar, p varchar, s smallint, b date, it varchar, ii varchar, a varchar, t jsonb, l varchar, r date, rm varchar)`)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return Number(res.rowCount ?? res.affectedRows ?? values.length);
}

/** The member at this version, changed; an old version: 100409 stale. */
export async function updateMember(db: Executor, scope: Scope, id: number, version: number, values: MemberValues): Promise<MemberRecord[]> {
  return [await memberRepo.update(db, scope, id, version, values)];
}

/** A change that is not the user's form (tags, identity, face, company): no version check, the version still rises. */
export async function patchMembers(db: Executor, scope: Scope, ids: number[], values: MemberValues): Promise<number> {
  return memberRepo.patch(db, scope, ids, values);
}

/** A company's entrants stop being its entrants. */
export async function releaseEntrants(db: Executor, scope: Scope, companyId: number, ids: number[]): Promise<number> {
  return memberRepo.patch(db, scope, ids, { companyId: null }, eq(members.companyId, companyId));
}

export async function deleteMembers(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  return memberRepo.remove(db, scope, ids);
}

/** The phones of `phones` already taken in an organisation. */
export async function takenPhones(db: Executor, scope: Scope, orgId: number, phones: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < phones.length; i += 5000) {
    const chunk = phones.slice(i, i + 5000);
    const rows = await db
      .select({ phone: members.phone })
      .from(members)
      .where(memberRepo.where(scope, eq(members.orgId, orgId), inArray(members.phone, chunk)));
    for (const r of rows) out.add(r.phone);
  }
  return out;
}

/** Member numbers of `nos` already taken in an organisation. */
export async function takenMemberNos(db: Executor, scope: Scope, orgId: number, nos: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < nos.length; i += 5000) {
    const rows = await db
      .select({ no: members.memberNo })
      .from(members)
      .where(memberRepo.where(scope, eq(members.orgId, orgId), inArray(members.memberNo, nos.slice(i, i + 5000))));
    for (const r of rows) out.add(r.no);
  }
  return out;
}

// ---------------------------------------------------------------- the list

export interface MemberFilter {
  id?: number;
  keyword?: string;
  kind?: string;
  level?: string;
  tag?: string;
  source?: string;
  status?: number;
  list?: string;
  identityState?: string;
  faceState?: string;
  registerBegin?: string | null;
  registerEnd?: string | null;
  companyId?: number;
  referrerId?: number;
  orgId?: number;
}

/** A live list entry: not removed, not expired. */
const liveEntry = (list: string, memberId: SQL | typeof members.id = members.id) =>
  sql<boolean>`exists (select 1 from ${memberListEntries} where ${memberListEntries.memberId} = ${memberId} and ${memberListEntries.list} = ${list} and ${memberListEntries.removedAt} is null and (${memberListEntries.expiresAt} is null or ${memberListEntries.expiresAt} > now()))`;

function memberWhere(scope: Scope, f: MemberFilter): SQL | undefined {
  const k = f.keyword;
  return memberRepo.where(
    scope,
    f.id !== undefined ? eq(members.id, f.id) : undefined,
    k ? or(like(members.phone, startsWith(k)), like(members.memberNo, startsWith(k)), containsText(members.name, k)) : undefined,
    f.kind ? eq(members.kind, f.kind) : undefined,
    f.level ? eq(members.level, f.level) : undefined,
    f.tag ? sql`${members.tags} @> ${JSON.stringify([f.tag])}::jsonb` : undefined,
    f.source ? eq(members.source, f.source) : undefined,
    f.status !== undefined ? eq(members.status, f.status) : undefined,
    f.list ? liveEntry(f.list) : undefined,
    f.identityState ? eq(members.identityState, f.identityState) : undefined,
    f.faceState ? eq(members.faceState, f.faceState) : undefined,
    f.registerBegin ? gte(members.registerDate, f.registerBegin) : undefined,
    f.registerEnd ? lte(members.registerDate, f.registerEnd) : undefined,
    f.companyId !== undefined ? eq(members.companyId, f.companyId) : undefined,
    f.referrerId !== undefined ? eq(members.referrerId, f.referrerId) : undefined,
    f.orgId !== undefined ? eq(members.orgId, f.orgId) : undefined,
  );
}

export const memberSorts = {
  memberNo: members.memberNo,
  name: members.name,
  registerDate: members.registerDate,
  createTime: members.createdAt,
  level: members.level,
  phone: members.phone,
};
export const memberDefaultOrder = [desc(members.createdAt), desc(members.id)];

const referrer = alias(members, 'referrer');
const company = alias(members, 'company');
const memberColumns = {
  member: members,
  orgName: orgs.name,
  referrerName: referrer.name,
  companyName: company.name,
  blackListed: liveEntry('black'),
  whiteListed: liveEntry('white'),
};

export type MemberView = MemberRecord & {
  orgName: string;
  referrerName: string | null;
  companyName: string | null;
  blackListed: boolean;
  whiteListed: boolean;
};

export async function pageMembers(
  db: Executor,
  scope: Scope,
  f: MemberFilter,
  order: SQL[],
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: MemberView[] }> {
  const where = memberWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select(memberColumns)
      .from(members)
      .innerJoin(orgs, eq(orgs.id, members.orgId))
      .leftJoin(referrer, eq(referrer.id, members.referrerId))
      .leftJoin(company, eq(company.id, members.companyId))
      .where(where)
      // The id last: a total order, so pages (an export's batches) neither skip nor repeat a row.
      .orderBy(...order, desc(members.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(members).where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    rows: rows.map((r) => ({
      ...r.member,
      orgName: r.orgName,
      referrerName: r.referrerName,
      companyName: r.companyName,
      blackListed: toBool(r.blackListed),
      whiteListed: toBool(r.whiteListed),
    })),
  };
}

const toBool = (v: unknown) => v === true || v === 't' || v === 'true' || v === 1;

/** How many members name this one as their company / referrer. */
export async function dependantCounts(db: Executor, scope: Scope, id: number): Promise<{ entrants: number; referred: number }> {
  const [entrants, referred] = await Promise.all([
    memberRepo.count(db, scope, eq(members.companyId, id)),
    memberRepo.count(db, scope, eq(members.referrerId, id)),
  ]);
  return { entrants, referred };
}

// ---------------------------------------------------------------- referrals

export async function pageReferrers(db: Executor, scope: Scope, keyword: string | undefined, page: { limit: number; offset: number }) {
  const referred = alias(members, 'referred');
  const where = memberRepo.where(
    scope,
    sql`exists (select 1 from ${members} as r2 where r2.referrer_id = ${members.id})`,
    keyword ? or(like(members.phone, startsWith(keyword)), like(members.memberNo, startsWith(keyword)), containsText(members.name, keyword)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: members.id,
        memberNo: members.memberNo,
        name: members.name,
        phone: members.phone,
        referredCount: count(referred.id),
        lastReferredDate: max(referred.registerDate),
      })
      .from(members)
      .innerJoin(referred, eq(referred.referrerId, members.id))
      .where(where)
      .groupBy(members.id, members.memberNo, members.name, members.phone)
      .orderBy(desc(count(referred.id)), asc(members.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(members).where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    rows: rows.map((r) => ({ ...r, referredCount: Number(r.referredCount), lastReferredDate: r.lastReferredDate ?? null })),
  };
}

// ---------------------------------------------------------------- black and white lists

export type ListEntryRecord = typeof memberListEntries.$inferSelect;

/** The live entries of these members on a list. */
export async function liveEntries(db: Executor, scope: Scope, memberIds: number[], list: string): Promise<ListEntryRecord[]> {
  if (!memberIds.length) return [];
  return db
    .select()
    .from(memberListEntries)
    .where(
      listRepo.where(
        scope,
        inArray(memberListEntries.memberId, memberIds),
        eq(memberListEntries.list, list),
        isNull(memberListEntries.removedAt),
        or(isNull(memberListEntries.expiresAt), gt(memberListEntries.expiresAt, new Date())),
      ),
    );
}

/** Entries past their expiry that still hold the one-live-entry slot: closed so a new one can go in. */
export async function closeExpiredEntries(db: Executor, scope: Scope, memberIds: number[], list: string): Promise<void> {
  if (!memberIds.length) return;
  await db
    .update(memberListEntries)
    .set({ removedAt: sql`${memberListEntries.expiresAt}` })
    .where(
      listRepo.where(
        scope,
        inArray(memberListEntries.memberId, memberIds),
        eq(memberListEntries.list, list),
        isNull(memberListEntries.removedAt),
        isNotNull(memberListEntries.expiresAt),
        lte(memberListEntries.expiresAt, new Date()),
      ),
    );
}

export async function insertListEntries(db: Executor, scope: Scope, values: (typeof memberListEntries.$inferInsert)[]): Promise<number> {
  return listRepo.insertMany(db, scope, values);
}

export async function findListEntries(db: Executor, scope: Scope, ids: number[]): Promise<ListEntryRecord[]> {
  return listRepo.findMany(db, scope, ids);
}

export async function removeListEntries(db: Executor, scope: Scope, ids: number[], userId: number): Promise<number> {
  return listRepo.patch(db, scope, ids, { removedAt: new Date(), removedBy: userId }, isNull(memberListEntries.removedAt));
}

export interface ListEntryFilter {
  list?: string;
  state?: string;
  keyword?: string;
  memberId?: number;
}

export async function pageListEntries(db: Executor, scope: Scope, f: ListEntryFilter, page: { limit: number; offset: number }) {
  const e = memberListEntries;
  const creator = alias(users, 'creator');
  const remover = alias(users, 'remover');
  const k = f.keyword;
  const state =
    f.state === 'removed'
      ? isNotNull(e.removedAt)
      : f.state === 'expired'
        ? and(isNull(e.removedAt), isNotNull(e.expiresAt), lte(e.expiresAt, new Date()))
        : f.state === 'live'
          ? and(isNull(e.removedAt), or(isNull(e.expiresAt), gt(e.expiresAt, new Date())))
          : undefined;
  const where = listRepo.where(
    scope,
    f.list ? eq(e.list, f.list) : undefined,
    f.memberId !== undefined ? eq(e.memberId, f.memberId) : undefined,
    state,
    k ? or(like(members.phone, startsWith(k)), like(members.memberNo, startsWith(k)), containsText(members.name, k)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: e,
        memberNo: members.memberNo,
        memberName: members.name,
        memberPhone: members.phone,
        createdByName: creator.name,
        removedByName: remover.name,
      })
      .from(e)
      .innerJoin(members, eq(members.id, e.memberId))
      .leftJoin(creator, eq(creator.id, e.createdBy))
      .leftJoin(remover, eq(remover.id, e.removedBy))
      .where(where)
      .orderBy(desc(e.createdAt), desc(e.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(e).innerJoin(members, eq(members.id, e.memberId)).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

// ---------------------------------------------------------------- identity checks

export type IdentityRecord = typeof memberIdentities.$inferSelect;

export async function insertIdentity(db: Executor, scope: Scope, values: typeof memberIdentities.$inferInsert): Promise<IdentityRecord> {
  return identityRepo.insert(db, scope, values);
}

export async function findIdentity(db: Executor, scope: Scope, id: number): Promise<IdentityRecord | undefined> {
  return identityRepo.find(db, scope, id);
}

/** A pending check becomes approved or rejected; undefined when it was not pending. */
export async function reviewIdentityRow(
  db: Executor,
  scope: Scope,
  id: number,
  values: { state: string; reviewedBy: number; reviewRemark: string | null },
): Promise<IdentityRecord | undefined> {
  const [row] = await db
    .update(memberIdentities)
    .set({ ...values, reviewedAt: new Date() })
    .where(identityRepo.where(scope, eq(memberIdentities.id, id), eq(memberIdentities.state, 'pending')))
    .returning();
  return row;
}

export interface IdentityFilter {
  id?: number;
  state?: string;
  keyword?: string;
  memberId?: number;
}

export async function pageIdentities(db: Executor, scope: Scope, f: IdentityFilter, page: { limit: number; offset: number }) {
  const i = memberIdentities;
  const submitter = alias(users, 'submitter');
  const reviewer = alias(users, 'reviewer');
  const k = f.keyword;
  const where = identityRepo.where(
    scope,
    f.id !== undefined ? eq(i.id, f.id) : undefined,
    f.state ? eq(i.state, f.state) : undefined,
    f.memberId !== undefined ? eq(i.memberId, f.memberId) : undefined,
    k ? or(containsText(i.realName, k), like(members.phone, startsWith(k)), like(members.memberNo, startsWith(k)), containsText(members.name, k)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ identity: i, memberNo: members.memberNo, memberName: members.name, submittedByName: submitter.name, reviewedByName: reviewer.name })
      .from(i)
      .innerJoin(members, eq(members.id, i.memberId))
      .leftJoin(submitter, eq(submitter.id, i.submittedBy))
      .leftJoin(reviewer, eq(reviewer.id, i.reviewedBy))
      .where(where)
      .orderBy(desc(i.createdAt), desc(i.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(i).innerJoin(members, eq(members.id, i.memberId)).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

// ---------------------------------------------------------------- faces

export async function insertFaceLog(db: Executor, scope: Scope, values: typeof memberFaceLogs.$inferInsert): Promise<void> {
  await faceLogRepo.insertMany(db, scope, [values]);
}

export async function pageFaceLogs(db: Executor, scope: Scope, memberId: number, page: { limit: number; offset: number }) {
  const where = faceLogRepo.where(scope, eq(memberFaceLogs.memberId, memberId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ log: memberFaceLogs, operatorName: users.name })
      .from(memberFaceLogs)
      .leftJoin(users, eq(users.id, memberFaceLogs.operatorId))
      .where(where)
      .orderBy(desc(memberFaceLogs.createdAt), desc(memberFaceLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(memberFaceLogs).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

// ---------------------------------------------------------------- visits

export type VisitRecord = typeof memberVisits.$inferSelect;

/** A check-in (written by the cards module's check-in). */
export async function insertVisit(db: Executor, scope: Scope, values: typeof memberVisits.$inferInsert): Promise<VisitRecord> {
  return visitRepo.insert(db, scope, values);
}

export async function pageVisits(db: Executor, scope: Scope, memberId: number, range: { from?: Date; to?: Date }, page: { limit: number; offset: number }) {
  const where = visitRepo.where(
    scope,
    eq(memberVisits.memberId, memberId),
    range.from ? gte(memberVisits.createdAt, range.from) : undefined,
    range.to ? lte(memberVisits.createdAt, range.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ visit: memberVisits, operatorName: users.name })
      .from(memberVisits)
      .leftJoin(users, eq(users.id, memberVisits.operatorId))
      .where(where)
      .orderBy(desc(memberVisits.createdAt), desc(memberVisits.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(memberVisits).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

export async function visitStats(db: Executor, scope: Scope, memberId: number): Promise<{ count: number; last: Date | null }> {
  const [row] = await db
    .select({ n: count(), last: max(memberVisits.createdAt) })
    .from(memberVisits)
    .where(visitRepo.where(scope, eq(memberVisits.memberId, memberId)));
  return { count: Number(row?.n ?? 0), last: row?.last ? new Date(row.last) : null };
}

/** An organisation's first active individual members, oldest first: the customers of other modules' demo seeds. */
export async function firstMembersOf(db: Executor, scope: Scope, orgId: number, limit: number) {
  return db
    .select({ id: members.id, memberNo: members.memberNo, level: members.level })
    .from(members)
    .where(memberRepo.where(scope, eq(members.orgId, orgId), eq(members.status, 0), eq(members.kind, 'individual')))
    .orderBy(asc(members.id))
    .limit(limit);
}

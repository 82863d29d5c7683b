import fs from 'node:fs';
import path from 'node:path';
import {
  COACH_IMAGE_MAX_BYTES,
  COACH_LEVELS,
  COACH_QUALIFICATION_WARN_DAYS,
  COACH_STATUS,
  Perm,
  type CoachCreate,
  type CoachListQuery,
  type CoachQualificationInput,
  type CoachScheduleQuery,
  type CoachStatusBody,
  type CoachUpdate,
} from '@venue/contract';
import { can } from '../../../platform/access.ts';
import { definePort } from '../../../platform/ports.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { FileResult, type Caller } from '../../../platform/http.ts';
import type { Lang } from '../../../platform/i18n.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { type LocalText, type SheetColumn, rowsXlsx } from '../../../platform/xlsx.ts';
import { IMAGE_MIME, imageFormat, imageSize, isForeignKeyViolation, mapDuplicate, storeByContent, today, uploadsDir } from '../../system/index.ts';
import { addDays, instantOf } from '../venue/index.ts';
import {
  coachDefaultOrder,
  coachesByName,
  coachSorts,
  findCoach,
  findCoaches,
  insertCoach,
  pageCoaches,
  qualificationsOf,
  removeCoachRows,
  replaceQualifications,
  updateCoach,
  venueNames,
  type CoachFilter,
  type CoachView,
  type QualificationRecord,
} from './coach.repository.ts';
import { coachClaims } from './coach.time.ts';
import './coach.messages.ts';

const COACH_UNIQUE = { sport_coach_org_phone_uq: ['phone', 'field.coachPhone'] as [string, string] };
const DAY_MS = 86_400_000;
const EXPORT_MAX = 50_000;

// ---------------------------------------------------------------- answers

export function maskPhone(phone: string): string {
  if (phone.length < 7) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
const seesPrivate = (caller: Caller) => can(caller, Perm.coach.private);

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Where a qualification stands on `day`: expired, expiring (within 30 days), valid, or open (no expiry date). */
export function qualificationState(expiresOn: string | null, day: string) {
  if (!expiresOn) return { state: 'open' as const, daysLeft: null };
  const daysLeft = daysBetween(day, expiresOn);
  if (daysLeft < 0) return { state: 'expired' as const, daysLeft };
  if (daysLeft <= COACH_QUALIFICATION_WARN_DAYS) return { state: 'expiring' as const, daysLeft };
  return { state: 'valid' as const, daysLeft };
}

function alertOf(quals: QualificationRecord[], day: string) {
  let alert: 'expired' | 'expiring' | null = null;
  let expiresOn: string | null = null;
  let daysLeft: number | null = null;
  for (const q of quals) {
    const s = qualificationState(q.expiresOn, day);
    if (s.state !== 'expired' && s.state !== 'expiring') continue;
    const worse = alert === null || (s.state === 'expired' && alert === 'expiring') || (s.state === alert && q.expiresOn! < expiresOn!);
    if (worse) [alert, expiresOn, daysLeft] = [s.state, q.expiresOn, s.daysLeft];
  }
  return { qualificationAlert: alert, alertExpiresOn: expiresOn, alertDaysLeft: daysLeft };
}

/**
 * Members' average lesson rating of coaches (id → average and count), answered by the training module
 * when it is loaded (it holds the lesson evaluations); without it the coach rows carry no rating.
 */
export const coachRatings =
  definePort<(db: Executor, scope: Scope, ids: number[]) => Promise<Map<number, { avg: number | null; count: number }>>>('coach.ratings');

async function rowsOf(db: Executor, scope: Scope, caller: Caller, views: CoachView[]) {
  const ids = views.map((v) => v.id);
  const [quals, venues, ratings] = await Promise.all([
    qualificationsOf(db, scope, ids),
    venueNames(db, scope, [...new Set(views.flatMap((v) => v.venueIds))]),
    coachRatings.plugged && ids.length ? coachRatings.get()(db, scope, ids) : new Map<number, { avg: number | null; count: number }>(),
  ]);
  const priv = seesPrivate(caller);
  const byCoach = new Map<number, QualificationRecord[]>();
  for (const q of quals) byCoach.set(q.coachId, [...(byCoach.get(q.coachId) ?? []), q]);
  return views.map((v) => {
    const mine = byCoach.get(v.id) ?? [];
    const day = today(v.timeZone);
    return {
      row: {
        id: v.id,
        orgId: v.orgId,
        orgName: v.orgName,
        name: v.name,
        gender: v.gender,
        phone: priv ? v.phone : maskPhone(v.phone),
        hasPhoto: !!v.photo,
        sports: v.sports,
        venueIds: v.venueIds,
        venueNames: v.venueIds.map((id) => venues.get(id)?.name).filter((n): n is string => !!n),
        level: v.level,
        intro: v.intro,
        status: v.status,
        ...alertOf(mine, day),
        qualificationCount: mine.length,
        ratingAvg: ratings.get(v.id)?.avg ?? null,
        ratingCount: ratings.get(v.id)?.count ?? 0,
        masked: !priv,
        version: v.version,
        createTime: v.createdAt,
        updateTime: v.updatedAt,
      },
      qualifications: mine.map((q) => ({
        id: q.id,
        name: q.name,
        certNo: q.certNo,
        issuedOn: q.issuedOn,
        expiresOn: q.expiresOn,
        ...qualificationState(q.expiresOn, day),
      })),
    };
  });
}

const filterOf = (q: Partial<CoachListQuery>): CoachFilter => ({ keyword: q.keyword, status: q.status, level: q.level, venueId: q.venueId, sport: q.sport });

/** The schedule's venue filter names a venue in scope: another organisation's answers 100404. */
async function checkVenueFilter(db: Executor, scope: Scope, venueId: number | undefined) {
  if (venueId !== undefined && !(await venueNames(db, scope, [venueId])).size) throw notFound();
}

// ---------------------------------------------------------------- list, detail, export

export async function listCoaches(db: Db, caller: Caller, q: CoachListQuery) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageCoaches(db, scope, filterOf(q), orderOf(q, coachSorts, coachDefaultOrder), pageOf(q));
  return { total, data: (await rowsOf(db, scope, caller, rows)).map((r) => r.row) };
}

export async function getCoach(db: Executor, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const { rows } = await pageCoaches(db, scope, { id }, [], { limit: 1, offset: 0 });
  if (!rows.length) throw notFound();
  const [r] = await rowsOf(db, scope, caller, rows);
  return { ...r!.row, qualifications: r!.qualifications };
}

const t2 = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });
const LEVEL_TEXT: Record<string, LocalText> = {
  junior: t2('初级教练', 'Junior'),
  intermediate: t2('中级教练', 'Intermediate'),
  senior: t2('高级教练', 'Senior'),
  head: t2('主教练', 'Head coach'),
};
const STATUS_TEXT: Record<string, LocalText> = { active: t2('在职', 'Active'), leave: t2('休假', 'On leave'), left: t2('离职', 'Left') };
const ALERT_TEXT: Record<string, LocalText> = { expired: t2('资质已过期', 'Qualification expired'), expiring: t2('资质即将到期', 'Qualification expiring') };
const coachSheet: SheetColumn[] = [
  { key: 'name', title: t2('姓名', 'Name') },
  {
    key: 'gender',
    title: t2('性别', 'Gender'),
    options: [
      { value: 1, label: t2('男', 'Male') },
      { value: 2, label: t2('女', 'Female') },
    ],
  },
  { key: 'phone', title: t2('手机号', 'Phone') },
  { key: 'level', title: t2('教练等级', 'Level'), options: COACH_LEVELS.map((l) => ({ value: l, label: LEVEL_TEXT[l]! })) },
  { key: 'sports', title: t2('运动项目', 'Sports') },
  { key: 'venues', title: t2('所属场馆', 'Venues') },
  { key: 'status', title: t2('状态', 'Status'), options: COACH_STATUS.map((s) => ({ value: s, label: STATUS_TEXT[s]! })) },
  { key: 'alert', title: t2('资质提醒', 'Qualification alert'), options: Object.entries(ALERT_TEXT).map(([value, label]) => ({ value, label })) },
  { key: 'alertExpiresOn', title: t2('资质到期日', 'Expires on'), date: true },
  { key: 'orgName', title: t2('所属机构', 'Organisation') },
  { key: 'createTime', title: t2('创建时间', 'Created'), exportOnly: true },
];
const SPORT_TEXT: Record<string, LocalText> = {
  badminton: t2('羽毛球', 'Badminton'),
  basketball: t2('篮球', 'Basketball'),
  football: t2('足球', 'Football'),
  tennis: t2('网球', 'Tennis'),
  table_tennis: t2('乒乓球', 'Table tennis'),
  swimming: t2('游泳', 'Swimming'),
  volleyball: t2('排球', 'Volleyball'),
  fitness: t2('健身', 'Fitness'),
  golf: t2('高尔夫', 'Golf'),
  other: t2('其他', 'Other'),
};

/** `POST coach/export`: the list's rows under its filters (phones masked as on the list), as xlsx. */
export async function exportCoaches(db: Db, caller: Caller, q: CoachListQuery, lang: Lang) {
  const scope = scopeOf(caller);
  const { rows } = await pageCoaches(db, scope, filterOf(q), orderOf(q, coachSorts, coachDefaultOrder), { limit: EXPORT_MAX, offset: 0 });
  const data = (await rowsOf(db, scope, caller, rows)).map(({ row }) => ({
    ...row,
    sports: row.sports.map((s) => SPORT_TEXT[s]?.[lang] ?? s).join(lang === 'zh-CN' ? '、' : ', '),
    venues: row.venueNames.join(lang === 'zh-CN' ? '、' : ', '),
    alert: row.qualificationAlert,
  }));
  return rowsXlsx(coachSheet, data, lang, lang === 'zh-CN' ? '教练列表' : 'coaches', lang === 'zh-CN' ? '教练' : 'Coaches');
}

// ---------------------------------------------------------------- add, edit, status, delete

/** Venues named by a coach must be venues in scope (else 100404) of the coach's organisation. */
async function checkVenues(db: Executor, scope: Scope, orgId: number, venueIds: number[]) {
  if (!venueIds.length) return;
  const found = await venueNames(db, scope, venueIds);
  for (const id of venueIds) {
    const v = found.get(id);
    if (!v) throw notFound();
    if (v.orgId !== orgId) throw invalid('venueIds', 'coach.venueNotOfOrg');
  }
}

const qualificationRows = (qs: CoachQualificationInput[]) =>
  qs.map((q) => ({ name: q.name, certNo: q.certNo ?? null, issuedOn: q.issuedOn ?? null, expiresOn: q.expiresOn ?? null }));
const uniq = <T>(xs: T[]) => [...new Set(xs)];

export async function addCoach(db: Db, caller: Caller, input: CoachCreate) {
  const scope = scopeOf(caller);
  const orgId = input.orgId ?? caller.orgId;
  const venueIds = uniq(input.venueIds ?? []);
  const id = await db.transaction(async (tx) => {
    await checkVenues(tx, scope, orgId, venueIds);
    const coach = await mapDuplicate(
      insertCoach(tx, scope, {
        orgId,
        name: input.name,
        gender: input.gender ?? null,
        phone: input.phone,
        sports: uniq(input.sports ?? []),
        venueIds,
        level: input.level ?? 'junior',
        intro: input.intro ?? null,
        status: input.status ?? 'active',
      }),
      COACH_UNIQUE,
    );
    if (input.qualifications?.length) await replaceQualifications(tx, scope, orgId, coach.id, qualificationRows(input.qualifications));
    return coach.id;
  });
  return getCoach(db, caller, id);
}

export async function editCoach(db: Db, caller: Caller, id: number, input: CoachUpdate) {
  const scope = scopeOf(caller);
  const coach = await findCoach(db, scope, id);
  if (!coach) throw notFound();
  const { version, qualifications, ...v } = input;
  await db.transaction(async (tx) => {
    if (v.venueIds) await checkVenues(tx, scope, coach.orgId, uniq(v.venueIds));
    const values = {
      ...(v.name !== undefined && { name: v.name }),
      ...(v.gender !== undefined && { gender: v.gender }),
      ...(v.phone !== undefined && { phone: v.phone }),
      ...(v.sports !== undefined && { sports: uniq(v.sports) }),
      ...(v.venueIds !== undefined && { venueIds: uniq(v.venueIds) }),
      ...(v.level !== undefined && { level: v.level }),
      ...(v.intro !== undefined && { intro: v.intro }),
      ...(v.status !== undefined && { status: v.status }),
    };
    await mapDuplicate(updateCoach(tx, scope, id, version, values), COACH_UNIQUE); // an old version: 100409 stale
    if (qualifications) await replaceQualifications(tx, scope, coach.orgId, id, qualificationRows(qualifications));
  });
  return getCoach(db, caller, id);
}

/** On leave or left: no new lessons or sparring (claimCoachTime refuses); what is booked stays. */
export async function setCoachStatus(db: Db, caller: Caller, id: number, body: CoachStatusBody) {
  const scope = scopeOf(caller);
  if (!(await findCoach(db, scope, id))) throw notFound();
  await updateCoach(db, scope, id, body.version, { status: body.status });
  return getCoach(db, caller, id);
}

/** Deletes coaches in scope; one with bookings ahead (live claims on its time) is refused, naming it. */
export async function removeCoaches(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  // Every id must be a coach in scope (another organisation's: 100404, nothing deleted).
  if ((await findCoaches(db, scope, ids)).length !== new Set(ids).size) throw notFound();
  const now = new Date();
  const ahead = await coachClaims(db, scope, ids, now, new Date(now.getTime() + 3650 * DAY_MS));
  if (ahead.length) {
    const coach = await findCoach(db, scope, ahead[0]!.resourceId);
    throw conflict('state', 'coach.hasClaims', { name: coach?.name ?? '', n: ahead.filter((c) => c.resourceId === ahead[0]!.resourceId).length });
  }
  try {
    return { deleted: await removeCoachRows(db, scope, ids) };
  } catch (e) {
    // A lesson or sparring record of the past still names the coach.
    if (isForeignKeyViolation(e)) throw conflict('state', 'coach.hasClaims', { name: '', n: 1 });
    throw e;
  }
}

// ---------------------------------------------------------------- photo

const coachesDir = (dataDir: string) => path.join(uploadsDir(dataDir), 'coaches');
const formatBytes = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10}M`;

/** The coach must be found (100404) before the upload is read. */
export async function coachForUpload(db: Db, caller: Caller, id: number): Promise<void> {
  if (!(await findCoach(db, scopeOf(caller), id))) throw notFound();
}

/** Checks an uploaded photo by content (jpg or png, at most 2 MB, sides 100-4096 px), stores it out of the public `/files/`, and sets it. */
export async function uploadCoachPhoto(db: Db, caller: Caller, dataDir: string, id: number, file: { data: Buffer; truncated: boolean }) {
  const scope = scopeOf(caller);
  const coach = await findCoach(db, scope, id);
  if (!coach) throw notFound();
  if (file.truncated || file.data.length > COACH_IMAGE_MAX_BYTES) throw invalid('file', 'coach.image.tooLarge', { max: formatBytes(COACH_IMAGE_MAX_BYTES) });
  if (file.data.length === 0) throw invalid('file', 'coach.image.noFile');
  const format = imageFormat(file.data);
  if (format !== 'jpg' && format !== 'png') throw invalid('file', 'coach.image.badFormat');
  const size = imageSize(file.data, format);
  if (!size) throw invalid('file', 'coach.image.badImage');
  if ([size.width, size.height].some((s) => s < 100 || s > 4096))
    throw invalid('file', 'coach.image.badSide', { min: 100, max: 4096, actual: `${size.width}x${size.height}` });
  const name = storeByContent(coachesDir(dataDir), file.data, format);
  await updateCoach(db, scope, id, coach.version, { photo: name });
  return getCoach(db, caller, id);
}

/** The coach's photo, to signed-in staff only. */
export async function coachPhoto(db: Db, caller: Caller, dataDir: string, id: number) {
  const coach = await findCoach(db, scopeOf(caller), id);
  if (!coach) throw notFound();
  const name = coach.photo;
  if (!name || !/^[0-9a-f]{64}\.(png|jpg)$/.test(name)) throw notFound();
  const file = path.join(coachesDir(dataDir), name);
  if (!fs.existsSync(file)) throw notFound();
  return new FileResult(`coach-${coach.id}.${name.slice(-3)}`, IMAGE_MIME[name.slice(-3) as 'png' | 'jpg'], fs.readFileSync(file));
}

// ---------------------------------------------------------------- schedule (read-only)

/** The week (or `days`) of live claims on the coaches: what holds each range (a lesson, a sparring booking …). */
export async function coachSchedule(db: Db, caller: Caller, q: CoachScheduleQuery) {
  const scope = scopeOf(caller);
  await checkVenueFilter(db, scope, q.venueId);
  const list =
    q.coachId !== undefined
      ? await coachesByName(db, scope, { id: q.coachId }, 1)
      : await coachesByName(db, scope, { keyword: q.keyword, venueId: q.venueId, status: q.status }, 50);
  if (q.coachId !== undefined && !list.length) throw notFound();
  const days = q.days ?? 7;
  const to = addDays(q.from, days);
  const { rows } = list.length ? await pageCoaches(db, scope, { id: list[0]!.id }, [], { limit: 1, offset: 0 }) : { rows: [] };
  const timeZone = rows[0]?.timeZone ?? 'Asia/Shanghai';
  const start = instantOf(q.from, 0, timeZone)!;
  const end = instantOf(to, 0, timeZone)!;
  const claims = await coachClaims(
    db,
    scope,
    list.map((c) => c.id),
    start,
    end,
  );
  return {
    from: q.from,
    to,
    timeZone,
    coaches: list.map((c) => ({ id: c.id, name: c.name, level: c.level, status: c.status, hasPhoto: !!c.photo })),
    claims: claims.map((c) => {
      const m = /^[[(]"?([^",]+)"?,"?([^",)\]]+)"?[)\]]$/.exec(c.during);
      return { id: c.id, coachId: c.resourceId, start: new Date(m![1]!), end: new Date(m![2]!), holderKind: c.holderKind, holderId: c.holderId };
    }),
  };
}

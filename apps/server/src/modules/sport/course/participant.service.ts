import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FACE_IMAGE_MAX_BYTES, Perm, type FaceConsentBody, type ParticipantPageQuery } from '@venue/contract';
import { can } from '../../../platform/access.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { FileResult, type Caller } from '../../../platform/http.ts';
import type { Lang } from '../../../platform/i18n.ts';
import { pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { type LocalText, type SheetColumn, rowsXlsx } from '../../../platform/xlsx.ts';
import { IMAGE_MIME, imageFormat, imageSize, uploadsDir } from '../../system/index.ts';
import { timeZoneOf } from '../commerce/index.ts';
import { pageMemberPackages } from './attendance.repository.ts';
import { pageAttendanceRows } from './attendance.service.ts';
import {
  classesOfMember,
  evaluationsOfMember,
  insertConsent,
  latestConsent,
  liveConsent,
  pageParticipants,
  revokeConsentRow,
  setConsentImage,
  type ParticipantFilter,
} from './participant.repository.ts';
import './participant.messages.ts';

/**
 * Participants and their face images (issue 26). A face image is stored only while the member's consent
 * is live: an upload without one is refused (100400 `courseParticipant.noConsent`); revoking clears the
 * column and deletes the file in one operation (the file goes inside the transaction, so a file that
 * cannot be deleted rolls the revocation back). Files live under `uploads/course-faces/` with random
 * names, out of the public `/files/`, and are read only through the `face` permission's route.
 */

/** The phone as the member list shows it: whole only to staff who may see members' private data. */
function maskPhone(phone: string): string {
  if (phone.length < 7) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

type ListRow = Awaited<ReturnType<typeof pageParticipants>>['rows'][number];
const rowOut = (r: ListRow, priv: boolean) => ({
  id: r.id,
  name: r.name,
  memberNo: r.memberNo,
  phone: priv ? r.phone : maskPhone(r.phone),
  classes: Number(r.classes),
  waitlisted: Number(r.waitlisted),
  packages: Number(r.packages),
  lessonsLeft: Number(r.lessonsLeft),
  attended: Number(r.attended),
  absent: Number(r.absent),
  lastAttendedAt: r.lastAttendedAt ? new Date(r.lastAttendedAt) : null,
  consent: r.consent as 'none' | 'consented' | 'image',
});

const filterOf = (q: Partial<ParticipantPageQuery>): ParticipantFilter => ({
  keyword: q.keyword ?? null,
  courseId: q.courseId,
  classId: q.classId,
  consent: q.consent,
});

export async function pageParticipantRows(db: Db, caller: Caller, q: ParticipantPageQuery) {
  const { total, rows } = await pageParticipants(db, scopeOf(caller), filterOf(q), pageOf(q));
  const priv = can(caller, Perm.member.private);
  return { total, data: rows.map((r) => rowOut(r, priv)) };
}

/** The participant (404 for a member who takes no part in training, or of another organisation). */
async function participantRow(db: Executor, scope: Scope, id: number) {
  const { rows } = await pageParticipants(db, scope, { id }, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** What the face panel shows (instants as Date: the answer's schema writes them out). */
interface FaceState {
  consent: 'none' | 'consented' | 'image';
  consentedAt: Date | null;
  statementVersion: string | null;
  recordedByName: string | null;
  faceCheckIn: boolean;
  revokedAt: Date | null;
}

async function faceState(db: Executor, scope: Scope, memberId: number): Promise<FaceState> {
  const row = await latestConsent(db, scope, memberId);
  if (!row || row.c.revokedAt) {
    return { consent: 'none', consentedAt: null, statementVersion: null, recordedByName: null, faceCheckIn: false, revokedAt: row?.c.revokedAt ?? null };
  }
  const hasImage = !!row.c.faceImage;
  return {
    consent: hasImage ? 'image' : 'consented',
    consentedAt: row.c.consentedAt,
    statementVersion: row.c.statementVersion,
    recordedByName: row.recordedByName ?? null,
    faceCheckIn: hasImage,
    revokedAt: null,
  };
}

export async function participantDetail(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const r = await participantRow(db, scope, id);
  const [classList, packages, evaluations, face] = await Promise.all([
    classesOfMember(db, scope, id),
    pageMemberPackages(db, scope, { memberId: id }, { limit: 200, offset: 0 }),
    evaluationsOfMember(db, scope, id),
    faceState(db, scope, id),
  ]);
  const now = new Date();
  return {
    ...rowOut(r, can(caller, Perm.member.private)),
    level: r.level,
    sex: r.sex,
    status: r.status,
    classList: classList.map((c) => ({ ...c, position: c.position == null ? null : Number(c.position) })),
    packageList: packages.rows.map(({ p: { orgId, createdAt, updatedAt, ...p }, ...x }) => ({
      ...p,
      state: p.state === 'active' && p.expiresAt && p.expiresAt <= now ? 'expired' : p.state,
      typeName: x.typeName,
      courseName: x.courseName,
      memberName: x.memberName,
      memberNo: x.memberNo,
      orderNo: x.orderNo ?? null,
      createTime: createdAt,
      ...(void orgId, void updatedAt, {}),
    })),
    evaluations,
    face,
  };
}

export async function participantAttendance(db: Db, caller: Caller, id: number, q: { pageNum: number; pageSize: number }) {
  await participantRow(db, scopeOf(caller), id);
  return pageAttendanceRows(db, caller, { ...q, memberId: id } as Parameters<typeof pageAttendanceRows>[2]);
}

// ---------------------------------------------------------------- export

const t2 = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });
const CONSENT_TEXT: Record<string, LocalText> = {
  none: t2('未授权', 'No consent'),
  consented: t2('已授权（无照片）', 'Consented, no image'),
  image: t2('已授权（可刷脸）', 'Consented, face check-in'),
};
const sheet: SheetColumn[] = [
  { key: 'name', title: t2('学员', 'Participant') },
  { key: 'memberNo', title: t2('会员号', 'Member no.') },
  { key: 'phone', title: t2('手机号', 'Phone') },
  { key: 'classes', title: t2('班级数', 'Classes') },
  { key: 'waitlisted', title: t2('候补', 'Waitlisted') },
  { key: 'lessonsLeft', title: t2('课包剩余课时', 'Package lessons left') },
  { key: 'attended', title: t2('出勤', 'Attended') },
  { key: 'absent', title: t2('缺勤', 'Absent') },
  { key: 'lastAttendedAt', title: t2('最近上课', 'Last attended') },
  { key: 'consent', title: t2('人脸授权', 'Face consent'), options: Object.entries(CONSENT_TEXT).map(([value, label]) => ({ value, label })) },
];

export async function exportParticipants(db: Db, caller: Caller, q: ParticipantPageQuery, lang: Lang) {
  const tz = await db.transaction((tx) => timeZoneOf(tx, caller.orgId));
  const { rows } = await pageParticipants(db, scopeOf(caller), filterOf(q), { limit: 50_000, offset: 0 });
  const priv = can(caller, Perm.member.private);
  const data = rows.map((r) => {
    const o = rowOut(r, priv);
    return { ...o, lastAttendedAt: o.lastAttendedAt ? o.lastAttendedAt.toLocaleString(lang, { timeZone: tz, hour12: false }) : '' };
  });
  return rowsXlsx(sheet, data, lang, lang === 'zh-CN' ? '学员' : 'participants', lang === 'zh-CN' ? '学员' : 'Participants');
}

// ---------------------------------------------------------------- face consent and image

const facesDir = (dataDir: string) => path.join(uploadsDir(dataDir), 'course-faces');
const FACE_NAME = /^[0-9a-f]{64}\.(png|jpg)$/;
const formatBytes = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10}M`;

function removeFile(dataDir: string, name: string | null) {
  if (!name || !FACE_NAME.test(name)) return;
  try {
    fs.unlinkSync(path.join(facesDir(dataDir), name));
  } catch (e) {
    if ((e as { code?: string }).code !== 'ENOENT') throw e;
  }
}

/** The member must be a participant (404) before a consent is recorded or an upload read. */
export async function participantForFace(db: Db, caller: Caller, id: number): Promise<void> {
  await participantRow(db, scopeOf(caller), id);
}

/** Records the member's consent (who recorded it, which statement); a second live one answers 100409. */
export async function recordConsent(db: Db, caller: Caller, id: number, input: FaceConsentBody) {
  const scope = scopeOf(caller);
  const r = await participantRow(db, scope, id);
  const row = await insertConsent(db, scope, {
    orgId: r.orgId,
    memberId: id,
    statementVersion: input.statementVersion,
    recordedBy: caller.userId || null,
  });
  if (!row) throw conflict('state', 'courseParticipant.alreadyConsented');
  return faceState(db, scope, id);
}

/**
 * Checks an image by content (jpg or png, at most 2 MB, sides 100-4096 px) and sets it on the live
 * consent (the consent row locked); without a live consent it is refused and nothing is kept. A
 * replaced image's file is deleted.
 */
export async function uploadFaceImage(db: Db, caller: Caller, dataDir: string, id: number, file: { data: Buffer; truncated: boolean }) {
  const scope = scopeOf(caller);
  await participantRow(db, scope, id);
  if (!(await liveConsent(db, scope, id))) throw invalid('file', 'courseParticipant.noConsent');
  if (file.truncated || file.data.length > FACE_IMAGE_MAX_BYTES)
    throw invalid('file', 'courseParticipant.image.tooLarge', { max: formatBytes(FACE_IMAGE_MAX_BYTES) });
  if (file.data.length === 0) throw invalid('file', 'courseParticipant.image.noFile');
  const format = imageFormat(file.data);
  if (format !== 'jpg' && format !== 'png') throw invalid('file', 'courseParticipant.image.badFormat');
  const size = imageSize(file.data, format);
  if (!size) throw invalid('file', 'courseParticipant.image.badImage');
  if ([size.width, size.height].some((s) => s < 100 || s > 4096))
    throw invalid('file', 'courseParticipant.image.badSide', { min: 100, max: 4096, actual: `${size.width}x${size.height}` });
  const dir = facesDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const name = `${crypto.randomBytes(32).toString('hex')}.${format}`;
  fs.writeFileSync(path.join(dir, name), file.data, { mode: 0o600 });
  try {
    const old = await db.transaction(async (tx) => {
      const live = await liveConsent(tx, scope, id, true);
      // Revoked meanwhile: refused like an upload without consent.
      if (!live || !(await setConsentImage(tx, scope, live.id, name))) throw invalid('file', 'courseParticipant.noConsent');
      return live.faceImage;
    });
    removeFile(dataDir, old);
  } catch (e) {
    removeFile(dataDir, name);
    throw e;
  }
  return faceState(db, scope, id);
}

/** Revokes the live consent: the column cleared and the file deleted in one transaction. */
export async function revokeConsent(db: Db, caller: Caller, dataDir: string, id: number) {
  const scope = scopeOf(caller);
  await participantRow(db, scope, id);
  await db.transaction(async (tx) => {
    const live = await liveConsent(tx, scope, id, true);
    if (!live) throw conflict('state', 'courseParticipant.noConsent');
    await revokeConsentRow(tx, scope, live.id, caller.userId || null);
    // Deleted last: a file that cannot be deleted rolls the revocation back.
    removeFile(dataDir, live.faceImage);
  });
  return faceState(db, scope, id);
}

/** The face image, to staff with the `face` permission only (never a public URL). */
export async function faceImage(db: Db, caller: Caller, dataDir: string, id: number) {
  const scope = scopeOf(caller);
  const live = await liveConsent(db, scope, id);
  const name = live?.faceImage;
  if (!name || !FACE_NAME.test(name)) throw notFound();
  const file = path.join(facesDir(dataDir), name);
  if (!fs.existsSync(file)) throw notFound();
  return new FileResult(`face-${id}.${name.slice(-3)}`, IMAGE_MIME[name.slice(-3) as 'png' | 'jpg'], fs.readFileSync(file));
}

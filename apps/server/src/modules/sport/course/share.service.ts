import crypto from 'node:crypto';
import { z } from 'zod';
import { Perm, SHARE_KINDS, SHARE_PATHS, type ShareKind, type ShareLinkCreate, type ShareRate, type ShareViewIn } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import { can } from '../../../platform/access.ts';
import { AppError, forbidden, invalid, notFound } from '../../../platform/errors.ts';
import { actingAs, type Caller } from '../../../platform/http.ts';
import { addMessages, type Lang } from '../../../platform/i18n.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { timeZoneOf } from '../commerce/index.ts';
import { enrolledMembers, evaluationsOf } from './lesson.repository.ts';
import { evaluateLesson, lessonDetail, pageLessons } from './lesson.service.ts';
import { getPlan, previewPlan } from './plan.service.ts';
import { findSettlement } from './settlement.repository.ts';
import { getSettlement } from './settlement.service.ts';

/**
 * Share links of training records (issue 26, spec 2.1). A token is
 * `base64url(JSON {k, id, org, exp[, m]}) . base64url(HMAC-SHA256(shareKey, payload))`: the kind, the
 * record's id, its organisation, the expiry (epoch seconds) and, for a rating link, the member. The
 * key is HMAC(secretKey, 'course-share'): the server's secret key, never the request-sign key, which
 * every browser reads from /config.json. Changing any byte of the payload (another id, a later
 * expiry) breaks the signature, so a link only ever opens the one record it was made for.
 * A public call reads the record as a caller of the record's organisation holding no permission.
 */

addMessages({
  'zh-CN': {
    'courseShare.invalid': '分享链接无效或已被修改',
    'courseShare.expired': '分享链接已过期，请向场馆重新索取',
    'courseShare.notRating': '该链接不能用于评价',
    'courseShare.needMember': '评价链接需要选择会员',
  },
  'en-US': {
    'courseShare.invalid': 'This share link is not valid or has been altered',
    'courseShare.expired': 'This share link has expired; ask the venue for a new one',
    'courseShare.notRating': 'This link cannot be used to rate',
    'courseShare.needMember': 'A rating link needs a member',
  },
});

const DAY_MS = 86_400_000;

const payloadShape = z.object({
  k: z.enum(SHARE_KINDS),
  id: z.number().int().positive(),
  org: z.number().int().positive(),
  exp: z.number().int().positive(),
  m: z.number().int().positive().optional(),
});
export type SharePayload = z.output<typeof payloadShape>;

const keyCache = new WeakMap<Buffer, Buffer>();
/** The share links' own key, derived from the server's secret key. */
function shareKey(secretKey: Buffer): Buffer {
  let k = keyCache.get(secretKey);
  if (!k) keyCache.set(secretKey, (k = crypto.createHmac('sha256', secretKey).update('course-share').digest()));
  return k;
}

const mac = (secretKey: Buffer, body: string) => crypto.createHmac('sha256', shareKey(secretKey)).update(body).digest('base64url');

/** Signs a payload into a token. */
export function signShare(secretKey: Buffer, p: SharePayload): string {
  const body = Buffer.from(JSON.stringify(p)).toString('base64url');
  return `${body}.${mac(secretKey, body)}`;
}

/** The payload of a token signed with this key, or 100404 `courseShare.invalid`; an expired one answers 100400 `courseShare.expired`. */
export function openShare(secretKey: Buffer, token: string, now = Date.now()): SharePayload {
  const bad = () => new AppError('NOT_FOUND', 'courseShare.invalid');
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) throw bad();
  const want = Buffer.from(mac(secretKey, body));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !crypto.timingSafeEqual(want, got)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const p = payloadShape.safeParse(parsed);
  if (!p.success) throw bad();
  if (p.data.exp * 1000 <= now) throw new AppError('INVALID', 'courseShare.expired');
  return p.data;
}

/** Which permission lets staff share a record of each kind (the record's own list permission; a rating link, the desk's rating). */
const SHARE_PERMISSION: Record<ShareKind, string> = {
  lesson: Perm.courseLesson.list,
  rating: Perm.courseLesson.evaluate,
  settlement: Perm.coachSettlement.list,
  plan: Perm.coursePlan.list,
};
/** The route's permission: any one of the kinds' (the service checks the kind's own). */
export const SHARE_LINK_PERMISSIONS = Object.values(SHARE_PERMISSION);

/** `POST course/share/link`: a link to a record of the caller's organisation (else 100404). */
export async function makeShareLink(db: Db, caller: Caller, input: ShareLinkCreate, secretKey: Buffer, now = Date.now()) {
  if (!can(caller, SHARE_PERMISSION[input.kind])) throw forbidden();
  const scope = scopeOf(caller);
  let org: number;
  let member: number | undefined;
  if (input.kind === 'lesson' || input.kind === 'rating') {
    const lesson = await lessonDetail(db, caller, input.id);
    org = lesson.orgId;
    if (input.kind === 'rating') {
      if (!input.memberId) throw invalid('memberId', 'courseShare.needMember');
      if (!lesson.members.some((p) => p.memberId === input.memberId)) throw invalid('memberId', 'courseLesson.notEnrolled');
      member = input.memberId;
    }
  } else if (input.kind === 'plan') {
    org = (await getPlan(db, caller, input.id)).orgId;
  } else {
    const s = await findSettlement(db, scope, input.id);
    if (!s) throw notFound();
    org = s.orgId;
  }
  const exp = Math.floor((now + input.days * DAY_MS) / 1000);
  const token = signShare(secretKey, { k: input.kind, id: input.id, org, exp, ...(member ? { m: member } : {}) });
  return { token, url: `${SHARE_PATHS[input.kind]}?token=${token}`, expiresAt: new Date(exp * 1000) };
}

/** The caller a public read acts as: nobody, in the record's organisation, without permissions. */
const visitor = (org: number) => actingAs({ id: 0, name: '', code: '' }, org);

/** `POST course/share/view` (public): the one record the token names. */
export async function viewShare(db: Db, token: string, secretKey: Buffer, lang: Lang): Promise<ShareViewIn> {
  const p = openShare(secretKey, token);
  const who = visitor(p.org);
  const view: ShareViewIn = {
    kind: p.k,
    expiresAt: new Date(p.exp * 1000),
    timeZone: await timeZoneOf(db, p.org),
    lesson: null,
    settlement: null,
    plan: null,
    planLessons: [],
    member: null,
    myRating: null,
  };
  if (p.k === 'lesson' || p.k === 'rating') {
    // The lesson without its roster and ratings: members' names are not for whoever holds a link.
    const { evaluations: _e, members: _m, courseRating: _c, coachRating: _r, ...lesson } = await lessonDetail(db, who, p.id);
    view.lesson = lesson;
    if (p.k === 'rating') {
      const m = (await enrolledMembers(db, scopeOf(who), lesson.classId)).find((x) => x.memberId === p.m);
      if (!m) throw notFound();
      view.member = { memberId: m.memberId, memberName: m.memberName };
      const mine = (await evaluationsOf(db, scopeOf(who), p.id)).find((x) => x.e.memberId === p.m);
      view.myRating = mine ? { rating: mine.e.rating, comment: mine.e.comment, createTime: mine.e.createdAt } : null;
    }
  } else if (p.k === 'settlement') {
    view.settlement = await getSettlement(db, who, p.id, lang);
  } else {
    const plan = await getPlan(db, who, p.id);
    view.plan = plan;
    if (plan.state === 'applied') {
      const saved = await pageLessons(db, who, { classId: plan.classId, pageNum: 1, pageSize: 500 });
      view.planLessons = saved.data
        .filter((l) => l.planId === plan.id)
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
        .map((l) => ({ startsAt: l.startsAt, endsAt: l.endsAt, ok: l.state !== 'cancelled', state: l.state }));
    } else {
      const preview = await previewPlan(db, who, p.id);
      view.planLessons = preview.lessons.map((l) => ({ startsAt: l.startsAt, endsAt: l.endsAt, ok: l.ok, state: null }));
    }
  }
  return view;
}

/** `POST course/share/rate` (public): the member's rating through a rating link, by the desk's rule (once, enrolled, after the start). */
export async function rateByShare(db: Db, input: ShareRate, secretKey: Buffer, lang: Lang): Promise<ShareViewIn> {
  const p = openShare(secretKey, input.token);
  if (p.k !== 'rating' || !p.m) throw new AppError('INVALID', 'courseShare.notRating');
  await evaluateLesson(db, visitor(p.org), p.id, { memberId: p.m, rating: input.rating, comment: input.comment });
  return viewShare(db, input.token, secretKey, lang);
}

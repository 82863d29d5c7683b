import crypto from 'node:crypto';
import type { DisplayLinkCreate, DisplayLinkQuery, DisplayLinkRow, LargeScreenView } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import { AppError, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { pageOf } from '../../../platform/list.ts';
import { SYSTEM_SCOPE, assertInScope, scopeOf, type Scope } from '../../../platform/scope.ts';
import { dayIn } from '../../../platform/zone.ts';
import { findOrg } from '../../system/index.ts';
import { addDays } from '../venue/index.ts';
import { statisticsByVenueOf, statisticsDaysOf, statisticsSummaryOf } from '../statistics/index.ts';
import { findLinkByHash, linkRepo, pageLinks, revokeLink, venuesOf, type DisplayLinkRecord } from './largeScreen.repository.ts';
import './largeScreen.messages.ts';

/** The console page a display link opens. */
export const LARGE_SCREEN_PATH = '/largeScreen';
/** How often a display asks again: a revoked or expired link stops within this. */
export const REFRESH_SECONDS = 5;

/** The link key, apart from the key's other uses (sessions, share links). */
const linkKey = (secretKey: Buffer) => crypto.createHmac('sha256', secretKey).update('largeScreen.displayLink').digest();
/** A link's token: the HMAC of its random salt; unguessable without the server's secret key. */
export const tokenOf = (secretKey: Buffer, salt: string) => crypto.createHmac('sha256', linkKey(secretKey)).update(salt).digest('base64url');
/** What is stored and looked up: the token's SHA-256. */
export const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const stateOf = (l: DisplayLinkRecord, now: Date): DisplayLinkRow['state'] =>
  l.revokedAt ? 'revoked' : l.expiresAt && l.expiresAt <= now ? 'expired' : 'active';

function rowOf(l: DisplayLinkRecord, orgName: string, secretKey: Buffer, now: Date): DisplayLinkRow {
  return {
    id: l.id,
    orgId: l.orgId,
    orgName,
    name: l.name,
    url: `${LARGE_SCREEN_PATH}?token=${tokenOf(secretKey, l.salt)}`,
    state: stateOf(l, now),
    expiresAt: l.expiresAt?.toISOString() ?? null,
    revokedAt: l.revokedAt?.toISOString() ?? null,
    createdAt: l.createdAt.toISOString(),
  };
}

/** `POST largescreen/link/list`: the links of the caller's organisations. */
export async function listLinks(db: Db, caller: Caller, q: DisplayLinkQuery, secretKey: Buffer) {
  const now = new Date();
  const { total, rows } = await pageLinks(db, scopeOf(caller), q, now, pageOf(q));
  return { total, data: rows.map((r) => rowOf(r.link, r.orgName, secretKey, now)) };
}

/** A new link for an organisation in the caller's scope (100404 otherwise); an expiry must lie ahead. */
export async function addLink(db: Db, caller: Caller, input: DisplayLinkCreate, secretKey: Buffer) {
  const now = new Date();
  if (input.expiresAt && input.expiresAt <= now) throw invalid('expiresAt', 'largeScreen.expiryPast');
  const scope = scopeOf(caller);
  await assertInScope(db, scope, [input.orgId]);
  const salt = crypto.randomBytes(16).toString('hex');
  const link = await linkRepo.insert(db, scope, {
    orgId: input.orgId,
    name: input.name,
    salt,
    tokenHash: hashOf(tokenOf(secretKey, salt)),
    expiresAt: input.expiresAt ?? null,
    createdBy: caller.userId,
  });
  const org = await findOrg(db, scope, input.orgId);
  return rowOf(link, org?.name ?? '', secretKey, now);
}

/** `POST largescreen/link/revoke`: the display stops at its next refresh. A revoked link answers 100409. */
export async function revoke(db: Db, caller: Caller, id: number): Promise<void> {
  const scope = scopeOf(caller);
  const link = await linkRepo.find(db, scope, id);
  if (!link) throw notFound();
  if (!(await revokeLink(db, scope, id, new Date()))) throw new AppError('CONFLICT', 'largeScreen.alreadyRevoked', undefined, { reason: 'state' });
}

/**
 * The province names of the map (as the shipped GeoJSON names them): a venue is placed by the
 * province its address starts with ("上海市徐汇区…" → 上海).
 */
export const PROVINCES = [
  '北京',
  '天津',
  '河北',
  '山西',
  '内蒙古',
  '辽宁',
  '吉林',
  '黑龙江',
  '上海',
  '江苏',
  '浙江',
  '安徽',
  '福建',
  '江西',
  '山东',
  '河南',
  '湖北',
  '湖南',
  '广东',
  '广西',
  '海南',
  '重庆',
  '四川',
  '贵州',
  '云南',
  '西藏',
  '陕西',
  '甘肃',
  '青海',
  '宁夏',
  '新疆',
  '台湾',
  '香港',
  '澳门',
] as const;

export function provinceOf(address: string | null): string | null {
  const a = (address ?? '').trim().replace(/^中国/, '');
  return PROVINCES.find((p) => a.startsWith(p)) ?? null;
}

/** The link a token opens: unknown, revoked and expired tokens answer 100404 with their own message. */
async function linkOf(db: Db, token: string): Promise<DisplayLinkRecord> {
  // The token is the credential: it is looked up over every organisation, by its hash only.
  const link = await findLinkByHash(db, SYSTEM_SCOPE, hashOf(token));
  if (!link) throw new AppError('NOT_FOUND', 'largeScreen.invalid');
  if (link.revokedAt) throw new AppError('NOT_FOUND', 'largeScreen.revoked');
  if (link.expiresAt && link.expiresAt <= new Date()) throw new AppError('NOT_FOUND', 'largeScreen.expired');
  return link;
}

const sum = (a: number, b: number) => a + b;

/**
 * `POST largescreen/view` (public): the figures of the link's organisation and its subtree, from the
 * statistics aggregates. The link is checked on the primary (a revoked link is gone at once); the
 * figures are read through `figures` (the reporting reader).
 */
export async function viewByToken(primary: Db, token: string, figures: () => Promise<Db>): Promise<LargeScreenView> {
  const link = await linkOf(primary, token);
  const scope: Scope = { kind: 'subtree', orgId: link.orgId };
  const org = await findOrg(primary, scope, link.orgId);
  if (!org) throw new AppError('NOT_FOUND', 'largeScreen.invalid');
  const db = await figures();
  const today = dayIn(new Date(), org.timeZone);
  const yesterday = addDays(today, -1);
  const monthStart = `${today.slice(0, 8)}01`;
  const trendStart = addDays(today, -29);
  const first = monthStart < trendStart ? monthStart : trendStart;
  const [todayFigures, yesterdayFigures, monthFigures, days, byVenue, venues] = await Promise.all([
    statisticsSummaryOf(db, scope, { from: today, to: today }),
    statisticsSummaryOf(db, scope, { from: yesterday, to: yesterday }),
    statisticsSummaryOf(db, scope, { from: monthStart, to: today }),
    statisticsDaysOf(db, scope, { from: first, to: today }),
    statisticsByVenueOf(db, scope, { from: monthStart, to: today }),
    venuesOf(db, scope),
  ]);
  const trend = Array.from({ length: 30 }, (_, i) => {
    const day = addDays(trendStart, i);
    const rows = days.filter((d) => d.day === day);
    return {
      day,
      revenueFen: rows.map((r) => r.revenueFen).reduce(sum, 0),
      refundFen: rows.map((r) => r.refundFen).reduce(sum, 0),
      orders: rows.map((r) => r.orders).reduce(sum, 0),
    };
  });
  const kinds = new Map<string, { kind: string; revenueFen: number; refundFen: number; orders: number; items: number }>();
  for (const d of days.filter((x) => x.day >= monthStart)) {
    const k = kinds.get(d.kind) ?? { kind: d.kind, revenueFen: 0, refundFen: 0, orders: 0, items: 0 };
    k.revenueFen += d.revenueFen;
    k.refundFen += d.refundFen;
    k.orders += d.orders;
    k.items += d.items;
    kinds.set(d.kind, k);
  }
  const venueRows = venues
    .map((v) => {
      const t = byVenue.find((x) => x.venueId === v.id);
      return { name: v.name, province: provinceOf(v.address), revenueFen: t?.revenueFen ?? 0, refundFen: t?.refundFen ?? 0, orders: t?.orders ?? 0 };
    })
    .sort((a, b) => b.revenueFen - a.revenueFen);
  const provinces = new Map<string, { name: string; venues: number; revenueFen: number }>();
  for (const v of venueRows.filter((x) => x.province)) {
    const p = provinces.get(v.province!) ?? { name: v.province!, venues: 0, revenueFen: 0 };
    p.venues += 1;
    p.revenueFen += v.revenueFen;
    provinces.set(v.province!, p);
  }
  return {
    orgName: org.name,
    today,
    refreshSeconds: REFRESH_SECONDS,
    todayFigures,
    yesterdayFigures,
    monthFigures,
    trend,
    kinds: [...kinds.values()].sort((a, b) => b.revenueFen - a.revenueFen),
    venues: venueRows,
    provinces: [...provinces.values()],
  };
}

import { expect } from 'vitest';
import { Client, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';
import { localOf } from './venue.time.ts';

/** The venue and booking screens (a screen's key grants its buttons too). */
export const VENUE_KEYS = [
  'sport.venue.reserve',
  'sport.venue.verify',
  'sport.venue.manage',
  'sport.venue.list',
  'sport.venue.service',
  'sport.venue.workbench',
  'sport.venue.fixed',
  'sport.venue.closed',
];

export const stadium = (p: string) => `/api/stadium/stadiumInfo/${p}`;
export const venueApi = (p: string) => `/api/sport/venue/${p}`;
export const booking = (p: string) => `/api/sport/booking/${p}`;

/** A new organisation under `parentId` with a user who may run venues, booking and the commerce screens. */
export async function venueStaff(s: TestServer, admin: Client, parentId: number) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...VENUE_KEYS, ...COMMERCE_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  return { orgId: org.id, c: await signIn(s, user.code, 'Pass1234'), userId: user.id, code: user.code };
}

/**
 * A time zone where it is now between 06:00 and 20:00, so a test can book slots later today
 * whenever it runs (the venue is open around the clock in these tests).
 */
export function dayTimeZone(): string {
  const zones = [
    'Asia/Shanghai',
    'Europe/London',
    'America/New_York',
    'Pacific/Honolulu',
    'Asia/Tokyo',
    'Pacific/Auckland',
    'America/Los_Angeles',
    'Asia/Kolkata',
  ];
  return zones.find((z) => {
    const m = localOf(new Date(), z).minutes;
    return m >= 6 * 60 && m <= 20 * 60;
  })!;
}

/** A venue of the staff's organisation with `n` badminton sites open `open`–`close` every day, each hour priced `priceFen`. */
export async function makeVenue(
  c: Client,
  opts: { timeZone?: string; n?: number; open?: string; close?: string; priceFen?: number; rules?: Record<string, unknown>; slotMinutes?: 30 | 60 } = {},
) {
  const open = opts.open ?? '08:00';
  const close = opts.close ?? '22:00';
  const v = await c.json('POST', stadium('insert'), {
    body: {
      stadiumName: `场馆${Math.random().toString(36).slice(2, 8)}`,
      timeZone: opts.timeZone ?? 'Asia/Shanghai',
      openTime: open,
      closeTime: close,
      slotMinutes: opts.slotMinutes ?? 60,
      sportcatItems: ['badminton'],
      rules: {
        advanceDays: 30,
        minSlots: 1,
        maxSlots: 16,
        cancelDeadlineMinutes: 120,
        lateCancelRefundPercent: 50,
        changeDeadlineMinutes: 120,
        noShowAfterMinutes: 15,
        noShowForfeits: true,
        ...opts.rules,
      },
    },
  });
  expect(v.code, v.msg).toBe(0);
  const sites: { id: number; name: string }[] = [];
  for (let i = 1; i <= (opts.n ?? 3); i++) {
    const site = await c.json('POST', venueApi('site'), { body: { venueId: v.body.id, name: `${i}号场`, sport: 'badminton', sort: i } });
    expect(site.code, site.msg).toBe(0);
    sites.push(site.body);
  }
  const rule = await c.json('POST', venueApi('price'), {
    body: { venueId: v.body.id, name: '全天', sport: 'badminton', start: open, end: close, priceFen: opts.priceFen ?? 5000 },
  });
  expect(rule.code, rule.msg).toBe(0);
  return { venue: v.body as { id: number; orgId: number; version: number; timeZone: string; stadiumName: string }, sites };
}

export const today = (tz: string) => localOf(new Date(), tz).day;

/** The next whole hour (as HH:mm) at least `aheadMin` minutes from now in a time zone. */
export function hourAhead(tz: string, aheadMin = 60): string {
  const m = localOf(new Date(), tz).minutes + aheadMin;
  const h = Math.ceil(m / 60);
  return `${String(h).padStart(2, '0')}:00`;
}
export const plusHour = (t: string, n = 1) => `${String(Number(t.slice(0, 2)) + n).padStart(2, '0')}:00`;

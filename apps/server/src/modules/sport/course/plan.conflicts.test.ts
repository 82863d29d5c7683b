import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { oneOrgScope } from '../../../platform/scope.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { claimTimes, releaseClaims } from '../commerce/index.ts';
import { addDays, instantOf } from '../venue/index.ts';
import { booking, makeVenue, today, venueApi, venueStaff } from '../venue/venue.testkit.ts';
import { checkPlanClashes, rangeOf, type CandidateLesson } from './plan.conflicts.ts';

/**
 * The conflict preview of a scheduling plan (issue 26): each candidate lesson is ok, or names what
 * holds its coach or site: a live coach claim (a sparring hour), a booking on the site or on one
 * of its halves, or another lesson of the same candidates. Touching times do not clash; a released
 * claim frees the time; a site of another organisation answers 100404.
 */
describe.each(databases)('plan conflicts on %s', (kind) => {
  let s: TestServer;
  let db: Db;
  let admin: Client;
  let platformOrgId: number;
  let orgId: number;
  let c: Client;
  let venue: { id: number; timeZone: string };
  let site1: number;
  let site2: number;
  let site3: number;
  let half3a: number;
  let half3b: number;
  let day: string;
  const at = (hhmm: string) => instantOf(day, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), venue.timeZone)!;
  // Coach ids are the claim's resource ids (a namespace of the `coach` kind).
  const coachA = 7_000_001;
  const coachB = 7_000_002;
  const coachC = 7_000_003;

  beforeAll(async () => {
    s = await startServer(kind);
    db = s.database.db;
    ({ c: admin, platformOrgId } = await adminClient(s));
    const staff = await venueStaff(s, admin, platformOrgId);
    orgId = staff.orgId;
    c = staff.c;
    const v = await makeVenue(c, { n: 3, open: '06:00', close: '23:00' });
    venue = v.venue;
    [site1, site2, site3] = v.sites.map((x) => x.id) as [number, number, number];
    const halves = await c.json('POST', venueApi(`site/${site3}/split`), { body: { names: ['A半场', 'B半场'] } });
    expect(halves.code, halves.msg).toBe(0);
    [half3a, half3b] = (halves.body as { id: number }[]).map((h) => h.id) as [number, number];
    day = addDays(today(venue.timeZone), 3);
    // Booked at the desk: site 1 at 10:00, the A half of site 3 at 14:00.
    for (const [siteId, start, end] of [
      [site1, '10:00', '11:00'],
      [half3a, '14:00', '15:00'],
    ] as const) {
      const r = await c.json('POST', booking('order'), { body: { stadiumId: venue.id, date: day, items: [{ siteId, start, end }] } });
      expect(r.code, r.msg).toBe(0);
    }
    // Coach A's sparring hour at 18:00.
    await db.transaction((tx) =>
      claimTimes(tx, oneOrgScope(orgId), [
        { orgId, resourceKind: 'coach', resourceId: coachA, from: at('18:00'), to: at('19:00'), holderKind: 'sparring', holderId: 77 },
      ]),
    );
  });
  afterAll(async () => s?.close());

  const lesson = (coachId: number, siteIds: number[], from: string, to: string): CandidateLesson => ({ coachId, siteIds, from: at(from), to: at(to) });

  it('names for each lesson the booking, the coach’s hour or the other lesson that holds its time', async () => {
    const lessons = [
      /* 0 */ lesson(coachA, [site2], '08:00', '09:00'),
      /* 1 */ lesson(coachA, [site1], '10:30', '11:30'),
      /* 2 */ lesson(coachB, [site1], '11:30', '12:30'),
      /* 3 */ lesson(coachA, [site2], '18:30', '19:30'),
      /* 4 */ lesson(coachB, [site3], '14:00', '15:00'),
      /* 5 */ lesson(coachC, [half3b], '14:30', '15:30'),
      /* 6 */ lesson(coachB, [site2], '08:30', '09:30'),
      /* 7 */ lesson(coachA, [site1], '08:45', '09:15'),
      /* 8 */ lesson(coachC, [site1, site2], '12:30', '13:30'),
    ];
    const checks = await checkPlanClashes(db, oneOrgScope(orgId), lessons);
    expect(checks.map((x) => x.ok)).toEqual([false, false, true, false, false, false, false, false, true]);
    const holders = checks.map((x) =>
      x.clashes
        .map((k) => {
          const h = k.holder;
          const what = h.kind === 'lesson' ? `lesson ${h.index}` : h.kind === 'coachClaim' ? `${h.holderKind}#${h.holderId}` : `${h.claimKind} on ${h.siteId}`;
          return `${k.on} ${k.resourceId}: ${what}`;
        })
        .sort(),
    );
    expect(holders[0]).toEqual([`coach ${coachA}: lesson 7`, `site ${site2}: lesson 6`].sort());
    expect(holders[1]).toEqual([`site ${site1}: booking on ${site1}`]);
    expect(holders[3]).toEqual([`coach ${coachA}: sparring#77`]);
    // The full site 3 is held by the booking of its A half, and by lesson 5 on its B half.
    expect(holders[4]).toEqual([`site ${site3}: booking on ${half3a}`, `site ${site3}: lesson 5`].sort());
    expect(holders[5]).toEqual([`site ${half3b}: lesson 4`]);
    expect(holders[6]).toEqual([`site ${site2}: lesson 0`]);
    expect(holders[7]).toEqual([`coach ${coachA}: lesson 0`]);
    const booked = checks[1]!.clashes[0]!.holder;
    expect(booked).toMatchObject({ kind: 'siteClaim', state: 'held', from: at('10:00'), to: at('11:00') });
    expect(booked.kind === 'siteClaim' && booked.orderId).toBeGreaterThan(0);
  });

  it('a released coach hour no longer clashes; a site of another organisation answers 100404', async () => {
    const released = await releaseClaims(db, oneOrgScope(orgId), { holderKind: 'sparring', holderId: 77 });
    expect(released).toHaveLength(1);
    expect((await checkPlanClashes(db, oneOrgScope(orgId), [lesson(coachA, [site2], '18:30', '19:30')]))[0]).toEqual({ ok: true, clashes: [] });

    const other = await venueStaff(s, admin, platformOrgId);
    const theirs = (await makeVenue(other.c, { n: 1 })).sites[0]!.id;
    const refused = await checkPlanClashes(db, oneOrgScope(orgId), [lesson(coachA, [theirs], '08:00', '09:00')]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).codeName).toBe('NOT_FOUND');
    // Their booking is not seen from our organisation either: the same time on our site is free.
    expect((await checkPlanClashes(db, oneOrgScope(other.orgId), [lesson(coachA, [theirs], '10:00', '11:00')]))[0]!.ok).toBe(true);
  });

  it('many lessons of one coach at once still mark every one of them', async () => {
    const lessons = Array.from({ length: 200 }, (_, i) => lesson(coachC, [], '20:00', i % 2 ? '21:00' : '20:30'));
    const checks = await checkPlanClashes(db, oneOrgScope(orgId), lessons);
    expect(checks.every((x) => !x.ok && x.clashes.length > 0 && x.clashes.length <= 8)).toBe(true);
  });
});

describe('range text', () => {
  it('reads PostgreSQL range text in any offset', () => {
    expect(rangeOf('["2027-02-01 11:00:00+00","2027-02-01 12:30:00+00")')).toEqual({
      from: Date.UTC(2027, 1, 1, 11),
      to: Date.UTC(2027, 1, 1, 12, 30),
    });
    expect(rangeOf('["2027-02-01 19:00:00.5+08","2027-02-01 20:30:00+05:30")')).toEqual({
      from: Date.UTC(2027, 1, 1, 11, 0, 0, 500),
      to: Date.UTC(2027, 1, 1, 15),
    });
  });
});

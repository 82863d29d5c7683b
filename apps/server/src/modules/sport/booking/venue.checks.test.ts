import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { addDays, liveClaimsAheadPort, venueBookedPort } from '../venue/index.ts';
import { booking, makeVenue, stadium, today, venueApi, venueStaff } from '../venue/venue.testkit.ts';

/**
 * The venue's delete checks read booking's claims through ports booking plugs (venue never imports
 * booking): a locked slot keeps its venue and site, and an unplugged check refuses the delete.
 */
describe.each(databases)("venue deletes ask booking's ports on %s", (kind) => {
  let s: TestServer;
  // One venue per organisation: each test has its own staff.
  let newStaff: () => ReturnType<typeof venueStaff>;
  beforeAll(async () => {
    s = await startServer(kind);
    const { c: admin, platformOrgId } = await adminClient(s);
    newStaff = () => venueStaff(s, admin, platformOrgId);
  });
  afterAll(async () => s?.close());

  it('a venue and a site with a locked slot ahead are not deleted; a site without one is', async () => {
    const staff = await newStaff();
    const { venue, sites } = await makeVenue(staff.c, { n: 2 });
    const locked = await staff.c.json('POST', booking('lock'), {
      body: { stadiumId: venue.id, date: addDays(today(venue.timeZone), 1), items: [{ siteId: sites[0]!.id, start: '10:00', end: '11:00' }], reason: '维护' },
    });
    expect(locked.code, locked.msg).toBe(0);
    const site = await staff.c.json('DELETE', venueApi(`site/${sites[0]!.id}`));
    expect(site.code).not.toBe(0);
    expect(site.msg).toMatch(/场地今后还有预订|bookings ahead/);
    const inUse = await staff.c.json('DELETE', stadium(`delete/${venue.id}`));
    expect(inUse.code).not.toBe(0);
    expect(inUse.msg).toMatch(/场馆已有预订|has bookings/);
    expect((await staff.c.json('DELETE', venueApi(`site/${sites[1]!.id}`))).code).toBe(0);
  });

  it('an unplugged check refuses the delete instead of allowing it', async () => {
    const staff = await newStaff();
    const { venue, sites } = await makeVenue(staff.c, { n: 2 });
    const booked = venueBookedPort.get();
    const ahead = liveClaimsAheadPort.get();
    venueBookedPort.reset();
    liveClaimsAheadPort.reset();
    try {
      expect((await staff.c.json('DELETE', venueApi(`site/${sites[0]!.id}`))).code).not.toBe(0);
      expect((await staff.c.json('DELETE', stadium(`delete/${venue.id}`))).code).not.toBe(0);
    } finally {
      venueBookedPort.plug(booked);
      liveClaimsAheadPort.plug(ahead);
    }
    expect((await staff.c.json('DELETE', venueApi(`site/${sites[0]!.id}`))).code).toBe(0);
    const gone = await staff.c.json('DELETE', stadium(`delete/${venue.id}`));
    expect(gone.code, gone.msg).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatePinOf } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { wallClock } from './gate.sim.ts';
import { baseUrlOf, equipmentApi, equipmentStaff, GateSim, logOf, newSn, ok, simOf } from './equipment.testkit.ts';

/**
 * The ZKTeco PUSH protocol through the device simulator (issue 27, gates): every event stored
 * exactly once whatever the device resends or reorders, unknown devices refused, offline devices
 * shown offline and their queued events stored once when they come back, and passes decided from
 * grants (an expired grant refused, an allowed pass opening the door through getrequest/devicecmd).
 */
describe.each(databases)('gate protocol on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  const count = async (deviceId: number) => {
    const rows = await s.database.query<{ n: number; k: number }>(
      'select count(*)::int as n, count(distinct event_key)::int as k from sport_gate_event where device_id = $1',
      [deviceId],
    );
    return { n: Number(rows[0].n), k: Number(rows[0].k) };
  };

  it('resends, duplicate lines and out-of-order batches store each event once; unreadable lines are skipped, never a 500', async () => {
    const st = await equipmentStaff(s, admin, platformId);
    const sim = await simOf(s, st.gate.sn);
    const base = Date.now() - 3600_000;
    const events = Array.from({ length: 30 }, (_, i) => ({ pin: `P${i % 7}`, time: wallClock(new Date(base + i * 1000)) }));
    const lines = events.map((e) => sim.rtlogLine(e));
    // Out of order: the second half first, then the first half, then everything again, then a batch with a line twice.
    expect((await sim.pushLines('rtlog', lines.slice(15))).text).toBe('OK: 15');
    expect((await sim.pushLines('rtlog', lines.slice(0, 15))).text).toBe('OK: 15');
    expect((await sim.pushLines('rtlog', [...lines].reverse())).text).toBe('OK: 30');
    expect((await sim.pushLines('rtlog', [lines[3], lines[3], lines[4]])).status).toBe(200);
    // ATTLOG lines (no id: PIN, time and status are their identity), sent twice.
    const att = events.slice(0, 5).map((e) => GateSim.attlogLine({ ...e, pin: `A${e.pin}` }));
    await sim.pushLines('ATTLOG', att);
    await sim.pushLines('ATTLOG', att);
    expect(await count(st.gate.id)).toEqual({ n: 35, k: 35 });
    // Malformed lines: skipped and counted; the good line in the same batch is stored.
    const bad = await sim.pushLines('rtlog', [
      'garbage',
      'time=2026-13-45 99:99:99\tpin=1\tindex=9',
      'pin=\tindex=x',
      sim.rtlogLine({ pin: 'P9', time: wallClock(new Date()) }),
    ]);
    expect(bad.status).toBe(200);
    expect(bad.text).toBe('OK: 2');
    expect(await count(st.gate.id)).toEqual({ n: 36, k: 36 });
    // Firmware that sends no content type at all is read the same.
    const bare = await fetch(`${await baseUrlOf(s)}/iclock/cdata?SN=${st.gate.sn}&table=rtlog`, {
      method: 'POST',
      body: new TextEncoder().encode(sim.rtlogLine({ pin: 'P10', time: wallClock(new Date()) }) + '\n'),
    });
    expect([bare.status, await bare.text()]).toEqual([200, 'OK: 1']);
    expect(await count(st.gate.id)).toEqual({ n: 37, k: 37 });
    const unknownTable = await sim.pushLines('OPERLOG', ['OPLOG 4\t0\t2026-01-01 00:00:00\t0\t0\t0\t0']);
    expect(unknownTable.status).toBe(200);
    const log = await logOf(st.c, st.gate.id);
    expect(log.total).toBe(37);
    // Nobody holds anything: every pass refused, with its reason.
    expect(log.data.every((r) => r.result === 'denied' && r.reason === 'unknownPerson')).toBe(true);
  });

  it('an unknown or missing serial number is refused and stores nothing; a too large body is refused', async () => {
    const url = await baseUrlOf(s);
    const stranger = new GateSim(url, newSn());
    expect((await stranger.handshake()).status).toBe(401);
    const pushed = await stranger.pushLines('rtlog', [stranger.rtlogLine({ pin: 'P1', time: wallClock(new Date()) })]);
    expect(pushed.status).toBe(401);
    expect((await fetch(`${url}/iclock/getrequest?SN=${stranger.sn}`)).status).toBe(401);
    expect((await fetch(`${url}/iclock/cdata`)).status).toBe(400);
    const rows = await s.database.query<{ n: number }>('select count(*)::int as n from sport_gate_event where raw like $1', ['%pin=P1%index=1']);
    expect(Number(rows[0].n)).toBe(0);
    const st = await equipmentStaff(s, admin, platformId);
    const huge = await fetch(`${url}/iclock/cdata?SN=${st.gate.sn}&table=rtlog`, {
      method: 'POST',
      body: 'x'.repeat(300 * 1024),
      headers: { 'content-type': 'text/plain' },
    });
    expect(huge.status).toBe(413);
  });

  it('a device that stops calling is shown offline; its queued events arrive later, are stored once, and open nothing', async () => {
    const st = await equipmentStaff(s, admin, platformId);
    const listed = async () =>
      (
        await ok<{ data: { id: number; online: boolean; lastSeenTime: string | null }[] }>(st.c, 'POST', equipmentApi('device/list'), {
          pageNum: 1,
          pageSize: 10,
        })
      ).data.find((d) => d.id === st.gate.id)!;
    expect((await listed()).online).toBe(false); // never called
    const sim = await simOf(s, st.gate.sn);
    expect((await listed()).online).toBe(true);
    // Silent for longer than the window: offline.
    await s.database.query(`update sport_equipment_device set last_seen_at = now() - interval '10 minutes' where id = $1`, [st.gate.id]);
    const off = await listed();
    expect(off.online).toBe(false);
    expect(off.lastSeenTime).not.toBeNull();
    // A staff member with a grant passes while the gate is offline: the event waits on the device.
    const staffPin = gatePinOf('staff', st.userId);
    await ok(st.c, 'POST', equipmentApi('gate/grant'), {
      personKind: 'staff',
      userId: st.userId,
      deviceIds: [st.gate.id],
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startTime: '00:00',
      endTime: '24:00',
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
    });
    sim.offline();
    const earlier = new Date(Date.now() - 5 * 60_000);
    const { lines } = await sim.event({ pin: staffPin, time: wallClock(earlier) }, { pin: staffPin, time: wallClock(new Date(earlier.getTime() + 1000)) });
    expect((await logOf(st.c, st.gate.id)).total).toBe(0);
    const back = await sim.online();
    expect(back?.text).toBe('OK: 2');
    // The device resends the same batch (it never saw the answer): still two.
    expect((await sim.pushLines('rtlog', lines)).text).toBe('OK: 2');
    const log = await logOf(st.c, st.gate.id);
    expect(log.total).toBe(2);
    // Allowed by the grant, but five minutes late: the door is not opened now.
    expect(log.data.every((r) => r.result === 'allowed' && r.reason === 'grant' && !r.opened)).toBe(true);
    expect(await sim.poll()).toEqual([]);
    expect((await listed()).online).toBe(true);
  });

  it('a grant opens its gate now (the device fetches the open command and reports it done); an expired grant and another gate are refused', async () => {
    const st = await equipmentStaff(s, admin, platformId);
    const other = await ok<{ id: number; sn: string }>(st.c, 'POST', equipmentApi('device'), {
      stadiumId: st.venue.id,
      kind: 'gate',
      sn: newSn(),
      name: '西门',
    });
    const pin = gatePinOf('member', st.member.id);
    const grant = await ok<{ id: number; version: number; pin: string }>(st.c, 'POST', equipmentApi('gate/grant'), {
      personKind: 'member',
      memberId: st.member.id,
      deviceIds: [st.gate.id],
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startTime: '00:00',
      endTime: '24:00',
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
    });
    expect(grant.pin).toBe(pin);
    const sim = await simOf(s, st.gate.sn);
    const otherSim = await simOf(s, other.sn);
    await sim.event({ pin, time: wallClock(new Date()) });
    await otherSim.event({ pin, time: wallClock(new Date()) });
    const cmds = await sim.poll();
    expect(cmds).toHaveLength(1);
    expect(cmds[0].command).toMatch(/^CONTROL DEVICE 01010105$/);
    expect(await otherSim.poll()).toEqual([]);
    const done = await s.database.query<{ state: string; return_code: number }>('select state, return_code from sport_equipment_command where device_id = $1', [
      st.gate.id,
    ]);
    expect(done).toEqual([{ state: 'done', return_code: 0 }]);
    const [passed] = (await logOf(st.c, st.gate.id)).data;
    expect(passed).toMatchObject({ result: 'allowed', reason: 'grant', grantedBy: `grant#${grant.id}`, opened: true });
    expect((await logOf(st.c, other.id)).data[0]).toMatchObject({ result: 'denied', reason: 'noRight', opened: false });
    // The grant ended yesterday: refused as expired, nothing to open.
    await ok(st.c, 'PUT', equipmentApi(`gate/grant/${grant.id}`), { validFrom: '2020-01-01', validTo: '2021-01-01', version: grant.version });
    await sim.event({ pin, time: wallClock(new Date()) });
    expect(await sim.poll()).toEqual([]);
    const [refused] = (await logOf(st.c, st.gate.id)).data;
    expect(refused).toMatchObject({ result: 'denied', reason: 'grantExpired', opened: false });
    // Filters: by result and by day.
    const denied = await ok<{ total: number }>(st.c, 'POST', equipmentApi('gate/log/list'), {
      pageNum: 1,
      pageSize: 10,
      deviceId: st.gate.id,
      result: 'denied',
    });
    expect(denied.total).toBe(1);
    const lastYear = await ok<{ total: number }>(st.c, 'POST', equipmentApi('gate/log/list'), {
      pageNum: 1,
      pageSize: 10,
      deviceId: st.gate.id,
      day: '2021-01-01',
    });
    expect(lastYear.total).toBe(0);
  });
});

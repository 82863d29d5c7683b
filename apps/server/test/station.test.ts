import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { BACKLOG_CONFIG_CODE } from '@venue/contract';
import { auth, Client, databases, startServer, sys, type TestServer } from './harness.ts';
import { adminClient, makeOrg, makeUser, signIn, uniq } from '../src/modules/system/admin.testkit.ts';
import { deliverStation, addBacklog } from '../src/modules/message/index.ts';
import { openDatabase } from '../src/platform/db.ts';

interface Staff {
  c: Client;
  id: number;
  orgId: number;
}

async function staff(s: TestServer, admin: Client, orgId: number): Promise<Staff> {
  const u = await makeUser(admin, orgId);
  return { c: await signIn(s, u.code, 'Pass1234'), id: u.id, orgId };
}

/** Delivers one message per title to the user, as the station channel of the send queue does. */
async function deliver(s: TestServer, to: Staff, titles: string[], type = 'booking.cancelled') {
  for (const title of titles) {
    await s.database.db.transaction((tx) =>
      deliverStation(tx, {
        orgId: to.orgId,
        userIds: [to.id],
        type,
        title,
        content: `${title} content`,
        link: '/sport/views/orderManagement/mainOrder',
        sourceKey: uniq('k'),
      }),
    );
  }
}

/** The frames a socket receives, and a way to wait for one that matches. */
function frames(ws: WebSocket) {
  const got: any[] = [];
  const waiters: { test: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    got.push(m);
    for (const w of [...waiters]) {
      if (!w.test(m)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(m);
    }
  });
  return {
    got,
    next: (test: (m: any) => boolean, ms = 5000) =>
      new Promise<any>((resolve, reject) => {
        const found = got.find(test);
        if (found) return resolve(found);
        const timer = setTimeout(() => reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(got)}`)), ms);
        waiters.push({ test, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      }),
  };
}

const closed = (ws: WebSocket) => new Promise<number>((r) => ws.on('close', (code) => r(code)));

describe.each(databases)('station messages and to-dos on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let orgA: number;
  let orgB: number;
  beforeAll(async () => {
    s = await startServer(kind, { SOCKET: '1' });
    let platformOrgId: number;
    ({ c: admin, platformOrgId } = await adminClient(s));
    orgA = (await makeOrg(admin, platformOrgId)).id;
    orgB = (await makeOrg(admin, platformOrgId)).id;
  });
  afterAll(async () => s?.close());

  it("each user reads and marks only their own messages: another user's id answers 100404 and stays unread", async () => {
    const ann = await staff(s, admin, orgA);
    const bob = await staff(s, admin, orgB);
    await deliver(s, ann, ['Booking 1 cancelled', 'Booking 2 cancelled', 'Booking 3 cancelled']);
    await deliver(s, ann, ['Card expires soon'], 'card.expiring');
    await deliver(s, bob, ['Bob only']);

    expect((await ann.c.json('GET', sys('station/unread'))).body).toEqual({ unread: 4 });
    expect((await ann.c.json('GET', auth('userInfo/0'))).body.unreadMessage).toBe(true);
    const list = await ann.c.json('POST', sys('station/list'), { body: { pageSize: 10 } });
    expect(list.body.total).toBe(4);
    expect(list.body.data.map((m: any) => m.title)).toEqual(['Card expires soon', 'Booking 3 cancelled', 'Booking 2 cancelled', 'Booking 1 cancelled']);
    expect(list.body.data[0]).toMatchObject({ type: 'card.expiring', read: false, link: '/sport/views/orderManagement/mainOrder' });
    expect((await ann.c.json('GET', sys('station/types'))).body).toEqual(['booking.cancelled', 'card.expiring']);
    const byType = await ann.c.json('POST', sys('station/list'), { body: { type: 'card.expiring' } });
    expect(byType.body.total).toBe(1);

    // Bob's message, seen by Ann: not found, alone or among her own, and it stays unread.
    const bobsId = (await bob.c.json('POST', sys('station/list'), { body: {} })).body.data[0].id;
    expect((await ann.c.json('GET', sys(`station/${bobsId}`))).code).toBe(100404);
    expect((await ann.c.json('PUT', sys(`station/${bobsId}/read`))).code).toBe(100404);
    const mixed = await ann.c.json('PUT', sys('station/read'), { body: { ids: [list.body.data[1].id, bobsId] } });
    expect(mixed.code).toBe(100404);
    expect((await bob.c.json('GET', sys('station/unread'))).body.unread).toBe(1);
    expect((await ann.c.json('GET', sys('station/unread'))).body.unread).toBe(4);

    // One at a time, then in bulk, then all.
    const one = await ann.c.json('PUT', sys(`station/${list.body.data[0].id}/read`));
    expect(one.body).toEqual({ updated: 1, unread: 3 });
    const bulk = await ann.c.json('PUT', sys('station/read'), { body: { ids: [list.body.data[1].id, list.body.data[2].id] } });
    expect(bulk.body).toEqual({ updated: 2, unread: 1 });
    const read = await ann.c.json('POST', sys('station/list'), { body: { read: 'read' } });
    expect(read.body.data.map((m: any) => m.title).sort()).toEqual(['Booking 2 cancelled', 'Booking 3 cancelled', 'Card expires soon']);
    expect(read.body.data.every((m: any) => m.read && m.readTime)).toBe(true);
    const unread = await ann.c.json('POST', sys('station/list'), { body: { read: 'unread' } });
    expect(unread.body.data.map((m: any) => m.title)).toEqual(['Booking 1 cancelled']);
    expect((await ann.c.json('PUT', sys('station/read-all'))).body).toEqual({ updated: 1, unread: 0 });
    expect((await ann.c.json('GET', auth('userInfo/0'))).body.unreadMessage).toBe(false);
    expect((await bob.c.json('GET', sys('station/unread'))).body.unread).toBe(1);
  });

  it('a redelivery of the same business event is a no-op; a link to another site is refused', async () => {
    const ann = await staff(s, admin, orgA);
    const msg = { orgId: ann.orgId, userIds: [ann.id, ann.id], type: 'job.failed', title: 'Job failed', content: 'nightly', sourceKey: 'job-run-42' };
    await s.database.db.transaction((tx) => deliverStation(tx, msg));
    await s.database.db.transaction((tx) => deliverStation(tx, msg));
    expect((await ann.c.json('GET', sys('station/unread'))).body.unread).toBe(1);
    await expect(s.database.db.transaction((tx) => deliverStation(tx, { ...msg, sourceKey: 'other', link: '//evil.example/x' }))).rejects.toThrow();
    expect((await ann.c.json('GET', sys('station/unread'))).body.unread).toBe(1);
  });

  it('the socket pushes the unread count at once when a message is delivered or read, and closes for a wrong token', async () => {
    const ann = await staff(s, admin, orgA);
    const ws = await s.app.injectWS('/api/system/station/socket');
    const f = frames(ws);
    ws.send(JSON.stringify({ token: ann.c.token }));
    await f.next((m) => m.unread === 0);
    await deliver(s, ann, ['Live one']);
    const pushed = await f.next((m) => m.unread === 1);
    expect(pushed.latest).toMatchObject({ title: 'Live one', read: false });
    await ann.c.json('PUT', sys('station/read-all'));
    await f.next((m) => m.unread === 0 && f.got.indexOf(m) > 1);
    ws.terminate();

    const stranger = await s.app.injectWS('/api/system/station/socket');
    const code = closed(stranger);
    stranger.send(JSON.stringify({ token: 'not-a-session' }));
    expect(await code).toBe(4401);
  });

  it('to-dos: list by status, complete and reopen only my own; the switch is a system parameter', async () => {
    const ann = await staff(s, admin, orgA);
    const bob = await staff(s, admin, orgB);
    const ids: number[] = [];
    for (const title of ['Check the pool pump', 'Approve refund R-1', 'Renew the licence']) {
      ids.push(
        (await s.database.db.transaction((tx) =>
          addBacklog(tx, { orgId: ann.orgId, userId: ann.id, title, initiator: { id: bob.id, name: 'Bob' }, sourceKey: title }),
        ))!,
      );
    }
    expect(
      await s.database.db.transaction((tx) =>
        addBacklog(tx, { orgId: ann.orgId, userId: ann.id, title: 'Check the pool pump', sourceKey: 'Check the pool pump' }),
      ),
    ).toBeUndefined();
    const bobs = (await s.database.db.transaction((tx) => addBacklog(tx, { orgId: bob.orgId, userId: bob.id, title: 'Bob task' })))!;

    const cfg = await ann.c.json('GET', '/config.json');
    const all = await ann.c.json('POST', `${(cfg as any).backlogUrl}api/backlog-list`, { body: { status: 'all' } });
    expect((cfg as any).backlog).toBe(true);
    expect(all.body.total).toBe(3);
    expect(all.body.data[0]).toMatchObject({ initiator: 'Bob', status: 'incomplete', completeTime: null });

    expect((await ann.c.json('POST', sys('api/update-backlog-status'), { body: { ids: [ids[0], bobs], status: 'complete' } })).code).toBe(100404);
    const done = await ann.c.json('POST', sys('api/update-backlog-status'), { body: { ids: [ids[0], ids[1]], status: 'complete' } });
    expect(done.body).toEqual({ updated: 2, incomplete: 1 });
    const complete = await ann.c.json('POST', sys('api/backlog-list'), { body: { status: 'complete' } });
    expect(complete.body.data.map((b: any) => b.title).sort()).toEqual(['Approve refund R-1', 'Check the pool pump']);
    expect(complete.body.data.every((b: any) => b.completeTime)).toBe(true);
    expect((await ann.c.json('POST', sys('api/backlog-list'), { body: { status: 'incomplete' } })).body.data.map((b: any) => b.title)).toEqual([
      'Renew the licence',
    ]);
    const reopened = await ann.c.json('POST', sys('api/update-backlog-status'), { body: { ids: [ids[0]], status: 'incomplete' } });
    expect(reopened.body).toEqual({ updated: 1, incomplete: 2 });
    expect((await bob.c.json('POST', sys('api/backlog-list'), { body: {} })).body.data.map((b: any) => b.status)).toEqual(['incomplete']);

    // An administrator switches to-dos off: /config.json says so and the calls are refused.
    const row = (await admin.json('POST', sys('config/listForConsole'), { body: { code: BACKLOG_CONFIG_CODE } })).body.data.find(
      (r: any) => r.code === BACKLOG_CONFIG_CODE,
    );
    const edit = (value: string, version: number) =>
      admin.json('PUT', sys(`config/${row.id}`), { body: { code: row.code, name: row.name, type: row.type, value, remark: row.remark, version } });
    expect((await edit('maybe', row.version)).code).toBe(969600);
    const off = await edit('false', row.version);
    expect(off.code, off.msg).toBe(0);
    expect(((await ann.c.json('GET', '/config.json')) as any).backlog).toBe(false);
    const refused = await ann.c.json('POST', sys('api/backlog-list'), { body: {}, lang: 'en-US' });
    expect(refused.code).toBe(100409);
    expect(refused.msg).toContain('switched off');
    expect((await edit('true', off.body.version)).code).toBe(0);
    expect((await ann.c.json('POST', sys('api/backlog-list'), { body: {} })).body.total).toBe(3);
  });

  it.runIf(kind === 'postgres')(
    'a message committed through another connection reaches a console of this process; the listener survives a lost connection',
    async () => {
      const ann = await staff(s, admin, orgA);
      const ws = await s.app.injectWS('/api/system/station/socket');
      const f = frames(ws);
      ws.send(JSON.stringify({ token: ann.c.token }));
      await f.next((m) => m.unread === 0);
      // Another server process: its own pool on the same database.
      const other = await openDatabase({ databaseUrl: s.config.databaseUrl, dataDir: s.dataDir, poolSize: 2 });
      try {
        await other.db.transaction((tx) =>
          deliverStation(tx, { orgId: ann.orgId, userIds: [ann.id], type: 'booking.cancelled', title: 'From process B', content: '' }),
        );
        expect((await f.next((m) => m.unread === 1)).latest.title).toBe('From process B');
        // The listening connection dies (a restart of PostgreSQL): it comes back and catches up.
        await other.query(`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen %' and datname = current_database()`);
        await other.query(`insert into sys_station_message (org_id, user_id, type, title) values ($1, $2, 'x', 'missed while away')`, [ann.orgId, ann.id]);
        await f.next((m) => m.unread === 2, 15_000);
        await other.db.transaction((tx) => deliverStation(tx, { orgId: ann.orgId, userIds: [ann.id], type: 'x', title: 'After the reconnect', content: '' }));
        expect((await f.next((m) => m.unread === 3)).latest.title).toBe('After the reconnect');
      } finally {
        ws.terminate();
        await other.close();
      }
    },
  );
});

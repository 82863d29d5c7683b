import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient, readXlsx } from '../../system/admin.testkit.ts';
import { oneOrgScope } from '../../../platform/scope.ts';
import { makeVenue } from '../venue/venue.testkit.ts';
import { claimCoachTime } from './index.ts';
import { coachApi, coachPhone, coachStaff, makeCoach } from './coach.testkit.ts';

const shanghaiToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

describe.each(databases)('coaches on %s', (kind) => {
  let s: TestServer;
  let a: Awaited<ReturnType<typeof coachStaff>>;
  let b: Awaited<ReturnType<typeof coachStaff>>;
  let venueId: number;

  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    const { c: admin, platformOrgId } = await adminClient(s);
    a = await coachStaff(s, admin, platformOrgId);
    b = await coachStaff(s, admin, platformOrgId);
    venueId = (await makeVenue(a.c, { n: 1 })).venue.id;
  });
  afterAll(async () => s?.close());

  const ok = async (c: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
    const r = await c.json(method, url, body === undefined ? {} : { body });
    expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
    return r.body;
  };

  it('a manager adds a coach with sports, venue and qualifications; the list flags the one expiring within 30 days; a holder of the private permission sees phones in full', async () => {
    const today = shanghaiToday();
    const phone = coachPhone();
    const added = await ok(a.c, 'POST', coachApi(), {
      name: '王教练',
      gender: 1,
      phone,
      sports: ['badminton', 'tennis'],
      venueIds: [venueId],
      level: 'senior',
      intro: '十年执教',
      qualifications: [
        { name: '社会体育指导员', certNo: 'SD-1', issuedOn: addDays(today, -400), expiresOn: addDays(today, 400) },
        { name: '救护员证', certNo: 'RC-9', issuedOn: addDays(today, -300), expiresOn: addDays(today, 12) },
      ],
    });
    expect(added).toMatchObject({ name: '王教练', status: 'active', level: 'senior', sports: ['badminton', 'tennis'], venueIds: [venueId], version: 1 });
    expect(added.venueNames).toHaveLength(1);
    expect(added.qualifications.map((q: { name: string; state: string; daysLeft: number }) => [q.name, q.state, q.daysLeft])).toEqual([
      ['救护员证', 'expiring', 12],
      ['社会体育指导员', 'valid', 400],
    ]);
    const list = await ok(a.c, 'POST', coachApi('list'), { pageNum: 1, pageSize: 10, keyword: '王教练' });
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: added.id, name: '王教练', qualificationAlert: 'expiring', alertDaysLeft: 12, alertExpiresOn: addDays(today, 12) });
    // The staff role holds every coach button, the private one too.
    expect(list.data[0]).toMatchObject({ phone, masked: false });

    // An expired qualification is worse than an expiring one.
    const expired = await makeCoach(a.c, {
      qualifications: [
        { name: '过期证', expiresOn: addDays(today, -3) },
        { name: '将到期', expiresOn: addDays(today, 5) },
      ],
    });
    const row = (await ok(a.c, 'POST', coachApi('list'), { keyword: expired.name })).data[0];
    expect(row).toMatchObject({ qualificationAlert: 'expired', alertDaysLeft: -3 });
  });

  it('filters by keyword, status, venue and sport; an edit keeps what it omits; an old version is refused as stale; a taken phone names the field', async () => {
    const tennis = await makeCoach(a.c, { sports: ['tennis'], venueIds: [venueId], level: 'intermediate' });
    const swim = await makeCoach(a.c, { sports: ['swimming'], status: 'leave' });
    const ids = async (q: Record<string, unknown>) => (await ok(a.c, 'POST', coachApi('list'), { pageSize: 500, ...q })).data.map((r: { id: number }) => r.id);
    expect(await ids({ sport: 'tennis' })).toContain(tennis.id);
    expect(await ids({ sport: 'tennis' })).not.toContain(swim.id);
    expect(await ids({ venueId })).toContain(tennis.id);
    expect(await ids({ venueId })).not.toContain(swim.id);
    expect(await ids({ status: 'leave' })).toEqual([swim.id]);
    expect(await ids({ keyword: tennis.name })).toEqual([tennis.id]);

    const edited = await ok(a.c, 'PUT', coachApi(String(tennis.id)), { intro: '网球专项', version: 1 });
    expect(edited).toMatchObject({ intro: '网球专项', sports: ['tennis'], level: 'intermediate', name: tennis.name, version: 2 });
    const stale = await a.c.json('PUT', coachApi(String(tennis.id)), { body: { name: '旧版本', version: 1 } });
    expect(stale.code).toBe(Code.CONFLICT);
    expect(stale.detail.reason).toBe('stale');
    expect((await ok(a.c, 'GET', coachApi(String(tennis.id)))).name).toBe(tennis.name);

    const first = await ok(a.c, 'GET', coachApi(String(swim.id)));
    const dup = await a.c.json('POST', coachApi(), { body: { name: '重复', phone: first.phone } });
    expect(dup.code).toBe(Code.CONFLICT);
    expect(dup.detail).toMatchObject({ reason: 'duplicate', fields: [{ field: 'phone' }] });

    // Qualifications given on an edit replace the list.
    const q = await ok(a.c, 'PUT', coachApi(String(tennis.id)), { qualifications: [{ name: '新证书' }], version: 2 });
    expect(q.qualifications.map((x: { name: string; state: string }) => [x.name, x.state])).toEqual([['新证书', 'open']]);

    // Status change; deleting removes the coach.
    const leave = await ok(a.c, 'POST', coachApi(`${tennis.id}/status`), { status: 'leave', version: q.version });
    expect(leave.status).toBe('leave');
    expect(await ok(a.c, 'DELETE', coachApi(`${tennis.id},${swim.id}`))).toEqual({ deleted: 2 });
    expect((await a.c.json('GET', coachApi(String(tennis.id)))).code).toBe(Code.NOT_FOUND);
  });

  it("another organisation's coach answers 100404 to every call, and stays unchanged", async () => {
    const theirs = await makeCoach(b.c, { name: '别家教练' });
    const id = String(theirs.id);
    expect((await a.c.json('GET', coachApi(id))).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('PUT', coachApi(id), { body: { name: 'x', version: 1 } })).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('POST', coachApi(`${id}/status`), { body: { status: 'left', version: 1 } })).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('GET', coachApi(`${id}/photo/image`))).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('POST', coachApi('schedule'), { body: { from: shanghaiToday(), coachId: theirs.id } })).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('DELETE', coachApi(id))).code).toBe(Code.NOT_FOUND);
    expect((await ok(a.c, 'POST', coachApi('list'), { keyword: '别家教练' })).total).toBe(0);
    // Nor may a coach name another organisation's venue.
    expect(
      (await a.c.json('PUT', coachApi(String((await makeCoach(a.c)).id)), { body: { venueIds: [(await makeVenue(b.c, { n: 1 })).venue.id], version: 1 } }))
        .code,
    ).toBe(Code.NOT_FOUND);
    expect(await ok(b.c, 'GET', coachApi(id))).toMatchObject({ name: '别家教练', status: 'active', version: 1 });
  });

  it('malformed input answers 100400 naming the field', async () => {
    const bad = async (body: unknown, field: string) => {
      const r = await a.c.json('POST', coachApi(), { body });
      expect(r.code, JSON.stringify(r.detail)).toBe(Code.INVALID);
      expect(r.detail.map((d: { field: string }) => d.field)).toContain(field);
    };
    await bad({ name: '甲', phone: '12345' }, 'phone');
    await bad({ name: '甲', phone: coachPhone(), level: 'grandmaster' }, 'level');
    await bad({ name: '甲', phone: coachPhone(), sports: ['chess'] }, 'sports.0');
    await bad({ name: '甲', phone: coachPhone(), status: 'retired' }, 'status');
    await bad(
      { name: '甲', phone: coachPhone(), qualifications: [{ name: '证', issuedOn: '2026-05-01', expiresOn: '2026-04-01' }] },
      'qualifications.0.expiresOn',
    );
    await bad({ name: '甲', phone: coachPhone(), salary: 1 }, 'salary');
    const list = await a.c.json('POST', coachApi('list'), { body: { pageNum: 1, pageSize: 10, status: 'gone' } });
    expect(list.code).toBe(Code.INVALID);
  });

  it('exports the filtered list as xlsx, in the request language', async () => {
    const coach = await makeCoach(a.c, { name: `导出教练${Date.now() % 1000}`, level: 'head', sports: ['badminton'] });
    const res = await a.c.call('POST', coachApi('export'), { body: { keyword: coach.name } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]!.slice(0, 4)).toEqual(['姓名', '性别', '手机号', '教练等级']);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(coach.name);
    expect(rows[1]).toContain('主教练');
    expect(rows[1]).toContain('羽毛球');
    const en = await readXlsx((await a.c.call('POST', coachApi('export'), { body: { keyword: coach.name }, lang: 'en-US' })).rawPayload);
    expect(en[0]![3]).toBe('Level');
    expect(en[1]).toContain('Head coach');
  });

  it("the schedule shows a week of a coach's claimed time and what holds each range", async () => {
    const coach = await makeCoach(a.c);
    const day = addDays(shanghaiToday(), 2);
    const from = new Date(`${day}T10:00:00+08:00`);
    const to = new Date(`${day}T11:30:00+08:00`);
    await s.database.db.transaction((tx) => claimCoachTime(tx, oneOrgScope(a.orgId), { coachId: coach.id, from, to, holderKind: 'lesson', holderId: 77 }));
    const week = await ok(a.c, 'POST', coachApi('schedule'), { from: shanghaiToday(), coachId: coach.id });
    expect(week.coaches.map((c: { id: number }) => c.id)).toEqual([coach.id]);
    expect(week.claims).toEqual([
      expect.objectContaining({ coachId: coach.id, start: from.toISOString(), end: to.toISOString(), holderKind: 'lesson', holderId: 77 }),
    ]);
    // A week that ends before it shows nothing; the coach with time ahead cannot be deleted.
    expect((await ok(a.c, 'POST', coachApi('schedule'), { from: shanghaiToday(), days: 1, coachId: coach.id })).claims).toEqual([]);
    const del = await a.c.json('DELETE', coachApi(String(coach.id)));
    expect(del.code).toBe(Code.CONFLICT);
    expect(del.detail.reason).toBe('state');
  });
});

// Third-party access (issue 14) across modules: the gateway of module open and the interfaces the business modules open through it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, sys, type TestServer } from './harness.ts';
import { seedDemo } from '../src/modules/system/index.ts';
import { seedVenueDemo } from '../src/modules/sport/booking/index.ts';
import { seedOpenDemo, openSignature, signedHeaders } from '../src/modules/open/index.ts';
import { adminClient } from '../src/modules/system/admin.testkit.ts';
import { makeVenue, today, venueStaff } from '../src/modules/sport/venue/venue.testkit.ts';
import { sellGeneral } from '../src/modules/sport/commerce/commerce.testkit.ts';

interface OpenApp {
  id: number;
  appKey: string;
  secret: string;
  version: number;
  apiIds: number[];
}

describe.each(databases)('third-party applications and signed open calls on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  let staff: Client;
  let orgId: number;
  let venueId: number;
  let tz: string;
  let apiIds: Record<string, number>;

  /** A signed call from an address (light-my-request's remoteAddress is the caller's IP). */
  const call = (app: { appKey: string; secret: string }, url: string, opts: { ip?: string; headers?: Record<string, string>; lang?: string } = {}) =>
    s.app
      .inject({
        method: 'GET',
        url,
        remoteAddress: opts.ip ?? '10.1.2.3',
        headers: { ...signedHeaders(app.appKey, app.secret, 'GET', url), ...(opts.lang ? { lang: opts.lang } : {}), ...opts.headers },
      })
      .then((r) => ({ status: r.statusCode, ...(r.json() as { code: number; msg: string; body: never }) }));

  const makeApp = async (patch: Record<string, unknown> = {}): Promise<OpenApp> => {
    const r = await admin.json('POST', sys('openApp'), {
      body: { orgId, name: `对接应用${Math.random().toString(36).slice(2, 6)}`, ipRules: ['10.1.2.0-10.1.2.255'], ...patch },
    });
    expect(r.code, r.msg).toBe(0);
    return r.body as OpenApp;
  };
  const grant = async (app: OpenApp, codes: string[]) => {
    const r = await admin.json('PUT', sys(`openApp/${app.id}/grants`), { body: { apiIds: codes.map((c) => apiIds[c]!) } });
    expect(r.code, r.msg).toBe(0);
  };
  const logOf = async (appKey: string) =>
    (await admin.json('POST', sys('openCallLog/list'), { body: { appKey, pageSize: 50 } })).body as {
      total: number;
      data: { apiCode: string; code: number; ip: string; path: string }[];
    };

  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    ({ c: staff, orgId } = await venueStaff(s, admin, platformId));
    const { venue } = await makeVenue(staff);
    venueId = venue.id;
    tz = venue.timeZone;
    const interfaces = await admin.json('GET', sys('openApp/interfaces'));
    expect(interfaces.code, interfaces.msg).toBe(0);
    apiIds = Object.fromEntries((interfaces.body as { code: string; id: number }[]).map((a) => [a.code, a.id]));
  });
  afterAll(async () => s?.close());

  it('lists the interfaces the code opens, with their uri and version', async () => {
    const r = await admin.json('POST', sys('openApi/list'), { body: { pageSize: 50 } });
    expect(r.code, r.msg).toBe(0);
    const rows = r.body.data as { code: string; uri: string; method: string; apiVersion: string; tokenCategory: string }[];
    expect(rows.map((a) => a.code).sort()).toEqual(['member.byPhone', 'order.status', 'venue.grid', 'venue.list']);
    expect(rows.find((a) => a.code === 'venue.grid')).toMatchObject({
      method: 'GET',
      uri: '/api/open/v1/venue/{id}/grid',
      apiVersion: 'v1',
      tokenCategory: 'signature',
    });
    // Named and described in both languages: an English-speaking administrator reads them in English.
    expect(rows.find((a) => a.code === 'member.byPhone')).toMatchObject({ name: '按手机号查询会员', nameEn: 'Member by phone' });
    expect(
      rows.every((a) => /[a-z]/i.test((a as unknown as { nameEn: string }).nameEn) && /[a-z]/i.test((a as unknown as { descriptionEn: string }).descriptionEn)),
    ).toBe(true);
  });

  it('an application with a grant looks up a member by phone, an order by number and a venue grid; the secret is shown only once', async () => {
    await staff.json('POST', '/api/sport/member', { body: { name: '开放查询', phone: '13700001234', level: 'gold' } });
    const sold = await sellGeneral(staff, [{ name: '饮料', unitPriceFen: 500 }]);
    const app = await makeApp();
    expect(app.secret).toMatch(/^[\w-]{40,}$/);
    const again = await admin.json('GET', sys(`openApp/${app.id}`));
    expect(again.body).not.toHaveProperty('secret');
    await grant(app, ['member.byPhone', 'order.status', 'venue.list', 'venue.grid']);

    const member = await call(app, '/api/open/v1/member?phone=13700001234');
    expect(member.code, member.msg).toBe(0);
    expect(member.body).toMatchObject({ name: '开放查询', phone: '13700001234', level: 'gold', blacklisted: false });
    expect((await call(app, '/api/open/v1/member?phone=13700009999')).body).toBeNull();

    const order = await call(app, `/api/open/v1/order/${sold.orderNo}`);
    expect(order.code, order.msg).toBe(0);
    expect(order.body).toMatchObject({ orderNo: sold.orderNo, state: 'pending', payableFen: 500, paidFen: 0 });

    const venues = await call(app, '/api/open/v1/venues');
    expect((venues.body as { data: { id: number }[] }).data.map((v) => v.id)).toEqual([venueId]);
    const grid = await call(app, `/api/open/v1/venue/${venueId}/grid?date=${today(tz)}`);
    expect(grid.code, grid.msg).toBe(0);
    const slots = (grid.body as { slots: Record<string, unknown>[] }).slots;
    expect(slots.length).toBeGreaterThan(0);
    // Read-only, and who booked is never shown.
    expect(Object.keys(slots[0]!).sort()).toEqual(['end', 'price', 'siteId', 'start', 'state']);

    // Another organisation's records are not the application's.
    const other = await venueStaff(s, admin, platformId);
    const theirs = await sellGeneral(other.c, [{ name: '别家', unitPriceFen: 100 }]);
    expect((await call(app, `/api/open/v1/order/${theirs.orderNo}`)).code).toBe(Code.NOT_FOUND);
    const theirVenue = (await makeVenue(other.c)).venue;
    expect((await call(app, `/api/open/v1/venue/${theirVenue.id}/grid?date=${today(tz)}`)).code).toBe(Code.NOT_FOUND);

    // The log row is written after the answer: it shows up a moment later.
    await expect
      .poll(async () => (await logOf(app.appKey)).data.filter((l) => l.code === 0).map((l) => l.apiCode))
      .toEqual(expect.arrayContaining(['member.byPhone', 'order.status', 'venue.list', 'venue.grid']));
    expect((await logOf(app.appKey)).data[0]!.ip).toBe('10.1.2.3');
  });

  it('refuses a wrong signature, an old timestamp, a replayed nonce, an address outside the whitelist, a disabled app and an interface without a grant, each with its own code, and logs each', async () => {
    const app = await makeApp();
    await grant(app, ['member.byPhone']);
    const url = '/api/open/v1/member?phone=13700001234';
    expect((await call(app, url)).code).toBe(0);

    const wrong = await call({ appKey: app.appKey, secret: 'not-the-secret' }, url, { lang: 'en-US' });
    expect(wrong).toMatchObject({ code: Code.OPEN_BAD_SIGN, msg: 'The signature does not match' });
    // The signature covers the query: the same headers on another phone are refused.
    const headers = signedHeaders(app.appKey, app.secret, 'GET', url);
    expect((await call(app, '/api/open/v1/member?phone=13700004321', { headers })).code).toBe(Code.OPEN_BAD_SIGN);

    const old = signedHeaders(app.appKey, app.secret, 'GET', url, '', Date.now() - 10 * 60_000);
    expect((await call(app, url, { headers: old })).code).toBe(Code.OPEN_STALE);

    const once = signedHeaders(app.appKey, app.secret, 'GET', url);
    expect((await call(app, url, { headers: once })).code).toBe(0);
    const replay = await call(app, url, { headers: once, lang: 'en-US' });
    expect(replay).toMatchObject({ code: Code.OPEN_REPLAY, msg: 'Replayed call: this nonce was used already' });

    expect((await call(app, url, { ip: '10.1.3.1' })).code).toBe(Code.OPEN_IP_REFUSED);
    expect((await call({ appKey: 'app_nobody', secret: 'x' }, url)).code).toBe(Code.OPEN_UNKNOWN_APP);
    expect((await call(app, '/api/open/v1/venues')).code).toBe(Code.OPEN_NOT_GRANTED);

    const current = (await admin.json('GET', sys(`openApp/${app.id}`))).body as OpenApp;
    expect((await admin.json('PUT', sys(`openApp/${app.id}`), { body: { status: 1, version: current.version } })).code).toBe(0);
    expect((await call(app, url)).code).toBe(Code.OPEN_APP_DISABLED);

    const refusals = [Code.OPEN_BAD_SIGN, Code.OPEN_STALE, Code.OPEN_REPLAY, Code.OPEN_IP_REFUSED, Code.OPEN_NOT_GRANTED, Code.OPEN_APP_DISABLED];
    await expect.poll(async () => (await logOf(app.appKey)).data.map((l) => l.code)).toEqual(expect.arrayContaining(refusals));
  });

  it('a blacklist refuses the listed addresses only; a closed interface is refused to every application', async () => {
    const app = await makeApp({ restriction: 'blacklist', ipRules: ['192.168.9.9'] });
    await grant(app, ['member.byPhone']);
    const url = '/api/open/v1/member?phone=13700001234';
    expect((await call(app, url, { ip: '192.168.9.9' })).code).toBe(Code.OPEN_IP_REFUSED);
    expect((await call(app, url, { ip: '172.16.0.1' })).code).toBe(0);
    const api = (
      (await admin.json('POST', sys('openApi/list'), { body: { code: 'member.byPhone' } })).body.data as { id: number; name: string; version: number }[]
    )[0]!;
    const closed = await admin.json('PUT', sys(`openApi/${api.id}`), {
      body: { name: api.name, nameEn: 'Member lookup', description: '维护中', descriptionEn: 'Closed for maintenance', status: 1, version: api.version },
    });
    expect(closed.code, closed.msg).toBe(0);
    expect(closed.body).toMatchObject({ nameEn: 'Member lookup', descriptionEn: 'Closed for maintenance' });
    expect((await call(app, url, { ip: '172.16.0.1' })).code).toBe(Code.OPEN_NOT_GRANTED);
    // An edit that leaves the English name out keeps it.
    expect((await admin.json('PUT', sys(`openApi/${api.id}`), { body: { name: api.name, status: 0, version: closed.body.version } })).body).toMatchObject({
      nameEn: 'Member lookup',
    });
    expect((await call(app, url, { ip: '172.16.0.1' })).code).toBe(0);
  });

  it('rotation gives a new secret once; the old one works for the grace period only', async () => {
    const app = await makeApp();
    await grant(app, ['venue.list']);
    const rotated = await admin.json('POST', sys(`openApp/${app.id}/rotate`), { body: { graceMinutes: 30, version: app.version } });
    expect(rotated.code, rotated.msg).toBe(0);
    const next = rotated.body as OpenApp & { previousSecretUntil: string };
    expect(next.secret).not.toBe(app.secret);
    expect(next.previousSecretUntil).toBeTruthy();
    expect((await call({ appKey: app.appKey, secret: next.secret }, '/api/open/v1/venues')).code).toBe(0);
    expect((await call(app, '/api/open/v1/venues')).code).toBe(0);
    // Without grace the old secret stops at once.
    const again = await admin.json('POST', sys(`openApp/${app.id}/rotate`), { body: { graceMinutes: 0, version: next.version } });
    expect((await call({ appKey: app.appKey, secret: next.secret }, '/api/open/v1/venues')).code).toBe(Code.OPEN_BAD_SIGN);
    expect((await call({ appKey: app.appKey, secret: (again.body as OpenApp).secret }, '/api/open/v1/venues')).code).toBe(0);
  });

  it('validates IP rules as spec 5 says, and keeps applications to their organisation', async () => {
    const bad = await admin.json('POST', sys('openApp'), {
      body: { orgId, name: '坏地址', ipRules: ['10.0.0.300', '10.0.0.9-10.0.0.1', '10.0.0.1-10.0.0.9'] },
    });
    expect(bad.code).toBe(Code.INVALID);
    expect(bad.detail.map((d: { field: string }) => d.field)).toEqual(['ipRules.0', 'ipRules.1']);
    const app = await makeApp();
    // Staff of another organisation with the screens see nothing of it.
    const other = await venueStaff(s, admin, platformId);
    expect((await other.c.json('GET', sys(`openApp/${app.id}`))).code).toBe(Code.FORBIDDEN);
  });

  it('publishes an OpenAPI 3.1 document of the open interfaces, and the whole API to administrators', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/api/open/openapi.json' })).json() as {
      openapi: string;
      info: { description: string };
      paths: Record<string, Record<string, { operationId: string; parameters: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/open/v1/member',
      '/api/open/v1/order/{orderNo}',
      '/api/open/v1/venue/{id}/grid',
      '/api/open/v1/venues',
    ]);
    const grid = doc.paths['/api/open/v1/venue/{id}/grid']!.get!;
    expect(grid.operationId).toBe('venue.grid');
    expect((grid as unknown as { summary: string }).summary).toBe('Booking grid');
    expect(grid.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(['path:id', 'query:date']);
    expect(doc.info.description).toContain('HMAC-SHA256');
    const whole = await admin.call('GET', sys('openapi.json'));
    expect(whole.statusCode).toBe(200);
    const all = JSON.parse(whole.body) as { paths: Record<string, Record<string, { 'x-permission': string }>> };
    expect(all.paths['/api/system/user/list']!.post!['x-permission']).toBe('system:user:list');
    expect(all.paths['/api/open/v1/member']).toBeUndefined();
  });

  it('the worked example of docs/open-api.md signs as the server checks', () => {
    // The same values as the document's example: a reader can compare their own code with it.
    expect(openSignature('s3cr3t-example', 'GET', '/api/open/v1/member?phone=13800138000', '1767225600', 'a1b2c3d4e5f6a7b8', '')).toBe(EXAMPLE_SIGN);
  });
});

/** docs/open-api.md, "Worked example". */
const EXAMPLE_SIGN = 'f75b7e57b8b4ae00c32a647f0f866029895f6b42b9b6af6bc3cb1fc3f70be61a';

describe.each(databases)('the demo application on %s', (kind) => {
  let s: TestServer;
  let mgr: Client;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedVenueDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedOpenDemo(s.app, s.database.db, s.app.ctx.keys.secretKey);
    await seedOpenDemo(s.app, s.database.db, s.app.ctx.keys.secretKey); // once per database
    mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
  });
  afterAll(async () => s?.close());

  it('the manager runs App access for the centre: its mini-program, granted every interface, with real calls in the log; the interface list stays the platform’s', async () => {
    const apps = await mgr.json('POST', sys('openApp/list'), { body: {} });
    expect(apps.code, apps.msg).toBe(0);
    expect(apps.body.data).toHaveLength(1);
    expect(apps.body.data[0]).toMatchObject({ name: '阳光体育小程序', status: 0, restriction: 'whitelist' });
    expect(apps.body.data[0].apiIds).toHaveLength(4);
    await expect
      .poll(async () => ((await mgr.json('POST', sys('openCallLog/list'), { body: {} })).body.data as { code: number }[]).map((l) => l.code))
      .toEqual(expect.arrayContaining([0, Code.NOT_FOUND, Code.OPEN_BAD_SIGN]));
    expect((await mgr.json('POST', sys('openApi/list'), { body: {} })).code).toBe(Code.FORBIDDEN);
    const menus = JSON.stringify(
      (await mgr.json('POST', '/api/adapter/menu-exec/query', { body: { appSign: s.config.appSign, orgId: apps.body.data[0].orgId } })).body,
    );
    expect(menus).toContain('/appAccess/ThirdAppInfoManage');
    expect(menus).not.toContain('/appAccess/ThirdApiManager');
  });
});

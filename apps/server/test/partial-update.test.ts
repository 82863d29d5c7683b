import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import * as contract from '@venue/contract';
import { routeRegistry, type RouteRecord } from '../src/platform/http.ts';
import { adminClient, uniq } from '../src/modules/system/admin.testkit.ts';
import { makeVenue, venueApi, venueStaff } from '../src/modules/sport/venue/venue.testkit.ts';
import { beanJob, createJob } from '../src/modules/job/job.testkit.ts';
import { defOf, sample, unwrap } from './zodSample.ts';
import { databases, startServer, sys, type Client, type TestServer } from './harness.ts';

/**
 * Issue 23, point 10: an edit sends the changed fields and `version`; what it leaves out stays as
 * it was. zod 4's `.partial()` keeps `.default()`, so an update schema built with it filled every
 * omitted field with its create default, and the service wrote it: renaming a site reopened it,
 * editing an application's remark re-enabled it, wiped its IP list and raised its rate, and a
 * message type with templates could not be edited at all (its variables were reset to none).
 *
 * Generated from the route registry: for every update route (a PUT whose body declares
 * `version`), a body of `version` (and the fields the route requires) plus any one declared field
 * parses to exactly the fields sent. A new update schema that brings a default back fails here.
 */

// Numbers first (ids, versions), then text of the usual shapes.
const CANDIDATES: unknown[] = [
  1,
  0,
  2,
  5,
  60,
  2026,
  false,
  true,
  'x',
  'abc',
  'Abc_1',
  'a@b.co',
  '13800000000',
  '110101',
  '2026-01-01',
  '2026-01-01T00:00:00.000Z',
  '09:00',
  '18:00',
  '1.0.0',
  'https://example.com/',
  '0 0 12 * * ?',
  // A unified social credit code (a seller's tax number).
  '91310115MA1K3YJH6D',
  [],
  {},
];

type Shape = Record<string, ZodType>;
const shapeOf = (s: ZodType): Shape | undefined => defOf(unwrap(s)).shape;

/** Values (not undefined) the field accepts: the sampled one first, then the candidates. */
function valuesFor(s: ZodType): unknown[] {
  const out: unknown[] = [];
  const sampled = sample(unwrap(s), CANDIDATES);
  if (sampled !== undefined && s.safeParse(sampled).success) out.push(sampled);
  for (const c of CANDIDATES) if (c !== undefined && !out.includes(c) && s.safeParse(c).success) out.push(c);
  if (s.safeParse(null).success) out.push(null);
  return out;
}

/**
 * The smallest body the route takes: its required fields (sampled), `version` 1. A required field
 * refused by a rule across fields (minLength <= maxLength) gets the next value it accepts.
 */
function requiredBody(schema: ZodType): Record<string, unknown> | undefined {
  const shape = shapeOf(schema)!;
  const body: Record<string, unknown> = { version: 1 };
  for (const [k, s] of Object.entries(shape)) if (k !== 'version' && !s.safeParse(undefined).success) body[k] = valuesFor(s)[0];
  for (let round = 0; round < 20; round++) {
    const r = schema.safeParse(body);
    if (r.success) return body;
    const named = [...new Set(r.error.issues.map((i) => String(i.path[0] ?? '')))].filter((k) => k in body && k !== 'version');
    if (!named.length) return undefined;
    for (const k of named) {
      const options = valuesFor(shape[k]!);
      body[k] = options[(options.indexOf(body[k]) + 1) % options.length];
    }
  }
  return undefined;
}

/**
 * Fields an update route may add when they are left out, with the reason. Only for whole-form
 * saves whose documented answer to an empty field is a value.
 */
const FILLED_ON_PURPOSE: Record<string, { fields: string[]; why: string }> = {
  'PUT /api/system/strategy/loginStrategy': {
    fields: ['lockMinutes'],
    why: 'the login form sends its whole part; a lock time left empty means no automatic unlock (null), strategy.routes.test.ts',
  },
  'PUT /api/system/message/channel/:channel': {
    fields: ['secrets'],
    why: 'an empty set of secrets keeps every stored one (a secret given replaces, an empty string clears)',
  },
};

/** Fields the parsed body holds that were not sent (defaults filled in), by route and field sent. */
function gainedFields(route: RouteRecord): { problems: string[]; parsed: number } {
  const schema = route.body!;
  const shape = shapeOf(schema)!;
  const where = `${route.method} ${route.url}`;
  const base = requiredBody(schema);
  if (!base) return { problems: [`${where}: no body of its required fields parses`], parsed: 0 };
  const problems: string[] = [];
  let parsed = 0;
  const check = (body: Record<string, unknown>, sent: string) => {
    const r = schema.safeParse(body);
    if (!r.success) return false;
    parsed++;
    const gained = Object.keys(r.data as object).filter((k) => !(k in body) && !FILLED_ON_PURPOSE[where]?.fields.includes(k));
    if (gained.length) problems.push(`${where} sending ${sent}: gained ${gained.join(', ')}`);
    return true;
  };
  check(base, 'only the required fields');
  for (const [k, s] of Object.entries(shape)) {
    if (k in base) continue;
    // The first value that parses (a rule across fields may refuse some).
    for (const v of valuesFor(s)) if (check({ ...base, [k]: v }, k)) break;
  }
  return { problems, parsed };
}

/** The update routes: a PUT whose body declares `version`. */
function updateRoutes(): RouteRecord[] {
  const byKey = new Map<string, RouteRecord>();
  for (const r of routeRegistry)
    if (r.url.startsWith('/api/') && r.method === 'PUT' && r.body && shapeOf(r.body)?.version) byKey.set(`${r.method} ${r.url}`, r);
  return [...byKey.values()];
}

describe('partial updates keep what they leave out (schemas)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('pglite', { JOB_SCHEDULER: '0' });
  });
  afterAll(async () => s?.close());

  it('every update route parses a body of version plus one field to exactly the fields sent', () => {
    const routes = updateRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const r of routes) {
      const { problems: p, parsed } = gainedFields(r);
      problems.push(...p);
      if (!parsed && !p.length) problems.push(`${r.method} ${r.url}: no body parsed`);
    }
    expect(problems, `${problems.length} problems:\n${problems.join('\n')}`).toEqual([]);
  });

  it('every *Update schema of the contract leaves an omitted field out (no defaults)', () => {
    const problems: string[] = [];
    let n = 0;
    for (const [name, value] of Object.entries(contract)) {
      if (!/Update$/.test(name) || !value || typeof value !== 'object' || !('def' in value)) continue;
      const shape = shapeOf(value as ZodType);
      if (!shape) continue;
      n++;
      for (const [k, f] of Object.entries(shape)) {
        const r = f.safeParse(undefined);
        if (r.success && r.data !== undefined) problems.push(`${name}.${k}: an omitted value becomes ${JSON.stringify(r.data)}`);
      }
    }
    expect(n).toBeGreaterThan(30);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('updateOf drops defaults at any wrapper depth and keeps null where the field takes it', () => {
    const create = z.object({
      a: z.number().default(1),
      b: z.string().nullable().default(null),
      c: z.string().default('x').optional(),
      d: z.array(z.string()).default([]),
    });
    const update = contract.updateOf(create);
    expect(update.parse({ version: 3 })).toEqual({ version: 3 });
    expect(update.parse({ version: 3, b: null })).toEqual({ version: 3, b: null });
    expect(update.safeParse({ version: 3, a: 'no' }).success).toBe(false);
    expect(update.safeParse({ a: 1 }).success).toBe(false);
  });
});

describe.each(databases)('partial updates keep what they leave out, through the API (%s)', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0', OUTBOUND_ALLOW: '*,127.0.0.1:1' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  const ok = async (c: Client, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const r = await c.json(method, url, body === undefined ? {} : { body });
    expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
    return r.body;
  };

  it('renaming a closed site keeps it closed, with its capacity and order', async () => {
    const staff = await venueStaff(s, admin, platformId);
    const { sites } = await makeVenue(staff.c, { n: 1 });
    const site = sites[0]! as unknown as { id: number; version: number };
    const closed = await ok(staff.c, 'PUT', venueApi(`site/${site.id}`), { status: 1, capacity: 4, sort: 7, version: site.version });
    expect(closed).toMatchObject({ status: 1, capacity: 4, sort: 7 });
    const renamed = await ok(staff.c, 'PUT', venueApi(`site/${site.id}`), { name: '羽毛球 A 场', version: closed.version });
    expect(renamed).toMatchObject({ name: '羽毛球 A 场', status: 1, capacity: 4, sort: 7 });
  });

  it('renaming a site template keeps its prices (they were emptied)', async () => {
    const staff = await venueStaff(s, admin, platformId);
    const { venue } = await makeVenue(staff.c, { n: 1 });
    const hours = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: '09:00', close: '12:00' }));
    const made = await ok(staff.c, 'POST', venueApi('template'), {
      venueId: venue.id,
      name: '标准场',
      hours,
      prices: [{ start: '09:00', end: '12:00', priceFen: 7000 }],
    });
    const renamed = await ok(staff.c, 'PUT', venueApi(`template/${made.id}`), { name: '标准场（夏季）', version: made.version });
    expect(renamed.name).toBe('标准场（夏季）');
    expect(renamed.prices).toMatchObject([{ start: '09:00', end: '12:00', priceFen: 7000 }]);
  });

  it("editing a disabled application's remark keeps it disabled, with its IP list, restriction and rate", async () => {
    const made = await ok(admin, 'POST', sys('openApp'), {
      orgId: platformId,
      name: uniq('对接应用'),
      status: 1,
      restriction: 'blacklist',
      ipRules: ['10.1.2.0-10.1.2.255', '192.168.0.7'],
      ratePerMinute: 5,
    });
    const edited = await ok(admin, 'PUT', sys(`openApp/${made.id}`), { remark: '只改备注', version: made.version });
    const kept = { status: 1, restriction: 'blacklist', ipRules: ['10.1.2.0-10.1.2.255', '192.168.0.7'], ratePerMinute: 5 };
    expect(edited).toMatchObject({ ...kept, remark: '只改备注' });
    expect(await ok(admin, 'GET', sys(`openApp/${made.id}`))).toMatchObject({ ...kept, remark: '只改备注' });
  });

  it('a message type with templates can be renamed and disabled; its variables, channels and recipients stay; a template edit keeps its title and status', async () => {
    const code = `partial.edit${uniq('x').replace(/[^a-zA-Z]/g, 'x')}`;
    const biz = await ok(admin, 'POST', sys('message/business'), {
      code,
      name: 'Closure',
      variables: [{ name: 'member', sample: 'Li' }],
      channels: ['station'],
      recipients: { operator: true },
    });
    const tpl = await ok(admin, 'POST', sys('message/template'), {
      businessId: biz.id,
      channel: 'station',
      lang: 'en-US',
      title: 'Closed for {member}',
      content: 'Dear {member}, the court is closed.',
      status: 1,
    });
    const renamed = await ok(admin, 'PUT', sys(`message/business/${biz.id}`), { name: 'Court closure', version: biz.version });
    expect(renamed).toMatchObject({
      name: 'Court closure',
      status: 0,
      variables: [{ name: 'member', sample: 'Li' }],
      channels: ['station'],
      recipients: { operator: true },
    });
    const disabled = await ok(admin, 'PUT', sys(`message/business/${biz.id}`), { status: 1, version: renamed.version });
    expect(disabled).toMatchObject({ name: 'Court closure', status: 1, variables: [{ name: 'member', sample: 'Li' }] });
    const content = await ok(admin, 'PUT', sys(`message/template/${tpl.id}`), { content: 'Dear {member}, court 3 is closed.', version: tpl.version });
    expect(content).toMatchObject({ title: 'Closed for {member}', status: 1, content: 'Dear {member}, court 3 is closed.' });
  });

  it('whole-form saves keep a defaulted field they leave out: a paused job stays paused with its retries, a stream keeps its edges, the branding keeps its names', async () => {
    // A paused job whose form leaves out status, retries and the alarm (an older console, a script).
    const job = await createJob(admin, beanJob({ status: 1, retryCount: 3, retryDelaySeconds: 30, alarmOnFailure: false, timeoutSeconds: 90 }));
    const { jobName, jobGroup, jobType, beanName, triggerType, intervalInSeconds, repeatCount } = job as Record<string, unknown>;
    const renamed = await ok(admin, 'PUT', sys(`job/${job.id}`), {
      jobName: `${jobName}-renamed`,
      jobGroup,
      jobType,
      beanName,
      triggerType,
      intervalInSeconds,
      repeatCount,
      version: job.version,
    });
    expect(renamed).toMatchObject({
      jobName: `${jobName}-renamed`,
      status: 1,
      retryCount: 3,
      retryDelaySeconds: 30,
      alarmOnFailure: false,
      timeoutSeconds: 90,
      nextFireTime: null,
    });
    // A disabled stream with an edge: renaming it keeps both.
    const other = await createJob(admin, beanJob());
    const stream = await ok(admin, 'POST', sys('jobStream'), {
      name: uniq('stream-'),
      status: 1,
      nodes: [
        { key: 'a', jobId: job.id },
        { key: 'b', jobId: other.id },
      ],
      edges: [{ from: 'a', to: 'b', on: 'complete' }],
    });
    const streamRenamed = await ok(admin, 'PUT', sys(`jobStream/${stream.id}`), {
      name: `${stream.name}-renamed`,
      nodes: stream.nodes,
      version: stream.version,
    });
    expect(streamRenamed).toMatchObject({ status: 1, edges: [{ from: 'a', to: 'b', on: 'complete' }] });
    // The branding: switching it on keeps the names already saved.
    const current = await ok(admin, 'GET', sys('setting'));
    const named = await ok(admin, 'PUT', sys('setting'), {
      enable: false,
      loginName: '城西体育中心',
      systemName: '场馆后台',
      copyright: '© 城西',
      version: current.version,
    });
    const enabled = await ok(admin, 'PUT', sys('setting'), { enable: true, version: named.version });
    expect(enabled).toMatchObject({ enable: true, loginName: '城西体育中心', systemName: '场馆后台', copyright: '© 城西' });
  });

  it('a message channel saved without its rate keeps the rate (it went back to 60 a minute)', async () => {
    const channels = await ok(admin, 'GET', sys('message/channel'));
    const ding = channels.find((c: { channel: string }) => c.channel === 'dingtalk');
    const settings = { url: 'http://127.0.0.1:1/robot/send' };
    const slow = await ok(admin, 'PUT', sys('message/channel/dingtalk'), { enabled: false, ratePerMinute: 5, settings, version: ding.version });
    expect(slow.ratePerMinute).toBe(5);
    const moved = await ok(admin, 'PUT', sys('message/channel/dingtalk'), {
      enabled: false,
      settings: { url: 'http://127.0.0.1:1/robot/send?x=1' },
      version: slow.version,
    });
    expect(moved).toMatchObject({ ratePerMinute: 5, settings: { url: 'http://127.0.0.1:1/robot/send?x=1' } });
  });
});

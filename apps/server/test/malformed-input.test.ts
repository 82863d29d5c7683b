import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import { Code } from '@venue/contract';
import { routeRegistry, type RouteRecord } from '../src/platform/http.ts';
import { computeSign } from '../src/platform/keys.ts';
import { t } from '../src/platform/i18n.ts';
import { defOf, sample, unwrap, type Def } from './zodSample.ts';
import { Client, databases, startServer, type TestServer } from './harness.ts';

/**
 * Generated from the route registry and the routes' zod schemas (issue 7, finding 10): every
 * malformed value goes into every declared body, query and path field of every route, signed as
 * the console signs, as the admin. No answer may be an HTTP 5xx or an envelope 100500, and none may
 * be the database's last-resort refusal: the schemas must catch the value first and name the field.
 * NUL bytes and undeclared body fields must answer 100400 naming the field.
 */

type Path = (string | number)[];
type Json = unknown;

/** Values that have broken a route before: prototype keys, impossible dates, times and integers outside PostgreSQL's range, NUL. */
const JSON_VALUES: [string, Json][] = [
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['hasOwnProperty', 'hasOwnProperty'],
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'a\ud800b'],
  ['2026-99-99', '2026-99-99'],
  ['2026-02-30', '2026-02-30'],
  ['2026-13-01', '2026-13-01'],
  ['year 300000', '+300000-01-01T00:00:00Z'],
  ['year 300000 day', '300000-01-01'],
  ['year 275760', '+275760-09-13T00:00:00.000Z'],
  ['year -1', '-000001-01-01T00:00:00Z'],
  ['year -5000', '-005000-01-01T00:00:00Z'],
  ['epoch ms max', 8.64e15],
  ['epoch ms min', -8.64e15],
  ['smallint + 1', 32768],
  ['int4 + 1', 2147483648],
  ['int4 - 1', -2147483649],
  ['11 digits', 99999999999],
  ['11 digits text', '99999999999'],
  ['int8 max text', '9223372036854775807'],
  ['int8 + 1 text', '9223372036854775808'],
  ['20 digits', 1e20],
  ['20 digits text', '99999999999999999999'],
  ['-1', -1],
  ['1e300', 1e300],
  ['1.5', 1.5],
  ['id list 20 digits', '1,99999999999999999999'],
  ['id list 11 digits', '1,99999999999'],
  ['[11 digits]', [99999999999]],
  ['[int4 + 1]', [2147483648]],
  ['[20 digits]', [1e20]],
  ['[NUL]', ['a\u0000b']],
  ['{NUL}', { 'a\u0000b': 'a\u0000b' }],
  ['[__proto__]', ['__proto__']],
];

/** The same for path segments and query strings (text only). */
const TEXT_VALUES: [string, string][] = [
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['NUL', '\u0000'],
  ['NUL inside', 'a\u0000b'],
  ['2026-99-99', '2026-99-99'],
  ['2026-02-30', '2026-02-30'],
  ['year 300000', '+300000-01-01T00:00:00Z'],
  ['year -1', '-000001-01-01T00:00:00Z'],
  ['epoch ms max', '8640000000000000'],
  ['smallint + 1', '32768'],
  ['int4 + 1', '2147483648'],
  ['11 digits', '99999999999'],
  ['int8 max', '9223372036854775807'],
  ['int8 + 1', '9223372036854775808'],
  ['20 digits', '99999999999999999999'],
  ['-1', '-1'],
  ['id list 20 digits', '1,99999999999999999999'],
  ['id list 11 digits', '1,99999999999'],
  ['id list int4 + 1', '1,2147483648'],
];

/** Text PostgreSQL cannot store: NUL, and lone UTF-16 surrogates in JSON. */
// eslint-disable-next-line no-control-regex -- NUL is what it looks for
const UNSTORABLE = /\u0000|[\uD800-\uDFFF]/;
const isNul = (v: unknown): boolean =>
  typeof v === 'string'
    ? UNSTORABLE.test(v)
    : Array.isArray(v)
      ? v.some(isNul)
      : !!v && typeof v === 'object' && Object.entries(v).some(([k, x]) => isNul(k) || isNul(x));

// ---- zod introspection (zod 4 definitions) ----

// Numbers first, so that ids are 1: records that exist (the admin user, the platform organisation …).
const CANDIDATES: unknown[] = [
  1,
  0,
  2,
  1970,
  2026,
  false,
  true,
  'x',
  'abc',
  'Abc_1',
  'a@b.co',
  '13800000000',
  '2026-01-01',
  '2026-01-01T00:00:00.000Z',
  '110101',
  '110101001',
  '0 0 12 * * ?',
  '1.0.0',
  'Aa1@bcdef',
  '1234',
  '123456',
];

interface Leaf {
  path: Path;
  schema: ZodType;
}

/** The fields of an input schema, nested objects and arrays of objects included (first element). */
function leaves(s: ZodType, path: Path = [], depth = 0): Leaf[] {
  const d = defOf(unwrap(s));
  if (depth < 4 && d.type === 'object' && d.shape) return Object.entries(d.shape).flatMap(([k, v]) => leaves(v, [...path, k], depth + 1));
  if (depth < 4 && path.length && d.type === 'array' && d.element && defOf(unwrap(d.element)).type === 'object') {
    return [{ path, schema: s }, ...leaves(d.element, [...path, 0], depth + 1)];
  }
  return path.length ? [{ path, schema: s }] : [];
}

function setAt(target: Record<string, unknown>, path: Path, value: unknown, schema: ZodType): Record<string, unknown> {
  const root = structuredClone(target);
  let cur: Record<string | number, unknown> = root;
  let s: ZodType | undefined = schema;
  for (let i = 0; i < path.length - 1; i++) {
    const k = path[i]!;
    const d: Def | undefined = s ? defOf(unwrap(s)) : undefined;
    s = d?.type === 'object' ? d.shape?.[k as string] : d?.type === 'array' ? d.element : undefined;
    if (cur[k] === undefined || cur[k] === null || (Array.isArray(cur[k]) && (cur[k] as unknown[]).length === 0)) {
      cur[k] = typeof path[i + 1] === 'number' ? [] : s ? (sample(s, CANDIDATES) ?? {}) : {};
      if (typeof path[i + 1] === 'number' && s) {
        const el = defOf(unwrap(s)).element;
        (cur[k] as unknown[]).push(el ? (sample(el, CANDIDATES) ?? {}) : {});
      }
    }
    cur = cur[k] as Record<string | number, unknown>;
  }
  cur[path[path.length - 1]!] = value;
  return root;
}

// ---- the requests ----

interface Probe {
  route: RouteRecord;
  /** The fields the value went into. */
  fields: string[];
  label: string;
  method: RouteRecord['method'];
  url: string;
  body?: unknown;
  /** The answer must be 100400 naming these fields. */
  mustName: string[];
  /** For a probe that carries the value in several fields: the same probe for a subset of them (to find the culprit). */
  split?: (fields: string[]) => Probe;
}

const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, k: string) => (values[k] === undefined ? '1' : values[k]!.split(',').map(encodeURIComponent).join(',')));
}

function qs(q: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Bodies the server accepted (or refused for reasons other than a field), by route: see repairBaselines. */
const repaired = new Map<RouteRecord, Record<string, unknown>>();

function baseOf(route: RouteRecord) {
  const paramShape = route.params ? defOf(unwrap(route.params)).shape : undefined;
  const params: Record<string, string> = {};
  for (const n of pathParams(route.url)) params[n] = paramShape?.[n] ? String(sample(paramShape[n]!, CANDIDATES) ?? 1) : '1';
  const query = route.query ? ((sample(route.query, CANDIDATES) as Record<string, unknown>) ?? {}) : {};
  const body = route.body ? (repaired.get(route) ?? (sample(route.body, CANDIDATES) as Record<string, unknown>) ?? {}) : undefined;
  return { paramShape, params, query, body };
}

/** The sample values a top-level body field accepts, in candidate order. */
function candidatesFor(route: RouteRecord, field: string): unknown[] {
  const s = route.body ? defOf(unwrap(route.body)).shape?.[field] : undefined;
  return s ? CANDIDATES.filter((c) => s.safeParse(c).success) : [];
}

const isContainer = (leaf: Leaf) => defOf(unwrap(leaf.schema)).type === 'array' && defOf(unwrap(defOf(unwrap(leaf.schema)).element!)).type === 'object';

function probesOf(route: RouteRecord): Probe[] {
  const out: Probe[] = [];
  const base = baseOf(route);
  const one = (fields: string[], label: string, url: string, body: unknown, nul: boolean): Probe => ({
    route,
    fields,
    label,
    method: route.method,
    url,
    body,
    mustName: nul ? fields : [],
  });

  // Path parameters: every text value the parameter's schema lets through (all of them when it has none).
  for (const n of pathParams(route.url)) {
    const s = base.paramShape?.[n];
    for (const [label, v] of TEXT_VALUES) {
      if (s && !s.safeParse(v).success) continue;
      out.push(one([n], label, fillPath(route.url, { ...base.params, [n]: v }) + qs(base.query), base.body, !!s && isNul(v)));
    }
  }
  // Query strings (text only).
  if (route.query) {
    for (const leaf of leaves(route.query)) {
      if (leaf.path.length !== 1) continue;
      const k = String(leaf.path[0]);
      for (const [label, v] of TEXT_VALUES) {
        if (!leaf.schema.safeParse(v).success) continue;
        out.push(one([k], label, fillPath(route.url, base.params) + qs({ ...base.query, [k]: v }), base.body, isNul(v)));
      }
    }
  }
  // Body fields, nested ones included: one value goes into every field that accepts it at once; a
  // refusal, a failure or a not-found is then narrowed down field by field.
  if (route.body && base.body) {
    const schema = route.body;
    const url = fillPath(route.url, base.params) + qs(base.query);
    const all = leaves(schema);
    for (const [label, v] of JSON_VALUES) {
      const accepting = all.filter((l) => l.schema.safeParse(v).success);
      const containers = accepting.filter(isContainer);
      const flat = accepting.filter((l) => !isContainer(l));
      const build = (group: Leaf[]): Probe => {
        const fields = group.map((l) => l.path.join('.'));
        const body = group.reduce((b, l) => setAt(b, l.path, v, schema), base.body!);
        return { ...one(fields, label, url, body, isNul(v)), split: (sub) => build(group.filter((l) => sub.includes(l.path.join('.')))) };
      };
      if (flat.length) out.push(build(flat));
      for (const c of containers) out.push(build([c]));
    }
  }
  return out;
}

/**
 * Routes whose body is another party's own format, not our JSON: a payment provider's signed
 * notification is verified over its exact bytes (payment.service.ts, commerce notify tests).
 */
const FOREIGN_BODY = new Set(['POST /api/sport/pay/notify/:provider']);

/** Undeclared body fields: refused naming the field (strict objects), on every route that takes a JSON body. */
function strictProbes(route: RouteRecord, multipart: boolean): Probe[] {
  if (route.method === 'GET' || multipart || FOREIGN_BODY.has(`${route.method} ${route.url}`)) return [];
  const b = baseOf(route);
  const url = fillPath(route.url, b.params) + qs(b.query);
  const body = b.body ?? {};
  const probe = (field: string, payload: unknown): Probe => ({
    route,
    fields: [field],
    label: 'undeclared field',
    method: route.method,
    url,
    body: payload,
    mustName: [field],
  });
  const probes = [probe('undeclaredField', { ...body, undeclaredField: 'x' })];
  // Nested objects are strict too.
  if (route.body) {
    for (const leaf of leaves(route.body)) {
      if (defOf(unwrap(leaf.schema)).type !== 'object') continue;
      probes.push(probe([...leaf.path, 'undeclaredField'].join('.'), setAt(body, [...leaf.path, 'undeclaredField'], 'x', route.body)));
    }
  }
  return probes;
}

/** Keys that name the prototype chain: refused at any depth, naming the field, before any handler runs (issue 23, point 11). */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** A JSON object with one own key (JSON.parse makes `__proto__` an own key, as a request body does). */
const withKey = (key: string, value: unknown): Record<string, unknown> => JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`);

/** Prototype keys at the top of the body, inside a declared nested object, and deep inside an array of objects. */
function prototypeKeyProbes(route: RouteRecord, multipart: boolean): Probe[] {
  const b = baseOf(route);
  const url = fillPath(route.url, b.params) + qs(b.query);
  // In the query string, on every route.
  const inQuery = PROTOTYPE_KEYS.map((key): Probe => ({
    route,
    fields: [key],
    label: `query key ${key}`,
    method: route.method,
    url: `${url}${url.includes('?') ? '&' : '?'}${key}=x`,
    body: b.body,
    mustName: [key],
  }));
  if (route.method === 'GET' || multipart || FOREIGN_BODY.has(`${route.method} ${route.url}`)) return inQuery;
  const body = b.body ?? {};
  const probe = (field: string, label: string, payload: unknown): Probe => ({
    route,
    fields: [field],
    label,
    method: route.method,
    url,
    body: payload,
    mustName: [field],
  });
  const nested = route.body ? leaves(route.body).find((l) => defOf(unwrap(l.schema)).type === 'object') : undefined;
  return (
    PROTOTYPE_KEYS.flatMap((key) => {
      const value = { isAdmin: true, toString: 1 };
      const probes = [
        probe(key, `key ${key}`, { ...body, ...withKey(key, value) }),
        probe(key, `key ${key} (text)`, { ...body, ...withKey(key, 'x') }),
        probe(`rows.0.${key}`, `deep key ${key}`, { ...body, rows: [withKey(key, value)] }),
      ];
      if (nested) {
        const path = [...nested.path, key].join('.');
        probes.push(probe(path, `nested key ${key}`, setAt(body, [...nested.path, key], value, route.body!)));
      }
      return probes;
    })
      // Other names of Object.prototype are plain undeclared fields.
      .concat(
        probe('toString', 'key toString', { ...body, toString: { a: 1 } }),
        probe('hasOwnProperty', 'key hasOwnProperty', { ...body, hasOwnProperty: { a: 1 } }),
      )
      .concat(inQuery)
  );
}

const ACTOR = 'fuzz-admin';
const ACTOR_PASSWORD = 'Fuzz@12345';

// One database: the values are refused by the routes' schemas before any statement, and what does
// reach the database meets the same PostgreSQL either way; PostgreSQL when CI has it, as it runs
// this suite in a third of PGlite's time (CI's budget, docs/decisions.md).
describe.each(databases.slice(-1))('malformed input on every route (%s)', (kind) => {
  let s: TestServer;
  let admin: Client;
  let n = 0;
  let relogin: Promise<unknown> | undefined;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    // The probes edit the records with id 1 (the seeded admin among them), so they are sent by a
    // second platform administrator whose own records they never name.
    const seeded = new Client(s);
    expect((await seeded.login()).code).toBe(0);
    const roles = await seeded.json('POST', '/api/system/role/list', { body: { code: 'ROLE_ADMIN', pageSize: 50 } });
    const roleId = (roles.body.data as { id: number; code: string; orgId: number }[]).find((r) => r.code === 'ROLE_ADMIN')!.id;
    const made = await seeded.json('POST', '/api/system/user', { body: { code: ACTOR, name: 'Fuzz', password: ACTOR_PASSWORD, roleIds: [roleId] } });
    expect(made.code, JSON.stringify(made)).toBe(0);
    admin = new Client(s);
    expect((await admin.login(ACTOR, ACTOR_PASSWORD)).code).toBe(0);
  });
  afterAll(async () => s?.close());

  /** One signed call as the console makes it, each from its own address (rate limits stay out of the way). */
  async function sendOnce(p: Probe): Promise<LightMyRequestResponse> {
    const raw = p.body === undefined || p.method === 'GET' ? '' : JSON.stringify(p.body);
    const ts = String(Math.floor(Date.now() / 1000));
    n++;
    const headers: Record<string, string> = {
      lang: 'en-US',
      timestamp: ts,
      sign: computeSign(s.app.ctx.keys.signKey, ts, p.method, p.url, raw),
      'x-xsrf-token': admin.cookies.get('XSRF-TOKEN') ?? '',
      ...(raw ? { 'content-type': 'application/json' } : {}),
      ...(admin.token ? { authorization: `Bearer ${admin.token}` } : {}),
    };
    return s.app.inject({
      method: p.method as 'GET',
      url: p.url,
      payload: raw || undefined,
      headers,
      cookies: Object.fromEntries(admin.cookies),
      remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    });
  }

  /** A probe that ended the admin's session (sign-out) signs in again and is sent once more. */
  async function send(p: Probe): Promise<LightMyRequestResponse> {
    const res = await sendOnce(p);
    if (res.statusCode !== 401 || p.route.permission === undefined) return res;
    relogin ??= admin.login(ACTOR, ACTOR_PASSWORD).finally(() => (relogin = undefined));
    await relogin;
    return sendOnce(p);
  }

  /** Answers that come after every field was used (success, duplicate or stale version, wrong credentials, captcha, lock): nothing to narrow down. */
  const FINAL: number[] = [
    Code.OK,
    Code.OK_NOTICE,
    Code.CONFLICT,
    Code.BAD_CREDENTIALS,
    Code.CAPTCHA_REQUIRED,
    Code.LOCKED,
    Code.TOO_MANY,
    Code.PASSWORD_CHANGE_REQUIRED,
  ];

  /** Problems with one probe's answer; a probe over several fields that was refused is narrowed down. */
  async function check(p: Probe): Promise<string[]> {
    const res = await send(p);
    const where = `${p.method} ${p.route.url} ${p.fields.join(',')}=${p.label}`;
    let env: { code?: number; msg?: string; detail?: unknown } = {};
    if (String(res.headers['content-type'] ?? '').includes('json')) env = res.json();
    const failed = res.statusCode >= 500 || env.code === Code.INTERNAL;
    const byDatabase = env.code === Code.INVALID && env.msg === t('en-US', 'error.invalidValue');
    if (p.mustName.length) {
      const named = Array.isArray(env.detail) ? (env.detail as { field?: string }[]).map((d) => d.field) : [];
      const missing = p.mustName.filter((f) => !named.some((m) => m === f || m?.startsWith(`${f}.`)));
      return env.code === Code.INVALID && !missing.length
        ? []
        : [`${where}: expected 100400 naming ${missing.join(', ')}, got HTTP ${res.statusCode} ${env.code} ${JSON.stringify(env.detail)}`];
    }
    if (p.split && p.fields.length > 1) {
      // A refusal naming some of the fields: the others go again without them. Any other refusal
      // (not found, forbidden, a failure): halves, down to the field.
      const named = Array.isArray(env.detail) ? (env.detail as { field?: string }[]).map((d) => d.field ?? '') : [];
      const rest = p.fields.filter((f) => !named.some((m) => m === f || m.startsWith(`${f}.`)));
      if (!failed && !byDatabase && (env.code === Code.INVALID || env.code === Code.FORM_INVALID) && named.length) {
        // Naming only other fields: the rest of the request was refused, whatever the value.
        return rest.length && rest.length < p.fields.length ? check(p.split(rest)) : [];
      }
      if (failed || byDatabase || (env.code !== undefined && !FINAL.includes(env.code))) {
        const half = Math.ceil(p.fields.length / 2);
        const [a, b] = await Promise.all([check(p.split(p.fields.slice(0, half))), check(p.split(p.fields.slice(half)))]);
        return [...a, ...b];
      }
    }
    if (failed) return [`${where}: HTTP ${res.statusCode} ${env.code ?? ''} ${env.msg ?? ''}`];
    if (byDatabase) return [`${where}: refused by the database, not by the schema`];
    return [];
  }

  async function checkAll(probes: Probe[]): Promise<string[]> {
    const found: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < probes.length) found.push(...(await check(probes[next++]!)));
      }),
    );
    return found.sort();
  }

  function routes(): RouteRecord[] {
    const byKey = new Map<string, RouteRecord>();
    for (const r of routeRegistry) if (r.url.startsWith('/api/')) byKey.set(`${r.method} ${r.url}`, r);
    // Reads first, deletions last.
    const order = { GET: 0, POST: 1, PUT: 2, DELETE: 3 } as const;
    return [...byKey.values()].sort((a, b) => order[a.method as keyof typeof order] - order[b.method as keyof typeof order]);
  }

  /**
   * A body sampled from its schema may still be refused by the service (a cron expression the
   * trigger needs, a field another one requires). Fields the answer names get the next sample
   * value they accept, a few rounds, so that malformed values reach the code behind the checks.
   */
  async function repairBaselines(all: RouteRecord[]): Promise<void> {
    await Promise.all(
      all.map(async (route) => {
        if (!route.body || route.method === 'GET') return;
        let body = baseOf(route).body!;
        const tried = new Map<string, number>();
        for (let round = 0; round < 12; round++) {
          const b = baseOf(route);
          const res = await send({
            route,
            fields: [],
            label: 'baseline',
            method: route.method,
            url: fillPath(route.url, b.params) + qs(b.query),
            body,
            mustName: [],
          });
          const env = String(res.headers['content-type'] ?? '').includes('json') ? (res.json() as { code?: number; detail?: unknown }) : {};
          if (env.code !== Code.INVALID && env.code !== Code.FORM_INVALID) break;
          const named = Array.isArray(env.detail) ? [...new Set((env.detail as { field?: string }[]).map((d) => (d.field ?? '').split('.')[0]!))] : [];
          let changed = false;
          for (const f of named) {
            const options = candidatesFor(route, f);
            const i = (tried.get(f) ?? -1) + 1;
            if (i >= options.length) continue;
            tried.set(f, i);
            body = { ...body, [f]: options[i] };
            changed = true;
          }
          if (!changed) break;
          repaired.set(route, body);
        }
      }),
    );
  }

  // Every route's every field: minutes, growing with the routes (a slow machine must not fail it on time alone).
  it('answers 100400 naming the field, never 5xx or 100500, for malformed values in every declared field', { timeout: 900_000 }, async () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(100);
    await repairBaselines(all);
    const probes = all.flatMap(probesOf);
    const found = await checkAll(probes);
    expect(found, `${found.length} problems:\n${found.join('\n')}`).toEqual([]);
  });

  it(
    'refuses the keys __proto__, constructor and prototype at any depth with 100400 naming the field, on every route that takes a JSON body',
    { timeout: 900_000 },
    async () => {
      const uploads = new Set(['import', 'upload']);
      const all = routes();
      const probes = all.flatMap((r) => prototypeKeyProbes(r, uploads.has(r.action)));
      expect(probes.length).toBeGreaterThan(all.length);
      const found = await checkAll(probes);
      expect(found, `${found.length} problems:\n${found.join('\n')}`).toEqual([]);
    },
  );

  it('refuses the keys __proto__ and constructor on public routes, signing in included, before the credentials are read', async () => {
    for (const key of PROTOTYPE_KEYS) {
      const anonymous = new Client(s);
      const res = await anonymous.json('POST', '/api/auth/login', {
        body: { loginName: ACTOR, password: ACTOR_PASSWORD, others: { appSign: 'venue-console', loginType: 'password' }, ...withKey(key, { polluted: true }) },
      });
      expect(res.code, JSON.stringify(res)).toBe(Code.INVALID);
      expect(res.detail).toEqual([{ field: key, message: expect.any(String) }]);
    }
    // The refused calls changed nothing: the actor still signs in with the same password.
    expect((await new Client(s).login(ACTOR, ACTOR_PASSWORD)).code).toBe(0);
  });

  it('refuses undeclared body fields, top level and nested, naming them', async () => {
    const uploads = new Set(['import', 'upload']);
    const probes = routes().flatMap((r) => strictProbes(r, uploads.has(r.action)));
    const found = await checkAll(probes);
    expect(found, `${found.length} problems:\n${found.join('\n')}`).toEqual([]);
  });
});

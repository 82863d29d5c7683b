import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, CONTRACT_MODULES, ITEM_KINDS, type ContractModule } from '@venue/contract';
import { buildApp } from '../src/app.ts';
import { demoOrder, loadModules, ModuleListError, seedModuleDemos, type ModuleEnv, type ModuleManifest } from '../src/platform/module.ts';
import type { JobHandler } from '../src/modules/job/index.ts';
import type { MessageBusinessType } from '../src/modules/message/index.ts';
import { MODULES } from '../src/modules/modules.ts';
import { createOrder, drawerCashPort, itemKind, type DrawerCash } from '../src/modules/sport/commerce/index.ts';
import { commerceStaff, sport } from '../src/modules/sport/commerce/commerce.testkit.ts';
import type { Caller } from '../src/platform/http.ts';
import { adminClient } from '../src/modules/system/admin.testkit.ts';
import { databases, startServer, type TestServer } from './harness.ts';

/**
 * One manifest per module, one loader (issue 24, point 5): what a module author sees when the
 * module list is wrong. The loader refuses at start-up, naming the problem, instead of a module
 * silently missing its dependency or overwriting another's permission, job or route.
 */

const manifest = (name: string, over: Partial<ModuleManifest> = {}): ModuleManifest => ({ name, dependsOn: [], ...over });
const ui = (name: string, permissions: ContractModule['permissions']): ContractModule => ({ name, permissions, screens: [] });
const job = (name: string): JobHandler => ({ name, descriptionKey: 'job.noop', run: async () => undefined });

function refusal(list: ModuleManifest[]): string[] {
  try {
    loadModules(list);
  } catch (err) {
    if (err instanceof ModuleListError) return [...err.problems];
    throw err;
  }
  return [];
}

describe('the module loader', () => {
  it('loads the real module list: unique names, every dependency present, each module after its dependencies', () => {
    const order = loadModules(MODULES).map((m) => m.name);
    expect(order).toHaveLength(MODULES.length);
    for (const m of MODULES) for (const d of m.dependsOn) expect(order.indexOf(d), `${m.name} after ${d}`).toBeLessThan(order.indexOf(m.name));
  });

  it('does not depend on the order of the list: reversed, every module still comes after its dependencies', () => {
    const order = loadModules([...MODULES].reverse()).map((m) => m.name);
    expect(new Set(order)).toEqual(new Set(MODULES.map((m) => m.name)));
    for (const m of MODULES) for (const d of m.dependsOn) expect(order.indexOf(d), `${m.name} after ${d}`).toBeLessThan(order.indexOf(m.name));
  });

  it('gives every module of the contract (permissions, screens, log labels) to exactly one server module of the same name', () => {
    const served = MODULES.filter((m) => m.ui).map((m) => m.ui!.name);
    expect(
      served.filter((n, i) => served.indexOf(n) !== i),
      'a contract module served twice',
    ).toEqual([]);
    for (const m of MODULES) if (m.ui) expect(m.ui.name, `the ui of ${m.name}`).toBe(m.name);
    expect(
      CONTRACT_MODULES.map((m) => m.name).filter((n) => !served.includes(n)),
      'contract modules no server manifest declares',
    ).toEqual([]);
  });

  it('contributes only item kinds the contract lists (the console names each one of ITEM_KINDS)', () => {
    const kinds = MODULES.flatMap((m) => (m.contributes?.kinds ?? []).map((k) => k.kind));
    expect(kinds.filter((k) => !(ITEM_KINDS as readonly string[]).includes(k))).toEqual([]);
    expect([...ITEM_KINDS].sort()).toEqual([...kinds].sort());
  });

  it('refuses a missing dependency, naming the module and what it lacks', () => {
    expect(refusal([manifest('system'), manifest('sport/coach', { dependsOn: ['system', 'sport/commerce'] })])).toEqual([
      'module sport/coach depends on sport/commerce, which is not in the module list',
    ]);
  });

  it('refuses a module listed twice and modules that depend on one another in a circle', () => {
    expect(refusal([manifest('system'), manifest('system')])).toEqual(['module system is listed twice']);
    expect(refusal([manifest('a', { dependsOn: ['b'] }), manifest('b', { dependsOn: ['a'] })])).toEqual(['modules depend on one another in a circle: a, b']);
  });

  it('refuses a permission code, a screen or a log label that two modules declare', () => {
    const a = manifest('a', { ui: { ...ui('a', { coach: { list: 'sport:coach:list' } }), logLabels: { coach: { 'zh-CN': '教练', 'en-US': 'Coaches' } } } });
    const b = manifest('b', { ui: { ...ui('b', { trainer: { list: 'sport:coach:list' } }), logLabels: { coach: { 'zh-CN': '教练', 'en-US': 'Coaches' } } } });
    expect(refusal([a, b])).toEqual(['permission sport:coach:list is declared by a and b', 'log label coach is declared by a and b']);
    const screen = { key: 'sport.coach', path: '/sport/views/coach', title: { 'zh-CN': '教练', 'en-US': 'Coaches' }, icon: 'TrophyOutlined', cache: true };
    expect(refusal([manifest('a', { ui: { ...ui('a', {}), screens: [screen] } }), manifest('b', { ui: { ...ui('b', {}), screens: [screen] } })])).toEqual([
      'screen sport.coach is declared by a and b',
    ]);
  });

  it('refuses a job handler (or any contribution) that two modules contribute under one name', () => {
    const a = manifest('a', { contributes: { jobs: [job('expireCoachLessons')] } });
    const b = manifest('b', { contributes: { jobs: [job('expireCoachLessons')] } });
    expect(refusal([a, b])).toEqual(['jobs expireCoachLessons is declared by a and b']);
  });

  it('refuses an item kind, order type, ledger account, payment method or message type that two modules contribute, naming both', () => {
    const lessonKind = itemKind({ kind: 'lesson', orderTypes: ['lesson'], price: async () => ({ name: '课', unitPriceFen: 100 }) });
    const text = { title: '课程提醒', content: '{memberName}' };
    const reminder: MessageBusinessType = {
      code: 'lesson.reminder',
      label: '课程提醒',
      variables: [{ name: 'memberName', sample: '王小明' }],
      channels: ['sms'],
      recipients: { member: true, operator: false, roleIds: [], orgUsers: false },
      text: { 'zh-CN': text, 'en-US': text },
    };
    const contributes = {
      kinds: [lessonKind],
      orderTypes: ['lesson'],
      ledgerAccounts: ['deposit'],
      payMethods: [{ name: 'voucher', account: 'deposit' }],
      messageTypes: [reminder],
    };
    expect(refusal([manifest('sport/coach', { contributes }), manifest('sport/course', { contributes })])).toEqual([
      'kinds lesson is declared by sport/coach and sport/course',
      'orderTypes lesson is declared by sport/coach and sport/course',
      'ledgerAccounts deposit is declared by sport/coach and sport/course',
      'payMethods voucher is declared by sport/coach and sport/course',
      'messageTypes lesson.reminder is declared by sport/coach and sport/course',
    ]);
    // A new module may not take a name a loaded module owns: the core's cash account, the cards' card method, booking's venue type.
    const taker = manifest('test/taker', {
      dependsOn: ['sport/commerce'],
      contributes: { ledgerAccounts: ['cash'], payMethods: [{ name: 'card', account: 'cash' }], orderTypes: ['venue'], jobs: [job('venue.markNoShows')] },
    });
    expect(refusal([...MODULES, taker]).sort()).toEqual([
      'jobs venue.markNoShows is declared by sport/booking and test/taker',
      'ledgerAccounts cash is declared by sport/commerce and test/taker',
      'orderTypes venue is declared by sport/booking and test/taker',
      'payMethods card is declared by sport/card and test/taker',
    ]);
  });

  it("runs a demo after the demos whose data it reads, even of a module that depends on it (the open-access demo calls the members' interfaces)", () => {
    const modules = loadModules([
      manifest('system'),
      manifest('open', { dependsOn: ['system'], demoAfter: ['sport/member'] }),
      manifest('sport/member', { dependsOn: ['system', 'open'] }),
    ]);
    expect(modules.map((m) => m.name)).toEqual(['system', 'open', 'sport/member']);
    expect(demoOrder(modules).map((m) => m.name)).toEqual(['system', 'sport/member', 'open']);
    const real = demoOrder(loadModules(MODULES)).map((m) => m.name);
    for (const m of MODULES)
      for (const d of m.demoAfter ?? []) if (real.includes(d)) expect(real.indexOf(d), `${d}'s demo before ${m.name}'s`).toBeLessThan(real.indexOf(m.name));
  });

  it('starts a demo once the demos it waits for are done, overlaps demos that wait for none of each other, and closes what started when one fails', async () => {
    const events: string[] = [];
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const demo =
      (name: string, ticks: number, fail = false) =>
      async () => {
        events.push(`${name} start`);
        for (let i = 0; i < ticks; i++) await tick();
        if (fail) throw new Error(`${name} failed`);
        events.push(`${name} end`);
        return async () => void events.push(`${name} closed`);
      };
    const run = (list: ModuleManifest[]) => {
      const modules = loadModules(list);
      return seedModuleDemos({ modules, app: { log: { debug: () => undefined } } } as unknown as ModuleEnv);
    };
    const close = await run([
      manifest('system', { demo: demo('system', 1) }),
      manifest('slow', { dependsOn: ['system'], demo: demo('slow', 5) }),
      manifest('quick', { dependsOn: ['system'], demo: demo('quick', 1) }),
      manifest('after', { dependsOn: ['system', 'slow'], demo: demo('after', 1) }),
    ]);
    // quick does not wait for slow (both only need system's data); after waits for slow.
    expect(events).toEqual(['system start', 'system end', 'slow start', 'quick start', 'quick end', 'slow end', 'after start', 'after end']);
    events.length = 0;
    await close();
    expect(events).toEqual(['after closed', 'quick closed', 'slow closed', 'system closed']);

    events.length = 0;
    await expect(
      run([
        manifest('system', { demo: demo('system', 1) }),
        manifest('broken', { dependsOn: ['system'], demo: demo('broken', 1, true) }),
        manifest('fine', { dependsOn: ['system'], demo: demo('fine', 3) }),
        manifest('needs-broken', { dependsOn: ['broken'], demo: demo('needs-broken', 1) }),
      ]),
    ).rejects.toThrow('broken failed');
    // The demo needing the broken one never starts; the others finish and are closed.
    expect(events).not.toContain('needs-broken start');
    expect(events.filter((e) => e.endsWith('closed'))).toEqual(['fine closed', 'system closed']);
  });

  it('names every problem at once', () => {
    const problems = refusal([manifest('a', { dependsOn: ['x'] }), manifest('b', { dependsOn: ['y'] })]);
    expect(problems).toHaveLength(2);
  });
});

// A module selling lessons: one kind object, as a real module's (the app is built on both databases in one process).
const lesson = itemKind({ kind: 'test_lesson', orderTypes: ['test_lesson'], price: async () => ({ name: '私教课', unitPriceFen: 30000 }) });
const coach = manifest('test/coach', { dependsOn: ['sport/commerce'], contributes: { kinds: [lesson], orderTypes: ['test_lesson'] } });

describe.each(databases)('start-up with a wrong module list on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it('stops before listening when a module lacks a dependency', async () => {
    const lonely = manifest('test/lonely', { dependsOn: ['sport/commerce', 'test/absent'] });
    await expect(buildApp({ config: s.config, database: s.database, modules: [...MODULES, lonely] })).rejects.toThrow(
      'module test/lonely depends on test/absent, which is not in the module list',
    );
  });

  it('stops when two modules register the same route', async () => {
    const route = (name: string) =>
      manifest(name, { dependsOn: ['system'], routes: ({ app }) => void app.get('/api/sport/coach/list', async () => ({ from: name })) });
    const app = buildApp({ config: s.config, database: s.database, modules: [route('a'), route('b'), ...MODULES] });
    await expect(app).rejects.toThrow(/already declared for route .*\/api\/sport\/coach\/list/);
  });

  it('registers the item kinds and order types a manifest declares, so an order of them sells; two modules declaring one kind stop the start', async () => {
    const app = await buildApp({ config: s.config, database: s.database, modules: [...MODULES, coach] });
    await app.close();
    // An order of the declared kind sells (the commerce facade takes it; no console route sells it).
    const { c: admin, platformOrgId } = await adminClient(s);
    const { orgId, userId } = await commerceStaff(s, admin, platformOrgId);
    const caller: Caller = {
      sessionId: 0,
      userId,
      userName: 'c',
      userCode: 'c',
      orgId,
      platform: false,
      admin: false,
      perms: new Set(),
      menuIds: new Set(),
      epoch: 0,
      roles: ['cashier'],
      mustChangePassword: false,
    };
    const line = { kind: 'test_lesson', quantity: 1, discountFen: 0 };
    const id = await createOrder(
      s.database.db,
      caller,
      { orgId, type: 'test_lesson', channel: 'console', buyerName: null, buyerPhone: null, remark: null, items: [line] },
      undefined,
    );
    const rows = await s.database.query<{ type: string; kind: string; amount_fen: string }>(
      'select o.type, i.kind, i.amount_fen from sport_order o join sport_order_item i on i.order_id = o.id where o.id = $1',
      [id],
    );
    expect(rows.map((r) => ({ ...r, amount_fen: Number(r.amount_fen) }))).toEqual([{ type: 'test_lesson', kind: 'test_lesson', amount_fen: 30000 }]);

    const rival = manifest('test/trainer', { dependsOn: ['sport/commerce'], contributes: { kinds: [{ ...lesson }] } });
    await expect(buildApp({ config: s.config, database: s.database, modules: [...MODULES, coach, rival] })).rejects.toThrow(
      'kinds test_lesson is declared by test/coach and test/trainer',
    );
  });

  it('refuses a cash refund when no module answers for the drawer (commerce without booking), instead of paying it out uncapped', async () => {
    const plugged: DrawerCash = drawerCashPort.get();
    drawerCashPort.reset();
    try {
      const { c } = await adminClient(s);
      const body = { payeeName: '押金客户', amountFen: 500, method: 'cash', reason: '押金退还' };
      const refused = await c.json('POST', sport('refund/nonOrder'), { body, lang: 'en-US' });
      expect(refused.code).toBe(Code.FORM_INVALID);
      expect(refused.msg).toContain('booking module is not loaded');
    } finally {
      drawerCashPort.plug(plugged);
    }
  });

  it('builds a working server from the module list in reverse order', async () => {
    const app = await buildApp({ config: s.config, database: s.database, modules: [...MODULES].reverse() });
    try {
      const res = await app.inject({ method: 'GET', url: '/config.json' });
      expect(res.statusCode).toBe(200);
      expect(app.printRoutes().length).toBe(s.app.printRoutes().length);
    } finally {
      await app.close();
    }
  });
});

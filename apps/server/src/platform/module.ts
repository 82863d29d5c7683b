import type { FastifyInstance } from 'fastify';
import type { ContractModule, ContractWords } from '@venue/contract';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import type { AppContext } from './http.ts';

/**
 * A module's manifest (issue 24, point 5): everything the module brings, declared in one place, so
 * adding a module is one line in the module list (modules/modules.ts) and nothing else shared.
 * The loader (`loadModules`) orders the manifests by their dependencies, refuses a missing
 * dependency or a name declared twice, and runs their steps: plug ports, register routes, seed.
 *
 * The platform knows no module: what modules hand to one another (job handlers to the scheduler)
 * are contributions, typed by the module that collects them through declaration merging:
 *   declare module '../../platform/module.ts' { interface ModuleContributions { jobs: JobHandler } }
 * Each contribution has a `name` (or `code`, or `kind`, or is itself a name); two with the same one fail at start-up.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in the modules that collect contributions
export interface ModuleContributions {}

/** Providers a test hands to the app instead of the configured ones (auth adds `sms`), by declaration merging. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in the modules that take overrides
export interface ModuleOverrides {}

/** Who owns a table's rows (the tenant-scope tests read this). */
export interface ModuleTables {
  /** The module's Drizzle tables: `import * as tables from './x.table.ts'` (several files spread together). */
  readonly schema: Readonly<Record<string, unknown>>;
  /** Tables shared by every organisation, by SQL name, each with why (docs/decisions.md, "Which tables are organisation-owned"). */
  readonly platformWide?: Readonly<Record<string, string>>;
  /** Tables owned by a user whatever their organisations, reached only through a user found in scope. */
  readonly userOwned?: readonly string[];
  /** Every other table is organisation-owned: it carries org_id and is read and written through a Scope. */
}

/** What a manifest's steps get: the app being built and its context. */
export interface ModuleEnv {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  readonly db: Db;
  readonly config: Config;
  /** Every loaded manifest, in load order: a module collecting contributions reads them here. */
  readonly modules: readonly ModuleManifest[];
  /** Tests only: replacements for providers the app would otherwise build from the configuration. */
  readonly overrides: Readonly<Partial<ModuleOverrides>>;
}

export interface ModuleManifest {
  /** Unique: 'system', 'sport/card'. */
  readonly name: string;
  /** Modules that must be loaded, and are loaded (plugged, routed, seeded) before this one. */
  readonly dependsOn: readonly string[];
  /** Modules whose demo data this module's demo uses when they are loaded: their demos run first (no dependency otherwise). */
  readonly demoAfter?: readonly string[];
  readonly tables?: ModuleTables;
  /**
   * Its permissions, menu directories, screens and words (operation-log labels and actions, button
   * titles): its entries of the contract's module and word lists (`contractModule('sport/card')`),
   * which the console reads too. Two modules never declare one permission code, screen or log label.
   */
  readonly ui?: ContractModule & Omit<ContractWords, 'name'>;
  /** What the module hands to the module that collects each kind (`jobs`: bean job handlers; `kinds` and `orderTypes`: what it sells through commerce). */
  readonly contributes?: { readonly [K in keyof ModuleContributions]?: readonly ModuleContributions[K][] };
  /** Plugs the module's answers into other modules' ports, and takes the contributions it collects. Runs first, in load order. */
  readonly plug?: (env: ModuleEnv) => void;
  /** Registers the module's routes. */
  readonly routes?: (env: ModuleEnv) => void;
  /** Data every installation needs (idempotent), run at every start in load order, before the server listens. */
  readonly seed?: (env: ModuleEnv) => Promise<void>;
  /**
   * The demo data set (only with SEED_DEMO; idempotent), run in load order (and after `demoAfter`)
   * once the server listens: demo payments are notified back to it.
   */
  readonly demo?: (env: ModuleEnv) => Promise<Closer | void>;
  /** Runs after every seed: starts what works in the background; what it answers is closed at shutdown. */
  readonly start?: (env: ModuleEnv) => Promise<Closer | void>;
}

export type Closer = () => Promise<void>;

/** A manifest list that cannot load: names every problem at once. */
export class ModuleListError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`module list refused:\n- ${problems.join('\n- ')}`);
  }
}

/** The name a contribution is known by. */
function contributionName(item: unknown): string | undefined {
  if (typeof item === 'string') return item;
  if (!item || typeof item !== 'object') return undefined;
  const { name, code, kind } = item as { name?: unknown; code?: unknown; kind?: unknown };
  return [name, code, kind].find((n): n is string => typeof n === 'string');
}

/**
 * Checks a manifest list and answers it in load order: every dependency before its dependents,
 * otherwise the list's own order (so the order of the list does not matter for correctness, only
 * for ties). Refuses a duplicate module, a missing dependency, a dependency circle, a permission
 * code, screen, log label or contribution name declared twice, and a table declared by two modules.
 */
export function loadModules(list: readonly ModuleManifest[]): ModuleManifest[] {
  const problems: string[] = [];
  const byName = new Map<string, ModuleManifest>();
  for (const m of list) {
    if (byName.has(m.name)) problems.push(`module ${m.name} is listed twice`);
    else byName.set(m.name, m);
  }
  for (const m of list) for (const d of m.dependsOn) if (!byName.has(d)) problems.push(`module ${m.name} depends on ${d}, which is not in the module list`);

  const owners = new Map<string, string>();
  const tables = new Map<object, string>();
  const claim = (what: string, name: string, module: string) => {
    const key = `${what} ${name}`;
    const first = owners.get(key);
    if (first !== undefined && first !== module) problems.push(`${key} is declared by ${first} and ${module}`);
    else if (first === module) problems.push(`${key} is declared twice by ${module}`);
    else owners.set(key, module);
  };
  for (const m of byName.values()) {
    for (const group of Object.values(m.ui?.permissions ?? {}))
      for (const code of typeof group === 'string' ? [group] : Object.values(group)) if (code) claim('permission', code, m.name);
    for (const screen of m.ui?.screens ?? []) claim('screen', screen.key, m.name);
    for (const label of Object.keys(m.ui?.logLabels ?? {})) claim('log label', label, m.name);
    for (const [kind, items] of Object.entries(m.contributes ?? {}) as [string, readonly unknown[]][]) {
      for (const item of items) {
        const name = contributionName(item);
        if (name === undefined) problems.push(`module ${m.name} contributes a ${kind} entry without a name`);
        else claim(kind, name, m.name);
      }
    }
    for (const [key, table] of Object.entries(m.tables?.schema ?? {})) {
      if (!isTable(table)) continue;
      const first = tables.get(table);
      if (first !== undefined && first !== m.name) problems.push(`table ${key} is declared by ${first} and ${m.name}`);
      tables.set(table, first ?? m.name);
    }
  }

  const order = ordered([...byName.values()], (m) => m.dependsOn, problems);
  if (problems.length) throw new ModuleListError(problems);
  return order;
}

function isTable(value: unknown): value is object {
  return !!value && typeof value === 'object' && Symbol.for('drizzle:IsDrizzleTable') in value;
}

/**
 * Kahn's algorithm, taking the earliest listed module among those whose dependencies (`after`;
 * unknown names ignored) are placed: dependencies first, else the list's order.
 */
function ordered(list: readonly ModuleManifest[], after: (m: ModuleManifest) => readonly string[], problems: string[]): ModuleManifest[] {
  const names = new Set(list.map((m) => m.name));
  const order: ModuleManifest[] = [];
  const done = new Set<string>();
  const pending = [...list];
  while (pending.length) {
    const i = pending.findIndex((m) => after(m).every((d) => done.has(d) || !names.has(d)));
    if (i < 0) {
      problems.push(`modules depend on one another in a circle: ${pending.map((m) => m.name).join(', ')}`);
      return order;
    }
    const [next] = pending.splice(i, 1);
    order.push(next!);
    done.add(next!.name);
  }
  return order;
}

/**
 * The order the demos run in: load order, with each module's `demoAfter` modules first. A demo needs
 * data, not code: where a module depends on one whose demo waits for it (the members module defines
 * open interfaces; the open-access demo calls them), the `demoAfter` decides.
 */
export function demoOrder(modules: readonly ModuleManifest[]): ModuleManifest[] {
  const problems: string[] = [];
  const order = ordered(modules, demoPredecessors(modules), problems);
  if (problems.length) throw new ModuleListError(problems);
  return order;
}

/** The modules whose demos a module's demo waits for: its `demoAfter`, and its dependencies unless one waits for it. */
function demoPredecessors(modules: readonly ModuleManifest[]): (m: ModuleManifest) => string[] {
  const waitsFor = (m: ModuleManifest, other: string) => modules.find((x) => x.name === other)?.demoAfter?.includes(m.name) ?? false;
  return (m) => [...(m.demoAfter ?? []), ...m.dependsOn.filter((d) => !waitsFor(m, d))];
}

/** Plugs every module's ports, then registers every module's routes (buildApp). */
export function installModules(env: ModuleEnv): void {
  for (const m of env.modules) m.plug?.(env);
  for (const m of env.modules) m.routes?.(env);
}

/** Runs every module's `seed` in load order (start-up, before the server listens). */
export async function seedModules(env: ModuleEnv): Promise<void> {
  for (const m of env.modules) await m.seed?.(env);
}

/**
 * Runs every module's `demo` (start-up with SEED_DEMO, after the server listens); answers what
 * closes what they started. Each demo starts as soon as the demos it waits for (`demoOrder`) are
 * done, so demos that do not wait for one another overlap: PGlite has one connection and runs one
 * statement (or transaction) at a time, so what they gain is their work off the database (keys made
 * on the thread pool, password hashes, local simulators starting), which no longer waits in line.
 */
export async function seedModuleDemos(env: ModuleEnv): Promise<Closer> {
  const before = demoPredecessors(env.modules);
  const runs = new Map<string, Promise<Closer | void>>();
  for (const m of demoOrder(env.modules)) {
    const waits = before(m).flatMap((n) => runs.get(n) ?? []);
    runs.set(
      m.name,
      Promise.all(waits).then(() => m.demo && timed(env, `demo ${m.name}`, () => m.demo!(env))),
    );
  }
  const settled = await Promise.allSettled(runs.values());
  const closers = settled.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
  const close = async () => {
    for (const c of closers.reverse()) await c();
  };
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await close().catch(() => undefined);
    throw failed.reason;
  }
  return close;
}

/**
 * Runs one start-up step and logs, at debug level (`LOG_LEVEL=debug`: where first start goes), its
 * time and the process's CPU time meanwhile (on a busy machine the CPU time is the steadier figure).
 */
async function timed<T>(env: ModuleEnv, step: string, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  try {
    return await run();
  } finally {
    const cpu = process.cpuUsage(cpu0);
    env.app.log.debug({ step, ms: Math.round(performance.now() - t0), cpuMs: Math.round((cpu.user + cpu.system) / 1000) }, 'start-up step');
  }
}

/** Runs every module's `start`; answers one closer that closes what they started, last first. */
export async function startModules(env: ModuleEnv): Promise<Closer> {
  return runAll(env.modules, (m) => m.start?.(env));
}

async function runAll(modules: readonly ModuleManifest[], step: (m: ModuleManifest) => Promise<Closer | void> | undefined): Promise<Closer> {
  const closers: Closer[] = [];
  for (const m of modules) {
    const close = await step(m);
    if (close) closers.push(close);
  }
  return async () => {
    for (const close of closers.reverse()) await close();
  };
}

/** Every contribution of one kind, in load order. */
export function contributionsOf<K extends keyof ModuleContributions>(modules: readonly ModuleManifest[], kind: K): ModuleContributions[K][] {
  return modules.flatMap((m) => (m.contributes?.[kind] ?? []) as ModuleContributions[K][]);
}

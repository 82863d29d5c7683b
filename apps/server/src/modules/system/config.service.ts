import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { ConfigBody, ConfigListQuery, ConfigUpdate } from '@venue/contract';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, conflict, isUniqueViolation, notFound, staleVersion } from '../../platform/errors.ts';
import { Notice } from '../../platform/http.ts';
import { orderOf, pageOf, selectPage } from '../../platform/list.ts';
import { expectOneUpdated } from '../../platform/scope.ts';
import { configs, meta } from './system.table.ts';
import { configSeed } from './system.seed.ts';
import './config.messages.ts';

/**
 * System parameters (sys_config) and the in-process cache of their values.
 *
 * Sealed: a sealed entry is read-only and holds its default value (`default_value`, the
 * value it was shipped or created with). Deseal makes it editable; recover puts the
 * default back and seals it again. Shipped entries (the seed) can never be deleted.
 *
 * The cache is keyed on `config_epoch` in sys_meta: every write bumps it in the same
 * transaction, and `clearCache` bumps it too, so every server process drops its copy on
 * its next read.
 */

export const CONFIG_EPOCH_KEY = 'config_epoch';

/** `%text%` for ILIKE with the wildcard characters of the text escaped. */
export function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

interface ValueCache {
  epoch: number;
  values: Map<string, string | null>;
}
// One cache per database (tests run PGlite and PostgreSQL side by side in one process).
const caches = new WeakMap<object, ValueCache>();

async function readEpoch(db: Executor): Promise<number> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, CONFIG_EPOCH_KEY));
  return Number(row?.value ?? 0);
}

export async function bumpConfigEpoch(db: Executor): Promise<void> {
  await db.execute(sql`insert into sys_meta (key, value) values (${CONFIG_EPOCH_KEY}, 1)
    on conflict (key) do update set value = sys_meta.value + 1`);
}

/** A parameter's value through the cache (undefined when there is no such parameter). */
export async function getConfigValue(db: Db, code: string): Promise<string | undefined> {
  const epoch = await readEpoch(db);
  let cache = caches.get(db);
  if (!cache || cache.epoch !== epoch) {
    cache = { epoch, values: new Map() };
    caches.set(db, cache);
  }
  if (cache.values.has(code)) return cache.values.get(code) ?? undefined;
  const [row] = await db.select({ value: configs.value }).from(configs).where(eq(configs.code, code));
  if (cache.values.size > 2000) cache.values.clear();
  cache.values.set(code, row?.value ?? null);
  return row?.value;
}

/** A numeric parameter, or the fallback when missing or not a number. */
export async function getConfigNumber(db: Db, code: string, fallback: number): Promise<number> {
  const v = await getConfigValue(db, code);
  const n = v === undefined || v.trim() === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : fallback;
}

/** Checks (and may normalise) the value of a known parameter; throws a field error when it is not acceptable. */
type Validator = (value: string) => string;
const validators = new Map<string, Validator>();

export function registerConfigValidator(code: string, v: Validator): void {
  validators.set(code, v);
}

const valueError = (msgKey: string, params?: Record<string, unknown>) =>
  new AppError('FORM_INVALID', msgKey, params, [{ field: 'value', message: msgKey, params }]);

export function validateConfigValue(code: string, value: string): string {
  const v = validators.get(code);
  return v ? v(value) : value;
}

/** Validator for a JSON value checked by a schema (used by the strategy and setting screens). */
export function jsonValidator(parse: (json: unknown) => unknown): Validator {
  return (value) => {
    let json: unknown;
    try {
      json = JSON.parse(value);
    } catch {
      throw valueError('config.badJson');
    }
    try {
      return JSON.stringify(parse(json));
    } catch (e) {
      if (e instanceof AppError) {
        const d = Array.isArray(e.detail) ? (e.detail as { field: string; message: string; params?: Record<string, unknown> }[]) : [];
        throw new AppError(
          'FORM_INVALID',
          d[0]?.message ?? 'config.badValue',
          d[0]?.params,
          d.map((x) => ({ ...x, field: `value.${x.field}` })),
        );
      }
      throw valueError('config.badValue');
    }
  };
}

/**
 * Parts of a parameter's value that no call answers (the password policy's default password):
 * `hide` takes them out of every answer, `keep` puts the stored ones back into a value written
 * without them, so a parameter read, edited and saved keeps its secret.
 */
export interface ConfigSecret {
  hide(value: string): string;
  keep(next: string, current: string): string;
}
const secrets = new Map<string, ConfigSecret>();

export function registerConfigSecret(code: string, secret: ConfigSecret): void {
  secrets.set(code, secret);
}

/** A JSON parameter whose listed top-level fields are secret. */
export function jsonSecret(fields: string[]): ConfigSecret {
  const parse = (v: string): Record<string, unknown> | null => {
    try {
      const j: unknown = JSON.parse(v);
      return j && typeof j === 'object' && !Array.isArray(j) ? (j as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  return {
    hide: (value) => {
      const j = parse(value);
      if (!j) return value;
      for (const f of fields) delete j[f];
      return JSON.stringify(j);
    },
    keep: (next, current) => {
      const j = parse(next);
      const c = parse(current);
      if (!j || !c) return next;
      for (const f of fields) if (j[f] === undefined || j[f] === '') j[f] = c[f];
      return JSON.stringify(j);
    },
  };
}

/** The value as answered to a client (secret parts taken out). */
export function publicConfigValue(code: string, value: string): string;
export function publicConfigValue(code: string, value: string | null): string | null;
export function publicConfigValue(code: string, value: string | null): string | null {
  const secret = secrets.get(code);
  return secret && value !== null ? secret.hide(value) : value;
}

export const LOG_RETENTION_KEY = 'log.retentionDays';
registerConfigValidator(LOG_RETENTION_KEY, (value) => {
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || n > 3650) throw valueError('config.retentionDays');
  return String(n);
});

const builtInCodes = new Set(configSeed.map((c) => c.code));

export type ConfigRow = typeof configs.$inferSelect;
export type ConfigView = Omit<ConfigRow, 'defaultValue'> & { defaultValue: string | null; builtIn: boolean };

const view = (r: ConfigRow): ConfigView => ({
  ...r,
  value: publicConfigValue(r.code, r.value),
  defaultValue: publicConfigValue(r.code, r.defaultValue),
  builtIn: builtInCodes.has(r.code),
});

export async function listConfigs(db: Db, q: ConfigListQuery): Promise<{ total: number; data: ConfigView[] }> {
  const where: (SQL | undefined)[] = [
    q.code ? ilike(configs.code, contains(q.code)) : undefined,
    q.name ? ilike(configs.name, contains(q.name)) : undefined,
    q.type ? eq(configs.type, q.type) : undefined,
    q.sealed === undefined ? undefined : eq(configs.sealed, q.sealed),
  ];
  const { total, rows } = await selectPage(
    db,
    configs,
    and(...where),
    [
      ...orderOf(q, { code: configs.code, name: configs.name, type: configs.type, updatedAt: configs.updatedAt }, [asc(configs.type), asc(configs.code)]),
      asc(configs.id),
    ],
    pageOf(q),
  );
  return { total, data: rows.map(view) };
}

export async function getConfigRow(db: Executor, code: string): Promise<ConfigRow | undefined> {
  const [row] = await db.select().from(configs).where(eq(configs.code, code));
  return row;
}

export async function getConfig(db: Executor, id: number): Promise<ConfigView> {
  return view(await storedConfig(db, id));
}

async function storedConfig(db: Executor, id: number): Promise<ConfigRow> {
  const [row] = await db.select().from(configs).where(eq(configs.id, id));
  if (!row) throw notFound();
  return row;
}

const duplicate = () => conflict('duplicate', 'config.duplicate', undefined, [{ field: 'code', message: 'config.duplicate' }]);

export async function addConfig(db: Db, input: ConfigBody): Promise<ConfigView> {
  const value = validateConfigValue(input.code, input.value);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(configs)
        .values({
          code: input.code,
          name: input.name,
          type: input.type,
          subType: input.subType ?? null,
          value,
          defaultValue: value,
          sealed: input.sealed ?? false,
          remark: input.remark ?? null,
        })
        .returning();
      await bumpConfigEpoch(tx);
      return view(row!);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicate();
    throw e;
  }
}

export async function editConfig(db: Db, id: number, input: ConfigUpdate): Promise<ConfigView | Notice<ConfigView>> {
  const current = await storedConfig(db, id);
  if (current.sealed) throw new AppError('INVALID', 'config.sealed');
  if (current.version !== input.version) throw staleVersion();
  const code = builtInCodes.has(current.code) ? current.code : input.code;
  const secret = secrets.get(code);
  const value = validateConfigValue(code, secret && current.code === code ? secret.keep(input.value, current.value ?? '') : input.value);
  // A type left out keeps the stored one (issue 23, point 10).
  const next = { code, name: input.name, type: input.type ?? current.type, subType: input.subType ?? null, value, remark: input.remark ?? null };
  const unchanged = (Object.keys(next) as (keyof typeof next)[]).every((k) => (current[k] ?? null) === (next[k] ?? null));
  if (unchanged) return new Notice(view(current), 'config.noChanges');
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx
        .update(configs)
        .set({ ...next, version: sql`${configs.version} + 1`, updatedAt: new Date() })
        .where(and(eq(configs.id, id), eq(configs.version, input.version), eq(configs.sealed, false)))
        .returning();
      expectOneUpdated(rows);
      await bumpConfigEpoch(tx);
      return view(rows[0]!);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicate();
    throw e;
  }
}

/**
 * Writes a parameter's value from a dedicated screen (strategy, setting), which validated it.
 * Saving a changed value deseals the entry: a sealed entry always holds its default.
 */
export async function writeConfigValue(db: Db, code: string, value: string, version: number): Promise<{ row: ConfigView; changed: boolean }> {
  const [current] = await db.select().from(configs).where(eq(configs.code, code));
  if (!current) throw notFound();
  if (current.version !== version) throw staleVersion();
  if (current.value === value) return { row: view(current), changed: false };
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(configs)
      .set({ value, sealed: false, version: sql`${configs.version} + 1`, updatedAt: new Date() })
      .where(and(eq(configs.id, current.id), eq(configs.version, version)))
      .returning();
    expectOneUpdated(rows);
    await bumpConfigEpoch(tx);
    return { row: view(rows[0]!), changed: true };
  });
}

export async function deleteConfigs(db: Db, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(configs).where(inArray(configs.id, ids)).for('update');
    if (rows.length !== new Set(ids).size) throw notFound();
    if (rows.some((r) => builtInCodes.has(r.code))) throw new AppError('INVALID', 'config.shipped');
    if (rows.some((r) => r.sealed)) throw new AppError('INVALID', 'config.sealedDelete');
    await tx.delete(configs).where(inArray(configs.id, ids));
    await bumpConfigEpoch(tx);
    return rows.length;
  });
}

/** Makes a sealed entry editable (its value stays the default until someone edits it). */
export async function desealConfig(db: Db, id: number): Promise<ConfigView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(configs)
      .set({ sealed: false, version: sql`${configs.version} + 1`, updatedAt: new Date() })
      .where(and(eq(configs.id, id), eq(configs.sealed, true)))
      .returning();
    if (row) {
      await bumpConfigEpoch(tx);
      return view(row);
    }
    return getConfig(tx, id);
  });
}

/** Restores the default value and seals the entry again. */
export async function recoverConfig(db: Db, id: number): Promise<ConfigView> {
  return db.transaction(async (tx) => {
    const current = await getConfig(tx, id);
    if (current.defaultValue === null) throw new AppError('INVALID', 'config.noDefault');
    const [row] = await tx
      .update(configs)
      .set({ value: current.defaultValue, sealed: true, version: sql`${configs.version} + 1`, updatedAt: new Date() })
      .where(eq(configs.id, id))
      .returning();
    await bumpConfigEpoch(tx);
    return view(row!);
  });
}

export async function clearConfigCache(db: Db): Promise<void> {
  await bumpConfigEpoch(db);
}

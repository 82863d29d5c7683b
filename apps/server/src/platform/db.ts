import path from 'node:path';
import fs from 'node:fs';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { migrationsFolder, pgliteTemplateDir } from './paths.ts';
import { useNamedStatements } from './prepared.ts';
import { embeddedPool } from './embedded-connection.ts';
import { LAG_SQL, primaryReader, replicaReader, type ReportingReader } from './reporting.ts';

// The platform knows no module's tables (docs/decisions.md, "Layers"): queries name their tables,
// Drizzle's relational `db.query` API (which needs the schema) is not used.
export type Schema = Record<string, never>;
// node-postgres on both databases (on PGlite through platform/embedded-connection.ts) produces this type.
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw parameterised SQL and answers its rows (used by bench baselines and health checks). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The same as a named prepared statement: PostgreSQL plans it once per connection (hot paths); unnamed behind PgBouncer. */
  prepared<T = Record<string, unknown>>(name: string, text: string, params: unknown[]): Promise<T[]>;
  /** PostgreSQL's connection pool right now, and when a connection last came back from a query without error (PGlite has one connection and no pool). */
  poolUse?: () => { total: number; idle: number; waiting: number; lastAnsweredAt: number };
  /**
   * Hears `pg_notify(channel, payload)` of every process on the database, after the sending
   * transaction commits. `onReconnect` runs when a lost listening connection is back (notifications
   * sent meanwhile are gone: the listener catches up from the tables). Answers the way to stop.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** What reports and exports read (platform/reporting.ts): the replica of `DATABASE_READ_URL`, else the primary. */
  reporting: ReportingReader;
  close(): Promise<void>;
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  listenUrl?: string;
  /** A streaming replica for reports (`DATABASE_READ_URL`), and the lag past which they read the primary. */
  readUrl?: string;
  readMaxLagMs?: number;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    useIdsAsNumbers(pg);
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle connection that the server ends (restart, failover, a dropped test database) must not crash the process.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    // So must one that is checked out between two queries (PgBouncer ends it when the primary
    // fails): the query under way fails, the next one gets a new connection.
    pool.on('connect', (c) => c.on('error', (err) => console.warn(`database connection lost: ${err.message}`)));
    let lastAnsweredAt = 0;
    pool.on('release', (err: Error | undefined) => {
      if (!err) lastAnsweredAt = Date.now();
    });
    // Several processes may start together: one migrates while the others wait on the lock. The
    // lock is the session's, so behind a transaction-mode pooler it is taken on the direct connection.
    const direct = opts.listenUrl ? new pg.Client({ connectionString: opts.listenUrl }) : undefined;
    await direct?.connect();
    const client = direct ?? (await pool.connect());
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
      if (direct) await direct.end();
      else (client as import('pg').PoolClient).release();
    }
    const db = drizzle(pool) as unknown as Db;
    const listener = new PgListener(pg.Client, opts.listenUrl ?? opts.databaseUrl);
    // PgBouncer 1.18 in transaction mode hands each transaction any server connection, where a
    // statement named on another one is unknown: behind it every statement is unnamed.
    const pooled = opts.listenUrl !== undefined;
    useNamedStatements(!pooled);
    const reporting = opts.readUrl ? openReplica(pg, drizzle, db, opts.readUrl, opts.readMaxLagMs ?? 10_000, opts.poolSize ?? 10) : primaryReader(db);
    return {
      db,
      kind: 'postgres',
      reporting,
      query: async (text, params) => (await pool.query(text, params)).rows,
      prepared: async (name, text, values) => (await pool.query(pooled ? { text, values } : { name, text, values })).rows,
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, lastAnsweredAt }),
      listen: (channel, onPayload, onReconnect) => listener.listen(channel, onPayload, onReconnect),
      close: async () => {
        await listener.close();
        await reporting.close();
        await pool.end();
      },
    };
  }
  const dir = path.join(opts.dataDir, 'pgdata');
  // The copy runs on the thread pool while this thread loads PGlite.
  const copied = startFromTemplate(dir);
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  await copied;
  fs.mkdirSync(dir, { recursive: true });
  // PGlite zeroes its shared buffers at every start, byte by byte in WebAssembly: PostgreSQL's
  // 128 MB took 1.2 to 2 s of each start (first start and restarts alike). 32 MB hold the demo and a
  // venue's working set; a page outside them is one read from the operating system's cache.
  const client = await PGlite.create(dir, { extensions: { btree_gist }, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] });
  useIdsAsNumbers(pg);
  const pool = embeddedPool(pg, client);
  const db = drizzle(pool) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  useNamedStatements(true);
  // Notifications come back in the answers to the pool's own statements; PGlite hands them out.
  const channels = new Map<string, Set<(payload: string) => void>>();
  client.onNotification((channel, payload) => {
    for (const onPayload of channels.get(channel) ?? []) onPayload(payload);
  });
  return {
    db,
    kind: 'pglite',
    query: async (text, params) => (await pool.query(text, params)).rows,
    prepared: async (name, text, values) => (await pool.query({ name, text, values })).rows,
    // One process owns the data directory: its own notifications are the whole story.
    listen: async (channel, onPayload) => {
      let set = channels.get(channel);
      if (!set) {
        channels.set(channel, (set = new Set()));
        await pool.query(`listen ${quoteIdent(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size || channels.get(channel) !== set) return;
        channels.delete(channel);
        if (!client.closed) await pool.query(`unlisten ${quoteIdent(channel)}`);
      };
    },
    reporting: primaryReader(db),
    close: async () => {
      await pool.end();
      await client.close();
    },
  };
}

/** bigint (int8) counts and ids, and arrays of them, come back as strings by default; ids fit in a JS number. */
function useIdsAsNumbers(driver: typeof import('pg').default): void {
  driver.types.setTypeParser(20, (v) => Number(v));
  const INT8_ARRAY = 1016 as Parameters<typeof driver.types.getTypeParser>[0];
  const parseBigints = driver.types.getTypeParser(INT8_ARRAY);
  driver.types.setTypeParser(INT8_ARRAY, (v) => (parseBigints(v) as (string | null)[]).map((x) => (x === null ? null : Number(x))));
}

/**
 * The replica's pool (its own connections, opened when a report first reads: a replica that is
 * down does not stop the server starting) and the reader over it. Nothing is migrated there: it
 * replays the primary's schema.
 */
function openReplica(
  pg: typeof import('pg').default,
  drizzle: typeof import('drizzle-orm/node-postgres').drizzle,
  primary: Db,
  url: string,
  maxLagMs: number,
  poolSize: number,
): ReportingReader {
  // A report waits on the primary rather than long on a replica that does not answer.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 2_000 });
  pool.on('error', (err) => console.warn(`replica connection lost: ${err.message}`));
  pool.on('connect', (c) => c.on('error', (err) => console.warn(`replica connection lost: ${err.message}`)));
  return replicaReader({
    primary,
    replica: drizzle(pool) as unknown as Db,
    maxLagMs,
    probe: async () => {
      const r = (await pool.query<{ caught_up: boolean; since_replay_ms: number | null }>(LAG_SQL)).rows[0];
      return { caughtUp: !!r?.caught_up, sinceReplayMs: r?.since_replay_ms ?? null };
    },
    closeReplica: () => pool.end(),
  });
}

/**
 * A new embedded database starts as a copy of the build's migrated template (a quarter of a second
 * instead of initdb inside WebAssembly and every migration, several seconds): first start is the
 * one a newcomer waits for. The migrations still run after the copy, so a template older than the
 * code is brought up to date. Without a template (running from source) nothing is copied.
 */
async function startFromTemplate(dir: string): Promise<void> {
  const template = path.join(pgliteTemplateDir, 'pgdata');
  if (fs.existsSync(path.join(dir, 'PG_VERSION')) || !fs.existsSync(path.join(pgliteTemplateDir, 'ready'))) return;
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) return;
  // Copied beside it and renamed when whole: a start cut short leaves no half a database.
  const work = `${dir}.copying`;
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  // Its 1,800 small files, several at a time: a third of the time of one after another.
  const entries = fs.readdirSync(template, { recursive: true, withFileTypes: true });
  const relative = (e: fs.Dirent) => path.relative(template, path.join(e.parentPath, e.name));
  for (const e of entries) if (e.isDirectory()) fs.mkdirSync(path.join(work, relative(e)), { recursive: true });
  const files = entries.filter((e) => e.isFile()).map(relative);
  let next = 0;
  const copyNext = async (): Promise<void> => {
    for (let f = files[next++]; f !== undefined; f = files[next++]) await fs.promises.copyFile(path.join(template, f), path.join(work, f));
  };
  await Promise.all(Array.from({ length: 8 }, copyNext));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(work, dir);
}

type PgClient = InstanceType<typeof import('pg').Client>;
interface Listening {
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
}

/**
 * LISTEN needs a connection of its own, held open (a pooled one would be handed to other
 * queries). When it drops (a restart of PostgreSQL, a network cut) it is opened again with a
 * growing pause, every channel listened to again, and the listeners told to catch up.
 */
class PgListener {
  private client: PgClient | null = null;
  private connecting: Promise<PgClient> | null = null;
  private readonly channels = new Map<string, Set<Listening>>();
  private closed = false;
  private retryMs = 250;

  constructor(
    private readonly Client: typeof import('pg').Client,
    private readonly url: string,
  ) {}

  async listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
    const entry: Listening = { onPayload, onReconnect };
    let set = this.channels.get(channel);
    const first = !set;
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(entry);
    const client = await this.connection();
    if (first) await client.query(`listen ${quoteIdent(channel)}`);
    return async () => {
      set.delete(entry);
      if (set.size || this.channels.get(channel) !== set) return;
      this.channels.delete(channel);
      await this.client?.query(`unlisten ${quoteIdent(channel)}`).catch(() => undefined);
    };
  }

  private connection(): Promise<PgClient> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<PgClient> {
    const client = new this.Client({ connectionString: this.url });
    client.on('error', (err) => console.warn(`listening connection lost: ${err.message}`));
    client.on('notification', (n) => {
      for (const l of this.channels.get(n.channel) ?? []) l.onPayload(n.payload ?? '');
    });
    await client.connect();
    for (const channel of this.channels.keys()) await client.query(`listen ${quoteIdent(channel)}`);
    client.on('end', () => {
      if (this.client === client) this.client = null;
      if (!this.closed) this.reopen();
    });
    this.client = client;
    this.retryMs = 250;
    return client;
  }

  private reopen(): void {
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
    setTimeout(() => {
      if (this.closed || !this.channels.size) return;
      this.connection().then(
        () => {
          for (const set of this.channels.values()) for (const l of set) l.onReconnect?.();
        },
        () => this.reopen(),
      );
    }, wait).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Driver errors carry the statement's parameters (PGlite: `params`; Drizzle: `params`, and a
 * message and stack that list them after `params: `), and PostgreSQL's `detail` may quote the
 * failing row. These hold password hashes, codes and personal data, so they never reach a log:
 * this copy keeps the SQL text, the SQLSTATE and the database's own message, and drops the values.
 * Used as the logger's `err` serializer.
 */
const PARAM_KEYS = new Set(['params', 'parameters', 'values', 'queryOptions', 'bind', 'binds']);
const PARAMS_IN_TEXT = /\nparams: [\s\S]*$/;

function withoutParams(text: string, message: string | undefined): string {
  if (!message || !PARAMS_IN_TEXT.test(message)) return text.replace(PARAMS_IN_TEXT, '\nparams: [not logged]');
  // A stack starts with the message: cut the listed parameters out of that part only.
  const i = text.indexOf(message);
  return i < 0
    ? text.replace(PARAMS_IN_TEXT, '')
    : text.slice(0, i) + message.replace(PARAMS_IN_TEXT, '\nparams: [not logged]') + text.slice(i + message.length);
}

export function errorForLog(err: unknown, depth = 0): unknown {
  if (!err || typeof err !== 'object' || depth > 5) return err;
  const e = err as Record<string, unknown> & { message?: unknown; stack?: unknown; cause?: unknown };
  const message = typeof e.message === 'string' ? e.message : undefined;
  const out: Record<string, unknown> = {};
  if (err instanceof Error) out.type = err.constructor?.name ?? 'Error';
  if (message !== undefined) out.message = withoutParams(message, message);
  if (typeof e.stack === 'string') out.stack = withoutParams(e.stack, message);
  // A database error's detail can quote the whole failing row ("Failing row contains (…)").
  const fromDatabase = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
  for (const [k, v] of Object.entries(e)) {
    if (k in out || k === 'cause' || PARAM_KEYS.has(k) || (fromDatabase && k === 'detail')) continue;
    out[k] = typeof v === 'string' ? withoutParams(v, undefined) : v;
  }
  if (e.cause !== undefined) out.cause = errorForLog(e.cause, depth + 1);
  return out;
}

/** The logger's `err` serializer (pino's shape: type, message, stack and the error's own fields). */
export function errSerializer(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const out = errorForLog(err) as Record<string, unknown>;
  return { ...out, type: String(out.type ?? 'Error'), message: String(out.message ?? ''), stack: String(out.stack ?? '') };
}

/** An error's message without statement parameters (start-up failures printed to the console). */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? withoutParams(err.message, err.message) : String(err);
}

/** True when the database answers and the latest migration is applied. */
/** How long a readiness probe waits for the database before it calls the process unready. */
const READY_PROBE_MS = 2_000;
/** A pool whose connections all answered within this time is busy, not down. */
const ANSWERED_RECENTLY_MS = 5_000;

/**
 * Whether the database answers, for `/readyz`. Under a rush every pooled connection is busy and a
 * probe query would wait in line behind the orders: the balancer's checks then time out on every
 * process at once and it takes them all out. A pool with clients waiting whose connections came
 * back without error a moment ago is busy, and ready; otherwise one `select 1`, given a deadline.
 */
export async function isReady(database: Database): Promise<boolean> {
  const use = database.poolUse?.();
  if (use && use.waiting > 0 && Date.now() - use.lastAnsweredAt < ANSWERED_RECENTLY_MS) return true;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      database.db.execute(sql`select 1`).then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READY_PROBE_MS))),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

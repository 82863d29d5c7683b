import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { serialize } from 'pg-protocol';

/**
 * node-postgres's connection to the embedded database: the same driver (and so the same Drizzle
 * session, parsers and named statements) as on PostgreSQL. A query's messages (parse, bind,
 * describe, execute, sync) are collected and handed to PGlite as one batch when node-postgres
 * syncs or flushes, where PGlite's own `query` makes six calls into WebAssembly and copies its
 * parser map for each: a third of the time per statement. PGlite ships an adapter of this shape
 * (`@electric-sql/pglite/node-postgres`) that sends every message on its own.
 */
class EmbeddedConnection extends EventEmitter {
  // node-postgres reads these: Client.end() checks `_connecting` and destroys `stream`.
  _connecting = false;
  readonly stream = { destroy: () => this.end() };
  // node-postgres records here which named statements this backend has parsed. There is one
  // backend, so every client of the pool shares this one connection and its records.
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  private pending: Uint8Array[] = [];
  private queue: Promise<void>;

  constructor(private readonly pglite: PGlite) {
    super();
    this.queue = pglite.waitReady;
  }

  private add(message: Uint8Array): void {
    this.pending.push(message);
  }

  private send(): void {
    const batch = Buffer.concat(this.pending);
    this.pending = [];
    this.queue = this.queue
      // PGlite's lock for its own calls (close, a dump) keeps them out of the middle of a batch.
      .then(() => this.pglite.runExclusive(() => this.pglite.execProtocolStream(batch, { throwOnError: false })))
      .then((messages) => {
        for (const m of messages) this.emit(m.name === 'error' ? 'errorMessage' : m.name, m);
      })
      .catch((err: unknown) => {
        this.emit('error', err);
      });
  }

  async connect(): Promise<void> {
    this._connecting = true;
    await this.pglite.waitReady;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  // Sign-in and TLS do not apply to an embedded database.
  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  ref(): void {}
  unref(): void {}

  query(text: string): void {
    this.add(serialize.query(text));
    this.send();
  }
  parse(query: Parameters<typeof serialize.parse>[0]): void {
    this.add(serialize.parse(query));
  }
  bind(config: Parameters<typeof serialize.bind>[0]): void {
    this.add(serialize.bind(config));
  }
  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.add(serialize.execute(config));
  }
  describe(message: Parameters<typeof serialize.describe>[0]): void {
    this.add(serialize.describe(message));
  }
  close(message: Parameters<typeof serialize.close>[0]): void {
    this.add(serialize.close(message));
  }
  flush(): void {
    this.add(serialize.flush());
    this.send();
  }
  sync(): void {
    this.add(serialize.sync());
    this.send();
  }

  end(): void {
    // Like a socket closing: node-postgres waits for 'end'. The next client of the pool gets this
    // connection without the ended client's listeners.
    this.queue = this.queue.then(() => {
      this.emit('end');
    });
    for (const e of this.eventNames()) if (e !== 'newListener') this.removeAllListeners(e);
  }
}

/** How many statements the embedded backend keeps parsed and planned (`StatementNames`). */
export const KEPT_STATEMENTS = 500;

/**
 * Every statement with parameters becomes a named prepared statement of the one embedded backend,
 * named by its text: PostgreSQL parses it once and, after a few calls, plans it once. Drizzle's
 * statements are otherwise parsed and planned at every call, and in WebAssembly that was a third
 * of the first start's database time. The least recently used beyond `KEPT_STATEMENTS` are
 * deallocated, so texts that differ at every call (a list of ids written out) keep no memory.
 * Not on PostgreSQL: a pool there has many connections, and a transaction-mode pooler keeps no
 * statement across transactions; its hot statements are named where they are built (`prepared.ts`).
 */
class StatementNames {
  private readonly names = new Map<string, string>();
  private made = 0;

  /** The name for `text`, and the name that it pushed out, if any. */
  nameOf(text: string): { name: string; evicted?: string } {
    const known = this.names.get(text);
    if (known !== undefined) {
      // Map order is use order: the first entry is the least recently used.
      this.names.delete(text);
      this.names.set(text, known);
      return { name: known };
    }
    // Never reused: a statement still queued under an evicted name cannot meet a new text.
    const name = `auto_${(this.made++).toString(36)}`;
    this.names.set(text, name);
    if (this.names.size <= KEPT_STATEMENTS) return { name };
    const [oldest, evicted] = this.names.entries().next().value!;
    this.names.delete(oldest);
    return { name, evicted };
  }
}

/** A pool of node-postgres clients on the embedded database: one at a time, as PGlite has one backend. */
export function embeddedPool(driver: typeof pg, pglite: PGlite): pg.Pool {
  const connection = new EmbeddedConnection(pglite);
  const statements = new StatementNames();
  class EmbeddedClient extends driver.Client {
    constructor(config?: pg.ClientConfig) {
      // node-postgres takes a ready connection in place of the socket it would open.
      super({ ...config, connection } as pg.ClientConfig);
    }

    override query(config: unknown, values?: unknown, callback?: unknown): never {
      const query = (...args: unknown[]): never => (super.query as (...a: unknown[]) => never).apply(this, args);
      // A text and its values: a string and an array, or a config object with or beside its values.
      const given = Array.isArray(values) ? values : undefined;
      const q: Partial<pg.QueryConfig> | undefined =
        typeof config === 'string'
          ? { text: config, values: given }
          : config && typeof config === 'object'
            ? { ...(config as pg.QueryConfig), values: given ?? (config as pg.QueryConfig).values }
            : undefined;
      // Without parameters node-postgres sends a simple query (begin, commit, a migration): left so.
      if (!q || typeof q.text !== 'string' || q.name || !q.values?.length || typeof (config as { submit?: unknown }).submit === 'function')
        return query(config, values, callback);
      const { name, evicted } = statements.nameOf(q.text);
      if (evicted) {
        // Closed by a protocol Close sent ahead of this query's messages, in the same batch (a second
        // query on a busy client is deprecated in node-postgres). Nothing else is queued on the one
        // client meanwhile, and the name is never given again.
        connection.close({ type: 'S', name: evicted });
        delete connection.parsedStatements[evicted];
      }
      return query({ ...q, name }, typeof values === 'function' ? values : callback);
    }
  }
  // Never idle out: a new client on the same backend must not parse its named statements again.
  return new driver.Pool({ Client: EmbeddedClient, max: 1, idleTimeoutMillis: 0 });
}

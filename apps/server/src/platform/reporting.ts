import type { FastifyReply } from 'fastify';
import { REPORT_HEADERS } from '@venue/contract';
import type { Db } from './db.ts';

/**
 * The reporting reader (issue 32, point 3): reports and exports read through it, so that with
 * `DATABASE_READ_URL` they read a streaming replica and leave the primary to the front desks.
 * Nothing that decides money, stock, seats, holds or limits reads through it: those read `ctx.db`.
 *
 * Each read says the time its data is as of. On the primary (PGlite, or no read URL) that is now.
 * On the replica it is the last check's time less the replica's lag then; a replica that lags more
 * than `DATABASE_READ_MAX_LAG_MS`, or cannot be reached, is passed over for the primary.
 */
export interface ReportingReader {
  read(): Promise<ReportingRead>;
  /** The replica's lag at the last check (ms; null: no replica, or not reached) and the reads sent to the primary instead. */
  readonly state: () => { lagMs: number | null; fallbacks: number };
  close(): Promise<void>;
}

export interface ReportingRead {
  db: Db;
  /** The time the data read is as of. */
  asOf: Date;
  fromReplica: boolean;
}

/** No replica: every report reads the primary, as of now. */
export function primaryReader(db: Db): ReportingReader {
  return {
    read: async () => ({ db, asOf: new Date(), fromReplica: false }),
    state: () => ({ lagMs: null, fallbacks: 0 }),
    close: async () => undefined,
  };
}

/** How long a lag check is trusted: a report of several calls, or a dashboard's, pays for one. */
export const LAG_CHECK_MS = 1_000;

/**
 * The replica's state: caught up (it has replayed all it received, and is still receiving), and
 * how long ago the last transaction it replayed committed on the primary.
 */
export const LAG_SQL = `
  select not pg_is_in_recovery()
         or (pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
             and exists (select 1 from pg_stat_wal_receiver where status = 'streaming')) as caught_up,
         greatest(0, extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as since_replay_ms`;

export interface ReplicaProbe {
  caughtUp: boolean;
  /** Null: nothing replayed since the replica started. */
  sinceReplayMs: number | null;
}

/**
 * A reader of the replica at `replica`, falling back to `primary`. The replica is asked its state
 * (LAG_SQL) at most once per `checkMs`; a failure (the replica down) counts as unreachable until
 * the next check. Its lag:
 * - caught up: 0. An idle primary makes `now() - pg_last_xact_replay_timestamp()` grow with nothing
 *   left to replay, so that figure alone would send every report of a quiet evening to the primary;
 * - behind: the time since its last replayed commit, but no more than the time since it was last
 *   seen caught up (the first write after an idle hour is not an hour's lag).
 */
export function replicaReader(o: {
  primary: Db;
  replica: Db;
  maxLagMs: number;
  probe: () => Promise<ReplicaProbe>;
  closeReplica: () => Promise<void>;
  checkMs?: number;
}): ReportingReader {
  const checkMs = o.checkMs ?? LAG_CHECK_MS;
  let checked: { at: number; lagMs: number | null } | null = null;
  let checking: Promise<{ at: number; lagMs: number | null }> | null = null;
  let caughtUpAt: number | null = null;
  let fallbacks = 0;
  const lagAt = (at: number, p: ReplicaProbe | null): number | null => {
    if (!p) return null;
    if (p.caughtUp) {
      caughtUpAt = at;
      return 0;
    }
    const lag = Math.min(p.sinceReplayMs ?? Infinity, caughtUpAt === null ? Infinity : at - caughtUpAt);
    return Number.isFinite(lag) ? lag : null;
  };
  const check = () => {
    if (checked && Date.now() - checked.at < checkMs) return Promise.resolve(checked);
    checking ??= (async () => {
      const at = Date.now();
      const p = await o.probe().catch(() => null);
      checked = { at, lagMs: lagAt(at, p) };
      return checked;
    })().finally(() => (checking = null));
    return checking;
  };
  return {
    async read() {
      const c = await check();
      if (c.lagMs === null || c.lagMs > o.maxLagMs) {
        fallbacks++;
        return { db: o.primary, asOf: new Date(), fromReplica: false };
      }
      return { db: o.replica, asOf: new Date(c.at - c.lagMs), fromReplica: true };
    },
    state: () => ({ lagMs: checked?.lagMs ?? null, fallbacks }),
    close: o.closeReplica,
  };
}

/**
 * The one way a route reads for a report or an export: the reporting reader's database, its as-of
 * time in the answer's `X-Data-As-Of` (contract REPORT_HEADERS).
 */
export async function reportingDb(reader: ReportingReader, reply: FastifyReply): Promise<Db> {
  const r = await reader.read();
  reply.header(REPORT_HEADERS.dataAsOf, r.asOf.toISOString());
  return r.db;
}

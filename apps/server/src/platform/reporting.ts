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

/** The replica's answer to "how far behind are you" (ms), or null when it cannot tell (nothing replayed yet). */
export const LAG_SQL = `
  select case
           when not pg_is_in_recovery() then 0
           -- Replayed all it received, and still receiving: caught up, however long ago the primary last
           -- wrote (an idle primary makes now() - pg_last_xact_replay_timestamp() grow with nothing to replay).
           when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
                and exists (select 1 from pg_stat_wal_receiver where status = 'streaming') then 0
           else greatest(0, extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)
         end::float8 as lag_ms`;

/**
 * A reader of the replica at `replica`, falling back to `primary`. `lagOf` asks the replica its lag
 * (LAG_SQL); it is asked at most once per `checkMs`, and a failure (the replica down) counts as
 * unreachable until the next check.
 */
export function replicaReader(o: {
  primary: Db;
  replica: Db;
  maxLagMs: number;
  lagOf: () => Promise<number | null>;
  closeReplica: () => Promise<void>;
  checkMs?: number;
  now?: () => number;
}): ReportingReader {
  const now = o.now ?? Date.now;
  const checkMs = o.checkMs ?? LAG_CHECK_MS;
  let checked: { at: number; lagMs: number | null } | null = null;
  let checking: Promise<{ at: number; lagMs: number | null }> | null = null;
  let fallbacks = 0;
  const check = () => {
    if (checked && now() - checked.at < checkMs) return Promise.resolve(checked);
    checking ??= (async () => {
      const at = now();
      const lagMs = await o.lagOf().catch(() => null);
      checked = { at, lagMs };
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

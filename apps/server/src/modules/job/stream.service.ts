import type { z } from 'zod';
import type { StreamListQuery, StreamRunListQuery, streamInput, streamUpdate } from '@venue/contract';
import type { Db } from '../../platform/db.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import type { AppContext, Caller } from '../../platform/http.ts';
import { orderOf, pageOf } from '../../platform/list.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../platform/scope.ts';
import { orgTimeZone } from '../system/index.ts';
import type { JobStreamRow, JobStreamRunRow } from './job.table.ts';
import {
  deleteStreamRows,
  findStream,
  findStreamIds,
  findStreamRun,
  insertStream,
  jobIdsOfOrg,
  pageStreamRuns,
  pageStreams,
  recordsOfRun,
  runDefaultOrder,
  runSorts,
  streamDefaultOrder,
  streamSorts,
  updateStreamRow,
} from './job.repository.ts';
import { QuartzCron, checkTimeZone, nextFireTime } from './cron.ts';
import { schedulerFor } from './job.engine.ts';
import { findCycle, startStreamRun, stepStates, type Graph } from './stream.flow.ts';
import { cronFieldError, fieldError, recordView } from './job.service.ts';

/**
 * A stream as the routes hand it over: the output of the contract's `streamInput` (defaults filled
 * in). The contract's `StreamInput` type is the console's side of it (`z.input`, before the defaults).
 */
export type StreamBody = z.output<typeof streamInput>;

export function streamView(s: JobStreamRow) {
  return {
    id: s.id,
    orgId: s.orgId,
    name: s.name,
    description: s.description,
    status: s.status,
    cronExpr: s.cronExpr,
    timeZone: s.timeZone,
    nodes: s.nodes,
    edges: s.edges,
    prevFireTime: s.prevFireAt,
    nextFireTime: s.nextFireAt,
    creator: s.creatorName,
    createdBy: s.createdBy,
    createTime: s.createdAt,
    updateTime: s.updatedAt,
    version: s.version,
  };
}

export function runView(r: JobStreamRunRow) {
  return {
    id: r.id,
    orgId: r.orgId,
    streamId: r.streamId,
    streamName: r.streamName,
    trigger: r.trigger,
    manual: r.manual,
    plannedAt: r.plannedAt,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    durationMs: r.durationMs,
    status: r.status,
    detail: r.detail,
  };
}

async function loadStream(db: Db, caller: Caller, id: number): Promise<JobStreamRow> {
  const row = await findStream(db, scopeOf(caller), id);
  if (!row) throw notFound();
  return row;
}

/** Checks the graph: known jobs of the stream's organisation, unique keys, known and unique links, no cycle. */
async function checkGraph(db: Db, scope: Scope, orgId: number, input: StreamBody): Promise<void> {
  if (!input.nodes.length) throw fieldError('nodes', 'job.stream.empty');
  const keys = new Set<string>();
  for (const [i, n] of input.nodes.entries()) {
    if (keys.has(n.key)) throw fieldError(`nodes.${i}.key`, 'job.stream.nodeKey', { key: n.key });
    keys.add(n.key);
  }
  const jobIds = [...new Set(input.nodes.map((n) => n.jobId))];
  const found = await jobIdsOfOrg(db, scope, orgId, jobIds);
  for (const [i, n] of input.nodes.entries()) if (!found.has(n.jobId)) throw fieldError(`nodes.${i}.jobId`, 'job.stream.jobNotFound', { key: n.key });
  const links = new Set<string>();
  for (const [i, e] of input.edges.entries()) {
    for (const k of [e.from, e.to]) if (!keys.has(k)) throw fieldError(`edges.${i}`, 'job.stream.edgeUnknown', { key: k });
    const id = `${e.from}\u0000${e.to}`;
    if (links.has(id)) throw fieldError(`edges.${i}`, 'job.stream.edgeDuplicate', { from: e.from, to: e.to });
    links.add(id);
  }
  const cycle = findCycle(input.nodes, input.edges);
  if (cycle) throw fieldError('edges', 'job.stream.cycle', { path: cycle.join(' → ') });
}

async function schedule(
  db: Db,
  scope: Scope,
  orgId: number,
  input: StreamBody,
): Promise<{ cronExpr: string | null; timeZone: string; nextFireAt: Date | null }> {
  const timeZone = input.timeZone?.trim() || ((await orgTimeZone(db, scope, orgId)) ?? 'Asia/Shanghai');
  try {
    checkTimeZone(timeZone);
  } catch (e) {
    throw cronFieldError('timeZone', e);
  }
  const cronExpr = input.cronExpr?.trim() ? input.cronExpr.trim().replace(/\s+/g, ' ') : null;
  if (!cronExpr) return { cronExpr, timeZone, nextFireAt: null };
  try {
    QuartzCron.of(cronExpr, timeZone);
  } catch (e) {
    throw cronFieldError('cronExpr', e);
  }
  const next = await nextFireTime({ triggerType: 'cron', cronExpr, intervalSeconds: 0, startTime: new Date(0), timeZone }, new Date());
  if (!next) throw fieldError('cronExpr', 'job.cron.never');
  return { cronExpr, timeZone, nextFireAt: input.status === 0 ? next : null };
}

function duplicate(e: unknown, name: string): never {
  if (isUniqueViolation(e))
    throw conflict('duplicate', 'job.stream.duplicate', { name }, [{ field: 'name', message: 'job.stream.duplicate', params: { name } }]);
  throw e;
}

export async function createStream(ctx: AppContext, caller: Caller, input: StreamBody) {
  const scope = scopeOf(caller);
  const orgId = caller.orgId;
  await checkGraph(ctx.db, scope, orgId, input);
  const s = await schedule(ctx.db, scope, orgId, input);
  try {
    const row = await insertStream(ctx.db, scope, {
      orgId,
      name: input.name,
      description: input.description ?? null,
      status: input.status,
      ...s,
      nodes: input.nodes,
      edges: input.edges,
      createdBy: caller.userId,
      creatorName: caller.userName,
    });
    return streamView(row);
  } catch (e) {
    duplicate(e, input.name);
  }
}

export async function updateStream(ctx: AppContext, caller: Caller, id: number, edit: z.output<typeof streamUpdate>) {
  const scope = scopeOf(caller);
  const current = await loadStream(ctx.db, caller, id);
  // Status and edges left out keep the stream's own (issue 23, point 10).
  const input = { ...edit, status: edit.status ?? (current.status as 0 | 1), edges: edit.edges ?? current.edges };
  await checkGraph(ctx.db, scope, current.orgId, input);
  const s = await schedule(ctx.db, scope, current.orgId, input);
  try {
    const rows = await updateStreamRow(ctx.db, scope, id, input.version, {
      name: input.name,
      description: input.description ?? null,
      status: input.status,
      ...s,
      nodes: input.nodes,
      edges: input.edges,
    });
    expectOneUpdated(rows);
    return streamView(rows[0]!);
  } catch (e) {
    duplicate(e, input.name);
  }
}

export async function deleteStreams(ctx: AppContext, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  const found = await findStreamIds(ctx.db, scope, ids);
  if (found.length !== new Set(ids).size) throw notFound();
  return { deleted: await deleteStreamRows(ctx.db, scope, ids) };
}

export async function getStream(ctx: AppContext, caller: Caller, id: number) {
  return streamView(await loadStream(ctx.db, caller, id));
}

export async function listStreams(db: Db, caller: Caller, q: StreamListQuery) {
  const { limit, offset } = pageOf(q);
  const { total, rows } = await pageStreams(db, scopeOf(caller), q, orderOf(q, streamSorts, streamDefaultOrder), limit, offset);
  return { total, data: rows.map(streamView) };
}

/** Runs a stream now (manual). Answers the new run. */
export async function runStreamNow(ctx: AppContext, caller: Caller, id: number) {
  const stream = await loadStream(ctx.db, caller, id);
  const runId = await ctx.db.transaction((tx) =>
    startStreamRun(tx, scopeOf(caller), stream, { trigger: 'manual', plannedAt: new Date(), createdBy: caller.userId }),
  );
  schedulerFor(ctx.db)?.wake();
  return getStreamRun(ctx, caller, runId!);
}

export async function listStreamRuns(db: Db, caller: Caller, q: StreamRunListQuery) {
  const { limit, offset } = pageOf(q);
  const { total, rows } = await pageStreamRuns(db, scopeOf(caller), q, orderOf(q, runSorts, runDefaultOrder), limit, offset);
  return { total, data: rows.map(runView) };
}

/** A run with each step: its node, job, state and dispatch record. */
export async function getStreamRun(ctx: AppContext, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const run = await findStreamRun(ctx.db, scope, id);
  if (!run) throw notFound();
  const records = await recordsOfRun(ctx.db, scope, id);
  const byKey = new Map(records.map((r) => [r.nodeKey!, r]));
  const graph = run.graph as Graph;
  const states = stepStates(graph, new Map(records.map((r) => [r.nodeKey!, r.result])), run.status !== 'running');
  return {
    ...runView(run),
    edges: graph.edges,
    steps: graph.nodes.map((n) => {
      const r = byKey.get(n.key);
      return {
        nodeKey: n.key,
        jobId: n.jobId,
        jobName: r?.jobName ?? n.jobName ?? null,
        state: states.get(n.key) ?? 'waiting',
        parents: graph.edges.filter((e) => e.to === n.key).map((e) => ({ from: e.from, on: e.on })),
        record: r ? recordView(r) : null,
      };
    }),
  };
}

import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db.ts';
import type { JobStreamRow, StreamEdge, StreamNode } from './job.table.ts';

/**
 * Job stream runs. A run copies the stream's graph when it starts, so later edits never
 * change a run in flight. Roots (nodes without parents) are dispatched at once as waiting
 * dispatch records; when a step finishes, `advanceStreamRun` (under the run's row lock, so two
 * parents finishing together start a join once) dispatches every node whose parents have all
 * finished with their links satisfied, marks the others skipped, and closes the run when
 * nothing is left in flight.
 */
export type Graph = { nodes: (StreamNode & { jobName?: string })[]; edges: StreamEdge[] };

const FINAL = new Set(['success', 'complete', 'fail', 'error', 'block']);
const GOOD = new Set(['success', 'complete']);

/** The cycle a graph contains, as node keys (first key repeated at the end), or null. */
export function findCycle(nodes: { key: string }[], edges: { from: string; to: string }[]): string[] | null {
  const out = new Map<string, string[]>(nodes.map((n) => [n.key, []]));
  for (const e of edges) out.get(e.from)?.push(e.to);
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (k: string): string[] | null => {
    state.set(k, 1);
    stack.push(k);
    for (const next of out.get(k) ?? []) {
      const s = state.get(next);
      if (s === 1) return [...stack.slice(stack.indexOf(next)), next];
      if (s === undefined) {
        const c = visit(next);
        if (c) return c;
      }
    }
    stack.pop();
    state.set(k, 2);
    return null;
  };
  for (const n of nodes) {
    if (!state.has(n.key)) {
      const c = visit(n.key);
      if (c) return c;
    }
  }
  return null;
}

/** Nodes in an order where every parent comes before its children. */
function topological(graph: Graph): string[] {
  const indeg = new Map(graph.nodes.map((n) => [n.key, 0]));
  for (const e of graph.edges) indeg.set(e.to, (indeg.get(e.to) ?? 0) + 1);
  const queue = graph.nodes.filter((n) => indeg.get(n.key) === 0).map((n) => n.key);
  const order: string[] = [];
  while (queue.length) {
    const k = queue.shift()!;
    order.push(k);
    for (const e of graph.edges.filter((x) => x.from === k)) {
      indeg.set(e.to, indeg.get(e.to)! - 1);
      if (indeg.get(e.to) === 0) queue.push(e.to);
    }
  }
  return order;
}

export type StepState = 'waiting' | 'running' | 'skipped' | 'success' | 'complete' | 'fail' | 'error' | 'block';

/** The state of every node of a run from its step records (nodeKey -> result). */
export function stepStates(graph: Graph, results: Map<string, string>, runFinished: boolean): Map<string, StepState> {
  const states = new Map<string, StepState>();
  for (const key of topological(graph)) {
    const r = results.get(key);
    if (r) {
      states.set(key, r === 'normal' ? 'running' : (r as StepState));
      continue;
    }
    const parents = graph.edges.filter((e) => e.to === key);
    const blocked = parents.some((e) => {
      const ps = states.get(e.from);
      if (ps === 'skipped') return true;
      if (ps && FINAL.has(ps)) return e.on === 'success' && !GOOD.has(ps);
      return false;
    });
    states.set(key, blocked || runFinished ? 'skipped' : 'waiting');
  }
  return states;
}

interface JobBrief {
  id: number;
  org_id: number;
  job_name: string;
  job_group: string;
  job_type: string;
  bean_name: string | null;
  executor_ip: string | null;
  executor_host: number | null;
  executor_path: string | null;
}

export function serviceNameOf(j: { job_type: string; bean_name: string | null; executor_ip: string | null; executor_host: number | null; executor_path: string | null }): string {
  return j.job_type === 'bean' ? (j.bean_name ?? '') : `${j.executor_ip ?? ''}:${j.executor_host ?? ''}${j.executor_path ?? ''}`;
}

/** Inserts waiting dispatch records for the given nodes of a run (at most once per node). */
async function dispatchNodes(tx: Executor, runId: number, orgId: number, manual: boolean, createdBy: number | null, graph: Graph, keys: string[]): Promise<number> {
  if (!keys.length) return 0;
  const jobIds = keys.map((k) => graph.nodes.find((n) => n.key === k)!.jobId);
  const res = (await tx.execute(sql`select id, org_id, job_name, job_group, job_type, bean_name, executor_ip, executor_host, executor_path from sys_job where id = any(${sql.raw(`array[${jobIds.map(Number).join(',')}]::bigint[]`)})`)) as unknown as { rows: JobBrief[] };
  const byId = new Map(res.rows.map((r) => [Number(r.id), r]));
  const rows = keys.map((key) => {
    const node = graph.nodes.find((n) => n.key === key)!;
    const job = byId.get(Number(node.jobId));
    return {
      org_id: orgId,
      job_id: job ? Number(job.id) : null,
      job_name: job?.job_name ?? node.jobName ?? `#${node.jobId}`,
      job_group: job?.job_group ?? '',
      service_name: job ? serviceNameOf(job) : null,
      call_mode: job?.job_type ?? null,
      node_key: key,
      // A node whose job was deleted is recorded as an error at once.
      result: job ? 'normal' : 'error',
      detail: job ? null : `job #${node.jobId} no longer exists`,
    };
  });
  const ins = (await tx.execute(sql`
    insert into sys_job_log (org_id, job_id, job_name, job_group, trigger, manual, service_name, call_mode, planned_at, due_at, result, detail, finished_at, stream_run_id, node_key, created_by)
    select v.org_id, v.job_id, v.job_name, v.job_group, 'stream', ${manual}, v.service_name, v.call_mode, now(), now(), v.result, v.detail,
           case when v.result = 'normal' then null else now() end, ${runId}, v.node_key, ${createdBy}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(org_id bigint, job_id bigint, job_name text, job_group text, service_name text, call_mode text, node_key text, result text, detail text)
    on conflict (stream_run_id, node_key) where stream_run_id is not null do nothing
    returning id, result`)) as unknown as { rows: { id: number; result: string }[] };
  return ins.rows.length;
}

/** Starts a run of a stream: copies the graph, dispatches the roots. Answers the run id. */
export async function startStreamRun(
  tx: Executor,
  stream: Pick<JobStreamRow, 'id' | 'orgId' | 'name' | 'nodes' | 'edges'>,
  opts: { trigger: 'schedule' | 'manual'; plannedAt: Date; createdBy: number | null },
): Promise<number | null> {
  const ids = stream.nodes.map((n) => Number(n.jobId));
  const names = (await tx.execute(sql`select id, job_name from sys_job where id = any(${sql.raw(`array[${ids.length ? ids.join(',') : 'null'}]::bigint[]`)})`)) as unknown as { rows: { id: number; job_name: string }[] };
  const nameOf = new Map(names.rows.map((r) => [Number(r.id), r.job_name]));
  const graph: Graph = { nodes: stream.nodes.map((n) => ({ ...n, jobName: nameOf.get(Number(n.jobId)) })), edges: stream.edges };
  const res = (await tx.execute(sql`
    insert into sys_job_stream_run (org_id, stream_id, stream_name, trigger, manual, planned_at, status, graph, created_by)
    values (${stream.orgId}, ${stream.id}, ${stream.name}, ${opts.trigger}, ${opts.trigger === 'manual'}, ${opts.plannedAt.toISOString()}, 'running', ${JSON.stringify(graph)}::jsonb, ${opts.createdBy})
    on conflict (stream_id, planned_at) where trigger = 'schedule' do nothing
    returning id`)) as unknown as { rows: { id: number }[] };
  const runId = res.rows[0] ? Number(res.rows[0].id) : null;
  if (runId === null) return null;
  const roots = graph.nodes.filter((n) => !graph.edges.some((e) => e.to === n.key)).map((n) => n.key);
  await dispatchNodes(tx, runId, stream.orgId, opts.trigger === 'manual', opts.createdBy, graph, roots);
  // Roots whose job is gone were recorded as errors right away: let the run move on.
  await advanceInTx(tx, runId);
  return runId;
}

/** Moves a run on after one of its steps finished. Answers how many steps it dispatched. */
export async function advanceStreamRun(db: Db, runId: number): Promise<number> {
  return db.transaction((tx) => advanceInTx(tx, runId));
}

async function advanceInTx(tx: Executor, runId: number): Promise<number> {
  const runRes = (await tx.execute(sql`select id, org_id, manual, status, graph, started_at, created_by from sys_job_stream_run where id = ${runId} for update`)) as unknown as {
    rows: { id: number; org_id: number; manual: boolean; status: string; graph: Graph | string; started_at: Date | string; created_by: number | null }[];
  };
  const run = runRes.rows[0];
  if (!run || run.status !== 'running') return 0;
  const graph: Graph = typeof run.graph === 'string' ? JSON.parse(run.graph) : run.graph;
  const steps = (await tx.execute(sql`select node_key, result from sys_job_log where stream_run_id = ${runId}`)) as unknown as { rows: { node_key: string; result: string }[] };
  const results = new Map(steps.rows.map((s) => [s.node_key, s.result]));
  const states = stepStates(graph, results, false);
  const ready: string[] = [];
  for (const n of graph.nodes) {
    if (states.get(n.key) !== 'waiting') continue;
    const parents = graph.edges.filter((e) => e.to === n.key);
    const allDone = parents.every((e) => {
      const ps = states.get(e.from)!;
      return FINAL.has(ps) && (e.on === 'complete' || GOOD.has(ps));
    });
    if (allDone) ready.push(n.key);
  }
  const dispatched = await dispatchNodes(tx, runId, Number(run.org_id), run.manual, run.created_by === null ? null : Number(run.created_by), graph, ready);
  if (ready.length) {
    // Dispatched nodes may have been recorded as errors at once (deleted job): look again.
    return dispatched + (await advanceInTx(tx, runId));
  }
  const inFlight = [...states.values()].some((s) => s === 'running' || s === 'waiting');
  if (!inFlight) {
    const allGood = [...states.values()].every((s) => s === 'success' || s === 'complete');
    const summary = [...states.entries()].map(([k, s]) => `${k}: ${s}`).join(', ');
    await tx.execute(sql`update sys_job_stream_run set status = ${allGood ? 'success' : 'fail'}, finished_at = now(),
      duration_ms = (extract(epoch from (now() - started_at)) * 1000)::int, detail = ${summary}
      where id = ${runId} and status = 'running'`);
  }
  return dispatched;
}

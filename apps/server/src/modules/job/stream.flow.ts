import type { Db, Executor } from '../../platform/db.ts';
import type { Scope } from '../../platform/scope.ts';
import type { JobStreamRow, StreamEdge, StreamNode } from './job.table.ts';
import { finishStreamRun, insertStreamRun, insertStreamSteps, jobBriefs, lockStreamRun, stepResults } from './job.repository.ts';

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

export function serviceNameOf(j: {
  job_type: string;
  bean_name: string | null;
  executor_ip: string | null;
  executor_host: number | null;
  executor_path: string | null;
}): string {
  return j.job_type === 'bean' ? (j.bean_name ?? '') : `${j.executor_ip ?? ''}:${j.executor_host ?? ''}${j.executor_path ?? ''}`;
}

/** Inserts waiting dispatch records for the given nodes of a run (at most once per node). */
async function dispatchNodes(
  tx: Executor,
  scope: Scope,
  runId: number,
  orgId: number,
  manual: boolean,
  createdBy: number | null,
  graph: Graph,
  keys: string[],
): Promise<number> {
  if (!keys.length) return 0;
  const jobIds = keys.map((k) => Number(graph.nodes.find((n) => n.key === k)!.jobId));
  const byId = new Map((await jobBriefs(tx, scope, jobIds)).map((r) => [Number(r.id), r]));
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
  return insertStreamSteps(tx, scope, runId, manual, createdBy, rows);
}

/** Starts a run of a stream: copies the graph, dispatches the roots. Answers the run id. */
export async function startStreamRun(
  tx: Executor,
  scope: Scope,
  stream: Pick<JobStreamRow, 'id' | 'orgId' | 'name' | 'nodes' | 'edges'>,
  opts: { trigger: 'schedule' | 'manual'; plannedAt: Date; createdBy: number | null },
): Promise<number | null> {
  const ids = stream.nodes.map((n) => Number(n.jobId));
  const nameOf = new Map((await jobBriefs(tx, scope, ids)).map((r) => [Number(r.id), r.job_name]));
  const graph: Graph = { nodes: stream.nodes.map((n) => ({ ...n, jobName: nameOf.get(Number(n.jobId)) })), edges: stream.edges };
  const runId = await insertStreamRun(tx, scope, {
    orgId: stream.orgId,
    streamId: stream.id,
    streamName: stream.name,
    trigger: opts.trigger,
    plannedAt: opts.plannedAt,
    graph,
    createdBy: opts.createdBy,
  });
  if (runId === null) return null;
  const roots = graph.nodes.filter((n) => !graph.edges.some((e) => e.to === n.key)).map((n) => n.key);
  await dispatchNodes(tx, scope, runId, stream.orgId, opts.trigger === 'manual', opts.createdBy, graph, roots);
  // Roots whose job is gone were recorded as errors right away: let the run move on.
  await advanceInTx(tx, scope, runId);
  return runId;
}

/** Moves a run on after one of its steps finished. Answers how many steps it dispatched. */
export async function advanceStreamRun(db: Db, scope: Scope, runId: number): Promise<number> {
  return db.transaction((tx) => advanceInTx(tx, scope, runId));
}

async function advanceInTx(tx: Executor, scope: Scope, runId: number): Promise<number> {
  const run = await lockStreamRun(tx, scope, runId);
  if (!run || run.status !== 'running') return 0;
  const graph = run.graph as Graph;
  const results = await stepResults(tx, scope, runId);
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
  const dispatched = await dispatchNodes(tx, scope, runId, run.orgId, run.manual, run.createdBy, graph, ready);
  if (ready.length) {
    // Dispatched nodes may have been recorded as errors at once (deleted job): look again.
    return dispatched + (await advanceInTx(tx, scope, runId));
  }
  const inFlight = [...states.values()].some((s) => s === 'running' || s === 'waiting');
  if (!inFlight) {
    const allGood = [...states.values()].every((s) => s === 'success' || s === 'complete');
    const summary = [...states.entries()].map(([k, s]) => `${k}: ${s}`).join(', ');
    await finishStreamRun(tx, scope, runId, allGood ? 'success' : 'fail', summary);
  }
  return dispatched;
}

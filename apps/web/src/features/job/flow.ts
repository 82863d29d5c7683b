import type { StreamEdge } from '@venue/contract';

/**
 * The job stream editor's model: local checks of a graph before it is sent (the server checks
 * again, and alone refuses cycles, with its own message), and a layered layout for the
 * read-only diagram. Pure functions, unit-tested.
 */

/** Console-only: a node being edited (its job may not be chosen yet); the body sent is the contract's streamInput. */
export interface FlowNode {
  key: string;
  jobId: number | null;
}
/** A link between two nodes: the contract's stream edge. */
export type FlowEdge = StreamEdge;

export const NODE_KEY = /^[\w.-]{1,64}$/;

export type FlowProblem =
  | { where: 'node'; index: number; key: 'st.nodeKeyBad' | 'st.nodeKeyDup' | 'st.jobEmpty' }
  | { where: 'edge'; index: number; key: 'st.edgeEmpty' | 'st.edgeSelf' | 'st.edgeDup' }
  | { where: 'nodes'; index: -1; key: 'st.noNodes' };

/** What the editor can tell before saving (message keys of the job namespace). Cycles are left to the server. */
export function flowProblems(nodes: readonly FlowNode[], edges: readonly FlowEdge[]): FlowProblem[] {
  const out: FlowProblem[] = [];
  if (!nodes.length) out.push({ where: 'nodes', index: -1, key: 'st.noNodes' });
  const keys = new Set<string>();
  nodes.forEach((n, index) => {
    if (!NODE_KEY.test(n.key)) out.push({ where: 'node', index, key: 'st.nodeKeyBad' });
    else if (keys.has(n.key)) out.push({ where: 'node', index, key: 'st.nodeKeyDup' });
    else if (n.jobId === null || n.jobId === undefined) out.push({ where: 'node', index, key: 'st.jobEmpty' });
    keys.add(n.key);
  });
  const links = new Set<string>();
  edges.forEach((e, index) => {
    if (!e.from || !e.to || !keys.has(e.from) || !keys.has(e.to)) out.push({ where: 'edge', index, key: 'st.edgeEmpty' });
    else if (e.from === e.to) out.push({ where: 'edge', index, key: 'st.edgeSelf' });
    else if (links.has(`${e.from}\u0000${e.to}`)) out.push({ where: 'edge', index, key: 'st.edgeDup' });
    links.add(`${e.from}\u0000${e.to}`);
  });
  return out;
}

/** A key not used yet: n1, n2, ... */
export function nextNodeKey(nodes: readonly { key: string }[]): string {
  const used = new Set(nodes.map((n) => n.key));
  for (let i = 1; ; i++) if (!used.has(`n${i}`)) return `n${i}`;
}

/** Console-only: a node's place in the diagram. */
export interface Placed {
  key: string;
  layer: number;
  index: number;
}

/**
 * Layers for the diagram: a node sits one layer right of its deepest parent (longest path from
 * a root). Nodes on a cycle (which the server will refuse) still get a place: the walk stops
 * after `nodes` rounds. Within a layer, nodes keep the editor's order.
 */
export function layers(nodes: readonly { key: string }[], edges: readonly { from: string; to: string }[]): Placed[] {
  const keys = nodes.map((n) => n.key);
  const known = new Set(keys);
  const valid = edges.filter((e) => known.has(e.from) && known.has(e.to) && e.from !== e.to);
  const layer = new Map(keys.map((k) => [k, 0]));
  for (let round = 0; round < keys.length; round++) {
    let changed = false;
    for (const e of valid) {
      const want = layer.get(e.from)! + 1;
      if (want > layer.get(e.to)! && want < keys.length) {
        layer.set(e.to, want);
        changed = true;
      }
    }
    if (!changed) break;
  }
  const counts = new Map<number, number>();
  return keys.map((key) => {
    const l = layer.get(key)!;
    const index = counts.get(l) ?? 0;
    counts.set(l, index + 1);
    return { key, layer: l, index };
  });
}

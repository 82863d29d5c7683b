import { theme } from 'antd';
import { layers, type FlowEdge } from './flow.ts';
import { useJobT } from './i18n.ts';

const W = 168;
const H = 52;
const GAP_X = 64;
const GAP_Y = 20;
const PAD = 16;

/** Console-only: a box of the diagram. */
export interface DiagramNode {
  key: string;
  label: string;
  /** A step's state in a run: colours the node. */
  state?: string;
}

const STATE_COLORS: Record<string, string> = {
  success: '#52c41a',
  complete: '#13c2c2',
  fail: '#ff4d4f',
  error: '#eb2f96',
  block: '#fa8c16',
  running: '#1677ff',
  skipped: '#bfbfbf',
  waiting: '#d9d9d9',
};

/**
 * A read-only layered diagram of a job stream in plain SVG: parents left, children right;
 * "on success" links solid green, "on completion" links dashed grey; a run colours each step.
 */
export function FlowDiagram({ nodes, edges, testId = 'flow-diagram' }: { nodes: DiagramNode[]; edges: FlowEdge[]; testId?: string }) {
  const t = useJobT();
  const { token } = theme.useToken();
  if (!nodes.length) return null;
  const placed = layers(nodes, edges);
  const pos = new Map(placed.map((p) => [p.key, { x: PAD + p.layer * (W + GAP_X), y: PAD + 22 + p.index * (H + GAP_Y) }]));
  const width = PAD * 2 + (Math.max(...placed.map((p) => p.layer)) + 1) * (W + GAP_X) - GAP_X;
  const rows = Math.max(...placed.map((p) => p.index)) + 1;
  const height = PAD * 2 + 22 + rows * (H + GAP_Y) - GAP_Y;
  const byKey = new Map(nodes.map((n) => [n.key, n]));
  const okColor = token.colorSuccess;
  const doneColor = token.colorTextTertiary;
  return (
    <div className="job-flow" data-testid={testId}>
      <svg width={width} height={height} role="img" aria-label={t('st.diagram')} style={{ display: 'block', minWidth: '100%' }}>
        <defs>
          <marker id="job-arrow-ok" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={okColor} />
          </marker>
          <marker id="job-arrow-done" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={doneColor} />
          </marker>
        </defs>
        <g fontSize={11} fill={token.colorTextSecondary}>
          <line x1={PAD} y1={12} x2={PAD + 22} y2={12} stroke={okColor} strokeWidth={2} markerEnd="url(#job-arrow-ok)" />
          <text x={PAD + 28} y={16}>
            {t('st.edgeOn.success')}
          </text>
          <line x1={PAD + 120} y1={12} x2={PAD + 142} y2={12} stroke={doneColor} strokeWidth={2} strokeDasharray="4 3" markerEnd="url(#job-arrow-done)" />
          <text x={PAD + 148} y={16}>
            {t('st.edgeOn.complete')}
          </text>
        </g>
        {edges.map((e, i) => {
          const a = pos.get(e.from);
          const b = pos.get(e.to);
          if (!a || !b || e.from === e.to) return null;
          const x1 = a.x + W;
          const y1 = a.y + H / 2;
          const x2 = b.x;
          const y2 = b.y + H / 2;
          // A link backwards (a cycle) bends around below.
          const d =
            x2 > x1
              ? `M ${x1} ${y1} C ${x1 + GAP_X / 2} ${y1}, ${x2 - GAP_X / 2} ${y2}, ${x2} ${y2}`
              : `M ${x1} ${y1} C ${x1 + 60} ${y1 + 80}, ${x2 - 60} ${y2 + 80}, ${x2} ${y2}`;
          const ok = e.on === 'success';
          return (
            <path
              key={`${e.from}-${e.to}-${i}`}
              d={d}
              fill="none"
              stroke={ok ? okColor : doneColor}
              strokeWidth={2}
              strokeDasharray={ok ? undefined : '5 4'}
              markerEnd={`url(#${ok ? 'job-arrow-ok' : 'job-arrow-done'})`}
              data-testid="flow-edge"
            />
          );
        })}
        {placed.map((p) => {
          const n = byKey.get(p.key)!;
          const { x, y } = pos.get(p.key)!;
          const color = n.state ? (STATE_COLORS[n.state] ?? token.colorBorder) : token.colorPrimary;
          const label = n.label.length > 20 ? `${n.label.slice(0, 19)}…` : n.label;
          return (
            <g key={p.key} data-testid="flow-node" data-node-key={p.key} data-state={n.state}>
              <title>{`${p.key} · ${n.label}${n.state ? ` · ${t.dynamic('st.stepState', n.state)}` : ''}`}</title>
              <rect x={x} y={y} width={W} height={H} rx={8} fill={token.colorBgContainer} stroke={color} strokeWidth={2} />
              <rect x={x} y={y} width={6} height={H} rx={3} fill={color} />
              <text x={x + 14} y={y + 21} fontSize={13} fill={token.colorText}>
                {label}
              </text>
              <text x={x + 14} y={y + 39} fontSize={11} fill={token.colorTextTertiary}>
                {n.state ? `${p.key} · ${t.dynamic('st.stepState', n.state)}` : p.key}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

import { Fragment, type ReactNode } from 'react';

/** Puts inputs into a translated sentence: 'from {start} every {every}' with nodes for start and every. */
export function slots(text: string, nodes: Record<string, ReactNode>): ReactNode {
  const parts = text.split(/\{(\w+)\}/);
  return parts.map((p, i) => (i % 2 === 1 ? <Fragment key={i}>{nodes[p] ?? `{${p}}`}</Fragment> : <Fragment key={i}>{p}</Fragment>));
}

/** Pure helpers of the menu grant tree. */
/** Console-only: the least a tree node needs for these helpers (menu options and role grants both fit). */
export interface GrantNode {
  id: number;
  children: GrantNode[];
}

function walk<T extends GrantNode>(nodes: T[], fn: (n: T) => void): void {
  for (const n of nodes) {
    fn(n);
    walk(n.children as T[], fn);
  }
}

/**
 * The granted ids to show checked in a linked checkbox tree: the granted leaves only (antd
 * derives the state of their parents), so a directory granted for one of its screens does not
 * show every screen below it checked.
 */
export function checkedLeaves(tree: GrantNode[], granted: readonly number[]): number[] {
  const set = new Set(granted);
  const out: number[] = [];
  walk(tree, (n) => {
    if (set.has(n.id) && n.children.length === 0) out.push(n.id);
  });
  return out;
}

/** Every id of the tree. */
export function allIds(tree: GrantNode[]): number[] {
  const ids: number[] = [];
  walk(tree, (n) => ids.push(n.id));
  return ids;
}

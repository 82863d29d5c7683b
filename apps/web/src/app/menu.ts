import type { MenuNode } from '@venue/contract';
import type { Lang } from './prefs.ts';

/** Menu tree helpers (pure). Type 0 = directory, 1 = screen (url = route path), 2 = button. */

export function menuTitle(node: Pick<MenuNode, 'name' | 'nameEn'>, lang: Lang): string {
  return lang === 'en-US' ? node.nameEn || node.name : node.name || node.nameEn;
}

function normalise(url: string): string {
  const p = url.split(/[?#]/)[0]!.replace(/\/+$/, '');
  return p.startsWith('/') ? p || '/' : `/${p}`;
}

/** Path of nodes from the root to the screen whose url is `pathname`, or []. */
export function menuTrail(tree: MenuNode[], pathname: string): MenuNode[] {
  const target = normalise(pathname);
  const walk = (nodes: MenuNode[], trail: MenuNode[]): MenuNode[] | null => {
    for (const n of nodes) {
      if (n.type === 2) continue;
      const here = [...trail, n];
      if (n.type === 1 && n.url && normalise(n.url) === target) return here;
      if (n.children?.length) {
        const found = walk(n.children, here);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(tree, []) ?? [];
}

export function menuHasPath(tree: MenuNode[], pathname: string): boolean {
  return menuTrail(tree, pathname).length > 0;
}

/** Directories and screens only (buttons are permissions, not menu entries), hidden ones out. */
export function visibleMenu(tree: MenuNode[]): MenuNode[] {
  return tree
    .filter((n) => n.type !== 2 && n.status !== 1)
    .map((n) => ({ ...n, children: n.children ? visibleMenu(n.children) : [] }))
    .filter((n) => n.type === 1 || n.children.length > 0);
}

/** Menu key of a node: its url for screens, 'dir:<id>' for directories. */
export function menuKey(n: Pick<MenuNode, 'type' | 'url' | 'id'>): string {
  return n.type === 1 && n.url ? normalise(n.url) : `dir:${n.id}`;
}

/** First screen path in the tree (where to go when /home is not in the menus). */
export function firstScreen(tree: MenuNode[]): string | null {
  for (const n of tree) {
    if (n.type === 1 && n.url) return normalise(n.url);
    const inner = n.children ? firstScreen(n.children) : null;
    if (inner) return inner;
  }
  return null;
}

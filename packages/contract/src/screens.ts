import { CONTRACT_MODULES } from './modules.ts';

/**
 * The one screen registry (issue 8, point 5). Each screen of the console is one entry: its route
 * path, its titles in both languages, its menu icon, the permission that opens it, its cache rule (spec 2.2 rule 7), and where the menu seed puts it. Both halves read it:
 * - the server's menu seed (modules/system/menu.seed.ts) builds its type-1 entries and their type-2
 *   buttons from the entries with a `parent` (and the directories below);
 * - the console (apps/web/src/app/screens.tsx) adds the lazy component of each key; its routes,
 *   tab titles, breadcrumbs and menu icons come from here.
 * Only serialisable facts live here: the console's components are keyed by `key`, and a key
 * without a component fails the console's typecheck.
 *
 * Each module declares its screens and directories in its own contract file (module.ts, modules.ts).
 * To add a screen: add an entry to its module's `screens` (key, path, titles, icon, permission,
 * cache, parent), its buttons to the module's `screenButtons` (`<module>.words.ts`), then its
 * component in the module's console screen file; the menu seed and the routes follow.
 */

export type ScreenLang = 'zh-CN' | 'en-US';
export type ScreenTitle = Readonly<Record<ScreenLang, string>>;

export interface ScreenDef {
  /** Stable key: the menu seed's key for menu screens ('system.user'), the console's component key. */
  readonly key: string;
  /** Route path (react-router syntax; may hold params: '/sport/views/venueReserve/orderDetails/:orderId'). */
  readonly path: string;
  readonly title: ScreenTitle;
  /** antd icon name (apps/web/src/app/layout/icons.tsx bundles every name used here). */
  readonly icon: string;
  /**
   * The permission code that opens it (its menu entry's `perms`); '' = any signed-in user; absent
   * for public screens.
   */
  readonly permission?: string;
  /**
   * Kept alive while another tab is shown (spec 2.2 rule 7): every list screen is, except course
   * management, course scheduling plan detail, invoice management, ticket project and session
   * detail, and closed management (UNCACHED_BY_SPEC).
   */
  readonly cache: boolean;
  /**
   * Where the menu seed puts it: a directory key of MENU_DIRECTORIES, or 'root' (top level).
   * Absent: not a menu entry (public screens, screens reached from the top bar).
   */
  readonly parent?: string;
  /** Open without login, shown outside the admin layout. */
  readonly public?: boolean;
  /** Its tab cannot be closed (home). */
  readonly affix?: boolean;
  /** Shown without the layout's chrome while loading (public pages fill the page). */
  readonly fullPage?: boolean;
  /**
   * Signed in, with its permission and the organisation's scope like any screen, but shown on its
   * own without the layout (no menu, top bar or tabs): a hall's display opened in a tab of its own.
   */
  readonly standalone?: boolean;
}

export interface MenuDirectoryDef {
  readonly key: string;
  readonly title: ScreenTitle;
  readonly icon: string;
}

export { CONTRACT_MODULES } from './modules.ts';
export type { ContractModule, ContractWords } from './module.ts';

type ModuleEntry = (typeof CONTRACT_MODULES)[number];
/** A module of the contract's module list ('system', 'sport/card'). */
export type ContractModuleName = ModuleEntry['name'];
/** The screen keys of one module: its console screen file maps each to its component. */
export type ScreenKeyOf<N extends ContractModuleName> = Extract<ModuleEntry, { name: N }>['screens'][number]['key'];
type DirectoryOf<M> = M extends { readonly directories: readonly (infer D)[] } ? D : never;
type Directory = DirectoryOf<ModuleEntry>;
type Screen = ModuleEntry['screens'][number];

/** The seeded menu directories (type 0), in menu order: each module's, in the order of the module list. */
export const MENU_DIRECTORIES: readonly Directory[] = CONTRACT_MODULES.flatMap((m): readonly Directory[] => ('directories' in m ? m.directories : []));

/** Every screen, in menu order within each directory: each module's, in the order of the module list. */
export const SCREENS: readonly Screen[] = CONTRACT_MODULES.flatMap((m): readonly Screen[] => m.screens);

export type ScreenKey = (typeof SCREENS)[number]['key'];

/**
 * Spec 2.2 rule 7: screens under these paths are not kept alive (course management, course
 * scheduling plan detail, invoice management, ticket project and session detail, closed
 * management). A registry entry under one of them must say `cache: false` (a test holds it).
 */
export const UNCACHED_BY_SPEC: readonly string[] = [
  '/courseManagement',
  '/sport/views/trainingCourse/courseManagement',
  '/sport/views/trainingCourse/courseSchedulingPlan/detail',
  '/sport/views/invoiceManagement',
  '/sport/views/orderManagement/invoiceManagement',
  '/sport/views/ticketManagement/projects/detail',
  '/sport/views/ticketManagement/projects/session/detail',
  '/sport/views/closedManagement',
  // Not in the spec's list: the seat-map designer (issue 13) is opened fresh each time; leaving it
  // with unsaved changes asks first instead of keeping a hidden drawing alive.
  '/sport/views/ticketManagement/seatMaps/drawSeat',
];

/** A path is under a prefix: the prefix itself or anything below it. */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Spec 2.2 rule 7 for a path: false under UNCACHED_BY_SPEC. */
export function cachedBySpec(path: string): boolean {
  return !UNCACHED_BY_SPEC.some((p) => isUnder(path, p));
}

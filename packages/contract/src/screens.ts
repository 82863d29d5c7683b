import { CONTRACT_MODULES } from './modules.ts';

/**
 * The one screen registry (issue 8, point 5). Each screen of the console is one entry: its route
 * path, its titles in both languages, its menu icon, the permission that opens it and the buttons
 * under it, its cache rule (spec 2.2 rule 7), and where the menu seed puts it. Both halves read it:
 * - the server's menu seed (modules/system/menu.seed.ts) builds its type-1 entries and their type-2
 *   buttons from the entries with a `parent` (and the directories below);
 * - the console (apps/web/src/app/screens.tsx) adds the lazy component of each key; its routes,
 *   tab titles, breadcrumbs and menu icons come from here.
 * Only serialisable facts live here: the console's components are keyed by `key`, and a key
 * without a component fails the console's typecheck.
 *
 * Each module declares its screens and directories in its own contract file (module.ts, modules.ts).
 * To add a screen: add an entry to its module's `screens` (key, path, titles, icon, permission,
 * buttons, cache, parent), then its component in the module's console screen file; the menu seed and
 * the routes follow.
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
  /** Type-2 buttons seeded under its menu entry: action -> permission code. */
  readonly buttons?: Readonly<Record<string, string>>;
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
export type { ContractModule } from './module.ts';

type ModuleEntry = (typeof CONTRACT_MODULES)[number];
/** A module of the contract's module list ('system', 'sport/card'). */
export type ContractModuleName = ModuleEntry['name'];
/** One module's entry of the contract's module list, by its name (the server's manifest names its own). */
export function contractModule<N extends ContractModuleName>(name: N): Extract<ModuleEntry, { name: N }> {
  return CONTRACT_MODULES.find((m) => m.name === name) as Extract<ModuleEntry, { name: N }>;
}

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

/** The operation-log label of every route `module`, in one language: each module's `logLabels`. */
export function operationLogLabels(lang: ScreenLang): Record<string, string> {
  return Object.fromEntries(CONTRACT_MODULES.flatMap((m): [string, string][] => Object.entries(m.logLabels ?? {}).map(([k, v]) => [k, v[lang]])));
}

/** Actions every module may log without naming them itself (`add`, `edit`, `remove`, ...). */
const COMMON_LOG_ACTIONS: Readonly<Record<string, ScreenTitle>> = {
  add: { 'zh-CN': '新增', 'en-US': 'Add' },
  edit: { 'zh-CN': '修改', 'en-US': 'Edit' },
  remove: { 'zh-CN': '删除', 'en-US': 'Delete' },
  export: { 'zh-CN': '导出', 'en-US': 'Export' },
  import: { 'zh-CN': '导入', 'en-US': 'Import' },
};

/**
 * The operation-log name of each action a module names (`logActions`), in one language, by the
 * route's `module` and then its `action`: `{ booking: { cancel: '取消预订' } }`.
 */
export function operationLogActions(lang: ScreenLang): Record<string, Record<string, string>> {
  return Object.fromEntries(
    CONTRACT_MODULES.flatMap((m): [string, Record<string, string>][] => {
      const actions: Readonly<Record<string, ScreenTitle>> = 'logActions' in m ? m.logActions : {};
      const named = Object.fromEntries(Object.entries({ ...COMMON_LOG_ACTIONS, ...actions }).map(([k, v]) => [k, v[lang]]));
      return Object.keys(m.logLabels ?? {}).map((routeModule) => [routeModule, named]);
    }),
  );
}

/** The menu labels of seeded type-2 buttons, by action (both languages). */
export const BUTTON_TITLES: Readonly<Record<string, ScreenTitle>> = {
  list: { 'zh-CN': '查询', 'en-US': 'Query' },
  view: { 'zh-CN': '查看', 'en-US': 'View' },
  add: { 'zh-CN': '新增', 'en-US': 'Add' },
  edit: { 'zh-CN': '修改', 'en-US': 'Edit' },
  remove: { 'zh-CN': '删除', 'en-US': 'Delete' },
  resetPwd: { 'zh-CN': '重置密码', 'en-US': 'Reset password' },
  status: { 'zh-CN': '冻结/解冻/注销', 'en-US': 'Freeze/unfreeze/cancel' },
  assign: { 'zh-CN': '分配', 'en-US': 'Assign' },
  import: { 'zh-CN': '导入', 'en-US': 'Import' },
  export: { 'zh-CN': '导出', 'en-US': 'Export' },
  run: { 'zh-CN': '执行', 'en-US': 'Run' },
  log: { 'zh-CN': '调度记录', 'en-US': 'Dispatch records' },
  publish: { 'zh-CN': '发布', 'en-US': 'Publish' },
  forceLogout: { 'zh-CN': '强制下线', 'en-US': 'Force offline' },
  pay: { 'zh-CN': '收款', 'en-US': 'Take payment' },
  cancel: { 'zh-CN': '取消订单', 'en-US': 'Cancel order' },
  print: { 'zh-CN': '打印', 'en-US': 'Print' },
  discount: { 'zh-CN': '优惠', 'en-US': 'Discount' },
  comp: { 'zh-CN': '免单', 'en-US': 'Comp' },
  apply: { 'zh-CN': '申请退款', 'en-US': 'Apply for refund' },
  review: { 'zh-CN': '审核', 'en-US': 'Review' },
  accounts: { 'zh-CN': '储值账户查询', 'en-US': 'Stored-value accounts' },
  openAccount: { 'zh-CN': '开立储值账户', 'en-US': 'Open an account' },
  shop: { 'zh-CN': '店铺状态', 'en-US': 'Shop status' },
  lock: { 'zh-CN': '锁定', 'en-US': 'Lock' },
  book: { 'zh-CN': '预订', 'en-US': 'Book' },
  checkin: { 'zh-CN': '核销', 'en-US': 'Check in' },
  close: { 'zh-CN': '批量关场', 'en-US': 'Close sites' },
  orders: { 'zh-CN': '订单查询', 'en-US': 'Look up orders' },
  settle: { 'zh-CN': '交班签收', 'en-US': 'Sign off shifts' },
  private: { 'zh-CN': '查看证件号和手机号', 'en-US': 'See id numbers and phones' },
  tag: { 'zh-CN': '标签', 'en-US': 'Tags' },
  face: { 'zh-CN': '人脸', 'en-US': 'Faces' },
  blacklist: { 'zh-CN': '黑白名单', 'en-US': 'Black and white lists' },
  identity: { 'zh-CN': '身份认证', 'en-US': 'Identity check' },
  distribute: { 'zh-CN': '分配给入园人', 'en-US': 'Give to entrants' },
  type: { 'zh-CN': '卡类型设置', 'en-US': 'Card types' },
  sell: { 'zh-CN': '售卡', 'en-US': 'Sell' },
  recharge: { 'zh-CN': '充值', 'en-US': 'Recharge' },
  freeze: { 'zh-CN': '冻结/解冻', 'en-US': 'Freeze/unfreeze' },
  share: { 'zh-CN': '共享', 'en-US': 'Sharing' },
  refund: { 'zh-CN': '退卡', 'en-US': 'Refund' },
  project: { 'zh-CN': '项目管理', 'en-US': 'Projects' },
  session: { 'zh-CN': '场次管理', 'en-US': 'Sessions' },
  seatmap: { 'zh-CN': '座位图', 'en-US': 'Seat maps' },
  level: { 'zh-CN': '票档设置', 'en-US': 'Ticket levels' },
  reserve: { 'zh-CN': '预留出票', 'en-US': 'Reserved issuing' },
  approve: { 'zh-CN': '审批', 'en-US': 'Approve' },
  ticketRefund: { 'zh-CN': '退票', 'en-US': 'Refund tickets' },
  check: { 'zh-CN': '检票', 'en-US': 'Check tickets' },
  gate: { 'zh-CN': '闸口设置', 'en-US': 'Gates' },
  checkOverride: { 'zh-CN': '窗口外放行', 'en-US': 'Admit outside the window' },
  collect: { 'zh-CN': '取票', 'en-US': 'Collect paper tickets' },
  reprint: { 'zh-CN': '重打门票', 'en-US': 'Reprint' },
  quota: { 'zh-CN': '分销配额', 'en-US': 'Distributor quotas' },
  feed: { 'zh-CN': '拉取/刷新数据源', 'en-US': 'Pull and refresh feeds' },
};

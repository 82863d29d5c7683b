import type { ContractWords } from './module.ts';
import { CONTRACT_MODULES } from './modules.ts';
import type { ContractModuleName, ScreenLang, ScreenTitle } from './screens.ts';
import { authWords } from './system/auth.words.ts';
import { ssoWords } from './system/sso.words.ts';
import { systemWords } from './system/system.words.ts';
import { logWords } from './system/log.words.ts';
import { jobWords } from './system/job.words.ts';
import { openWords } from './system/open.words.ts';
import { messageWords } from './system/message.words.ts';
import { registryWords } from './system/registry.words.ts';
import { commerceWords } from './sport/commerce.words.ts';
import { bookingWords } from './sport/booking.words.ts';
import { venueWords } from './sport/venue.words.ts';
import { memberWords } from './sport/member.words.ts';
import { cardWords } from './sport/card.words.ts';
import { ticketWords } from './sport/ticket.words.ts';
import { coachWords } from './sport/coach.words.ts';
import { sparringWords } from './sport/sparring.words.ts';
import { courseWords } from './sport/course.words.ts';
import { goodsWords } from './sport/goods.words.ts';
import { equipmentWords } from './sport/equipment.words.ts';
import { registrationWords } from './sport/registration.words.ts';
import { invoiceWords } from './sport/invoice.words.ts';
import { settlementWords } from './sport/settlement.words.ts';
import { couponWords } from './sport/coupon.words.ts';
import { agencyWords } from './sport/agency.words.ts';
import { marketingWords } from './sport/marketing.words.ts';
import { contentWords } from './sport/content.words.ts';
import { statisticsWords } from './sport/statistics.words.ts';
import { deskOpsWords } from './sport/deskops.words.ts';
import { largeScreenWords } from './sport/largeScreen.words.ts';
import { opsReportWords } from './sport/opsreport.words.ts';

/**
 * Every module's words (module.ts `ContractWords`), one line each, in the module list's order: the
 * operation log's labels and action names, and the menu seed's buttons and their titles. Only the screens that
 * show them and the server import this, so the console's start-up does not load them.
 */
export const CONTRACT_WORDS: readonly ContractWords[] = [
  authWords,
  ssoWords,
  systemWords,
  logWords,
  jobWords,
  openWords,
  messageWords,
  registryWords,
  commerceWords,
  bookingWords,
  venueWords,
  memberWords,
  cardWords,
  ticketWords,
  coachWords,
  sparringWords,
  courseWords,
  goodsWords,
  equipmentWords,
  registrationWords,
  invoiceWords,
  settlementWords,
  couponWords,
  agencyWords,
  marketingWords,
  contentWords,
  statisticsWords,
  deskOpsWords,
  largeScreenWords,
  opsReportWords,
];

type ModuleEntry = (typeof CONTRACT_MODULES)[number];
/**
 * One module's entry of the contract's module list with its words, by its name (the server's
 * manifest names its own, and checks that no two modules declare one log label).
 */
export function contractModule<N extends ContractModuleName>(name: N): Extract<ModuleEntry, { name: N }> & Omit<ContractWords, 'name'> {
  return { ...CONTRACT_WORDS.find((w) => w.name === name), ...(CONTRACT_MODULES.find((m) => m.name === name) as Extract<ModuleEntry, { name: N }>) };
}

/** The operation-log label of every route `module`, in one language: each module's `logLabels`. */
export function operationLogLabels(lang: ScreenLang): Record<string, string> {
  return Object.fromEntries(CONTRACT_WORDS.flatMap((m): [string, string][] => Object.entries(m.logLabels ?? {}).map(([k, v]) => [k, v[lang]])));
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
    CONTRACT_WORDS.flatMap((m): [string, Record<string, string>][] => {
      const named = Object.fromEntries(Object.entries({ ...COMMON_LOG_ACTIONS, ...m.logActions }).map(([k, v]) => [k, v[lang]]));
      return Object.keys(m.logLabels ?? {}).map((routeModule) => [routeModule, named]);
    }),
  );
}

/** The menu labels of seeded type-2 buttons every module may use, by action (both languages). */
const COMMON_BUTTON_TITLES: Readonly<Record<string, ScreenTitle>> = {
  list: { 'zh-CN': '查询', 'en-US': 'Query' },
  view: { 'zh-CN': '查看', 'en-US': 'View' },
  add: { 'zh-CN': '新增', 'en-US': 'Add' },
  edit: { 'zh-CN': '修改', 'en-US': 'Edit' },
  remove: { 'zh-CN': '删除', 'en-US': 'Delete' },
  delete: { 'zh-CN': '删除', 'en-US': 'Delete' },
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

/** The type-2 buttons the menu seed puts under a screen, by screen key (each module's `screenButtons`). */
export const SCREEN_BUTTONS: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.assign(
  {},
  ...CONTRACT_WORDS.map((w) => w.screenButtons ?? {}),
);

const wordsOfScreen = new Map(CONTRACT_WORDS.flatMap((w) => Object.keys(w.screenButtons ?? {}).map((key) => [key, w] as const)));

/**
 * The menu title of a seeded type-2 button: its module's own title of the action (an agency
 * statement's `pay` is 标记已付), else the common one (收款).
 */
export function buttonTitle(screenKey: string, action: string): ScreenTitle | undefined {
  return wordsOfScreen.get(screenKey)?.buttons?.[action] ?? COMMON_BUTTON_TITLES[action];
}

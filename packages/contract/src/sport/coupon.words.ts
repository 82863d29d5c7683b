import { without, type ContractWords } from '../module.ts';
import { couponPermissions } from './coupon.screens.ts';

/** What the sport/coupon module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions, its screens' menu buttons and their titles. */
export const couponWords = {
  name: 'sport/coupon',
  logLabels: {
    coupon: { 'zh-CN': '优惠券', 'en-US': 'Coupons' },
  },
  logActions: {
    templateAdd: { 'zh-CN': '新增券模板', 'en-US': 'Add a coupon template' },
    templateEdit: { 'zh-CN': '修改券模板', 'en-US': 'Edit a coupon template' },
    templateRemove: { 'zh-CN': '删除券模板', 'en-US': 'Delete coupon templates' },
    issue: { 'zh-CN': '发券', 'en-US': 'Issue coupons' },
    void: { 'zh-CN': '作废优惠券', 'en-US': 'Void coupons' },
    sell: { 'zh-CN': '售券下单', 'en-US': 'Sell coupons' },
    stats: { 'zh-CN': '券统计', 'en-US': 'Coupon stats' },
  },
  buttons: {
    issue: { 'zh-CN': '发券', 'en-US': 'Issue' },
    void: { 'zh-CN': '作废', 'en-US': 'Void' },
    sell: { 'zh-CN': '售券', 'en-US': 'Sell' },
  },
  screenButtons: {
    'sport.coupon.management': without(couponPermissions.coupon, 'list'),
  },
} as const satisfies ContractWords;

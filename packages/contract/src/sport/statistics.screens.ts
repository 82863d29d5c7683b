import type { ContractModule } from '../module.ts';
import type { ScreenDef } from '../screens.ts';

/** The permission codes of the sport/statistics module (merged into `Perm`). */
export const statisticsPermissions = {
  statistics: {
    /** The dashboard and every statistics figure with its lines. */
    view: 'sport:statistics:view',
    /** Rebuild the aggregates from the ledger and the orders (administrators). */
    rebuild: 'sport:statistics:rebuild',
    /** Export a statistics table or a figure's lines as xlsx. */
    export: 'sport:statistics:export',
  },
} as const;

/** A spec 2.5 statistics screen (its tabs: `STATISTICS_SCREENS`), under the statistics directory. */
const report = (name: string, zh: string, en: string, icon: string): ScreenDef => ({
  key: `sport.statistics.${name}`,
  path: `/sport/views/statistics/${name}/index`,
  title: { 'zh-CN': zh, 'en-US': en },
  icon,
  permission: statisticsPermissions.statistics.view,
  cache: true,
  parent: 'statistics',
});

/** What the sport/statistics module brings to the console (spec 2.3 home dashboard, 2.5 statistics). */
export const statisticsModule = {
  name: 'sport/statistics',
  permissions: statisticsPermissions,
  directories: [{ key: 'statistics', title: { 'zh-CN': '统计分析', 'en-US': 'Statistics' }, icon: 'BarChartOutlined' }],
  screens: [
    {
      key: 'sport.statistics.dashboard',
      path: '/sport/views/dashboard/index',
      title: { 'zh-CN': '数据看板', 'en-US': 'Dashboard' },
      icon: 'DashboardOutlined',
      permission: statisticsPermissions.statistics.view,
      cache: true,
      parent: 'root',
    },
    report('bookingBusiness', '订场营业统计', 'Booking business', 'BarChartOutlined'),
    report('business', '营业统计', 'Business', 'LineChartOutlined'),
    report('income', '收入统计', 'Income', 'MoneyCollectOutlined'),
    report('saleIncome', '销售收入', 'Sales income', 'ShopOutlined'),
    report('couponStatistics', '优惠券统计', 'Coupon statistics', 'GiftOutlined'),
    report('coursebusinessStatistics', '课程营业统计', 'Course business', 'ReadOutlined'),
    report('memberCard', '会员卡统计', 'Member card statistics', 'IdcardOutlined'),
    report('ticketBusinessStatistics', '票务营业统计', 'Ticket business', 'TagsOutlined'),
    report('venue', '场馆统计', 'Venue statistics', 'EnvironmentOutlined'),
    report('deposit', '押金统计', 'Deposit statistics', 'AccountBookOutlined'),
  ],
} as const satisfies ContractModule;

import type { ContractModule } from '../module.ts';
import type { ScreenDef, ScreenTitle } from '../screens.ts';

/** The permission codes of the sport/content module (merged into `Perm`). */
export const contentPermissions = {
  content: {
    list: 'sport:content:list',
    add: 'sport:content:add',
    edit: 'sport:content:edit',
    /** Submit for review, publish, unpublish (and schedule them). */
    publish: 'sport:content:publish',
  },
  comment: {
    list: 'sport:comment:list',
    /** Approve or reject a held comment; the keyword list. */
    moderate: 'sport:comment:moderate',
  },
  banner: {
    list: 'sport:banner:list',
    add: 'sport:banner:add',
    edit: 'sport:banner:edit',
    remove: 'sport:banner:remove',
  },
  agreement: {
    list: 'sport:agreement:list',
    add: 'sport:agreement:add',
    edit: 'sport:agreement:edit',
    publish: 'sport:agreement:publish',
    /** Record a member's acceptance (at the desk, or the member app's call). */
    accept: 'sport:agreement:accept',
  },
} as const;

const P = contentPermissions;

/** A list-and-editor screen of one content type, under `parent`. */
function typeScreen(key: string, path: string, title: ScreenTitle, icon: string, parent: string): ScreenDef {
  return { key, path, title, icon, permission: P.content.list, cache: true, parent };
}
const c = (name: string, zh: string, en: string, icon: string) =>
  typeScreen(`sport.content.${name}`, `/sport/views/content/${name}/index`, { 'zh-CN': zh, 'en-US': en }, icon, 'content');

/** What the sport/content module brings to the console (spec 2.5 Content, notification, system rule, platformAgreement). */
export const contentModule = {
  name: 'sport/content',
  permissions: contentPermissions,
  directories: [
    { key: 'content', title: { 'zh-CN': '内容管理', 'en-US': 'Content' }, icon: 'ReadOutlined' },
    { key: 'notification', title: { 'zh-CN': '通知管理', 'en-US': 'Notifications' }, icon: 'NotificationOutlined' },
  ],
  screens: [
    c('advertising', '广告', 'Advertising', 'SoundOutlined'),
    c('games', '赛事', 'Games', 'TrophyOutlined'),
    c('material', '素材', 'Material', 'PictureOutlined'),
    c('sportsNews', '体育资讯', 'Sports news', 'ReadOutlined'),
    {
      key: 'sport.content.comments',
      path: '/sport/views/content/comments/index',
      title: { 'zh-CN': '评论', 'en-US': 'Comments' },
      icon: 'CommentOutlined',
      permission: P.comment.list,
      cache: true,
      parent: 'content',
    },
    c('help', '帮助', 'Help', 'QuestionCircleOutlined'),
    c('protocol', '协议', 'Protocol', 'FileProtectOutlined'),
    c('announcement', '公告', 'Announcements', 'NotificationOutlined'),
    c('merchantRecommendation', '商家推荐', 'Merchant recommendation', 'ShopOutlined'),
    c('serviceInformation', '服务信息', 'Service information', 'InfoCircleOutlined'),
    c('cooperationOpportunity', '合作机会', 'Cooperation opportunities', 'InteractionOutlined'),
    c('centralService', '中心服务', 'Central services', 'CustomerServiceOutlined'),
    c('sportsPromise', '运动承诺', 'Sports promise', 'HeartOutlined'),
    {
      key: 'sport.content.banner',
      path: '/sport/views/content/banner/index',
      title: { 'zh-CN': '轮播图', 'en-US': 'Banners' },
      icon: 'PictureOutlined',
      permission: P.banner.list,
      cache: true,
      parent: 'content',
    },
    typeScreen('sport.content.systemRule', '/sport/views/systemRule/index', { 'zh-CN': '系统规则', 'en-US': 'System rule' }, 'FileTextOutlined', 'content'),
    {
      key: 'sport.content.platformAgreement',
      path: '/sport/views/platformAgreement/index',
      title: { 'zh-CN': '平台协议', 'en-US': 'Platform agreement' },
      icon: 'AuditOutlined',
      permission: P.agreement.list,
      cache: true,
      parent: 'content',
    },
    typeScreen('sport.notification.news', '/sport/views/notification/news/index', { 'zh-CN': '新闻', 'en-US': 'News' }, 'ReadOutlined', 'notification'),
    typeScreen(
      'sport.notification.notices',
      '/sport/views/notification/notices/index',
      { 'zh-CN': '通知', 'en-US': 'Notices' },
      'BellOutlined',
      'notification',
    ),
    // Not menus: the notification screens' add pages (the list with its editor open).
    {
      key: 'sport.notification.newsAdd',
      path: '/sport/views/notification/news/add',
      title: { 'zh-CN': '新增新闻', 'en-US': 'Add news' },
      icon: 'ReadOutlined',
      permission: P.content.add,
      cache: true,
    },
    {
      key: 'sport.notification.noticesAdd',
      path: '/sport/views/notification/notices/add',
      title: { 'zh-CN': '新增通知', 'en-US': 'Add a notice' },
      icon: 'BellOutlined',
      permission: P.content.add,
      cache: true,
    },
  ],
} as const satisfies ContractModule;

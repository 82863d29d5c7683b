import { sql } from 'drizzle-orm';
import type { CONTENT_TYPES } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { searchMembers } from '../member/index.ts';
import {
  insertAgreement,
  insertBanner,
  insertComment,
  insertContents,
  insertVersions,
  publishAgreementRow,
  recordAcceptance,
  replaceKeywords,
} from './content.repository.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'content_demo_seeded';
const DEMO_KEYS = ['content', 'notification', 'sport.content', 'sport.notification'];

type Type = (typeof CONTENT_TYPES)[number];
/** Two items of each type: [zh title, en title, zh body, en body]. */
const ITEMS: Record<Type, [string, string, string, string][]> = {
  advertising: [
    [
      '夏季游泳卡 8 折',
      'Summer swim card 20% off',
      '<p>七月、八月办理游泳季卡享 <strong>8 折</strong>。</p>',
      '<p>Get a season swim card at <strong>20% off</strong> in July and August.</p>',
    ],
    ['羽毛球馆夜场特惠', 'Badminton night-time offer', '<p>每晚 21:00 后场地半价。</p>', '<p>Courts are half price after 21:00 every night.</p>'],
  ],
  games: [
    [
      '社区羽毛球公开赛报名中',
      'Community badminton open: entries open',
      '<p>单打、双打均可报名，截止下周五。</p>',
      '<p>Singles and doubles; entries close next Friday.</p>',
    ],
    ['青少年篮球联赛赛程', 'Youth basketball league fixtures', '<p>每周六上午在 1 号馆进行。</p>', '<p>Every Saturday morning in hall 1.</p>'],
  ],
  material: [
    ['场馆宣传图（横版）', 'Venue poster (landscape)', '<p>用于首页与公众号推文。</p>', '<p>For the home page and articles.</p>'],
    ['教练团队合影', 'Coaching team photo', '<p>2026 年度教练团队。</p>', '<p>The 2026 coaching team.</p>'],
  ],
  sportsNews: [
    ['全民健身日活动回顾', 'National Fitness Day in review', '<p>当天共有 1,200 人次入馆运动。</p>', '<p>1,200 visits on the day.</p>'],
    ['冬季运动如何预防受伤', 'Avoiding injuries in winter sport', '<p>热身 10 分钟，循序渐进。</p>', '<p>Warm up for 10 minutes and build up slowly.</p>'],
  ],
  help: [
    [
      '如何在线预订场地',
      'How to book a court online',
      '<p>在“场地预订”选择日期、时段，提交并支付即可。</p>',
      '<p>Choose a day and time in "Book a court", then submit and pay.</p>',
    ],
    ['储值卡如何充值', 'How to recharge a value card', '<p>前台或小程序“我的卡”均可充值。</p>', '<p>At the desk, or under "My cards" in the mini-program.</p>'],
  ],
  protocol: [
    ['场地预订须知', 'Court booking terms', '<p>开场前 2 小时可免费取消。</p>', '<p>Free cancellation up to 2 hours before the start.</p>'],
    [
      '培训课程退费规则',
      'Course refund rules',
      '<p>开课前全额退款，开课后按剩余课时退款。</p>',
      '<p>Full refund before the first lesson, then by lessons left.</p>',
    ],
  ],
  announcement: [
    ['国庆假期营业时间调整', 'National Day opening hours', '<p>10 月 1 日至 7 日营业时间 8:00–20:00。</p>', '<p>Open 8:00–20:00 from 1 to 7 October.</p>'],
    ['游泳池年度换水', 'Annual pool water change', '<p>下周二、三游泳池暂停开放。</p>', '<p>The pool is closed next Tuesday and Wednesday.</p>'],
  ],
  merchantRecommendation: [
    ['运动补给：馆内便利店', 'Snacks and drinks: the shop in the hall', '<p>会员购物 9.5 折。</p>', '<p>Members get 5% off.</p>'],
    ['合作康复理疗中心', 'Partner physiotherapy clinic', '<p>凭会员卡首次体验免费。</p>', '<p>First visit free with a member card.</p>'],
  ],
  serviceInformation: [
    ['停车服务', 'Parking', '<p>运动满 2 小时免费停车 3 小时。</p>', '<p>Three hours free parking with two hours of sport.</p>'],
    ['淋浴与储物柜', 'Showers and lockers', '<p>储物柜免费使用，请自备锁。</p>', '<p>Lockers are free; bring your own lock.</p>'],
  ],
  cooperationOpportunity: [
    ['企业团建场地合作', 'Corporate team-building packages', '<p>提供场地、教练与餐饮一站式服务。</p>', '<p>Courts, coaches and catering in one package.</p>'],
    ['赛事赞助招募', 'Event sponsors wanted', '<p>社区公开赛冠名、展位招募中。</p>', '<p>Naming rights and stands for the community open.</p>'],
  ],
  centralService: [
    ['会员服务中心', 'Member service centre', '<p>位于一楼大厅，9:00–21:00。</p>', '<p>Ground-floor hall, 9:00–21:00.</p>'],
    ['失物招领', 'Lost and found', '<p>请到前台登记领取。</p>', '<p>Ask at the front desk.</p>'],
  ],
  sportsPromise: [
    ['安全运动承诺', 'Safe sport promise', '<p>全体教练持证上岗，急救设备齐全。</p>', '<p>Every coach is certified; first-aid kits on every floor.</p>'],
    ['公平竞赛承诺', 'Fair play promise', '<p>所有赛事规则公开透明。</p>', '<p>Every competition rule is public.</p>'],
  ],
  news: [
    ['新羽毛球馆正式启用', 'New badminton hall opens', '<p>新增 12 片专业场地。</p>', '<p>12 new professional courts.</p>'],
    ['场馆获评市级示范单位', 'Venue named a city model venue', '<p>感谢每一位会员的支持。</p>', '<p>Thank you to every member.</p>'],
  ],
  notice: [
    ['系统维护通知', 'Maintenance notice', '<p>本周日 2:00–4:00 线上预订暂停。</p>', '<p>Online booking pauses Sunday 2:00–4:00.</p>'],
    ['会员信息核对提醒', 'Please check your member details', '<p>请在“我的”中核对手机号。</p>', '<p>Check your phone number under "Me".</p>'],
  ],
  systemRule: [
    ['会员积分规则', 'Member points rules', '<p>每消费 1 元积 1 分，积分一年有效。</p>', '<p>One point per yuan spent; points last a year.</p>'],
    ['入馆须知', 'House rules', '<p>请穿着运动鞋入场，爱护场馆设施。</p>', '<p>Wear sports shoes and take care of the facilities.</p>'],
  ],
};

const bi = (zh: string, en: string) => ({ zhCN: zh, enUS: en });

/**
 * The demo centre's content (`SEED_DEMO=1`), once per database: two items of each type in both
 * languages (most published), one scheduled to publish and one to unpublish, comments on the news
 * with one held by the keyword list, three banners, and two agreement versions with acceptances.
 */
export async function seedContentDemo(db: Db): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  await grantDemoMenus(db, DEMO_KEYS);
  const scope = oneOrgScope(center.id);
  const orgId = center.id;
  const now = Date.now();
  const hour = 3_600_000;
  await db.transaction(async (tx) => {
    const values = Object.entries(ITEMS).flatMap(([type, items]) =>
      items.map(([tz, te, bz, be], i) => ({
        orgId,
        type,
        title: bi(tz, te),
        body: bi(bz, be),
        // The second announcement waits in review, and publishes itself in two hours; the first help page comes down tomorrow.
        state: type === 'announcement' && i === 1 ? 'review' : 'published',
        publishAt: type === 'announcement' && i === 1 ? new Date(now + 2 * hour) : null,
        unpublishAt: type === 'help' && i === 0 ? new Date(now + 24 * hour) : null,
        publishedAt: type === 'announcement' && i === 1 ? null : new Date(now - (i + 1) * 24 * hour),
        createdBy: manager.id,
      })),
    );
    const rows = await insertContents(tx, scope, values);
    await insertVersions(
      tx,
      scope,
      rows.map((c) => ({
        orgId,
        contentId: c.id,
        no: 1,
        state: c.state,
        changed: ['type', 'title.zhCN', 'title.enUS', 'body.zhCN', 'body.enUS'],
        title: c.title,
        body: c.body,
        createdBy: manager.id,
        byName: manager.name,
      })),
    );
    const news = rows.find((c) => c.type === 'sportsNews')!;
    await replaceKeywords(tx, scope, orgId, ['广告', '代购', 'spam']);
    await insertComment(tx, scope, { orgId, contentId: news.id, author: '张先生', text: '活动很精彩，明年还来！', state: 'approved' });
    await insertComment(tx, scope, { orgId, contentId: news.id, author: 'Li Na', text: 'Great pictures, thanks!', state: 'approved' });
    await insertComment(tx, scope, { orgId, contentId: news.id, author: '路人甲', text: '低价代购球拍，私信我', state: 'held', matched: ['代购'] });
    for (const [i, [name, jumpType, jumpUrl]] of (
      [
        ['夏季游泳卡 8 折', 'content', String(rows.find((c) => c.type === 'advertising')!.id)],
        ['社区羽毛球公开赛', 'page', '/pages/games/index'],
        ['场馆官网', 'url', 'https://example.com/venue'],
      ] as const
    ).entries())
      await insertBanner(tx, scope, { orgId, name, carousel: i < 2, image: '/favicon.svg', jumpType, jumpUrl, sort: i + 1 });
    const v1 = await insertAgreement(tx, scope, {
      orgId,
      versionNo: 1,
      title: bi('会员服务协议', 'Member service agreement'),
      body: bi('<p>欢迎使用本场馆服务。</p>', '<p>Welcome to our venue services.</p>'),
    });
    const v2 = await insertAgreement(tx, scope, {
      orgId,
      versionNo: 2,
      title: bi('会员服务协议（2026 修订）', 'Member service agreement (2026 revision)'),
      body: bi('<p>新增个人信息保护条款。</p>', '<p>Adds the personal data protection terms.</p>'),
    });
    const people = await searchMembers(tx, scope, '', 3);
    await publishAgreementRow(tx, scope, orgId, v1.id, v1.version);
    for (const m of people) await recordAcceptance(tx, scope, { orgId, agreementId: v1.id, memberId: m.id });
    await publishAgreementRow(tx, scope, orgId, v2.id, v2.version);
    // One member has accepted the revision; the others must accept it again.
    if (people[0]) await recordAcceptance(tx, scope, { orgId, agreementId: v2.id, memberId: people[0].id });
  });
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}

import type { Db } from '../../platform/db.ts';
import { oneOrgScope, SYSTEM_SCOPE } from '../../platform/scope.ts';
import { grantDemoMenus, findOrgByCode, PLATFORM_ORG_CODE, findVisibleUserByCode } from '../system/index.ts';
import { publish } from './message.queue.ts';
import * as repo from './message.repository.ts';

type Text = { title: string; content: string };
interface DefaultType {
  code: string;
  name: string;
  variables: { name: string; sample: string }[];
  channels: string[];
  recipients: { member: boolean; operator: boolean; roleIds: number[]; orgUsers: boolean };
  text: { 'zh-CN': Text; 'en-US': Text };
}

/** The three business types every installation starts with (the platform organisation's; organisations below use them until they define their own). */
const DEFAULT_TYPES: DefaultType[] = [
  {
    code: 'booking.closureCancelled',
    name: '关场取消预订',
    variables: [
      { name: 'memberName', sample: '王小明' },
      { name: 'venueName', sample: '示范体育中心' },
      { name: 'slots', sample: '羽毛球 3 号场 2026-12-05 18:00-20:00' },
      { name: 'orderNo', sample: 'VB202612050012' },
      { name: 'reason', sample: '场地维修' },
      { name: 'refundYuan', sample: '120.00' },
    ],
    channels: ['station', 'sms', 'email'],
    recipients: { member: true, operator: true, roleIds: [], orgUsers: false },
    text: {
      'zh-CN': {
        title: '预订已取消：{venueName}关场',
        content: '{memberName}您好，因{reason}，{venueName}关闭：{slots}。您的预订（订单 {orderNo}）已取消，{refundYuan} 元将原路退回。',
      },
      'en-US': {
        title: 'Booking cancelled: {venueName} closed',
        content:
          'Dear {memberName}, {venueName} is closed for {reason}: {slots}. Your booking (order {orderNo}) is cancelled and {refundYuan} yuan will be refunded.',
      },
    },
  },
  {
    code: 'card.expiring',
    name: '会员卡即将到期',
    variables: [
      { name: 'memberName', sample: '王小明' },
      { name: 'cardName', sample: '年度畅打卡' },
      { name: 'cardNo', sample: 'C00012345' },
      { name: 'expireDate', sample: '2026-12-31' },
      { name: 'balance', sample: '¥320.00' },
    ],
    channels: ['sms', 'wechat', 'email'],
    recipients: { member: true, operator: false, roleIds: [], orgUsers: false },
    text: {
      'zh-CN': { title: '会员卡即将到期', content: '{memberName}您好，您的{cardName}（卡号 {cardNo}）将于{expireDate}到期，余额 {balance}，请及时续卡。' },
      'en-US': {
        title: 'Your card expires soon',
        content: 'Dear {memberName}, your {cardName} (card {cardNo}) expires on {expireDate} with {balance} left. Renew it in time.',
      },
    },
  },
  {
    code: 'job.failed',
    name: '任务执行失败',
    variables: [
      { name: 'jobName', sample: '清理过期会话' },
      { name: 'jobGroup', sample: 'system' },
      { name: 'result', sample: 'fail' },
      { name: 'detail', sample: 'connect ECONNREFUSED 10.0.0.8:8080' },
      { name: 'plannedAt', sample: '2026-12-05T02:00:00.000Z' },
      { name: 'attempt', sample: '3' },
      { name: 'recordId', sample: '1024' },
    ],
    channels: ['station', 'email', 'dingtalk', 'wecom'],
    recipients: { member: false, operator: false, roleIds: [], orgUsers: true },
    text: {
      'zh-CN': {
        title: '任务执行失败：{jobName}',
        content: '任务“{jobName}”（分组 {jobGroup}）计划于 {plannedAt} 的执行结果为 {result}（第 {attempt} 次尝试，记录 {recordId}）：{detail}',
      },
      'en-US': {
        title: 'Job failed: {jobName}',
        content: 'The run of "{jobName}" (group {jobGroup}) planned at {plannedAt} ended {result} (attempt {attempt}, record {recordId}): {detail}',
      },
    },
  },
];

async function seedTypes(db: Db, orgId: number, recipients: (t: DefaultType) => DefaultType['recipients']): Promise<void> {
  const scope = oneOrgScope(orgId);
  await db.transaction(async (tx) => {
    for (const d of DEFAULT_TYPES) {
      const { row, created } = await repo.ensureBusiness(tx, scope, {
        orgId,
        code: d.code,
        name: d.name,
        variables: d.variables,
        channels: d.channels,
        recipients: recipients(d),
      });
      if (!created) continue;
      for (const channel of d.channels) {
        for (const lang of ['zh-CN', 'en-US'] as const) {
          const text = d.text[lang];
          // Texts and robot messages carry no subject.
          const title = channel === 'sms' ? '' : text.title;
          await repo.ensureTemplate(tx, scope, { orgId, businessId: row.id, channel, lang, title, content: text.content });
        }
      }
    }
  });
}

/** The default business types of the platform organisation, added once (an operator's changes stay). */
export async function seedMessageDefaults(db: Db): Promise<void> {
  const platform = await findOrgByCode(db, SYSTEM_SCOPE, PLATFORM_ORG_CODE);
  if (platform) await seedTypes(db, platform.id, (t) => t.recipients);
}

const DEMO_ORG = 'demo-sports-center';

/** The demo centre's own business types, a switched-off mail channel to fill in, and two station messages to the manager sent through the queue. */
export async function seedMessageDemo(db: Db): Promise<void> {
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  if (!center) return;
  await grantDemoMenus(db, ['message.business', 'message.channel', 'message.template', 'message.log', 'message.test'], ['message']);
  const scope = oneOrgScope(center.id);
  if ((await repo.pageBusinesses(db, scope, {}, { limit: 1, offset: 0 })).total > 0) return;
  await seedTypes(db, center.id, (t) => t.recipients);
  await repo.saveChannel(db, scope, center.id, 'email', 0, {
    enabled: false,
    ratePerMinute: 60,
    settings: { host: 'smtp.exmail.qq.com', port: 465, secure: true, user: 'notice@demo-sports.example', from: '示范体育中心 <notice@demo-sports.example>' },
    secretsSealed: null,
  });
  const manager = await findVisibleUserByCode(db, SYSTEM_SCOPE, 'manager');
  if (!manager) return;
  await db.transaction(async (tx) => {
    await publish(tx, {
      orgId: center.id,
      type: 'booking.closureCancelled',
      operatorId: manager.id,
      data: {
        memberName: '李雷',
        venueName: center.name,
        slots: '羽毛球 3 号场 2026-12-05 18:00-20:00',
        orderNo: 'VB202612050012',
        reason: '场地维修',
        refundYuan: '120.00',
      },
      member: { name: '李雷', phone: '13800138011' },
    });
    await publish(tx, {
      orgId: center.id,
      type: 'job.failed',
      data: {
        jobName: '会员卡到期提醒',
        jobGroup: 'card',
        result: 'error',
        detail: 'SMS gateway timed out after 10 s',
        plannedAt: new Date().toISOString(),
        attempt: 3,
        recordId: 1,
      },
      link: '/job/log',
    });
  });
}

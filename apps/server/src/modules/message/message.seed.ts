import type { Db } from '../../platform/db.ts';
import { oneOrgScope, SYSTEM_SCOPE } from '../../platform/scope.ts';
import { grantDemoMenus, findOrgByCode, PLATFORM_ORG_CODE, findVisibleUserByCode } from '../system/index.ts';
import { publish } from './message.queue.ts';
import * as repo from './message.repository.ts';

type Text = { title: string; content: string };

/**
 * A message business type a module contributes (`contributes.messageTypes`): its code, variables,
 * channels, default recipients and default texts. The message module seeds each for the platform
 * organisation (organisations below use them until they define their own); two modules never
 * declare one code.
 */
export interface MessageBusinessType {
  /** The key two modules never share (the loader checks it). */
  code: string;
  /** Its name in the console (the business type's name). */
  label: string;
  variables: { name: string; sample: string }[];
  channels: string[];
  recipients: { member: boolean; operator: boolean; roleIds: number[]; orgUsers: boolean };
  text: { 'zh-CN': Text; 'en-US': Text };
}
type DefaultType = MessageBusinessType;

/**
 * A message business type written once: its variables as name → sample (in order), the default
 * recipients that are on (the others off, no roles), its channels and default texts.
 */
export function messageType(t: {
  code: string;
  label: string;
  variables: Record<string, string>;
  channels: string[];
  recipients: Partial<MessageBusinessType['recipients']>;
  text: MessageBusinessType['text'];
}): MessageBusinessType {
  return {
    code: t.code,
    label: t.label,
    variables: Object.entries(t.variables).map(([name, sample]) => ({ name, sample })),
    channels: t.channels,
    recipients: { member: false, operator: false, roleIds: [], orgUsers: false, ...t.recipients },
    text: t.text,
  };
}

declare module '../../platform/module.ts' {
  interface ModuleContributions {
    /** Message business types the module publishes (seeded for the platform organisation). */
    messageTypes: MessageBusinessType;
  }
}

/** The message module's own type: a failed job run is announced through it (message.alarm.ts). */
export const JOB_FAILED_TYPE = messageType({
  code: 'job.failed',
  label: '任务执行失败',
  variables: {
    jobName: '清理过期会话',
    jobGroup: 'system',
    result: 'fail',
    detail: 'connect ECONNREFUSED 10.0.0.8:8080',
    plannedAt: '2026-12-05T02:00:00.000Z',
    attempt: '3',
    recordId: '1024',
  },
  channels: ['station', 'email', 'dingtalk', 'wecom'],
  recipients: { orgUsers: true },
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
});

/** Every loaded module's types, collected by the message module's plug step. */
let DEFAULT_TYPES: readonly MessageBusinessType[] = [];
export function collectMessageTypes(types: readonly MessageBusinessType[]): void {
  DEFAULT_TYPES = types;
}

async function seedTypes(db: Db, orgId: number, recipients: (t: DefaultType) => DefaultType['recipients']): Promise<void> {
  const scope = oneOrgScope(orgId);
  await db.transaction(async (tx) => {
    const templates: Parameters<typeof repo.ensureTemplates>[2] = [];
    for (const d of DEFAULT_TYPES) {
      const { row, created } = await repo.ensureBusiness(tx, scope, {
        orgId,
        code: d.code,
        name: d.label,
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
          templates.push({ orgId, businessId: row.id, channel, lang, title, content: text.content });
        }
      }
    }
    // The new types' templates in one statement (first start: some twenty of them).
    await repo.ensureTemplates(tx, scope, templates);
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
  const booking = DEFAULT_TYPES.some((t) => t.code === 'booking.closureCancelled');
  await db.transaction(async (tx) => {
    // Booking's type, when booking is loaded.
    if (booking)
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

import type { Db } from '../../../platform/db.ts';
import { SYSTEM_SCOPE } from '../../../platform/scope.ts';
import { seedShippedJobs, type JobHandler } from '../../job/index.ts';
import { publish, type MessageBusinessType } from '../../message/index.ts';
import { dayOf } from '../commerce/index.ts';
import { claimNotices, expireCoupons } from './coupon.repository.ts';

/**
 * The coupon module's scheduled work (issue 28, point 7), one job every few minutes: coupons past
 * their end become `expired`; members are told of coupons issued to them, and reminded of coupons
 * about to expire (within `EXPIRING_DAYS`). Each notice is claimed and marked in the transaction
 * that queues its message (SKIP LOCKED: two schedulers never tell twice); one message per member
 * and template, however many coupons (a batch of 100,000 tells 100,000 members, a run at a time).
 */
export const EXPIRING_DAYS = 3;
const NOTICE_BATCH = 2_000;
const MAX_ROUNDS = 25;

const link = '/sport/views/operatManagement/couponManagement/index';

async function tell(db: Db, what: 'issued' | 'expiring', now: Date): Promise<number> {
  const until = new Date(now.getTime() + EXPIRING_DAYS * 86_400_000);
  let told = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const n = await db.transaction(async (tx) => {
      const groups = await claimNotices(tx, SYSTEM_SCOPE, what, until, NOTICE_BATCH);
      for (const g of groups) {
        await publish(tx, {
          orgId: g.org_id,
          type: what === 'issued' ? 'coupon.issued' : 'coupon.expiring',
          operatorId: null,
          member: { name: g.name, phone: g.phone },
          data: {
            memberName: g.name,
            couponName: g.template_name,
            count: String(g.n),
            validTo: await dayOf(tx, g.org_id, new Date(g.valid_to)),
          },
          link,
        });
      }
      return groups.length;
    });
    told += n;
    if (n === 0) break;
  }
  return told;
}

/** One run: expire, tell of coupons issued, remind of coupons about to expire. Answers what it did. */
export async function runCouponNotices(db: Db, now = new Date()): Promise<string> {
  const expired = await expireCoupons(db, SYSTEM_SCOPE, now);
  const issued = await tell(db, 'issued', now);
  const expiring = await tell(db, 'expiring', now);
  return `${expired} coupons expired, ${issued} members told of coupons issued, ${expiring} reminded of coupons expiring`;
}

export const couponJobHandlers: JobHandler[] = [
  {
    name: 'coupon.notices',
    descriptionKey: 'job.handler.coupon.notices',
    platformOnly: true,
    async run({ db }) {
      return runCouponNotices(db);
    },
  },
];

export async function seedCouponJobs(db: Db): Promise<void> {
  await seedShippedJobs(db, 'coupon_jobs_seeded', 'coupon', [
    {
      jobName: '优惠券到期与通知',
      beanName: 'coupon.notices',
      cronExpr: '0 */5 * * * ?',
      description: 'Expire coupons past their end; tell members of coupons issued and of coupons expiring within 3 days, every 5 minutes',
    },
  ]);
}

const variables = [
  { name: 'memberName', sample: '王小明' },
  { name: 'couponName', sample: '满100减20' },
  { name: 'count', sample: '1' },
  { name: 'validTo', sample: '2026-12-31' },
];

/** Coupons issued to a member (the message module seeds it with these templates). */
export const couponIssuedType: MessageBusinessType = {
  code: 'coupon.issued',
  label: '优惠券到账通知',
  variables,
  channels: ['sms', 'wechat', 'email'],
  recipients: { member: true, operator: false, roleIds: [], orgUsers: false },
  text: {
    'zh-CN': { title: '优惠券已到账', content: '{memberName}您好，您获得{count}张「{couponName}」，有效期至{validTo}，欢迎使用。' },
    'en-US': { title: 'Coupons for you', content: 'Dear {memberName}, you have {count} coupon(s) "{couponName}", valid until {validTo}.' },
  },
};

/** Coupons about to expire. */
export const couponExpiringType: MessageBusinessType = {
  code: 'coupon.expiring',
  label: '优惠券到期提醒',
  variables,
  channels: ['sms', 'wechat', 'email'],
  recipients: { member: true, operator: false, roleIds: [], orgUsers: false },
  text: {
    'zh-CN': { title: '优惠券即将到期', content: '{memberName}您好，您的{count}张「{couponName}」将于{validTo}到期，请尽快使用。' },
    'en-US': { title: 'Coupons expiring soon', content: 'Dear {memberName}, your {count} coupon(s) "{couponName}" expire on {validTo}: use them soon.' },
  },
};

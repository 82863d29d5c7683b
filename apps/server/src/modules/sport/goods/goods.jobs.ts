import type { Db } from '../../../platform/db.ts';
import { seedShippedJobs, type JobHandler } from '../../job/index.ts';
import type { MessageBusinessType } from '../../message/index.ts';
import { remindOverdueRentals } from './rental.service.ts';

/** The goods module's scheduled work: reminding customers of rentals past their due time (its manifest contributes it). */
export const goodsJobHandlers: JobHandler[] = [
  {
    name: 'goods.remindOverdueRentals',
    descriptionKey: 'job.handler.goods.remindOverdueRentals',
    platformOnly: true,
    async run({ db }) {
      return `${await remindOverdueRentals(db)} overdue rentals reminded`;
    },
  },
];

export async function seedGoodsJobs(db: Db): Promise<void> {
  await seedShippedJobs(db, 'goods_jobs_seeded', 'goods', [
    {
      jobName: '租赁逾期提醒',
      beanName: 'goods.remindOverdueRentals',
      cronExpr: '0 */10 * * * ?',
      description: 'Remind customers of rentals past their due time, at most once a day each, every 10 minutes',
    },
  ]);
}

/** The message sent for a rental past its due time (the message module seeds it with these templates). */
export const rentalOverdueType: MessageBusinessType = {
  code: 'goods.rentalOverdue',
  label: '租赁逾期提醒',
  variables: [
    { name: 'memberName', sample: '王小明' },
    { name: 'goodsName', sample: '羽毛球拍 YONEX' },
    { name: 'quantity', sample: '2' },
    { name: 'unit', sample: '支' },
    { name: 'orderNo', sample: 'O2026113000012' },
    { name: 'dueTime', sample: '2026-11-30 18:00' },
    { name: 'lateHours', sample: '3' },
  ],
  channels: ['sms', 'wechat', 'email'],
  recipients: { member: true, operator: false, roleIds: [], orgUsers: false },
  text: {
    'zh-CN': {
      title: '租赁物品已逾期',
      content:
        '{memberName}您好，您租用的{goodsName} {quantity}{unit}（订单 {orderNo}）应于{dueTime}归还，已逾期 {lateHours} 小时，逾期费将从押金中扣除，请尽快归还。',
    },
    'en-US': {
      title: 'Your rental is overdue',
      content:
        'Dear {memberName}, the {quantity} {unit} of {goodsName} you rented (order {orderNo}) were due back at {dueTime} and are {lateHours} h late. Late fees come out of the deposit: please return them soon.',
    },
  },
};

import type { Db } from '../../../platform/db.ts';
import { oneOrgScope, SYSTEM_SCOPE } from '../../../platform/scope.ts';
import { grantDemoMenus, findVisibleUserByCode } from '../../system/index.ts';
import { setBacklogStatus } from '../backlog/backlog.repository.ts';
import { addBacklog } from '../backlog/backlog.service.ts';
import { deliverStation } from './station.service.ts';

/**
 * Demo station messages and to-dos for `manager` and `admin` (SEED_DEMO=1). Each carries a source
 * key, so a restart adds nothing twice; `manager` gets the two screens of the message menu.
 */
export async function seedStationDemo(db: Db): Promise<void> {
  const manager = await findVisibleUserByCode(db, SYSTEM_SCOPE, 'manager');
  const admin = await findVisibleUserByCode(db, SYSTEM_SCOPE, 'admin');
  await db.transaction(async (tx) => {
    for (const u of [manager, admin]) {
      if (!u) continue;
      const messages = [
        {
          type: 'booking.closureCancelled',
          title: '闭馆取消了 3 笔预订',
          content: '1 号羽毛球馆 周六 09:00-12:00 闭馆维护，3 笔预订已取消并原路退款。',
          link: '/sport/views/orderManagement/mainOrder',
        },
        { type: 'card.expiring', title: '12 张会员卡将在 7 天内到期', content: '请提醒会员续费：年卡 8 张、次卡 4 张。', link: null },
        { type: 'order.refunded', title: '订单退款成功', content: '订单 DEMO-20260412-0007 已退款 ¥120.00。', link: '/sport/views/orderManagement/mainOrder' },
        { type: 'job.failed', title: '定时任务执行失败：日终对账', content: '对账文件未生成，已安排重试。', link: '/job/log' },
        { type: 'notice', title: '系统将于周日 02:00 升级', content: '升级约 30 分钟，期间控制台暂停使用。', link: null },
      ];
      for (const m of messages) await deliverStation(tx, { orgId: u.orgId, userIds: [u.id], ...m, sourceKey: `demo:${m.type}` });
      const todos = [
        { title: '审核退款申请 R-20260412-003', content: '会员申请退还游泳次卡余额 ¥300.00。', link: '/sport/views/orderManagement/mainOrder' },
        { title: '确认下周场地排班', content: '网球场 3 号场周三下午有固定场预订冲突。', link: null },
        { title: '更新场馆开放时间', content: '五一假期开放时间调整为 08:00-22:00。', link: null },
      ];
      for (const [i, todo] of todos.entries()) {
        await addBacklog(tx, {
          orgId: u.orgId,
          userId: u.id,
          title: todo.title,
          content: todo.content,
          link: todo.link,
          initiator: admin && u.id !== admin.id ? { id: admin.id, name: admin.name } : undefined,
          sourceKey: `demo:todo:${i}`,
        });
      }
    }
    // One to-do already done, so the status filter shows both kinds.
    if (manager) {
      const done = await addBacklog(tx, { orgId: manager.orgId, userId: manager.id, title: '提交三月营收报表', sourceKey: 'demo:todo:done' });
      if (done) await setBacklogStatus(tx, oneOrgScope(manager.orgId), manager.id, [done], 1);
    }
  });
  await grantDemoMenus(db, [], ['message', 'message.station', 'message.backlog']);
}

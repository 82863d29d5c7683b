import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { randomToken } from '../../platform/keys.ts';
import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import { grantDemoMenus, findOrgByCode } from '../system/index.ts';
import * as repo from './registry.repository.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'registry_demo_seeded';

/**
 * The demo's service registry (`SEED_DEMO=1`), once per database: the centre's booking, member and
 * payment applications with their services, a production and a test environment (groups,
 * instances, deployed services), and the translation item the service list uses to show each
 * service's application by name. The demo manager reaches every registry screen.
 */
export async function seedRegistryDemo(db: Db): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  if (!center) return;
  await grantDemoMenus(db, ['registry']);
  const orgId = center.id;
  await db.transaction(async (tx) => {
    const apps = await repo.insertApps(tx, SYSTEM_SCOPE, [
      { orgId, name: '场地预订', code: 'booking', description: '场地查询、预订、改签与核销', appKey: `ak_${randomToken(12)}` },
      { orgId, name: '会员中心', code: 'member-center', description: '会员注册、会员卡与积分', appKey: `ak_${randomToken(12)}` },
      { orgId, name: '支付网关', code: 'pay-gateway', description: '微信、支付宝与聚合支付的统一入口', appKey: `ak_${randomToken(12)}` },
    ]);
    const [booking, member, pay] = apps.map((a) => a.id) as [number, number, number];
    const services = await repo.insertServices(tx, SYSTEM_SCOPE, [
      {
        orgId,
        appId: booking,
        name: '场地空闲查询',
        code: 'venue-grid',
        serviceVersion: '1.2.0',
        type: 'http',
        description: '按日期查询场地时段与价格',
        context: '/booking',
      },
      {
        orgId,
        appId: booking,
        name: '预订下单',
        code: 'booking-order',
        serviceVersion: '1.2.0',
        type: 'http',
        description: '锁定时段并生成订单',
        context: '/booking',
      },
      {
        orgId,
        appId: member,
        name: '会员查询',
        code: 'member-query',
        serviceVersion: '2.0.1',
        type: 'rpc',
        description: '按手机号或会员号查询会员',
        context: '/member',
      },
      {
        orgId,
        appId: member,
        name: '会员卡变动通知',
        code: 'card-events',
        serviceVersion: '1.0.0',
        type: 'mq',
        description: '充值、消费与冻结事件',
        context: '/member/events',
      },
      {
        orgId,
        appId: pay,
        name: '支付回调',
        code: 'pay-notify',
        serviceVersion: '1.0.0',
        type: 'http',
        description: '接收支付渠道的异步通知',
        context: '/pay',
        requestEncoding: 'GBK',
        responseEncoding: 'UTF-8',
      },
    ]);
    const [prod, test] = await repo.insertEnvs(tx, SYSTEM_SCOPE, [
      { orgId, name: '生产环境', code: 'prod', remark: '阿里云华东 2，双机部署' },
      { orgId, name: '测试环境', code: 'test', remark: '联调与验收' },
    ]);
    await repo.replaceEnvServices(
      tx,
      SYSTEM_SCOPE,
      prod!,
      services.map((s) => s.id),
    );
    await repo.replaceEnvServices(
      tx,
      SYSTEM_SCOPE,
      test!,
      services.slice(0, 3).map((s) => s.id),
    );
    const web = await repo.insertGroup(tx, SYSTEM_SCOPE, { orgId, envId: prod!.id, code: 'web', name: '应用服务器', status: 0 });
    const mq = await repo.insertGroup(tx, SYSTEM_SCOPE, { orgId, envId: prod!.id, code: 'mq', name: '消息队列', status: 0 });
    await repo.insertGroup(tx, SYSTEM_SCOPE, { orgId, envId: prod!.id, code: 'legacy', name: '旧版服务器（已下线）', status: 1 });
    const testWeb = await repo.insertGroup(tx, SYSTEM_SCOPE, { orgId, envId: test!.id, code: 'web', name: '应用服务器', status: 0 });
    await repo.insertInstance(tx, SYSTEM_SCOPE, { orgId, envId: prod!.id, groupId: web.id, code: 'web-01', ip: '10.20.1.11', port: 8080 });
    await repo.insertInstance(tx, SYSTEM_SCOPE, { orgId, envId: prod!.id, groupId: web.id, code: 'web-02', ip: '10.20.1.12', port: 8080 });
    await repo.insertInstance(tx, SYSTEM_SCOPE, { orgId, envId: prod!.id, groupId: mq.id, code: 'mq-01', ip: '10.20.2.21', port: 5672 });
    await repo.insertInstance(tx, SYSTEM_SCOPE, { orgId, envId: test!.id, groupId: testWeb.id, code: 'test-01', ip: '192.168.10.5', port: 8080 });
    await repo.insertTranslations(tx, SYSTEM_SCOPE, [
      {
        orgId,
        code: 'registryApp',
        queryApi: 'system/registry/app/list',
        cacheApi: 'system/registry/app',
        matchColumn: 'id',
        column1: 'name',
        column2: 'code',
        column3: 'appKey',
        remark: '服务列表按应用编号显示应用名称',
      },
      {
        orgId,
        code: 'registryEnv',
        queryApi: 'system/registry/env/list',
        cacheApi: 'system/registry/env',
        matchColumn: 'id',
        column1: 'name',
        column2: 'code',
        remark: '按环境编号显示环境名称',
      },
    ]);
    await tx.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
  });
}

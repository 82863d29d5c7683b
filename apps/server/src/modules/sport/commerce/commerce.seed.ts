import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Perm, PROVIDER_METHODS } from '@venue/contract';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../platform/db.ts';
import { actingAs, type Caller } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, grantDemoMenus, findVisibleUserByCode } from '../../system/index.ts';
import { createOrder } from './order.service.ts';
import { applyNonOrderRefund, applyRefund, reviewRefund } from './refund.service.ts';
import { openAccount } from './ledger.service.ts';
import { startPayment } from './payment.service.ts';
import { putMerchantAsSystem } from './merchant.service.ts';
import { startPaySimulators, type PaySimulators } from './providers/simulators/index.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'commerce_demo_seeded';
/** The commerce screens the demo venue manager can open (their buttons come with them). */
const DEMO_KEYS = ['sport.order', 'sport.refund', 'sport.finance', 'order', 'refund', 'finance'];

const quietLog = { warn: () => undefined, error: () => undefined } as never;

/**
 * The demo's sales (`SEED_DEMO=1`): once per database, the demo manager gets the commerce screens
 * and the centre a believable day of business, made through the services as the console would:
 * cash with change, stored value, a mixed payment, a pending order, refunds in each state.
 */
export async function seedCommerceDemo(db: Db, cfg: Config, secretKey: Buffer): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  await grantDemoMenus(db, DEMO_KEYS);
  const caller = actingAs(manager, center.id, { perms: [Perm.order.discount] }); // the manager discounts the coaching lesson below
  const deps = { db, secretKey, origin: cfg.publicUrl ?? `http://127.0.0.1:${cfg.port}`, sportPrefix: cfg.prefixes.sport, log: quietLog };
  const sell = (
    items: { name: string; unitPriceFen: number; quantity?: number; discountFen?: number }[],
    buyer: { buyerName?: string; buyerPhone?: string; discountReason?: string } = {},
  ) =>
    createOrder(
      db,
      caller,
      {
        type: 'general',
        channel: 'console',
        buyerName: buyer.buyerName ?? null,
        buyerPhone: buyer.buyerPhone ?? null,
        discountReason: buyer.discountReason,
        remark: null,
        items: items.map((i) => ({ kind: 'general', quantity: 1, discountFen: 0, ...i })),
      },
      undefined,
    );
  const payCash = (id: number, amountFen: number, receivedFen?: number) =>
    startPayment(deps, caller, id, { method: 'cash', amountFen, receivedFen }, undefined);

  const zhang = await openAccount(db, oneOrgScope(center.id), { orgId: center.id, holderName: '张晓明', holderPhone: '13900001111' });
  const top = await createOrder(
    db,
    caller,
    {
      type: 'card',
      channel: 'console',
      buyerName: '张晓明',
      buyerPhone: '13900001111',
      remark: null,
      items: [{ kind: 'recharge', refId: zhang.id, quantity: 1, unitPriceFen: 100000, discountFen: 0 }],
    },
    undefined,
  );
  await payCash(top, 100000);
  const towels = await sell(
    [
      { name: '运动毛巾', unitPriceFen: 2500, quantity: 2 },
      { name: '矿泉水', unitPriceFen: 300, quantity: 4 },
    ],
    { buyerName: '散客' },
  );
  await payCash(towels, 6200, 10000);
  const racket = await sell(
    [
      { name: '羽毛球拍租用', unitPriceFen: 2000 },
      { name: '羽毛球(筒)', unitPriceFen: 6500 },
    ],
    { buyerName: '张晓明', buyerPhone: '13900001111' },
  );
  await startPayment(deps, caller, racket, { method: 'balance', accountId: zhang.id, amountFen: 8500 }, undefined);
  const coach = await sell([{ name: '网球私教课(1小时)', unitPriceFen: 30000, discountFen: 3000 }], {
    buyerName: '刘女士',
    buyerPhone: '13700002222',
    discountReason: '老客户续课',
  });
  await startPayment(deps, caller, coach, { method: 'balance', accountId: zhang.id, amountFen: 10000 }, undefined);
  await payCash(coach, 17000, 20000);
  await sell([{ name: '储物柜(月租)', unitPriceFen: 5000 }], { buyerName: '陈先生', buyerPhone: '13600003333' }); // left pending
  const shoes = await sell([{ name: '运动袜', unitPriceFen: 1500, quantity: 3 }], { buyerName: '赵同学' });
  await payCash(shoes, 4500);
  // The front desk applies, the manager approves: a refund is never approved by its applicant.
  const front = await findOrgByCode(db, SYSTEM_SCOPE, `${DEMO_ORG}-front`);
  const frontdesk = front && (await findVisibleUserByCode(db, oneOrgScope(front.id), 'frontdesk'));
  const desk: Caller = frontdesk ? { ...caller, userId: frontdesk.id, userName: frontdesk.name, userCode: frontdesk.code } : caller;
  const refunded = await applyRefund(db, desk, { orderId: shoes, items: [], amountFen: 1500, to: 'original', reason: '尺码不合适，退一双' }, undefined);
  if (desk !== caller) await reviewRefund(db, caller, refunded.id, { approve: true, remark: '已收回商品' }, async () => undefined);
  await applyRefund(db, caller, { orderId: towels, items: [], amountFen: 600, to: 'original', reason: '两瓶水未开封' }, undefined); // waits for review
  await applyNonOrderRefund(db, caller, { payeeName: '孙先生', payeePhone: '13500004444', amountFen: 20000, method: 'cash', reason: '更衣柜押金退还' });
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}

/**
 * The demo takes real payments through the local simulators: started with the server, their keys
 * kept in DATA_DIR so a restart keeps them, and the demo centre's merchant settings pointed at them.
 */
export async function startDemoPayments(db: Db, cfg: Config, secretKey: Buffer): Promise<PaySimulators | undefined> {
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  if (!center) return undefined;
  const file = path.join(cfg.dataDir, 'keys', 'pay-simulators.json');
  const kept = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
  const sims = await startPaySimulators(kept ? { alipay: { keys: kept.alipay }, wechat: { keys: kept.wechat }, aggregate: { keys: kept.aggregate } } : {});
  if (!kept) fs.writeFileSync(file, JSON.stringify(sims.keys()), { mode: 0o600 });
  for (const p of PROVIDER_METHODS) await putMerchantAsSystem(db, center.id, p, sims[p].merchantConfig(), secretKey);
  return sims;
}

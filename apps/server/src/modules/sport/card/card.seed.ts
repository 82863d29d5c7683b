import { sql } from 'drizzle-orm';
import type { CardTypeCreate } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import { actingAs } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { startPayment } from '../commerce/index.ts';
import { searchMembers } from '../member/index.ts';
import { addCardType, checkIn, rechargeCard, sellCard, shareCard } from './card.service.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'card_demo_seeded';
/** The member directory: members, corporate members, lists, identity checks, check-in, referrals and every card screen. */
const DEMO_KEYS = ['member', 'sport.member', 'sport.card'];
const quietLog = { warn: () => undefined, error: () => undefined } as never;

/**
 * The demo centre's member cards (`SEED_DEMO=1`), once per database, made through the services as
 * the console would: a stored-value gold card, a swimming times card and a fitness month card;
 * cards sold and paid in cash to demo members, a recharge with its bonus, a share and a check-in.
 */
export async function seedCardDemo(db: Db, cfg: { publicUrl?: string; port: number; prefixes: { sport: string } }, secretKey: Buffer): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  await grantDemoMenus(db, DEMO_KEYS);
  const scope = oneOrgScope(center.id);
  const member = async (phone: string) => (await searchMembers(db, scope, phone, 5)).find((m) => m.phone === phone);
  const [zhang, li, wang, chen] = await Promise.all(['13900001111', '13700002222', '13600008888', '13500009999'].map(member));
  if (!zhang || !li || !wang || !chen) return;
  const caller = actingAs(manager, center.id);
  const deps = { db, secretKey, origin: cfg.publicUrl ?? `http://127.0.0.1:${cfg.port}`, sportPrefix: cfg.prefixes.sport, log: quietLog };
  const base: Omit<CardTypeCreate, 'name' | 'kind' | 'priceFen'> = {
    rechargeBonus: [],
    discounts: [],
    venueIds: [],
    sports: [],
    timeBands: [],
    freezeExtends: true,
    maxSharers: 0,
    status: 0,
    level: null,
    remark: null,
    perDay: null,
    perWeek: null,
  };

  const gold = await addCardType(db, caller, {
    ...base,
    name: '金卡（储值）',
    kind: 'value',
    priceFen: 100_000,
    faceValueFen: 110_000,
    validDays: 365,
    level: 'gold',
    maxSharers: 2,
    rechargeBonus: [
      { minFen: 50_000, bonusFen: 3_000 },
      { minFen: 100_000, bonusFen: 10_000 },
    ],
    discounts: [{ priceRuleId: null, percent: 80 }],
    times: null,
    remark: '购卡赠送 100 元，充值满 500 送 30、满 1000 送 100',
  });
  const swim = await addCardType(db, caller, {
    ...base,
    name: '游泳十次卡',
    kind: 'times',
    priceFen: 30_000,
    times: 10,
    validDays: 180,
    perDay: 1,
    sports: ['swimming'],
    faceValueFen: 0,
  });
  const gym = await addCardType(db, caller, {
    ...base,
    name: '健身月卡',
    kind: 'period',
    priceFen: 20_000,
    validDays: 30,
    perDay: 2,
    perWeek: 10,
    sports: ['fitness'],
    timeBands: [{ from: '06:00', to: '22:00' }],
    faceValueFen: 0,
    times: null,
  });

  const sellPaid = async (typeId: number, memberId: number) => {
    const sold = await sellCard(db, caller, { typeId, memberId, managerId: manager.id, remark: null }, undefined);
    if (sold.amountFen > 0) await startPayment(deps, caller, sold.orderId, { method: 'cash', amountFen: sold.amountFen }, undefined);
    return sold;
  };
  const goldCard = await sellPaid(gold.id, zhang.id);
  const top = await rechargeCard(db, caller, goldCard.cardId, { amountFen: 50_000, remark: null }, undefined);
  await startPayment(deps, caller, top.orderId, { method: 'cash', amountFen: 50_000 }, undefined);
  await shareCard(db, caller, goldCard.cardId, { memberId: li.id, limitFen: 20_000, limitTimes: null });
  const swimCard = await sellPaid(swim.id, wang.id);
  await checkIn(db, caller, { cardId: swimCard.cardId, method: 'card' });
  await sellPaid(gym.id, chen.id);
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}

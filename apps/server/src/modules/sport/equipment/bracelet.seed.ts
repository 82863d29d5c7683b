import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { actingAs } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { afterCommit, startPayment } from '../commerce/index.ts';
import { braceletsOfCode, paidBookingOrderOf } from './bracelet.repository.ts';
import { issueBracelet, loseBracelet, returnBracelet } from './bracelet.service.ts';
import { firstVenueOf } from '../venue/index.ts';
import { firstMembersOf } from '../member/index.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'bracelet_demo_seeded';
const quietLog = { warn: () => undefined, error: () => undefined } as never;
/** The demo's bracelets: two out (a member's and a booking's), one returned, one lost. */
export const DEMO_BRACELETS = { member: 'B10001', booking: 'B10002', returned: 'B10003', lost: 'B10004' } as const;
const DEPOSIT_FEN = 5_000;

/**
 * The demo centre's bracelets (`SEED_DEMO=1`), once per database, issued by `manager` through the
 * module's own calls (a deposit order paid in cash each), so the log, the ledger and the refunds
 * are what the desk makes: one out to a member, one out to a paid court booking (when the demo has
 * one), one returned (its deposit refunded), one lost (its deposit kept).
 */
export async function seedBraceletDemo(db: Db, cfg: { publicUrl?: string; port: number; prefixes: { sport: string } }, secretKey: Buffer): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  const scope = oneOrgScope(center.id);
  const venue = await firstVenueOf(db, scope, center.id);
  const memberIds = (await firstMembersOf(db, scope, center.id, 4)).map((m) => m.id);
  if (!venue || memberIds.length < 3) return;
  await grantDemoMenus(db, ['sport.bracelet']);
  const caller = actingAs(manager, center.id);
  const deps = { db, secretKey, origin: cfg.publicUrl ?? `http://127.0.0.1:${cfg.port}`, sportPrefix: cfg.prefixes.sport, log: quietLog };
  const issue = async (code: string, holder: { memberId: number } | { orderNo: string }) => {
    const made = await issueBracelet(
      db,
      caller,
      {
        stadiumId: venue.id,
        code,
        depositFen: DEPOSIT_FEN,
        ...('memberId' in holder ? { holderKind: 'member', ...holder } : { holderKind: 'booking', ...holder }),
      },
      undefined,
    );
    await startPayment(deps, caller, made.orderId, { method: 'cash', amountFen: made.amount }, undefined);
    const [b] = await braceletsOfCode(db, scope, center.id, code);
    return b!;
  };
  await issue(DEMO_BRACELETS.member, { memberId: memberIds[0]! });
  const booking = await paidBookingOrderOf(db, scope, center.id);
  if (booking) await issue(DEMO_BRACELETS.booking, { orderNo: booking.orderNo });
  const back = await issue(DEMO_BRACELETS.returned, { memberId: memberIds[1]! });
  await returnBracelet(db, caller, back.id, { damageFen: 0, remark: '离场归还', version: back.version }, afterCommit(deps));
  const lost = await issue(DEMO_BRACELETS.lost, { memberId: memberIds[2]! });
  await loseBracelet(db, caller, lost.id, { remark: '会员报失', version: lost.version });
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}

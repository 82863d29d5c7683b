import { expect } from 'vitest';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS, deliverOrderEvents } from '../commerce/commerce.testkit.ts';
import { CARD_KEYS } from '../card/card.testkit.ts';
import { COURSE_KEYS } from '../course/course.testkit.ts';
import { MEMBER_KEYS } from '../member/member.testkit.ts';
import { makeVenue, VENUE_KEYS } from '../venue/venue.testkit.ts';

/** The statistics screens (a screen's key grants its buttons too). */
export const STATISTICS_KEYS = ['sport.statistics.dashboard'];
export const statsApi = (p: string) => `/api/sport/statistics/${p}`;

export async function ok<T = any>(c: Client, url: string, body: unknown): Promise<T> {
  const r = await c.json<T>('POST', url, { body });
  expect(r.code, `${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

/** A new organisation under `parentId` with a venue (sites open all day, ¥50 an hour) and a user of the statistics, commerce, venue, member, card and course screens (and `keys`). */
export async function statisticsStaff(s: TestServer, admin: Client, parentId: number, keys: readonly string[] = []) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...STATISTICS_KEYS, ...COMMERCE_KEYS, ...VENUE_KEYS, ...MEMBER_KEYS, ...CARD_KEYS, ...COURSE_KEYS, ...keys]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const second = await makeUser(admin, org.id, { roleIds: [role.id] });
  const c = await signIn(s, user.code, 'Pass1234');
  const made = await makeVenue(c, { n: 2, open: '00:00', close: '24:00', priceFen: 5_000 });
  return { orgId: org.id, c, reviewer: await signIn(s, second.code, 'Pass1234'), ...made };
}

/** Delivers the waiting statistics events of the orders now, as the scheduler's delivery job would. */
export async function deliver(s: TestServer, orderIds: readonly number[]): Promise<void> {
  for (const id of orderIds) await deliverOrderEvents(s, id, 'statistics.%');
}

/** The aggregate rows of some organisations, in a stable order (live against rebuilt). */
export function aggregatesOf(s: TestServer, orgIds: readonly number[]) {
  return s.database.query(
    `select org_id::int, venue_id::int, to_char(day, 'YYYY-MM-DD') as day, kind, revenue_fen::bigint::text, refund_fen::bigint::text, payments, refunds, orders, cancelled, items,
            deposit_in_fen::bigint::text, deposit_back_fen::bigint::text, deposit_kept_fen::bigint::text, prepaid_in_fen::bigint::text, prepaid_out_fen::bigint::text
       from sport_stat_daily where org_id = any($1::bigint[]) order by org_id, venue_id, day, kind`,
    [`{${orgIds.join(',')}}`],
  );
}

/** The line dimension aggregate rows of some organisations, in a stable order (live against rebuilt). */
export function dimAggregatesOf(s: TestServer, orgIds: readonly number[]) {
  return s.database.query(
    `select org_id::int, venue_id::int, to_char(day, 'YYYY-MM-DD') as day, dim, dim_key, revenue_fen::bigint::text, refund_fen::bigint::text, items
       from sport_stat_dim_daily where org_id = any($1::bigint[]) order by org_id, venue_id, day, dim, dim_key`,
    [`{${orgIds.join(',')}}`],
  );
}

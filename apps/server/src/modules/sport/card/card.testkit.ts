import { expect } from 'vitest';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn, uniq } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';

// The demo cards (the tenant-key test seeds them next to the other modules' demos).
export { seedCardDemo } from './card.seed.ts';
export { withoutRechargeBonuses } from './card.kinds.ts';

/** The card screens (a screen's key grants its buttons too), check-in and corporate members. */
export const CARD_KEYS = ['sport.card.list', 'sport.card.sell', 'sport.card.types', 'sport.card.usage', 'sport.member.checkin', 'sport.member.enterprise'];

export const cardApi = (p: string) => `/api/sport/card/${p}`;

/**
 * A new organisation under `parentId` with a user who holds every card and commerce permission (phones masked: no private-data permission),
 * and `reviewer`: a second user of the same role (a refund is approved by someone other than its applicant).
 */
export async function cardStaff(s: TestServer, admin: Client, parentId: number, extraKeys: string[] = []) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...CARD_KEYS, ...COMMERCE_KEYS, ...extraKeys]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const second = await makeUser(admin, org.id, { roleIds: [role.id] });
  return { orgId: org.id, c: await signIn(s, user.code, 'Pass1234'), userId: user.id, reviewer: await signIn(s, second.code, 'Pass1234') };
}

let phoneSeq = 0;
/** A member of an organisation (straight into the table: the members module's own screens are not under test here). */
export async function makeMember(
  s: TestServer,
  orgId: number,
  patch: { name?: string; kind?: 'individual' | 'corporate'; companyId?: number; level?: string } = {},
): Promise<number> {
  const phone = `13${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneSeq++ % 1000).padStart(3, '0')}`;
  const [row] = await s.database.query<{ id: string }>(
    `insert into sport_member (org_id, member_no, name, phone, kind, company_id, level) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [orgId, uniq('M'), patch.name ?? uniq('member'), phone, patch.kind ?? 'individual', patch.companyId ?? null, patch.level ?? null],
  );
  return Number(row!.id);
}

export async function ok<T = any>(c: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

/** A card type of the staff's organisation. */
export async function makeType(c: Client, v: Record<string, unknown>) {
  return ok<{ id: number; version: number }>(c, 'POST', cardApi('type'), { name: uniq('type'), priceFen: 0, ...v });
}

/** Sells a card of the type to the member and pays it in cash: the card, active. */
export async function sellPaid(c: Client, typeId: number, memberId: number) {
  const sold = await ok<{ orderId: number; amountFen: number; cardId: number; cardNo: string }>(c, 'POST', cardApi('sell'), { typeId, memberId });
  if (sold.amountFen > 0) await ok(c, 'POST', `/api/sport/commerce/order/${sold.orderId}/pay`, { method: 'cash', amountFen: sold.amountFen });
  return sold;
}

/**
 * Value cards whose account balance differs from the sum of their ledger entries on `balance`
 * (credits minus debits), or is negative: must be none after every test file.
 */
export async function cardImbalances(s: TestServer): Promise<unknown[]> {
  return s.database.query(
    `select c.id, c.card_no, a.balance_fen, coalesce((select sum(case when l.side = 'credit' then l.amount_fen else -l.amount_fen end) from sport_ledger_entry l where l.account_id = a.id and l.account = 'balance'), 0) as ledger_fen
       from sport_member_card c join sport_balance_account a on a.id = c.account_id
      where a.balance_fen < 0 or a.balance_fen <> coalesce((select sum(case when l.side = 'credit' then l.amount_fen else -l.amount_fen end) from sport_ledger_entry l where l.account_id = a.id and l.account = 'balance'), 0)`,
  );
}

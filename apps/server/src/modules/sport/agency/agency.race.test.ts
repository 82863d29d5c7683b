import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { pay, sellGeneral } from '../commerce/commerce.testkit.ts';
import { addDays } from '../venue/index.ts';
import { agencyApi, agencyStaff } from './agency.testkit.ts';

type Answer = { code: number; msg: string; body: any; detail: any };
const todayIn = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone });

/**
 * A statement's state changes under a real race (PostgreSQL: concurrent transactions; PGlite runs
 * one at a time): two operators approving, then two marking paid, at the same version. The
 * conditional write lets exactly one through; the other answers 100409 `state`.
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('agency statement races on postgres', () => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer('postgres', { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('two approvals racing: one wins, the other gets 100409 state; then two payments racing: one reference stays', async () => {
    const st = await agencyStaff(s, admin, platformId);
    const day = todayIn(st.venue.timeZone);
    const contract = await st.c.json('POST', agencyApi('contract'), {
      body: {
        stadiumId: st.venue.id,
        name: '并发',
        partnerName: '合作方',
        platformBp: 600,
        venueBp: 8400,
        partnerBp: 1000,
        validFrom: addDays(day, -60),
        period: 'weekly',
      },
    });
    expect(contract.code, contract.msg).toBe(0);
    const order = await sellGeneral(st.c, [{ name: '场地费', unitPriceFen: 9_999 }], { venueId: st.venue.id });
    expect((await pay(st.c, order.id, { method: 'cash', amountFen: 9_999 })).code).toBe(0);
    // The sale falls in last week (its business day moved back), a period that is over.
    await s.database.query(`update sport_ledger_entry set business_day = business_day - 7 where org_id = $1`, [st.orgId]);

    for (let round = 0; round < 5; round++) {
      const computed = (await st.c.json('POST', agencyApi('statement/compute'), {
        body: { contractId: contract.body.id, day: addDays(day, -7 * (round + 1)) },
      })) as Answer;
      expect(computed.code, computed.msg).toBe(0);
      const { id, version } = computed.body;
      const approvals = (await Promise.all([
        st.c.json('POST', agencyApi(`statement/${id}/approve`), { body: { version } }),
        st.reviewer.json('POST', agencyApi(`statement/${id}/approve`), { body: { version } }),
      ])) as Answer[];
      expect(approvals.filter((a) => a.code === 0)).toHaveLength(1);
      const lost = approvals.find((a) => a.code !== 0)!;
      expect(lost.code).toBe(Code.CONFLICT);
      expect(lost.detail.reason).toBe('state');
      const approved = approvals.find((a) => a.code === 0)!.body;
      if (round === 0) expect(approved.netFen).toBe(9_999);

      const payments = (await Promise.all([
        st.c.json('POST', agencyApi(`statement/${id}/pay`), { body: { version: approved.version, paymentRef: `A-${round}` } }),
        st.reviewer.json('POST', agencyApi(`statement/${id}/pay`), { body: { version: approved.version, paymentRef: `B-${round}` } }),
      ])) as Answer[];
      expect(payments.filter((a) => a.code === 0)).toHaveLength(1);
      expect(payments.find((a) => a.code !== 0)!.detail.reason).toBe('state');
      const winner = payments.find((a) => a.code === 0)!.body.paymentRef;
      const [row] = await s.database.query<{ state: string; payment_ref: string }>('select state, payment_ref from sport_agency_statement where id = $1', [id]);
      expect(row).toEqual({ state: 'paid', payment_ref: winner });
    }
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient, makeRole, makeUser, readXlsx, signIn } from '../../system/admin.testkit.ts';
import { imbalances, pay, sellGeneral, sport } from '../commerce/commerce.testkit.ts';
import { addDays } from '../venue/index.ts';
import { stadium } from '../venue/venue.testkit.ts';
import { agencyApi, agencyStaff } from './agency.testkit.ts';
import { periodOf } from './agency.service.ts';

type Answer = { code: number; msg: string; body: any; detail: any };
const must = (r: Answer) => {
  expect(r.code, `${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
};
const todayIn = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone });

/**
 * Tripartite agency (issue 29): contracts (shares seeded from the venue's service contract,
 * localised refusals), statements computed from the ledger equal to it to the fen, approved and
 * never changed after, marked paid, exported to xlsx; permissions and organisation scope.
 */
describe.each(databases)('tripartite agency on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  const sell = async (c: Client, venueId: number, lines: { name: string; unitPriceFen: number; quantity?: number }[], method = 'cash') => {
    const order = await sellGeneral(c, lines, { venueId });
    must(await pay(c, order.id, { method, amountFen: order.payableFen }));
    return order as { id: number; payableFen: number };
  };
  const refund = async (c: Client, reviewer: Client, orderId: number, amountFen: number) => {
    const applied = must(await c.json('POST', sport('refund'), { body: { orderId, amountFen, reason: '场地临时关闭' } }));
    must(await reviewer.json('POST', sport(`refund/${applied.id}/review`), { body: { approve: true, remark: '同意' } }));
  };
  /** Money in and money out of the venue's orders over the days, straight from the ledger's money entries. */
  const ledgerOf = async (venueId: number, from: string, to: string) => {
    const [row] = await s.database.query<{ gross: string | null; refunds: string | null }>(
      `select sum(case when l.txn_kind = 'payment' then l.amount_fen end) as gross, sum(case when l.txn_kind = 'refund' then l.amount_fen end) as refunds
         from sport_ledger_entry l join sport_payment p on p.id = l.payment_id join sport_order o on o.id = l.order_id
        where o.venue_id = $1 and l.business_day between $2 and $3
          and ((l.txn_kind = 'payment' and l.side = 'debit') or (l.txn_kind = 'refund' and l.side = 'credit'))`,
      [venueId, from, to],
    );
    return { gross: Number(row?.gross ?? 0), refunds: Number(row?.refunds ?? 0) };
  };
  const contractBody = (stadiumId: number, extra: Record<string, unknown> = {}) => ({
    stadiumId,
    name: '三方代理协议',
    partnerName: '动力体育运营有限公司',
    platformBp: 650,
    venueBp: 8350,
    partnerBp: 1000,
    validFrom: '2026-01-01',
    period: 'weekly',
    ...extra,
  });

  it('seeds a new contract from the venue service contract commission, and refuses shares that do not add up, in both languages', async () => {
    const st = await agencyStaff(s, admin, platformId);
    // The platform sets the venue's service contract: 5% commission.
    must(
      await admin.json('PUT', stadium('update'), {
        body: { id: st.venue.id, version: st.venue.version, contractNo: 'FW-9', contractFrom: '2026-01-01', contractTo: '2027-12-31', commissionPercent: 5 },
      }),
    );
    const defaults = must(await st.c.json('GET', agencyApi(`contract/defaults/${st.venue.id}`)));
    expect(defaults).toEqual({ platformBp: 500, venueBp: 9500, partnerBp: 0, validFrom: '2026-01-01', validTo: '2027-12-31', source: 'venueContract' });
    const seeded = must(
      await st.c.json('POST', agencyApi('contract'), {
        body: { stadiumId: st.venue.id, name: '默认分成', partnerName: '合作方甲', validFrom: '2026-01-01', period: 'monthly' },
      }),
    );
    expect(seeded).toMatchObject({ platformBp: 500, venueBp: 9500, partnerBp: 0, stadiumName: st.venue.stadiumName });

    const bad = await st.c.json('POST', agencyApi('contract'), { body: contractBody(st.venue.id, { partnerBp: 999 }) });
    expect(bad.code).toBe(Code.FORM_INVALID);
    expect(bad.detail).toEqual([{ field: 'partnerBp', message: '平台、场馆、合作方的分成比例之和必须为 100%（10000 个基点）' }]);
    const badEn = await st.c.json('POST', agencyApi('contract'), {
      body: contractBody(st.venue.id, { kindShares: [{ kind: 'goods', platformBp: 1, venueBp: 1, partnerBp: 1 }] }),
      lang: 'en-US',
    });
    expect(badEn.detail).toEqual([
      { field: 'kindShares.0.partnerBp', message: "The platform's, the venue's and the partner's shares must add up to 100% (10000 basis points)" },
    ]);
    const badDates = await st.c.json('POST', agencyApi('contract'), { body: contractBody(st.venue.id, { validTo: '2025-12-31' }), lang: 'en-US' });
    expect(badDates.detail).toEqual([{ field: 'validTo', message: 'The end of the validity cannot be before its start' }]);
    const badValue = await st.c.json('POST', agencyApi('contract'), { body: contractBody(st.venue.id, { period: 'daily' }) });
    expect(badValue.code).toBe(Code.INVALID);
    expect(badValue.detail[0].field).toBe('period');
    const list = must(await st.c.json('POST', agencyApi('contract/list'), { body: { stadiumId: st.venue.id } }));
    expect(list.total).toBe(1); // nothing refused was written

    // A venue's own staff cannot reach another organisation's venue or contract.
    const other = await agencyStaff(s, admin, platformId);
    expect((await other.c.json('GET', agencyApi(`contract/${seeded.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await other.c.json('POST', agencyApi('contract'), { body: contractBody(st.venue.id) })).code).toBe(Code.NOT_FOUND);
    expect((await other.c.json('POST', agencyApi('statement/compute'), { body: { contractId: seeded.id } })).code).toBe(Code.NOT_FOUND);
  });

  it('computes the period from the ledger to the fen, split by shares and by kind; a draft follows the ledger, approved it never changes, then paid', async () => {
    const st = await agencyStaff(s, admin, platformId);
    const contract = must(await st.c.json('POST', agencyApi('contract'), { body: contractBody(st.venue.id) }));
    const day = todayIn(st.venue.timeZone);
    const week = periodOf('weekly', day);

    const a = await sell(st.c, st.venue.id, [{ name: '场地费', unitPriceFen: 12_345 }]);
    await sell(st.c, st.venue.id, [{ name: '饮料', unitPriceFen: 333, quantity: 3 }], 'transfer');
    await refund(st.c, st.reviewer, a.id, 2_001);
    // A sale of no venue is in no venue's statement.
    const elsewhere = await sellGeneral(st.c, [{ name: '球拍', unitPriceFen: 8800 }]);
    must(await pay(st.c, elsewhere.id, { method: 'cash', amountFen: 8800 }));

    const draft = must(await st.c.json('POST', agencyApi('statement/compute'), { body: { contractId: contract.id } }));
    const ledger = await ledgerOf(st.venue.id, week.start, week.end);
    expect(ledger).toEqual({ gross: 12_345 + 999, refunds: 2_001 });
    expect(draft).toMatchObject({
      state: 'draft',
      periodStart: week.start,
      periodEnd: week.end,
      grossFen: ledger.gross,
      refundFen: ledger.refunds,
      netFen: ledger.gross - ledger.refunds,
    });
    expect(draft.platformFen + draft.venueFen + draft.partnerFen).toBe(draft.netFen);
    expect(draft.feeFen).toBe(draft.platformFen);
    // 11,343 fen at 6.5% / 83.5% / 10%: 737.295, 9471.405, 1134.3 → 737, 9472, 1134 (largest remainder to the venue).
    expect([draft.platformFen, draft.venueFen, draft.partnerFen]).toEqual([737, 9472, 1134]);
    expect(draft.byKind).toEqual([expect.objectContaining({ kind: 'general', grossFen: 13_344, refundFen: 2_001, netFen: 11_343, platformBp: 650 })]);
    expect(draft.ledgerEntries).toBe(3);

    // A draft follows the ledger: a new sale and the contract's new shares for the kind.
    await sell(st.c, st.venue.id, [{ name: '毛巾', unitPriceFen: 1_000 }]);
    must(
      await st.c.json('PUT', agencyApi(`contract/${contract.id}`), {
        body: { version: contract.version, kindShares: [{ kind: 'general', platformBp: 1000, venueBp: 9000, partnerBp: 0 }] },
      }),
    );
    const again = must(await st.c.json('POST', agencyApi('statement/compute'), { body: { contractId: contract.id, day } }));
    expect(again.id).toBe(draft.id);
    expect(again).toMatchObject({ grossFen: 14_344, netFen: 12_343, platformFen: 1_234, venueFen: 11_109, partnerFen: 0 });

    // A day to come, or one outside the contract's validity, has nothing to compute.
    const ahead = await st.c.json('POST', agencyApi('statement/compute'), { body: { contractId: contract.id, day: addDays(day, 3) }, lang: 'en-US' });
    expect(ahead.detail).toEqual([{ field: 'day', message: `${addDays(day, 3)} has not come yet: there is nothing to compute` }]);
    const before = await st.c.json('POST', agencyApi('statement/compute'), { body: { contractId: contract.id, day: '2025-06-01' } });
    expect(before.detail).toEqual([{ field: 'day', message: '2025-06-01 不在合同有效期内' }]);

    // The current period is not over: no approval yet.
    const early = await st.c.json('POST', agencyApi(`statement/${again.id}/approve`), { body: { version: again.version }, lang: 'en-US' });
    expect(early.code).toBe(Code.FORM_INVALID);
    expect(early.detail[0].message).toBe(`The settlement period (to ${week.end}) is not over yet: approve it once it is`);

    // The same sales a week earlier (the ledger's business days moved back a week): that period is over.
    await s.database.query(`update sport_ledger_entry set business_day = business_day - 7 where org_id = $1`, [st.orgId]);
    const past = must(await st.c.json('POST', agencyApi('statement/compute'), { body: { contractId: contract.id, day: addDays(day, -7) } }));
    expect(past).toMatchObject({ state: 'draft', periodStart: addDays(week.start, -7), grossFen: 14_344, refundFen: 2_001, netFen: 12_343 });
    const stale = await st.c.json('POST', agencyApi(`statement/${past.id}/approve`), { body: { version: past.version + 1 } });
    expect(stale.detail.reason).toBe('stale');
    const approved = must(await st.c.json('POST', agencyApi(`statement/${past.id}/approve`), { body: { version: past.version } }));
    expect(approved).toMatchObject({ state: 'approved', netFen: 12_343, approvedAt: expect.any(String), approvedByName: expect.any(String) });

    // Approved, it never changes: a later sale of that week and a recompute leave it as it was.
    await sell(st.c, st.venue.id, [{ name: '场地费', unitPriceFen: 5_000 }]);
    await s.database.query(`update sport_ledger_entry set business_day = business_day - 7 where org_id = $1 and business_day = $2`, [st.orgId, day]);
    const recomputed = must(await st.c.json('POST', agencyApi('statement/compute'), { body: { contractId: contract.id, day: addDays(day, -7) } }));
    expect(recomputed).toMatchObject({ id: past.id, state: 'approved', grossFen: 14_344, digest: approved.digest });
    const twice = await st.c.json('POST', agencyApi(`statement/${past.id}/approve`), { body: { version: approved.version } });
    expect(twice.code).toBe(Code.CONFLICT);
    expect(twice.detail.reason).toBe('state');

    const noRef = await st.c.json('POST', agencyApi(`statement/${past.id}/pay`), { body: { version: approved.version, paymentRef: ' ' } });
    expect(noRef.code).toBe(Code.INVALID);
    const paid = must(await st.c.json('POST', agencyApi(`statement/${past.id}/pay`), { body: { version: approved.version, paymentRef: 'TRF20261130001' } }));
    expect(paid).toMatchObject({ state: 'paid', paymentRef: 'TRF20261130001', netFen: 12_343 });
    const payTwice = await st.c.json('POST', agencyApi(`statement/${past.id}/pay`), { body: { version: paid.version, paymentRef: 'X' } });
    expect(payTwice.detail.reason).toBe('state');
    // A contract with statements stays.
    expect((await st.c.json('DELETE', agencyApi(`contract/${contract.id}`))).detail.reason).toBe('state');

    // The settlement report: the three parties of each period, adding up to the period's net.
    const parties = must(await st.c.json('POST', agencyApi('party/list'), { body: { contractId: contract.id, pageSize: 10 } }));
    expect(parties.total).toBe(6);
    const ofPast = parties.data.filter((p: any) => p.statementId === past.id);
    expect(ofPast.map((p: any) => [p.party, p.shareFen])).toEqual([
      ['platform', 1_234],
      ['venue', 11_109],
      ['partner', 0],
    ]);
    const paged = must(await st.c.json('POST', agencyApi('party/list'), { body: { contractId: contract.id, pageSize: 4, pageNum: 2 } }));
    expect(paged.data.map((p: any) => p.key)).toEqual(parties.data.slice(4, 6).map((p: any) => p.key));

    // Exported to xlsx: the figures in yuan, as the reports show them.
    const file = await st.c.call('POST', agencyApi('statement/export'), { body: { contractId: contract.id } });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readXlsx(file.rawPayload);
    expect(sheet[0]).toEqual([
      '周期开始',
      '周期结束',
      '场馆',
      '合同',
      '合作方',
      '状态',
      '交易金额（元）',
      '退款金额（元）',
      '净额（元）',
      '平台服务费（元）',
      '场馆应得（元）',
      '合作方应得（元）',
      '付款凭证',
    ]);
    const pastRow = sheet.find((r) => r[0] === past.periodStart)!;
    expect(pastRow.slice(5)).toEqual(['已付', '143.44', '20.01', '123.43', '12.34', '111.09', '0.00', 'TRF20261130001']);
    const partyFile = await st.c.call('POST', agencyApi('party/export'), { body: { contractId: contract.id }, lang: 'en-US' });
    const partySheet = await readXlsx(partyFile.rawPayload);
    expect(partySheet[0]).toEqual(['Period from', 'Period to', 'Party', 'Name', 'Venue', 'Contract', 'Share (yuan)', 'State', 'Payment reference']);
    expect(partySheet.filter((r) => r[0] === past.periodStart).map((r) => [r[2], r[6]])).toEqual([
      ['Platform', '12.34'],
      ['Venue', '111.09'],
      ['Partner', '0.00'],
    ]);
  });

  it('lets only those with the permission list, approve, pay or export statements', async () => {
    const st = await agencyStaff(s, admin, platformId);
    const contract = must(
      await st.c.json('POST', agencyApi('contract'), { body: contractBody(st.venue.id, { validFrom: addDays(todayIn(st.venue.timeZone), -30) }) }),
    );
    const past = must(
      await st.c.json('POST', agencyApi('statement/compute'), { body: { contractId: contract.id, day: addDays(todayIn(st.venue.timeZone), -8) } }),
    );
    // Someone with the contracts screen only.
    const role = await makeRole(admin, st.orgId);
    await grantMenus(admin, role.id, ['sport.agency.contract']);
    const clerk = await signIn(s, (await makeUser(admin, st.orgId, { roleIds: [role.id] })).code, 'Pass1234');
    expect(must(await clerk.json('POST', agencyApi('contract/list'), { body: {} })).total).toBe(1);
    expect((await clerk.json('POST', agencyApi('statement/list'), { body: {} })).code).toBe(Code.FORBIDDEN);
    expect((await clerk.json('GET', agencyApi(`statement/${past.id}`))).code).toBe(Code.FORBIDDEN);
    expect((await clerk.json('POST', agencyApi(`statement/${past.id}/approve`), { body: { version: past.version } })).code).toBe(Code.FORBIDDEN);
    expect((await clerk.json('POST', agencyApi(`statement/${past.id}/pay`), { body: { version: past.version, paymentRef: 'X1' } })).code).toBe(Code.FORBIDDEN);
    expect((await clerk.json('POST', agencyApi('statement/export'), { body: {} })).code).toBe(Code.FORBIDDEN);
    const still = must(await st.c.json('GET', agencyApi(`statement/${past.id}`)));
    expect(still).toMatchObject({ state: 'draft', version: past.version });
  });
});

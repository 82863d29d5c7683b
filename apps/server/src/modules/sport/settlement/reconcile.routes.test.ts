import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import iconv from 'iconv-lite';
import { PROVIDER_METHODS } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient, makeRole, makeUser, signIn, upload } from '../../system/admin.testkit.ts';
import { imbalances, pay, sellGeneral, sport, startPaySimulators, type PaySimulators } from '../commerce/commerce.testkit.ts';
import { settlementApi, settlementStaff } from './settlement.testkit.ts';

type Answer = { code: number; msg: string; body: any; detail: any };
const must = (r: Answer) => {
  expect(r.code, `${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
};
const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
const cstDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * Reconciliation through the real bill formats of the three simulators (GBK zip, gzip with its
 * hash, the signed aggregate answer): every mismatch class found end to end, resolved by a note
 * and by an adjusting ledger entry, a run again keeping what was resolved; third-party clearing
 * with money received by hand and from a GBK bank statement; permissions, languages, scope.
 */
describe.each(databases)('reconciliation on %s', (kind) => {
  let s: TestServer;
  let sims: PaySimulators;
  let c: Client;
  let other: Client;
  let orgId: number;
  let admin: Client;
  const today = cstDay(new Date());
  beforeAll(async () => {
    const port = await freePort();
    s = await startServer(kind, { PUBLIC_URL: `http://127.0.0.1:${port}`, JOB_SCHEDULER: '0', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
    await s.app.listen({ host: '127.0.0.1', port });
    sims = await startPaySimulators();
    let platformOrgId: number;
    ({ c: admin, platformOrgId } = await adminClient(s));
    const staff = await settlementStaff(s, admin, platformOrgId);
    ({ c, orgId } = staff);
    other = (await settlementStaff(s, admin, platformOrgId)).c;
    for (const p of PROVIDER_METHODS) {
      const cfg = sims[p].merchantConfig();
      must(
        await c.json('PUT', sport(`merchant/${p}`), {
          body: { enabled: true, gateway: cfg.gateway, settings: cfg.settings, secrets: cfg.secrets, version: 0 },
        }),
      );
    }
  });
  afterAll(async () => {
    await sims?.close();
    await s?.close();
  });

  const paid = async (provider: (typeof PROVIDER_METHODS)[number], fen: number) => {
    const order = await sellGeneral(c, [{ name: `对账 ${provider}`, unitPriceFen: fen }]);
    const no = must(await pay(c, order.id, { method: provider, flow: 'qr', amountFen: fen })).payment.paymentNo as string;
    await sims[provider].pay(no);
    return no;
  };
  const reconcile = (provider: string, date = today, who = c) => who.json('POST', settlementApi('reconcile'), { body: { provider, date } });

  it.each(PROVIDER_METHODS)('%s: a day whose bill and books agree matches every line', async (provider) => {
    const nos = [await paid(provider, 1234), await paid(provider, 88_00)];
    const r = must(await reconcile(provider));
    expect(r.mismatches).toEqual([]);
    expect(r.matched).toBeGreaterThanOrEqual(nos.length);
  });

  it('finds each class on the WeChat bill, resolves by note and by an adjusting entry, and a run again keeps what was resolved', async () => {
    const ours = await paid('wechat', 5000); // paid, then the provider moves it to yesterday: only ours today, another day yesterday
    const amount = await paid('wechat', 3000);
    const fee = await paid('wechat', 10_000);
    sims.wechat.trade(ours)!.paidAt = new Date(Date.now() - 86_400_000);
    sims.wechat.trade(amount)!.amountFen = 2900;
    sims.wechat.trade(fee)!.extra.feeFen = '99';
    sims.wechat.record([
      { outTradeNo: 'NOT-OURS-1', amountFen: 700, paidAt: new Date(), refunds: [{ outRefundNo: 'NOT-OURS-R', amountFen: 200, at: new Date() }] },
    ]);
    const r = must(await reconcile('wechat'));
    const kinds = r.mismatches.map((m: { kind: string }) => m.kind).sort();
    expect(kinds).toEqual(['amount', 'fee', 'only_ours', 'only_theirs', 'refund']);
    expect(r.mismatches.find((m: { kind: string }) => m.kind === 'amount')).toMatchObject({ oursFen: 3000, theirsFen: 2900 });
    const yesterday = must(await reconcile('wechat', cstDay(new Date(Date.now() - 86_400_000))));
    expect(yesterday.mismatches).toEqual([expect.objectContaining({ kind: 'other_day', oursFen: 5000, theirsFen: 5000 })]);

    const runs = must(await c.json('POST', settlementApi('reconcile/list'), { body: { provider: 'wechat', fromDay: today, toDay: today } }));
    expect(runs.data).toEqual([expect.objectContaining({ day: today, mismatches: 5, openMismatches: 5 })]);
    let run = must(await c.json('GET', settlementApi(`reconcile/${runs.data[0].id}`)));
    const byKind = (k: string) => run.mismatchList.find((m: { kind: string }) => m.kind === k);

    // A note resolves it, with the operator's words.
    run = must(
      await c.json('POST', settlementApi(`reconcile/mismatch/${byKind('fee').id}/resolve`), {
        body: { way: 'note', note: '手续费按活动费率收取', version: byKind('fee').version },
      }),
    );
    expect(byKind('fee')).toMatchObject({ state: 'resolved', way: 'note', note: '手续费按活动费率收取', txnNo: null });
    // An adjusting entry moves the difference on the provider's account in the ledger.
    const only = byKind('only_theirs');
    run = must(
      await c.json('POST', settlementApi(`reconcile/mismatch/${only.id}/resolve`), {
        body: { way: 'adjust', note: '补记未入账的收款', version: only.version },
      }),
    );
    const txnNo = byKind('only_theirs').txnNo as string;
    expect(txnNo).toMatch(/^RIW/);
    const entries = await s.database.query<{ account: string; side: string; amount_fen: string }>(
      `select account, side, amount_fen from sport_ledger_entry where txn_no = $1 and org_id = $2 order by side`,
      [txnNo, orgId],
    );
    expect(entries.map((e) => [e.account, e.side, Number(e.amount_fen)])).toEqual([
      ['reconcile', 'credit', 700],
      ['wechat', 'debit', 700],
    ]);
    expect(await imbalances(s)).toEqual([]);
    // Resolved never changes: again answers 100409.
    const again = await c.json('POST', settlementApi(`reconcile/mismatch/${only.id}/resolve`), {
      body: { way: 'note', note: 'x', version: byKind('only_theirs').version },
    });
    expect([again.code, again.detail.reason]).toEqual([100409, 'state']);
    // A difference of no money cannot be adjusted.
    const yRun = must(await c.json('POST', settlementApi('reconcile/list'), { body: { provider: 'wechat', fromDay: yesterday.day, pageSize: 5 } }));
    const dayRun = must(await c.json('GET', settlementApi(`reconcile/${yRun.data.find((x: { day: string }) => x.day !== today).id}`)));
    const noMoney = await c.json('POST', settlementApi(`reconcile/mismatch/${dayRun.mismatchList[0].id}/resolve`), {
      body: { way: 'adjust', note: '次日到账', version: dayRun.mismatchList[0].version },
      lang: 'en-US',
    });
    expect([noMoney.code, noMoney.detail[0].field, noMoney.detail[0].message]).toEqual([969600, 'way', 'The mismatch moves no money: resolve it with a note']);

    // The same day again: the open mismatches are replaced, the resolved ones stay as they were.
    sims.wechat.trade(amount)!.amountFen = 3000;
    const rerun = must(await reconcile('wechat'));
    expect(rerun.mismatches.map((m: { kind: string }) => m.kind).sort()).toEqual(['fee', 'only_ours', 'only_theirs', 'refund']);
    run = must(await c.json('GET', settlementApi(`reconcile/${runs.data[0].id}`)));
    expect(run.mismatchList.map((m: { kind: string; state: string }) => `${m.kind}:${m.state}`).sort()).toEqual([
      'fee:resolved',
      'only_ours:open',
      'only_theirs:resolved',
      'refund:open',
    ]);
    expect(byKind('only_theirs').txnNo).toBe(txnNo);
  });

  it('Alipay: the GBK bill through the real path finds a refund only the provider made', async () => {
    const no = await paid('alipay', 6600);
    sims.alipay.trade(no)!.refunds.push({ outRefundNo: 'ALI-ONLY-R', refundNo: 'R1', amountFen: 600, state: 'succeeded', at: new Date() });
    const r = must(await reconcile('alipay'));
    expect(r.mismatches).toEqual([{ kind: 'refund', tradeNo: expect.any(String), oursFen: null, theirsFen: 600 }]);
  });

  it('refuses bad input in the caller language, and another organisation sees none of it', async () => {
    const bad = await c.json('POST', settlementApi('reconcile'), { body: { provider: 'paypal', date: today }, lang: 'en-US' });
    expect([bad.code, bad.detail[0].field]).toEqual([100400, 'provider']);
    const ahead = await c.json('POST', settlementApi('reconcile'), { body: { provider: 'wechat', date: '2999-01-01' } });
    expect([ahead.code, ahead.msg]).toEqual([969600, '2999-01-01 尚未开始，没有对账单']);
    const noMerchant = await reconcile('wechat', today, other);
    expect([noMerchant.code, noMerchant.detail[0].field]).toEqual([969600, 'provider']);
    const mine = must(await c.json('POST', settlementApi('reconcile/list'), { body: {} }));
    expect(must(await other.json('POST', settlementApi('reconcile/list'), { body: {} })).total).toBe(0);
    expect((await other.json('GET', settlementApi(`reconcile/${mine.data[0].id}`))).code).toBe(100404);
    const run = must(await c.json('GET', settlementApi(`reconcile/${mine.data[0].id}`)));
    const open = run.mismatchList.find((m: { state: string }) => m.state === 'open');
    if (open)
      expect(
        (await other.json('POST', settlementApi(`reconcile/mismatch/${open.id}/resolve`), { body: { way: 'note', note: 'x', version: open.version } })).code,
      ).toBe(100404);
  });

  it.skipIf(kind !== 'postgres')('two operators resolving one mismatch by adjusting entries at once post one entry', async () => {
    const day = cstDay(new Date(Date.now() - 3 * 86_400_000));
    sims.wechat.record([{ outTradeNo: 'RACE-THEIRS', amountFen: 4321, paidAt: new Date(`${day}T12:00:00+08:00`) }]);
    must(await reconcile('wechat', day));
    const runs = must(await c.json('POST', settlementApi('reconcile/list'), { body: { provider: 'wechat', fromDay: day, toDay: day } }));
    const m = must(await c.json('GET', settlementApi(`reconcile/${runs.data[0].id}`))).mismatchList[0];
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        c.json('POST', settlementApi(`reconcile/mismatch/${m.id}/resolve`), { body: { way: 'adjust', note: '并发调账', version: m.version } }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 100409)).toHaveLength(5);
    const posted = await s.database.query<{ n: string }>(
      `select count(distinct txn_no) as n from sport_ledger_entry where org_id = $1 and txn_kind = 'reconcile_adjust' and amount_fen = 4321`,
      [orgId],
    );
    expect(Number(posted[0]!.n)).toBe(1);
    expect(await imbalances(s)).toEqual([]);
  });

  it('only holders of the screens may reconcile or resolve', async () => {
    const role = await makeRole(admin, orgId);
    await grantMenus(admin, role.id, ['sport.settlement.close']);
    const u = await signIn(s, (await makeUser(admin, orgId, { roleIds: [role.id] })).code, 'Pass1234');
    expect((await reconcile('wechat', today, u)).code).toBe(100420);
    expect((await u.json('POST', settlementApi('reconcile/list'), { body: {} })).code).toBe(100420);
    expect((await u.json('POST', settlementApi('clearing/receipt'), { body: { provider: 'wechat', day: today, amountFen: 1 } })).code).toBe(100420);
  });

  it('clearing: what the bill says the provider owes beside the money received, by hand and from a GBK statement', async () => {
    must(await reconcile('aggregate'));
    const owed = must(await c.json('POST', settlementApi('clearing/list'), { body: { provider: 'aggregate', fromDay: today, toDay: today } })).data[0];
    expect(owed).toMatchObject({ billed: true, receivedFen: 0 });
    expect(owed.netFen).toBe(owed.grossFen - owed.refundFen - owed.feeFen);
    must(await c.json('POST', settlementApi('clearing/receipt'), { body: { provider: 'aggregate', day: today, amountFen: 1000, reference: 'BANK-1' } }));
    const dup = await c.json('POST', settlementApi('clearing/receipt'), { body: { provider: 'aggregate', day: today, amountFen: 5, reference: 'BANK-1' } });
    expect([dup.code, dup.detail.reason]).toEqual([100409, 'duplicate']);
    const csv = iconv.encode(`业务日期,渠道,金额（元）,流水号,摘要\r\n${today},聚合支付,12.34,BANK-2,聚合结算\r\n${today},微信支付,1.00,BANK-3,\r\n`, 'gbk');
    const up = async () => (await upload(c, settlementApi('clearing/import'), 'statement.csv', csv)).json();
    expect(must(await up())).toEqual({ added: 2, skipped: 0 });
    expect(must(await up())).toEqual({ added: 0, skipped: 2 });
    const after = must(await c.json('POST', settlementApi('clearing/list'), { body: { provider: 'aggregate', fromDay: today, toDay: today } })).data[0];
    expect(after).toMatchObject({ receivedFen: 2234, receipts: 2, diffFen: 2234 - owed.netFen });
    const badRow = iconv.encode(`业务日期,渠道,金额（元）,流水号\r\n${today},聚合支付,12.345,BANK-9\r\n`, 'gbk');
    const refused = (await upload(c, settlementApi('clearing/import'), 's.csv', badRow)).json();
    expect(refused.code).toBe(100400);
    expect(refused.detail.errors[0]).toMatchObject({ row: 2, field: 'amount' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, sys, type TestServer } from '../../../../test/harness.ts';
import { adminClient, readXlsx } from '../../system/admin.testkit.ts';
import { pay, sellGeneral, sport } from '../commerce/commerce.testkit.ts';
import { addMember, memberApi, memberStaff, newPhone, staffWithoutPrivate } from './member.testkit.ts';

describe.each(databases)('the member screens on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('phones and id numbers are masked in lists, details and exports unless the caller may see personal data; an export is logged', async () => {
    const { c, orgId } = await memberStaff(s, admin, platformId);
    const clerk = await staffWithoutPrivate(s, admin, orgId);
    const phone = newPhone();
    const m = await addMember(c, { name: '隐私会员', phone, idType: '1', idNo: '11010519491231002X', tags: ['羽毛球'] });
    const mine = (await c.json('GET', memberApi(String(m.id)))).body;
    expect(mine).toMatchObject({ phone, idNo: '11010519491231002X', masked: false });
    const theirs = (await clerk.json('GET', memberApi(String(m.id)))).body;
    expect(theirs).toMatchObject({ phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`, idNo: '110105********002X', masked: true });
    const list = await clerk.json('POST', memberApi('list'), { body: { keyword: '隐私' } });
    expect(list.body.data.map((r: { phone: string; idNo: string }) => [r.phone, r.idNo])).toEqual([[theirs.phone, theirs.idNo]]);

    const file = await clerk.call('POST', memberApi('export'), { body: { keyword: '隐私' } });
    expect(file.statusCode).toBe(200);
    const sheet = (await readXlsx(file.rawPayload)).flat();
    expect(sheet).toContain(theirs.phone);
    expect(sheet).toContain('110105********002X');
    expect(sheet).not.toContain(phone);
    const full = (await readXlsx((await c.call('POST', memberApi('export'), { body: { keyword: '隐私' } })).rawPayload)).flat();
    expect(full).toContain(phone);
    const logged = await admin.json('POST', sys('operLog/list'), { body: { module: 'member', action: 'export' } });
    expect(logged.body.total).toBeGreaterThanOrEqual(2);
  });

  it('a phone is one member per organisation: a second one is refused naming the field, on add and on edit', async () => {
    const { c } = await memberStaff(s, admin, platformId);
    const phone = newPhone();
    await addMember(c, { name: '甲', phone });
    const dup = await c.json('POST', memberApi('add'), { body: { name: '乙', phone } });
    expect(dup.code).toBe(Code.CONFLICT);
    expect(dup.detail).toMatchObject({ reason: 'duplicate', fields: [{ field: 'phone' }] });
    expect(dup.msg).toContain('会员手机号');
    const other = await addMember(c, { name: '丙', phone: newPhone() });
    const edit = await c.json('PUT', memberApi(String(other.id)), { body: { phone, version: other.version }, lang: 'en-US' });
    expect(edit.code).toBe(Code.CONFLICT);
    expect(edit.msg).toContain('Member phone');
    // Another organisation may have the same phone.
    const elsewhere = await memberStaff(s, admin, platformId);
    await addMember(elsewhere.c, { name: '丁', phone });
  });

  it('an identity card number fills birthday and sex; a wrong check digit is refused with a clear message', async () => {
    const { c } = await memberStaff(s, admin, platformId);
    const m = await addMember(c, { name: '证件会员', phone: newPhone(), idType: '1', idNo: '11010519491231002x' });
    expect(await c.json('GET', memberApi(String(m.id))).then((r) => r.body)).toMatchObject({ idNo: '11010519491231002X', birthday: '1949-12-31', sex: 2 });
    // A birthday given wins over the number's.
    const given = await addMember(c, { name: '自填生日', phone: newPhone(), idNo: '11010519491231002X', birthday: '1950-01-01', sex: 1 });
    expect(await c.json('GET', memberApi(String(given.id))).then((r) => r.body)).toMatchObject({ birthday: '1950-01-01', sex: 1, idType: '1' });
    const bad = await c.json('POST', memberApi('add'), { body: { name: '错号', phone: newPhone(), idType: '1', idNo: '110105194912310021' } });
    expect(bad.code).toBe(Code.FORM_INVALID);
    expect(bad.detail).toEqual([{ field: 'idNo', message: expect.stringContaining('校验位') }]);
    const en = await c.json('PUT', memberApi(String(m.id)), { body: { idNo: '110105194912310021', version: 1 }, lang: 'en-US' });
    expect(en.code).toBe(Code.FORM_INVALID);
    expect(en.detail[0].message).toContain('check digit');
    // A passport number is not checked.
    await addMember(c, { name: '护照', phone: newPhone(), idType: '2', idNo: 'E12345678' });
    // The front desk's register takes the same rule.
    expect((await c.json('POST', memberApi(), { body: { name: '前台', phone: newPhone(), idNo: '110105194912310021' } })).code).toBe(Code.FORM_INVALID);
  });

  it('edits with a version, filters and sorts the list, tags several members at once', async () => {
    const { c } = await memberStaff(s, admin, platformId);
    const a = await addMember(c, { name: '标签甲', phone: newPhone(), level: 'gold', tags: ['周末'], registerDate: '2026-01-05' });
    const b = await addMember(c, { name: '标签乙', phone: newPhone(), source: 'app', registerDate: '2026-03-01' });
    const stale = await c.json('PUT', memberApi(String(a.id)), { body: { remark: 'x', version: a.version + 5 } });
    expect(stale.detail.reason).toBe('stale');
    const edited = await c.json('PUT', memberApi(String(a.id)), { body: { remark: '常客', address: '朝阳区', version: a.version } });
    expect(edited.body).toMatchObject({ remark: '常客', address: '朝阳区', version: a.version + 1 });
    const tagged = await c.json('POST', memberApi('tags'), { body: { memberIds: [a.id, b.id], add: ['羽毛球'], remove: ['周末'] } });
    expect(tagged.body.updated).toBe(2);
    const names = async (body: Record<string, unknown>) => (await c.json('POST', memberApi('list'), { body })).body.data.map((r: { name: string }) => r.name);
    expect(await names({ tag: '羽毛球', sortField: 'name', sortOrder: 'ascend' })).toEqual(['标签乙', '标签甲'].sort());
    expect(await names({ tag: '周末' })).toEqual([]);
    expect(await names({ level: 'gold' })).toEqual(['标签甲']);
    expect(await names({ source: 'app' })).toEqual(['标签乙']);
    expect(await names({ registerBegin: '2026-02-01', registerEnd: '2026-12-31' })).toEqual(['标签乙']);
    expect((await c.json('POST', memberApi('list'), { body: { sortField: 'secret' } })).code).toBe(Code.INVALID);
  });

  it('a member with orders is not deleted; one without is; another organisation’s member answers 100404', async () => {
    const { c } = await memberStaff(s, admin, platformId);
    const buyer = await addMember(c, { name: '买过', phone: newPhone() });
    const idle = await addMember(c, { name: '没买', phone: newPhone() });
    await sellGeneral(c, [{ name: '饮料', unitPriceFen: 500 }], { memberId: buyer.id });
    const refused = await c.json('DELETE', memberApi(String(buyer.id)));
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.detail.reason).toBe('state');
    expect(refused.msg).toContain('买过');
    expect((await c.json('DELETE', memberApi(String(idle.id)))).body).toEqual({ deleted: 1 });
    expect((await c.json('GET', memberApi(String(idle.id)))).code).toBe(Code.NOT_FOUND);
    const stranger = await memberStaff(s, admin, platformId);
    expect((await stranger.c.json('GET', memberApi(String(buyer.id)))).code).toBe(Code.NOT_FOUND);
    expect((await stranger.c.json('PUT', memberApi(String(buyer.id)), { body: { name: 'x', version: 1 } })).code).toBe(Code.NOT_FOUND);
    expect((await stranger.c.json('DELETE', memberApi(String(buyer.id)))).code).toBe(Code.NOT_FOUND);
    // A referrer of another organisation is not found either.
    expect((await stranger.c.json('POST', memberApi('add'), { body: { name: 'x', phone: newPhone(), referrerId: buyer.id } })).code).toBe(Code.NOT_FOUND);
  });

  it('a company has entrants: existing members and new ones; removing them keeps them as members', async () => {
    const { c } = await memberStaff(s, admin, platformId);
    const co = await addMember(c, { name: '星辰科技', phone: newPhone(), kind: 'corporate', creditCode: '91110105MA01ABCD1X', contactName: '王经理' });
    const staff = await addMember(c, { name: '员工一', phone: newPhone() });
    const added = await c.json('POST', memberApi(`${co.id}/entrants`), { body: { memberIds: [staff.id], member: { name: '员工二', phone: newPhone() } } });
    expect(added.body).toEqual({ added: 2 });
    const list = await c.json('POST', memberApi(`${co.id}/entrants/list`), { body: { sortField: 'name', sortOrder: 'ascend' } });
    expect(list.body.data.map((r: { name: string; companyName: string }) => [r.name, r.companyName])).toEqual([
      ['员工一', '星辰科技'],
      ['员工二', '星辰科技'],
    ]);
    expect((await c.json('POST', memberApi(`${staff.id}/entrants`), { body: { memberIds: [co.id] } })).code).toBe(Code.FORM_INVALID);
    expect((await c.json('POST', memberApi(`${co.id}/entrants`), { body: { memberIds: [co.id] } })).code).toBe(Code.FORM_INVALID);
    expect((await c.json('DELETE', memberApi(`${co.id}/entrants/${staff.id}`))).body).toEqual({ deleted: 1 });
    expect((await c.json('GET', memberApi(String(staff.id)))).body.companyId).toBeNull();
    expect((await c.json('GET', memberApi(`${co.id}/overview`))).body.entrantCount).toBe(1);
  });

  it('referrals: referrers with their count, and the referred of one; the overview counts orders and money spent', async () => {
    const { c, orgId } = await memberStaff(s, admin, platformId);
    const clerkOf = (org: number) => staffWithoutPrivate(s, admin, org);
    const top = await addMember(c, { name: '推荐人', phone: newPhone() });
    const r1 = await addMember(c, { name: '被推荐一', phone: newPhone(), referrerId: top.id, source: 'referral' });
    await addMember(c, { name: '被推荐二', phone: newPhone(), referrerId: top.id, source: 'referral' });
    await addMember(c, { name: '二级', phone: newPhone(), referrerId: r1.id });
    const spread = await c.json('POST', memberApi('spread/list'), { body: {} });
    expect(spread.body.data.map((r: { name: string; referredCount: number }) => [r.name, r.referredCount])).toEqual([
      ['推荐人', 2],
      ['被推荐一', 1],
    ]);
    const referred = await c.json('POST', memberApi('list'), { body: { referrerId: top.id, sortField: 'name', sortOrder: 'ascend' } });
    expect(referred.body.data.map((r: { name: string; referrerName: string }) => r.referrerName)).toEqual(['推荐人', '推荐人']);
    expect((await c.json('PUT', memberApi(String(top.id)), { body: { referrerId: top.id, version: 1 } })).code).toBe(Code.FORM_INVALID);

    const order = await sellGeneral(c, [{ name: '球拍', unitPriceFen: 12000 }], { memberId: top.id });
    expect((await pay(c, order.id, { method: 'cash', amountFen: 12000 })).code).toBe(0);
    await sellGeneral(c, [{ name: '饮料', unitPriceFen: 500 }], { memberId: top.id });
    const account = await c.json('POST', sport('account'), { body: { holderName: '推荐人', memberId: top.id } });
    expect(account.code, account.msg).toBe(0);
    const o = (await c.json('GET', memberApi(`${top.id}/overview`))).body;
    expect(o).toMatchObject({ orderCount: 2, spentFen: 12000, visitCount: 0, lastVisit: null, referredCount: 2, member: { name: '推荐人' }, balanceFen: 0 });
    expect(o.accounts.map((a: { id: number }) => a.id)).toEqual([account.body.id]);
    // The account holder's phone is personal data too.
    const phoned = await addMember(c, { name: '有电话', phone: '13955556666' });
    await c.json('POST', sport('account'), { body: { holderName: '有电话', holderPhone: '13955556666', memberId: phoned.id } });
    expect((await c.json('GET', memberApi(`${phoned.id}/overview`))).body.accounts[0].holderPhone).toBe('13955556666');
    expect((await clerkOf(orgId).then((k) => k.json('GET', memberApi(`${phoned.id}/overview`)))).body.accounts[0].holderPhone).toBe('139****6666');
    // A member with a stored-value account is not deleted; a referrer is, whom they referred stay.
    const saver = await addMember(c, { name: '储值', phone: newPhone() });
    await c.json('POST', sport('account'), { body: { holderName: '储值', memberId: saver.id } });
    const refused = await c.json('DELETE', memberApi(String(saver.id)));
    expect(refused.detail.reason).toBe('state');
    expect(refused.msg).toContain('储值账户');
    expect((await c.json('DELETE', memberApi(String(r1.id)))).body).toEqual({ deleted: 1 });
    expect((await c.json('POST', memberApi('list'), { body: { keyword: '二级' } })).body.data[0].referrerId).toBeNull();
    expect((await c.json('POST', memberApi(`${top.id}/visits`), { body: {} })).body).toEqual({ total: 0, data: [] });
  });
});

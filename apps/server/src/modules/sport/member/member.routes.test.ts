import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { addDays } from '../venue/index.ts';
import { booking, makeVenue, today, venueApi, venueStaff } from '../venue/venue.testkit.ts';

describe.each(databases)('members at the front desk on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('registers members and finds them by phone, member number or name; a phone is one member per organisation', async () => {
    const { c } = await venueStaff(s, admin, platformId);
    const a = await c.json('POST', '/api/sport/member', { body: { name: '张晓明', phone: '13900001111', level: 'gold' } });
    expect(a.code, a.msg).toBe(0);
    expect(a.body.memberNo).toMatch(/^M\d+$/);
    await c.json('POST', '/api/sport/member', { body: { name: '李晓红', phone: '13900002222', memberNo: 'VIP-0002' } });
    const dup = await c.json('POST', '/api/sport/member', { body: { name: '重复', phone: '13900001111' } });
    expect(dup.code).toBe(Code.CONFLICT);
    expect(dup.detail.fields[0].field).toBe('phone');
    const find = async (keyword: string) => (await c.json('POST', '/api/sport/member/search', { body: { keyword } })).body.map((m: { name: string }) => m.name);
    expect(await find('139000011')).toEqual(['张晓明']);
    expect(await find('VIP-0002')).toEqual(['李晓红']);
    expect(await find('晓')).toEqual(['张晓明', '李晓红'].sort());
    expect(await find('1111')).toEqual([]); // a phone matches from its start
    // Another organisation's members are not found.
    const other = await venueStaff(s, admin, platformId);
    expect((await other.c.json('POST', '/api/sport/member/search', { body: { keyword: '139' } })).body).toEqual([]);
  });

  it('a card seller without booking finds members to sell to; staff without any member-picking screen are refused', async () => {
    const { c, orgId } = await venueStaff(s, admin, platformId);
    await c.json('POST', '/api/sport/member', { body: { name: '售卡对象', phone: '13900004444' } });
    const staffWith = async (keys: string[]) => {
      const role = await makeRole(admin, orgId);
      await grantMenus(admin, role.id, keys);
      return signIn(s, (await makeUser(admin, orgId, { roleIds: [role.id] })).code, 'Pass1234');
    };
    const seller = await staffWith(['sport.card.sell']);
    const found = await seller.json('POST', '/api/sport/member/search', { body: { keyword: '1390000444' } });
    expect(found.code, found.msg).toBe(0);
    expect(found.body.map((m: { name: string }) => m.name)).toEqual(['售卡对象']);
    const clerk = await staffWith(['home']);
    expect((await clerk.json('POST', '/api/sport/member/search', { body: { keyword: '139' } })).code).toBe(Code.FORBIDDEN);
  });

  it('the front desk’s register also takes the full form’s fields; its answer stays the brief one', async () => {
    const { c } = await venueStaff(s, admin, platformId);
    const r = await c.json('POST', '/api/sport/member', {
      body: { name: '全表单', phone: '13900003333', idNo: '11010519491231002X', tags: ['前台'], remark: '现场办理' },
    });
    expect(r.code, r.msg).toBe(0);
    expect(Object.keys(r.body).sort()).toEqual(['id', 'level', 'memberNo', 'name', 'phone', 'status']);
    // The front desk's staff without the member screens cannot list members.
    expect((await c.json('POST', '/api/sport/member/list', { body: {} })).code).toBe(Code.FORBIDDEN);
  });

  it('a member’s booking is priced by their level; another organisation’s member is not found', async () => {
    const { c } = await venueStaff(s, admin, platformId);
    const { venue, sites } = await makeVenue(c, { n: 1, priceFen: 6000 });
    await c.json('POST', venueApi('price'), {
      body: { venueId: venue.id, name: '金卡', sport: 'badminton', level: 'gold', start: '08:00', end: '22:00', priceFen: 4500 },
    });
    const gold = (await c.json('POST', '/api/sport/member', { body: { name: '金卡会员', phone: '13700003333', level: 'gold' } })).body;
    const plain = (await c.json('POST', '/api/sport/member', { body: { name: '普通会员', phone: '13700004444' } })).body;
    const day = addDays(today(venue.timeZone), 1);
    const order = (memberId: number, start: string) =>
      c.json('POST', booking('order'), {
        body: {
          stadiumId: venue.id,
          date: day,
          memberId,
          items: [{ siteId: sites[0]!.id, start, end: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00` }],
        },
      });
    expect((await order(gold.id, '09:00')).body.amount).toBe(4500);
    expect((await order(plain.id, '10:00')).body.amount).toBe(6000);
    const g = await c.json('POST', booking('grid'), { body: { stadiumId: venue.id, date: day, memberId: gold.id, detail: true } });
    expect(g.body.slots.find((x: { start: string }) => x.start === '11:00')).toMatchObject({ price: 4500, ruleName: '金卡' });
    const stranger = await venueStaff(s, admin, platformId);
    const theirs = (await stranger.c.json('POST', '/api/sport/member', { body: { name: '别家会员', phone: '13700005555', level: 'gold' } })).body;
    expect((await order(theirs.id, '12:00')).code).toBe(Code.NOT_FOUND);
  });
});

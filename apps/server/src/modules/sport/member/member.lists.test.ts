import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { sport } from '../commerce/commerce.testkit.ts';
import { addDays } from '../venue/index.ts';
import { booking, makeVenue, today } from '../venue/venue.testkit.ts';
import { addMember, memberApi, memberStaff, newPhone } from './member.testkit.ts';

describe.each(databases)('black and white lists on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('a black-listed member can neither buy nor book, with the reason said; once removed they can', async () => {
    const { c } = await memberStaff(s, admin, platformId);
    const m = await addMember(c, { name: '黑名单会员', phone: newPhone() });
    const { venue, sites } = await makeVenue(c, { n: 1 });
    const put = await c.json('POST', memberApi('lists'), { body: { memberIds: [m.id], list: 'black', reason: '多次爽约' } });
    expect(put.body).toEqual({ added: 1 });
    expect((await c.json('GET', memberApi(String(m.id)))).body).toMatchObject({ blackListed: true, whiteListed: false });

    const buy = () =>
      c.json('POST', sport('order'), { body: { type: 'general', memberId: m.id, items: [{ kind: 'general', name: '饮料', unitPriceFen: 500 }] } });
    const refused = await buy();
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.detail.reason).toBe('state');
    expect(refused.msg).toBe('该会员在黑名单中（原因：多次爽约），不能预订或购买');
    const day = addDays(today(venue.timeZone), 1);
    const book = () =>
      c.json('POST', booking('order'), {
        body: { stadiumId: venue.id, date: day, memberId: m.id, items: [{ siteId: sites[0]!.id, start: '09:00', end: '10:00' }] },
        lang: 'en-US',
      });
    const noBooking = await book();
    expect(noBooking.code).toBe(Code.CONFLICT);
    expect(noBooking.msg).toBe('This member is on the black list (reason: 多次爽约) and cannot book or buy');
    // Nothing was held by the refused booking: the slot is still free.
    const grid = await c.json('POST', booking('grid'), { body: { stadiumId: venue.id, date: day } });
    expect(JSON.stringify(grid.body)).not.toContain('"held"');

    // Twice on the same list: refused; on the other list at the same time: refused.
    expect((await c.json('POST', memberApi('lists'), { body: { memberIds: [m.id], list: 'black', reason: 'again' } })).detail.reason).toBe('state');
    expect((await c.json('POST', memberApi('lists'), { body: { memberIds: [m.id], list: 'white', reason: 'vip' } })).code).toBe(Code.CONFLICT);

    const entries = await c.json('POST', memberApi('lists/list'), { body: { list: 'black' } });
    expect(entries.body.data).toMatchObject([{ memberId: m.id, reason: '多次爽约', state: 'live', list: 'black' }]);
    expect((await c.json('POST', memberApi('list'), { body: { list: 'black' } })).body.data.map((r: { id: number }) => r.id)).toEqual([m.id]);
    expect((await c.json('POST', memberApi('lists/remove'), { body: { ids: [entries.body.data[0].id] } })).body).toEqual({ removed: 1 });
    expect((await buy()).code).toBe(0);
    expect((await book()).code).toBe(0);
    expect((await c.json('POST', memberApi('lists/list'), { body: { state: 'removed' } })).body.data).toMatchObject([{ memberId: m.id, state: 'removed' }]);
    // An entry ends at its expiry: refused until then, then free to buy, and a new entry may go in.
    await c.json('POST', memberApi('lists'), {
      body: { memberIds: [m.id], list: 'black', reason: '暂停一下', expiresAt: new Date(Date.now() + 1500).toISOString() },
    });
    expect((await buy()).code).toBe(Code.CONFLICT);
    await new Promise((r) => setTimeout(r, 1800));
    expect((await buy()).code).toBe(0);
    expect((await c.json('POST', memberApi('lists/list'), { body: { state: 'expired' } })).body.data).toMatchObject([{ reason: '暂停一下' }]);
    expect((await c.json('POST', memberApi('lists'), { body: { memberIds: [m.id], list: 'black', reason: '再次' } })).code).toBe(0);
    // An expiry in the past is refused.
    const past = await c.json('POST', memberApi('lists'), { body: { memberIds: [m.id], list: 'black', reason: 'x', expiresAt: '2020-01-01T00:00:00Z' } });
    expect(past.code).toBe(Code.FORM_INVALID);
  });

  it('a white-listed member skips the venue’s most-slots and advance-days limits; others do not', async () => {
    const { c } = await memberStaff(s, admin, platformId);
    const { venue, sites } = await makeVenue(c, { n: 1, rules: { maxSlots: 1, advanceDays: 3 } });
    const vip = await addMember(c, { name: '白名单会员', phone: newPhone() });
    const plain = await addMember(c, { name: '普通会员', phone: newPhone() });
    await c.json('POST', memberApi('lists'), {
      body: { memberIds: [vip.id], list: 'white', reason: '合作单位', expiresAt: new Date(Date.now() + 86400_000).toISOString() },
    });
    const day = addDays(today(venue.timeZone), 1);
    const two = (memberId: number, date: string, start: string) =>
      c.json('POST', booking('order'), {
        body: {
          stadiumId: venue.id,
          date,
          memberId,
          items: [{ siteId: sites[0]!.id, start, end: `${String(Number(start.slice(0, 2)) + 2).padStart(2, '0')}:00` }],
        },
      });
    const limited = await two(plain.id, day, '08:00');
    expect(limited.code).toBe(Code.FORM_INVALID);
    expect(limited.msg).toContain('1');
    expect((await two(vip.id, day, '10:00')).code).toBe(0);
    const far = addDays(today(venue.timeZone), 10);
    expect((await two(plain.id, far, '12:00')).code).toBe(Code.FORM_INVALID);
    expect((await two(vip.id, far, '12:00')).code).toBe(0);
  });
});

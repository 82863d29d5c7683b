import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { VENUE_KEYS, booking, makeVenue, today, venueApi } from '../venue/venue.testkit.ts';
import { addDays } from './card.common.ts';
import { cardApi, cardImbalances, cardStaff, makeMember, makeType, ok, sellPaid } from './card.testkit.ts';

/** A card's discount is the venue price rules' own: its holder is priced at the type's level. */
describe.each(databases)("a card's level prices its holder's bookings on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
  });
  afterAll(async () => {
    if (s) {
      expect(await imbalances(s)).toEqual([]);
      expect(await cardImbalances(s)).toEqual([]);
    }
    await s?.close();
  });

  it('an active card of a level prices the grid at that level; frozen, it does not; the rule detail shows the level price beside the walk-in price', async () => {
    const { c: admin, platformOrgId } = await adminClient(s);
    const { c, orgId } = await cardStaff(s, admin, platformOrgId, VENUE_KEYS);
    const { venue } = await makeVenue(c, { priceFen: 5000, open: '00:00', close: '24:00' });
    await ok(c, 'POST', venueApi('price'), {
      venueId: venue.id,
      name: '银卡价',
      sport: 'badminton',
      start: '00:00',
      end: '24:00',
      level: 'silver',
      priceFen: 4000,
    });
    const type = await makeType(c, { kind: 'value', priceFen: 1000, faceValueFen: 1000, level: 'silver', discounts: [{ priceRuleId: null, percent: 80 }] });
    const memberId = await makeMember(s, orgId);
    const price = async () => (await ok(c, 'POST', booking('grid'), { stadiumId: venue.id, date: today(venue.timeZone), memberId })).slots[0].price;
    expect(await price()).toBe(5000);
    const sold = await sellPaid(c, type.id, memberId);
    expect(await price()).toBe(4000);
    await ok(c, 'POST', cardApi(`${sold.cardId}/freeze`), {});
    expect(await price()).toBe(5000);
    // A card for another venue only does not price this one; one for this venue does.
    const here = await makeType(c, { kind: 'value', priceFen: 1000, faceValueFen: 1000, level: 'silver', venueIds: [venue.id] });
    const member2 = await makeMember(s, orgId);
    const card2 = await sellPaid(c, here.id, member2);
    const price2 = async () => (await ok(c, 'POST', booking('grid'), { stadiumId: venue.id, date: today(venue.timeZone), memberId: member2 })).slots[0].price;
    expect(await price2()).toBe(4000);
    await s.database.query(`update sport_member_card set rules = '{"venueIds": [999999]}' where id = $1`, [card2.cardId]);
    expect(await price2()).toBe(5000);
    const rules = await ok(c, 'GET', cardApi(`type/${type.id}/rules`));
    expect(rules.rules).toMatchObject([{ name: '银卡价', priceFen: 4000, walkInPriceFen: 5000, percent: 80, declaredPercent: 80 }]);
  });

  it("a card's sports and time bands bound both its level price and what it pays for", async () => {
    const { c: admin, platformOrgId } = await adminClient(s);
    const { c, orgId } = await cardStaff(s, admin, platformOrgId, VENUE_KEYS);
    const { venue, sites } = await makeVenue(c, { n: 1, priceFen: 5000, open: '00:00', close: '24:00' });
    const tennis = await ok(c, 'POST', venueApi('site'), { venueId: venue.id, name: '网球场', sport: 'tennis', sort: 9 });
    await ok(c, 'POST', venueApi('price'), { venueId: venue.id, name: '网球', sport: 'tennis', start: '00:00', end: '24:00', priceFen: 8000 });
    await ok(c, 'POST', venueApi('price'), { venueId: venue.id, name: '银卡价', start: '00:00', end: '24:00', level: 'silver', priceFen: 4000 });
    const type = await makeType(c, {
      kind: 'value',
      priceFen: 20_000,
      faceValueFen: 20_000,
      level: 'silver',
      sports: ['tennis'],
      timeBands: [{ from: '18:00', to: '22:00' }],
    });
    const memberId = await makeMember(s, orgId);
    const card = await sellPaid(c, type.id, memberId);
    const { accountId } = await ok(c, 'GET', cardApi(String(card.cardId)));
    const day = addDays(today(venue.timeZone), 1);
    const grid = await ok<{ slots: { siteId: number; start: string; price: number }[] }>(c, 'POST', booking('grid'), {
      stadiumId: venue.id,
      date: day,
      memberId,
    });
    const price = (siteId: number, start: string) => grid.slots.find((x) => x.siteId === siteId && x.start === start)!.price;
    expect(price(tennis.id, '19:00')).toBe(4000); // tennis in the band: the card's level
    expect(price(tennis.id, '10:00')).toBe(8000); // outside the band: everybody's price
    expect(price(sites[0]!.id, '19:00')).toBe(5000); // badminton: not the card's sport
    const bookAndPay = async (siteId: number, start: string, end: string) => {
      const order = await ok(c, 'POST', booking('order'), { stadiumId: venue.id, date: day, items: [{ siteId, start, end }], memberId });
      return c.json('POST', `/api/sport/commerce/order/${order.orderId}/pay`, {
        body: { method: 'balance', amountFen: order.amount, accountId },
        lang: 'en-US',
      });
    };
    const badminton = await bookAndPay(sites[0]!.id, '19:00', '20:00');
    expect([badminton.code, badminton.detail]).toEqual([969600, [{ field: 'accountId', message: 'This card does not apply to this sport' }]]);
    const morning = await bookAndPay(tennis.id, '10:00', '11:00');
    expect([morning.code, morning.detail]).toEqual([969600, [{ field: 'accountId', message: 'This card does not apply at this time of day' }]]);
    const evening = await bookAndPay(tennis.id, '19:00', '21:00');
    expect(evening.code, evening.msg).toBe(0);
    expect((await ok(c, 'GET', cardApi(String(card.cardId)))).balanceFen).toBe(20_000 - 8000);
  });
});

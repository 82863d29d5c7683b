import { describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases } from '../../../../../test/harness.ts';
import { makeRole, makeUser, signIn } from '../../../system/admin.testkit.ts';
import { grantMenus } from '../../../../../test/grants.ts';
import { gaSession, ok, ticketApi } from '../ticket.testkit.ts';
import { gateStaff, gateSuite, soldTickets } from './gate.testkit.ts';

/** Issue 25, point 6: the box office prints what it just sold; a reprint is a reprint only after a first print. */
describe.each(databases)('first print and reprint on %s', (kind) => {
  const suite = gateSuite(kind);

  const printedAtOf = async (orderId: number) =>
    ((await ok(suite.c, 'POST', ticketApi('list'), { orderId, pageSize: 100 })).data as { id: number; printedAt: string | null }[])
      .sort((a, b) => a.id - b.id)
      .map((t) => t.printedAt);
  const reprintsOf = async (ticketId: number) => (await ok(suite.c, 'GET', ticketApi(`reprint/list/${ticketId}`))).data as { reason: string }[];

  it('the order just paid prints without a reason, once: its tickets with their data and signed QR; printing again is refused and the reprint (with a reason) follows', async () => {
    const { orderId, tickets } = await soldTickets(suite.c, 2);
    expect(await printedAtOf(orderId)).toEqual([null, null]);
    // Before any print there is nothing to reprint: the console offers the print.
    const early = await suite.c.json('POST', ticketApi('reprint'), { body: { ticketId: tickets[0]!.id, reason: '原票污损' }, lang: 'en-US' });
    expect(early.code).toBe(Code.CONFLICT);
    expect(early.detail.reason).toBe('state');
    expect(early.msg).toBe('This ticket has not been printed yet: print it (a first print needs no reason)');

    const first = await ok(suite.c, 'POST', ticketApi('print'), { orderId });
    expect(first.data.map((p: { ticketId: number }) => p.ticketId)).toEqual(tickets.map((t) => t.id));
    expect(first.data[0]).toMatchObject({ template: null, data: { code: tickets[0]!.code, level: '普通票', price: '¥50.00' } });
    expect(first.data[0].payload.startsWith('VT1.')).toBe(true);
    const [a, b] = await printedAtOf(orderId);
    expect(a).toBe(first.printedAt);
    expect(b).toBe(first.printedAt);
    // The first print is not a reprint.
    expect(await reprintsOf(tickets[0]!.id)).toEqual([]);

    const again = await suite.c.json('POST', ticketApi('print'), { body: { orderId }, lang: 'en-US' });
    expect(again.code).toBe(Code.CONFLICT);
    expect(again.detail.reason).toBe('state');
    expect(again.msg).toBe('These tickets have been printed already: print again with a reprint, giving a reason');
    const zh = await suite.c.json('POST', ticketApi('print'), { body: { ticketIds: [tickets[1]!.id] }, lang: 'zh-CN' });
    expect(zh.msg).toBe('这些门票已打印过，再次打印请用重打并填写原因');
    expect(await printedAtOf(orderId)).toEqual([first.printedAt, first.printedAt]);

    const re = await ok(suite.c, 'POST', ticketApi('reprint'), { ticketId: tickets[0]!.id, reason: '打印机卡纸' });
    expect(re.reprint).toMatchObject({ reason: '打印机卡纸', ticketId: tickets[0]!.id });
    expect((await reprintsOf(tickets[0]!.id)).map((r) => r.reason)).toEqual(['打印机卡纸']);
    // The reprint keeps the first print's time.
    expect((await printedAtOf(orderId))[0]).toBe(first.printedAt);
  });

  it('only the tickets not printed yet print first; an unpaid order, a body naming both or neither, another organisation and a user without selling or reprinting are refused', async () => {
    const { orderId, tickets } = await soldTickets(suite.c, 3);
    await ok(suite.c, 'POST', ticketApi('print'), { ticketIds: [tickets[1]!.id] });
    const rest = await ok(suite.c, 'POST', ticketApi('print'), { orderId });
    expect(rest.data.map((p: { ticketId: number }) => p.ticketId)).toEqual([tickets[0]!.id, tickets[2]!.id]);

    const ga = await gaSession(suite.c, 5, 3000);
    const held = await ok(suite.c, 'POST', ticketApi('order'), { sessionId: ga.session.id, levelId: ga.levelId, quantity: 1 });
    expect((await suite.c.json('POST', ticketApi('print'), { body: { orderId: held.orderId } })).code).toBe(Code.NOT_FOUND);
    expect((await suite.c.json('POST', ticketApi('print'), { body: {} })).code).toBe(Code.INVALID);
    expect((await suite.c.json('POST', ticketApi('print'), { body: { orderId, ticketIds: [tickets[0]!.id] } })).code).toBe(Code.INVALID);

    const other = await gateStaff(suite.s, suite.admin, suite.platformId);
    const theirs = await soldTickets(other.c, 1);
    expect((await suite.c.json('POST', ticketApi('print'), { body: { orderId: theirs.orderId } })).code).toBe(Code.NOT_FOUND);
    expect((await suite.c.json('POST', ticketApi('print'), { body: { ticketIds: [theirs.tickets[0]!.id] } })).code).toBe(Code.NOT_FOUND);
    const list = await ok(other.c, 'POST', ticketApi('list'), { orderId: theirs.orderId });
    expect(list.data[0].printedAt).toBeNull();

    const role = await makeRole(suite.admin, suite.staff.orgId);
    await grantMenus(suite.admin, role.id, ['sport.ticket.check']);
    const checker = await signIn(suite.s, (await makeUser(suite.admin, suite.staff.orgId, { roleIds: [role.id] })).code, 'Pass1234');
    const fresh = await soldTickets(suite.c, 1);
    expect((await checker.json('POST', ticketApi('print'), { body: { orderId: fresh.orderId } })).code).toBe(Code.FORBIDDEN);
    expect(await printedAtOf(fresh.orderId)).toEqual([null]);
  });

  it('two clicks at once: of 6 simultaneous first prints of one order, one prints both tickets and the others are refused as printed', async () => {
    const { orderId, tickets } = await soldTickets(suite.c, 2);
    const results = await Promise.all(Array.from({ length: 6 }, () => suite.c.json('POST', ticketApi('print'), { body: { orderId } })));
    const firsts = results.filter((r) => r.code === 0);
    expect(firsts).toHaveLength(1);
    expect(firsts[0]!.body.data.map((p: { ticketId: number }) => p.ticketId)).toEqual(tickets.map((t) => t.id));
    expect(results.filter((r) => r.code === Code.CONFLICT && r.detail.reason === 'state')).toHaveLength(5);
    const [row] = await suite.s.database.query<{ n: string }>(`select count(distinct printed_at) as n from sport_ticket where order_id = $1`, [orderId]);
    expect(Number(row!.n)).toBe(1);
  });
});

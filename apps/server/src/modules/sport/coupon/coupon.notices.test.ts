import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { seedMessageDefaults } from '../../message/index.ts';
import { runCouponNotices } from './coupon.jobs.ts';
import { amountTemplate, couponApi, couponStaff, member, ok } from './coupon.testkit.ts';

/**
 * Messaging (issue 28, point 7): the job tells each member once of the coupons issued to them (one
 * message per template, however many coupons), and once more when they are about to expire.
 */
describe.each(databases)('coupon notices on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { OUTBOUND_ALLOW: '*,127.0.0.1:9', JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    await seedMessageDefaults(s.app.ctx.db);
    const put = await admin.json('PUT', '/api/system/message/channel/sms', {
      body: { enabled: true, ratePerMinute: 600, settings: { url: 'http://127.0.0.1:9/sms' }, version: 0 },
    });
    expect(put.code, put.msg).toBe(0);
  });
  afterAll(async () => s?.close());

  const sent = async (code: string, phone: string) =>
    (await s.database.query<{ content: string }>(`select content from msg_send where business_code = $1 and address = $2 order by id`, [code, phone])).map(
      (r) => r.content,
    );

  it('tells a member of coupons issued once, and reminds them once of coupons expiring within three days', async () => {
    const st = await couponStaff(s, admin, platformId);
    const m = await member(st.c, { name: '通知会员' });
    const t = await amountTemplate(st.c, { name: '通知满减券', perMemberLimit: 5, totalLimit: 10, validFrom: null, validTo: null, validDays: 2 });
    await ok(st.c, 'POST', couponApi(`template/${t.id}/issue`), { batchKey: 'n1', memberIds: [m.id] });
    await ok(st.c, 'POST', couponApi(`template/${t.id}/issue`), { batchKey: 'n2', memberIds: [m.id] });
    await runCouponNotices(s.database.db);
    await runCouponNotices(s.database.db);
    const issued = await sent('coupon.issued', m.phone);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toContain('通知会员您好，您获得2张「通知满减券」');
    // Valid for two days: within the three-day reminder, once.
    const expiring = await sent('coupon.expiring', m.phone);
    expect(expiring).toHaveLength(1);
    expect(expiring[0]).toContain('通知会员您好，您的2张「通知满减券」将于');
  });
});

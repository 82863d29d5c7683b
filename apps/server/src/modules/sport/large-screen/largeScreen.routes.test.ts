import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type DisplayLinkRow, type LargeScreenView } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { pay, seedCommerceJobs, sellGeneral } from '../commerce/commerce.testkit.ts';
import { deliver, statisticsStaff } from '../statistics/statistics.testkit.ts';

const api = (p: string) => `/api/sport/largescreen/${p}`;
const tokenOf = (row: DisplayLinkRow) => new URL(row.url, 'http://x').searchParams.get('token')!;

/**
 * The large screen through its calls on a real database: a display link opens its organisation's
 * figures (from the statistics aggregates) without a session, and nothing of another organisation;
 * a revoked, expired or unknown link is refused with its own message; the token is not stored.
 */
describe.each(databases)('large screen on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    await seedCommerceJobs(s.database.db);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  /** An organisation with a venue at `address` and one paid sale of `fen` there, delivered to the aggregates. */
  async function orgWithSale(address: string, fen: number) {
    const st = await statisticsStaff(s, admin, platformId);
    await s.database.query('update sport_venue set address = $1 where id = $2', [address, st.venue.id]);
    const o = await sellGeneral(st.c, [{ name: '大屏测试', unitPriceFen: fen }], { venueId: st.venue.id });
    expect((await pay(st.c, o.id, { method: 'cash', amountFen: o.payableFen })).code).toBe(0);
    await deliver(s, [o.id]);
    const [venue] = await s.database.query<{ name: string }>('select stadium_name as name from sport_venue where id = $1', [st.venue.id]);
    return { ...st, venueName: venue!.name };
  }

  /** A user of the organisation who may manage display links. */
  async function linkAdmin(orgId: number) {
    const role = await makeRole(admin, orgId);
    await grantMenus(admin, role.id, ['sport.largeScreen.links']);
    const user = await makeUser(admin, orgId, { roleIds: [role.id] });
    return signIn(s, user.code, 'Pass1234');
  }

  const view = (token: string, lang?: 'en-US' | 'zh-CN') => new Client(s).json<LargeScreenView>('POST', api('view'), { body: { token }, lang });

  it("a link shows its organisation's figures without a session, and none of another organisation's", async () => {
    const a = await orgWithSale('浙江省杭州市西湖区文三路 1 号', 12_345);
    const b = await orgWithSale('广东省深圳市南山区科技园', 98_765);
    const manager = await linkAdmin(a.orgId);

    const made = await manager.json<DisplayLinkRow>('POST', api('link'), { body: { name: '前台大屏', orgId: a.orgId } });
    expect(made.code, made.msg).toBe(0);
    expect(made.body.state).toBe('active');
    expect(made.body.url).toMatch(/^\/largeScreen\?token=[\w-]{40,}$/);
    const token = tokenOf(made.body);

    const seen = await view(token);
    expect(seen.code, seen.msg).toBe(0);
    expect(seen.body.todayFigures.revenueFen).toBe(12_345);
    expect(seen.body.monthFigures.revenueFen).toBe(12_345);
    expect(seen.body.trend.at(-1)).toMatchObject({ day: seen.body.today, revenueFen: 12_345 });
    expect(seen.body.venues).toEqual([expect.objectContaining({ name: a.venueName, province: '浙江', revenueFen: 12_345 })]);
    expect(seen.body.provinces).toEqual([{ name: '浙江', venues: 1, revenueFen: 12_345 }]);
    const text = JSON.stringify(seen.body);
    expect(text).not.toContain(b.venueName);
    expect(text).not.toContain('98765');
    expect(text).not.toContain('广东');

    // Another organisation is out of the manager's reach; its links are not listed to them.
    expect((await manager.json('POST', api('link'), { body: { name: '别家', orgId: b.orgId } })).code).toBe(Code.NOT_FOUND);
    const other = await admin.json<DisplayLinkRow>('POST', api('link'), { body: { name: '别家大屏', orgId: b.orgId } });
    expect(other.code, other.msg).toBe(0);
    const listed = await manager.json<{ total: number; data: DisplayLinkRow[] }>('POST', api('link/list'), { body: {} });
    expect(listed.body.data.map((l) => l.id)).toEqual([made.body.id]);
    expect(listed.body.data[0]!.url).toBe(made.body.url);
    const seenB = await view(tokenOf(other.body));
    expect(seenB.body.todayFigures.revenueFen).toBe(98_765);
    expect(JSON.stringify(seenB.body)).not.toContain(a.venueName);
  });

  it('the token is not stored: only its SHA-256, and the salt that is useless without the server key', async () => {
    const a = await orgWithSale('上海市徐汇区', 100);
    const made = await admin.json<DisplayLinkRow>('POST', api('link'), { body: { name: '大屏', orgId: a.orgId } });
    const token = tokenOf(made.body);
    const [row] = await s.database.query<Record<string, unknown>>('select * from sport_display_link where id = $1', [made.body.id]);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    // A token made from the stored salt without the key opens nothing.
    const guess = crypto.createHmac('sha256', Buffer.alloc(32)).update(String(row!.salt)).digest('base64url');
    expect((await view(guess)).code).toBe(Code.NOT_FOUND);
    expect((await view('x'.repeat(43))).code).toBe(Code.NOT_FOUND);
  });

  it('a revoked link and an expired link are refused with their own message; revoking twice is refused', async () => {
    const a = await orgWithSale('北京市朝阳区', 500);
    const manager = await linkAdmin(a.orgId);
    const made = await manager.json<DisplayLinkRow>('POST', api('link'), { body: { name: '大屏', orgId: a.orgId } });
    const token = tokenOf(made.body);
    expect((await view(token)).code).toBe(0);

    expect((await manager.json('POST', api(`link/${made.body.id}/revoke`))).code).toBe(0);
    const refused = await view(token, 'en-US');
    expect(refused.code).toBe(Code.NOT_FOUND);
    expect(refused.msg).toBe('This display link has been revoked; ask an administrator for a new one');
    expect((await view(token, 'zh-CN')).msg).toBe('展示链接已被撤销，请向管理员索取新的链接');
    expect((await manager.json('POST', api(`link/${made.body.id}/revoke`))).code).toBe(Code.CONFLICT);
    const listed = await manager.json<{ data: DisplayLinkRow[] }>('POST', api('link/list'), { body: { state: 'revoked' } });
    expect(listed.body.data.map((l) => l.id)).toEqual([made.body.id]);

    // An expiry must lie ahead; a link past it is refused.
    const past = await manager.json('POST', api('link'), { body: { name: '过期', orgId: a.orgId, expiresAt: new Date(Date.now() - 60_000).toISOString() } });
    expect(past.code).toBe(Code.FORM_INVALID);
    const later = await manager.json<DisplayLinkRow>('POST', api('link'), {
      body: { name: '限期', orgId: a.orgId, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect((await view(tokenOf(later.body))).code).toBe(0);
    await s.database.query(`update sport_display_link set expires_at = now() - interval '1 minute' where id = $1`, [later.body.id]);
    const expired = await view(tokenOf(later.body), 'en-US');
    expect(expired.code).toBe(Code.NOT_FOUND);
    expect(expired.msg).toBe('This display link has expired; ask an administrator for a new one');
    const states = await manager.json<{ data: DisplayLinkRow[] }>('POST', api('link/list'), { body: { state: 'expired' } });
    expect(states.body.data.map((l) => l.id)).toEqual([later.body.id]);
  });

  it('managing links needs the permission; the view needs no session', async () => {
    const a = await orgWithSale('四川省成都市', 700);
    expect((await a.c.json('POST', api('link'), { body: { name: '大屏', orgId: a.orgId } })).code).toBe(Code.FORBIDDEN);
    expect((await new Client(s).json('POST', api('link/list'), { body: {} })).code).toBe(Code.SESSION_EXPIRED);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, auth, databases, startServer, sys, type TestServer } from './harness.ts';
import { adminClient, makeOrg, makeUser, signIn, uniq } from '../src/modules/system/admin.testkit.ts';
import { makeVenue, stadium } from '../src/modules/sport/venue/venue.testkit.ts';

/**
 * Issue 25, point 1: a user of a department works on its venue organisation (its venue, its
 * members...), never on a sibling venue organisation's; the roles a user may hold are those of
 * its organisation and those shared from above, up to the venue organisation; every new venue
 * organisation gets the preset roles 前台, 收银 and 场馆经理.
 */
describe.each(databases)('staff of a venue organisation on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  const rolesOf = async (orgId: number) => {
    const res = await admin.json('POST', sys('role/list'), { body: { orgId, pageSize: 50 } });
    expect(res.code, res.msg).toBe(0);
    return res.body.data as { id: number; code: string; name: string; orgId: number }[];
  };
  const roleOf = async (orgId: number, code: string) => (await rolesOf(orgId)).find((r) => r.code === code)!;

  /** A venue organisation with a venue made by its manager, and a front-desk department below it. */
  async function venueOrg() {
    const org = await makeOrg(admin, platformId);
    const manager = await makeUser(admin, org.id, { roleIds: [(await roleOf(org.id, 'venue.manager')).id] });
    const mgr = await signIn(s, manager.code, 'Pass1234');
    const { venue } = await makeVenue(mgr, { n: 1 });
    const dept = await makeOrg(admin, org.id, { type: 4, name: uniq('前台服务部') });
    return { org, venue, dept, mgr };
  }

  it('a new venue organisation has the preset roles; a department does not', async () => {
    const org = await makeOrg(admin, platformId);
    const roles = await rolesOf(org.id);
    expect(roles.map((r) => [r.code, r.name]).sort()).toEqual([
      ['venue.cashier', '收银'],
      ['venue.frontdesk', '前台'],
      ['venue.manager', '场馆经理'],
    ]);
    const dept = await makeOrg(admin, org.id, { type: 4 });
    expect(await rolesOf(dept.id)).toEqual([]);
    // The untouched preset roles go with the organisation when it is deleted.
    expect((await admin.json('DELETE', sys(`org/${dept.id}`))).code).toBe(0);
    expect((await admin.json('DELETE', sys(`org/${org.id}`))).code).toBe(0);
  });

  it("a department user on the shared front-desk role works on its venue organisation's venue, not a sibling's", async () => {
    const a = await venueOrg();
    const b = await venueOrg();
    const desk = await roleOf(a.org.id, 'venue.frontdesk');
    const user = await makeUser(admin, a.dept.id, { roleIds: [desk.id] });
    const c = await signIn(s, user.code, 'Pass1234');
    const info = await c.json('GET', auth('userInfo/0'));
    // The session stays in the department (the top bar names it) ...
    expect(info.body.currentOrg.orgId).toBe(a.dept.id);
    expect(info.body.permissions).toContain('sport:booking:book');
    // ... and the venue it works on is its venue organisation's (the grid and the workbench read it).
    const mine = await c.json('GET', stadium(`list/orgId/${a.dept.id}`));
    expect(mine.code, mine.msg).toBe(0);
    expect(mine.body.id).toBe(a.venue.id);
    const grid = await c.json('POST', '/api/sport/booking/grid', { body: { stadiumId: a.venue.id, date: new Date().toISOString().slice(0, 10) } });
    expect(grid.code, grid.msg).toBe(0);
    expect((await c.json('POST', '/api/sport/booking/grid', { body: { stadiumId: b.venue.id, date: new Date().toISOString().slice(0, 10) } })).code).toBe(
      Code.NOT_FOUND,
    );
    // A sibling venue organisation's venue stays out of reach.
    expect((await c.json('GET', stadium(`list/orgId/${b.dept.id}`))).body).toBeNull();
    expect((await c.json('GET', stadium(`list/orgId/${b.org.id}`))).body).toBeNull();
    const name = uniq('会员');
    const member = await c.json('POST', '/api/sport/member', { body: { name, phone: '13900001111' } });
    expect(member.code, member.msg).toBe(0);
    // Written for the venue organisation: its manager sees the member, the sibling's manager does not.
    const seen = async (mgr: Client) => (await mgr.json('POST', '/api/sport/member/list', { body: { keyword: name } })).body.total;
    expect(await seen(a.mgr)).toBe(1);
    expect(await seen(b.mgr)).toBe(0);
  });

  it('the front-desk role cannot open payment settings or app keys', async () => {
    const a = await venueOrg();
    const user = await makeUser(admin, a.dept.id, { roleIds: [(await roleOf(a.org.id, 'venue.frontdesk')).id] });
    const c = await signIn(s, user.code, 'Pass1234');
    expect((await c.json('GET', '/api/sport/commerce/merchant')).code).toBe(Code.FORBIDDEN);
    expect((await c.json('POST', sys('openApp/list'), { body: {} })).code).toBe(Code.FORBIDDEN);
    const menus = await c.json('POST', '/api/adapter/menu-exec/query', { body: { appSign: 'venue-console', orgId: a.dept.id } });
    const keys = JSON.stringify(menus.body);
    expect(keys).toContain('/sport/views/venue');
    expect(keys).not.toContain('payInfo');
  });

  it("the role picker offers the user's organisation's roles and those shared from above; the server refuses a sibling's", async () => {
    const a = await venueOrg();
    const b = await venueOrg();
    const own = await admin.json('POST', sys('role'), { body: { orgId: a.dept.id, name: uniq('部门角色') } });
    const picker = await admin.json('POST', sys('role/list'), { body: { forOrgIds: [a.dept.id], pageSize: 50 } });
    expect(picker.code, picker.msg).toBe(0);
    const offered = (picker.body.data as { id: number; orgId: number }[]).map((r) => r.orgId);
    expect(new Set(offered)).toEqual(new Set([a.dept.id, a.org.id]));
    expect(offered.filter((o) => o === a.org.id)).toHaveLength(3);
    expect(picker.body.data.some((r: { id: number }) => r.id === own.body.id)).toBe(true);
    // A venue organisation's own user is not offered its departments' roles.
    const up = await admin.json('POST', sys('role/list'), { body: { forOrgIds: [a.org.id], pageSize: 50 } });
    expect(up.body.data.every((r: { orgId: number }) => r.orgId === a.org.id)).toBe(true);
    // Create and edit take both; a sibling venue organisation's role is refused, saying why.
    const user = await makeUser(admin, a.dept.id, { roleIds: [own.body.id, (await roleOf(a.org.id, 'venue.cashier')).id] });
    const detail = await admin.json('GET', sys(`user/${user.id}`));
    expect(detail.body.roleIds).toHaveLength(2);
    const foreign = await admin.json('PUT', sys(`user/${user.id}`), {
      body: { roleIds: [(await roleOf(b.org.id, 'venue.cashier')).id], version: detail.body.version },
      lang: 'en-US',
    });
    expect(foreign.code).toBe(Code.INVALID);
    expect(foreign.msg).toContain('belongs to an organisation the user is not in');
    expect((await admin.json('GET', sys(`user/${user.id}`))).body.roleIds).toHaveLength(2);
    const refused = await admin.json('POST', sys('user'), {
      body: { code: uniq('u'), name: uniq('用户'), password: 'Pass1234', orgId: a.dept.id, roleIds: [(await roleOf(b.org.id, 'venue.frontdesk')).id] },
    });
    expect(refused.code).toBe(Code.INVALID);
  });

  it('switching to an organisation where the user has no role is refused with the reason, and the session stays', async () => {
    const a = await venueOrg();
    const b = await venueOrg();
    const user = await makeUser(admin, a.dept.id, { roleIds: [(await roleOf(a.org.id, 'venue.frontdesk')).id] });
    const links = await admin.json('PUT', sys(`user/${user.id}/orgs`), { body: { orgIds: [a.dept.id, b.org.id], defaultOrgId: a.dept.id } });
    expect(links.code, links.msg).toBe(0);
    const c = await signIn(s, user.code, 'Pass1234');
    const refused = await c.json('PUT', auth('session/org'), { body: { orgId: b.org.id }, lang: 'en-US' });
    expect(refused.code).toBe(Code.FORBIDDEN);
    expect(refused.msg).toMatch(/no role/i);
    expect((await c.json('GET', auth('userInfo/0'))).body.currentOrg.orgId).toBe(a.dept.id);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { auth, databases, startServer, sys, type Client, type TestServer } from '../../../test/harness.ts';
import { adminClient, makeOrg, makeRole, makeUser, menuIdsByKey, signIn, uniq } from './admin.testkit.ts';

/**
 * The authorisation model of organisations and users (docs/decisions.md, "Authorisation of
 * organisations and users"), tried the way the security audit attacked it: a venue manager
 * holding every organisation and user permission of their venue.
 */
describe.each(databases)('authority over organisations and users on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  let venue: { id: number; version: number };
  let venueRole: { id: number };
  let manager: Client;

  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    venue = await makeOrg(admin, platformId, { type: 3 });
    venueRole = await makeRole(admin, venue.id);
    const m = await menuIdsByKey(s, [
      'system',
      'system.org',
      'system.org.add',
      'system.org.edit',
      'system.org.remove',
      'system.user',
      'system.user.add',
      'system.user.edit',
      'system.user.resetPwd',
      'system.user.status',
      'system.user.assign',
      'system.user.import',
    ]);
    expect((await admin.json('PUT', sys(`role/${venueRole.id}/menus`), { body: { menuIds: Object.values(m) } })).code).toBe(0);
    const mgr = await makeUser(admin, venue.id, { roleIds: [venueRole.id] });
    manager = await signIn(s, mgr.code, 'Pass1234');
  });
  afterAll(async () => s?.close());

  const version = async (orgId: number) => (await admin.json('GET', sys(`org/${orgId}`))).body.version as number;

  it('a venue manager cannot make their organisation the platform organisation, nor see other tenants after trying', async () => {
    const other = await makeOrg(admin, platformId);
    const res = await manager.json('PUT', sys(`org/${venue.id}`), { body: { type: 1, version: await version(venue.id) } });
    expect(res.code).toBe(Code.FORBIDDEN);
    expect((await admin.json('GET', sys(`org/${venue.id}`))).body.type).toBe(3);
    // Still scoped to the venue: the other tenant stays out of reach.
    const tree = await manager.json('GET', sys('org/tree'));
    expect(tree.body.map((n: { id: number }) => n.id)).toEqual([venue.id]);
    expect((await manager.json('GET', sys(`org/${other.id}`))).code).toBe(Code.NOT_FOUND);
  });

  it('no organisation but the root has the platform type: not on create, not on edit, not even by the platform administrator', async () => {
    const child = await manager.json('POST', sys('org'), { body: { code: uniq('p'), name: '伪平台', type: 1, parentId: venue.id }, lang: 'en-US' });
    expect(child.code).toBe(Code.FORM_INVALID);
    expect(child.detail).toEqual([{ field: 'type', message: 'The type "Platform" belongs to the platform organisation alone' }]);
    const byAdmin = await admin.json('POST', sys('org'), { body: { code: uniq('p'), name: '伪平台', type: 1, parentId: platformId } });
    expect(byAdmin.code).toBe(Code.FORM_INVALID);
    const org = await makeOrg(admin, platformId, { type: 3 });
    const retype = await admin.json('PUT', sys(`org/${org.id}`), { body: { type: 1, version: org.version } });
    expect(retype.code).toBe(Code.FORM_INVALID);
    expect(retype.detail[0].field).toBe('type');
    // The platform organisation keeps its type, and the database holds the rule for any other writer.
    expect((await admin.json('PUT', sys(`org/${platformId}`), { body: { type: 2, version: await version(platformId) } })).code).toBe(Code.INVALID);
    await expect(s.database.query(`update sys_org set type = 1 where id = $1`, [org.id])).rejects.toThrow();
    await expect(s.database.query(`insert into sys_org (code, name, type) values ($1, 'second root', 2)`, [uniq('root')])).rejects.toThrow();
  });

  it('only the platform organisation changes organisation types', async () => {
    const dept = await manager.json('POST', sys('org'), { body: { code: uniq('d'), name: '前台部', type: 4, parentId: venue.id } });
    expect(dept.code).toBe(0);
    const retype = await manager.json('PUT', sys(`org/${dept.body.id}`), { body: { type: 2, version: dept.body.version } });
    expect(retype.code).toBe(Code.FORBIDDEN);
    expect(retype.msg).toBe('只有平台运营组织的管理员可以更改组织类型');
    // Other edits by the venue manager still work, and the platform administrator may retype.
    expect((await manager.json('PUT', sys(`org/${dept.body.id}`), { body: { name: '前台服务部', type: 4, version: dept.body.version } })).code).toBe(0);
    const byAdmin = await admin.json('PUT', sys(`org/${dept.body.id}`), { body: { type: 2, version: dept.body.version + 1 } });
    expect(byAdmin.code).toBe(0);
    expect(byAdmin.body.type).toBe(2);
  });

  it('a user who also works elsewhere cannot be taken over from the venue', async () => {
    // A platform operator with a platform role, also linked to the venue with a venue role.
    const platformRole = await makeRole(admin, platformId);
    const op = await makeUser(admin, platformId, { roleIds: [platformRole.id] });
    expect((await admin.json('PUT', sys(`user/${op.id}/orgs`), { body: { orgIds: [platformId, venue.id], defaultOrgId: platformId } })).code).toBe(0);
    expect((await admin.json('PUT', sys(`user/${op.id}/roles`), { body: { roleIds: [platformRole.id, venueRole.id] } })).code).toBe(0);
    const menus = await menuIdsByKey(s, ['home', 'system.about']);
    await admin.json('POST', sys('user/assign-menu'), { body: { userId: op.id, orgId: platformId, menuIds: [menus.home] } });
    await admin.json('POST', sys('user/assign-menu'), { body: { userId: op.id, orgId: venue.id, menuIds: [menus['system.about']] } });

    // Reading shows only the venue's part of the user.
    const detail = await manager.json('POST', sys('user/detailForConsole'), { body: { id: op.id } });
    expect(detail.code).toBe(0);
    expect(detail.body.orgIds).toEqual([venue.id]);
    expect(detail.body.roleIds).toEqual([venueRole.id]);
    expect((await manager.json('GET', sys(`user/menu/${op.id}`))).body).toEqual([menus['system.about']]);
    expect((await manager.json('GET', sys(`user/menu/${op.id}?orgId=${platformId}`))).code).toBe(Code.NOT_FOUND);

    // Identity, credentials and status are out of the venue's reach.
    const reset = await manager.json('PUT', sys('user/resetPwd'), { body: { userId: op.id, password: 'Taken0ver!', confirmPassword: 'Taken0ver!' } });
    expect(reset.code).toBe(Code.FORBIDDEN);
    expect(reset.msg).toContain('管辖范围以外');
    expect((await manager.json('PUT', sys('user/changeStatus'), { body: { userId: op.id, status: 1 } })).code).toBe(Code.FORBIDDEN);
    const v = detail.body.version;
    expect((await manager.json('PUT', sys(`user/${op.id}`), { body: { mobile: '13911112222', version: v } })).code).toBe(Code.FORBIDDEN);
    expect((await manager.json('PUT', sys(`user/${op.id}`), { body: { email: 'x@evil.test', version: v } })).code).toBe(Code.FORBIDDEN);
    const stillOwn = await signIn(s, op.code, 'Pass1234');
    expect((await stillOwn.json('GET', auth('userInfo/0'))).code).toBe(0);
    const after = await admin.json('POST', sys('user/detailForConsole'), { body: { id: op.id } });
    expect(after.body).toMatchObject({ status: 0, version: v });
    expect(after.body.mobile).not.toBe('13911112222');
    expect(after.body.email).not.toBe('x@evil.test');

    // The venue's own part stays the venue's: its roles can still be changed, keeping the platform's.
    const venueRole2 = await makeRole(admin, venue.id);
    const roles = await manager.json('PUT', sys(`user/${op.id}/roles`), { body: { roleIds: [venueRole2.id] } });
    expect(roles.code).toBe(0);
    expect(roles.body.roleIds).toEqual([venueRole2.id]);
    const all = await admin.json('POST', sys('user/detailForConsole'), { body: { id: op.id } });
    expect(all.body.roleIds.sort()).toEqual([platformRole.id, venueRole2.id].sort());
  });

  it('the home summary counts the whole reach, every level down, and nothing outside', async () => {
    const before = (await manager.json('GET', sys('home/summary'))).body;
    const dept = await makeOrg(admin, venue.id, { type: 4 });
    const team = await makeOrg(admin, dept.id, { type: 4 });
    await makeUser(admin, team.id);
    await makeUser(admin, await makeOrg(admin, platformId).then((o) => o.id));
    const after = (await manager.json('GET', sys('home/summary'))).body;
    expect(after.orgs).toBe(before.orgs + 2);
    expect(after.users).toBe(before.users + 1);
    expect(after.sessions).toBeGreaterThanOrEqual(1);
  });

  it('users of the venue alone remain fully manageable by its manager', async () => {
    const u = await makeUser(admin, venue.id);
    const reset = await manager.json('PUT', sys('user/resetPwd'), { body: { userId: u.id, password: 'NewPass9', confirmPassword: 'NewPass9' } });
    expect(reset.code).toBe(0);
    expect((await manager.json('PUT', sys('user/changeStatus'), { body: { userId: u.id, status: 1 } })).code).toBe(0);
  });
});

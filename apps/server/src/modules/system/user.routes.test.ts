import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@venue/contract';
import { adapter, auth, databases, startServer, sys, Client, type TestServer } from '../../../test/harness.ts';
import { adminClient, makeOrg, makeRole, makeUser, menuIdsByKey, signIn, uniq } from './admin.testkit.ts';

async function setStrategy(s: TestServer, patch: Record<string, unknown>) {
  await s.database.db.execute(sql`update sys_config set value = (value::jsonb || ${JSON.stringify(patch)}::jsonb)::text where code = 'password_strategy'`);
  await s.database.db.execute(sql`insert into sys_meta (key, value) values ('config_epoch', 1) on conflict (key) do update set value = sys_meta.value + 1`);
}

function flatten(nodes: { id: number; children?: unknown[] }[]): number[] {
  return nodes.flatMap((n) => [n.id, ...flatten((n.children ?? []) as { id: number; children?: unknown[] }[])]);
}

describe.each(databases)('users on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('a new organisation, a role with chosen menus and a user in both: the user sees exactly those menus', async () => {
    const org = await makeOrg(admin, platformId, { name: '西区游泳馆' });
    const m = await menuIdsByKey(s, ['system', 'system.user', 'system.user.add', 'system.user.status', 'home']);
    const role = await makeRole(admin, org.id, {
      name: '前台主管',
      no: 'R2001',
      menuIds: [m['system.user']!, m['system.user.add']!, m['system.user.status']!],
    });
    const user = await makeUser(admin, org.id, { roleIds: [role.id], name: '赵前台' });
    expect(user.mustChangePassword).toBe(false);
    const c = await signIn(s, user.code, 'Pass1234');
    const info = await c.json('GET', auth('userInfo/0'));
    expect(info.body.currentOrg).toMatchObject({ orgId: org.id, orgName: '西区游泳馆' });
    expect(info.body.roles).toEqual([role.code]);
    expect(info.body.permissions.sort()).toEqual(['system:user:add', 'system:user:list', 'system:user:status']);
    const tree = await c.json('POST', adapter('menu-exec/query'), { body: { appSign: 'venue-console', orgId: org.id } });
    expect(tree.code).toBe(0);
    const ids = flatten(tree.body[0].children).sort((a, b) => a - b);
    expect(ids).toEqual([m.system!, m['system.user']!, m['system.user.add']!, m['system.user.status']!].sort((a, b) => a - b));
    // Calls inside the menus work, scoped to the organisation; calls outside answer 100420.
    const list = await c.json('POST', sys('user/list'), { body: { pageNum: 1, pageSize: 20 } });
    expect(list.code).toBe(0);
    expect(list.body.data.map((u: { id: number }) => u.id)).toEqual([user.id]);
    expect((await c.json('POST', sys('role/list'), { body: {} })).code).toBe(Code.FORBIDDEN);
    const forbidden = await c.json('PUT', sys('user/resetPwd'), {
      body: { userId: user.id, password: 'Abcd1357', confirmPassword: 'Abcd1357' },
      lang: 'en-US',
    });
    expect(forbidden.code).toBe(Code.FORBIDDEN);
    expect(forbidden.msg).toBe('No permission to access the resource');
    expect((await c.json('GET', sys('menu/tree'))).code).toBe(Code.FORBIDDEN);
    // Freezing the user ends their session at once.
    const frozen = await admin.json('PUT', sys('user/changeStatus'), { body: { userId: user.id, status: 1 } });
    expect(frozen.code).toBe(0);
    const after = await c.json('POST', sys('user/list'), { body: {} });
    expect(after.status).toBe(401);
    expect(after.code).toBe(Code.SESSION_EXPIRED);
    expect((await new Client(s).login(user.code, 'Pass1234')).code).toBe(Code.BAD_CREDENTIALS);
    expect((await admin.json('PUT', sys('user/changeStatus'), { body: { userId: user.id, status: 0 } })).code).toBe(0);
    expect((await new Client(s).login(user.code, 'Pass1234')).code).toBe(0);
  });

  it('adds a user with every spec field and answers it with its id', async () => {
    const org = await makeOrg(admin, platformId);
    const code = uniq('zhang');
    const body = {
      code,
      name: '张三',
      password: 'Zs123456',
      orgId: org.id,
      no: 'U9001',
      mobile: '13912345678',
      email: 'zhang@example.com',
      type: 1,
      idType: '1',
      idNumber: '11010519491231002X',
      idStartDate: '2015-01-01',
      idEndDate: '2035-01-01',
      idAddress: '北京市西城区',
      idAgency: '西城分局',
      address: '体育路 1 号',
      nationality: '中国',
      citizenship: '汉',
      education: '本科',
      nativePlace: '北京',
      zipCode: '100000',
      remark: '教练',
      jobNumber: 'J001',
      officePhone: '010-88888888',
      qq: '10001',
      fax: '010-88888889',
      registerDate: '2024-03-01',
    };
    const res = await admin.json('POST', sys('user'), { body });
    expect(res.code).toBe(0);
    const { password: _pw, ...rest } = body;
    expect(res.body).toMatchObject({
      ...rest,
      id: expect.any(Number),
      userId: res.body.id,
      status: 0,
      birthday: '1949-12-31',
      sex: 2,
      orgName: org.name,
      defaultOrgId: org.id,
      orgIds: [org.id],
      roleIds: [],
      version: 1,
    });
    expect(res.body).not.toHaveProperty('passwordHash');
    const c = await signIn(s, code, 'Zs123456');
    const own = await c.json('GET', sys('user/getInfo/'));
    expect(own.body).toMatchObject({ id: res.body.id, code, mobile: '13912345678' });
  });

  it('gives a one-time password, answered once, and must-change when no password is given; a given one obeys the policy', async () => {
    const org = await makeOrg(admin, platformId);
    const u = await admin.json('POST', sys('user'), { body: { code: uniq('d'), name: '默认密码', orgId: org.id } });
    expect(u.code).toBe(0);
    expect(u.body.mustChangePassword).toBe(true);
    expect(u.body.initialPassword).toMatch(/^\S{12}$/);
    // The published default password opens nothing; the one-time password does, once changed.
    expect((await new Client(s).login(u.body.code, 'Venue@2020')).code).toBe(Code.BAD_CREDENTIALS);
    const login = await new Client(s).login(u.body.code, u.body.initialPassword);
    expect(login.code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    const again = await admin.json('POST', sys('user/detailForConsole'), { body: { id: u.body.id } });
    expect(again.body).not.toHaveProperty('initialPassword');
    const other = await admin.json('POST', sys('user'), { body: { code: uniq('d'), name: '另一个', orgId: org.id } });
    expect(other.body.initialPassword).not.toBe(u.body.initialPassword);
    const weak = await admin.json('POST', sys('user'), { body: { code: uniq('w'), name: '弱密码', password: 'abc', orgId: org.id } });
    expect(weak.code).toBe(Code.FORM_INVALID);
    expect(weak.detail[0]).toMatchObject({ field: 'password', message: '密码长度不足' });
    const noDigit = await admin.json('POST', sys('user'), { body: { code: uniq('w'), name: '弱密码', password: 'abcdefgh', orgId: org.id }, lang: 'en-US' });
    expect(noDigit.msg).toBe('The password must contain a digit');
  });

  it('refuses duplicate login names (any case) and mobiles with 100409 naming the field', async () => {
    const org = await makeOrg(admin, platformId);
    const a = await makeUser(admin, org.id, { mobile: '13700000001' });
    const dupCode = await admin.json('POST', sys('user'), { body: { code: a.code.toUpperCase(), name: 'x', password: 'Pass1234', orgId: org.id } });
    expect(dupCode.code).toBe(Code.CONFLICT);
    expect(dupCode.msg).toBe('登录名已存在');
    expect(dupCode.detail).toEqual({ reason: 'duplicate', fields: [{ field: 'code', message: '登录名已存在' }] });
    const dupMobile = await admin.json('POST', sys('user'), {
      body: { code: uniq('m'), name: 'x', password: 'Pass1234', orgId: org.id, mobile: '13700000001' },
      lang: 'en-US',
    });
    expect(dupMobile.code).toBe(Code.CONFLICT);
    expect(dupMobile.msg).toBe('Mobile already exists');
    expect(dupMobile.detail).toEqual({ reason: 'duplicate', fields: [{ field: 'mobile', message: 'Mobile already exists' }] });
  });

  it('validates user fields', async () => {
    const res = await admin.json('POST', sys('user'), { body: { code: 'a b', name: '', mobile: '123', email: 'nope', birthday: '1990/1/1', sex: 3 } });
    expect(res.code).toBe(Code.INVALID);
    expect(res.detail.map((d: { field: string }) => d.field).sort()).toEqual(['birthday', 'code', 'email', 'mobile', 'name', 'sex']);
  });

  it('lists with filters, paging and sort, scoped to the organisation', async () => {
    const org = await makeOrg(admin, platformId);
    const dept = await makeOrg(admin, org.id);
    const other = await makeOrg(admin, platformId);
    const tag = uniq('列表');
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await makeUser(admin, i < 3 ? org.id : dept.id, { name: `${tag}${i}`, mobile: `1360000${String(i).padStart(4, '0')}`.slice(0, 11) }));
    const stranger = await makeUser(admin, other.id, { name: `${tag}外人` });
    await admin.json('PUT', sys('user/changeStatus'), { body: { userId: made[4]!.id, status: 1 } });

    const byName = await admin.json('POST', sys('user/list'), { body: { name: tag, pageNum: 1, pageSize: 2, sortField: 'name', sortOrder: 'ascend' } });
    expect(byName.body.total).toBe(6);
    expect(byName.body.data.map((u: { name: string }) => u.name)).toEqual([`${tag}0`, `${tag}1`]);
    const page3 = await admin.json('POST', sys('user/list'), { body: { name: tag, pageNum: 3, pageSize: 2, sortField: 'name', sortOrder: 'ascend' } });
    expect(page3.body.data).toHaveLength(2);
    expect((await admin.json('POST', sys('user/list'), { body: { name: tag, status: 1 } })).body.data.map((u: { id: number }) => u.id)).toEqual([made[4]!.id]);
    expect((await admin.json('POST', sys('user/list'), { body: { code: made[2]!.code } })).body.total).toBe(1);
    expect((await admin.json('POST', sys('user/list'), { body: { mobile: '13600000003' } })).body.data[0].id).toBe(made[3]!.id);
    expect((await admin.json('POST', sys('user/list'), { body: { name: tag, orgId: org.id } })).body.total).toBe(3);
    expect((await admin.json('POST', sys('user/list'), { body: { name: tag, orgId: org.id, includeChildren: true } })).body.total).toBe(5);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.json('POST', sys('user/list'), { body: { name: tag, beginDate: '2000-01-01', endDate: '2000-12-31' } })).body.total).toBe(0);
    expect((await admin.json('POST', sys('user/list'), { body: { name: tag, beginDate: '2000-01-01' } })).body.total).toBe(6);
    void today;
    const row = byName.body.data[0];
    expect(row).toMatchObject({ orgId: org.id, orgName: org.name, orgCode: org.code, status: 0, version: 1 });
    expect(row).not.toHaveProperty('passwordHash');
    // Wildcards in a filter are text, not patterns.
    expect((await admin.json('POST', sys('user/list'), { body: { name: '%' } })).body.total).toBe(0);

    // A manager of the organisation sees it and below, never the stranger.
    const role = await makeRole(admin, org.id);
    const m = await menuIdsByKey(s, ['system.user']);
    await admin.json('PUT', sys(`role/${role.id}/menus`), { body: { menuIds: [m['system.user']] } });
    const mgr = await makeUser(admin, org.id, { roleIds: [role.id] });
    const c = await signIn(s, mgr.code, 'Pass1234');
    const mine = await c.json('POST', sys('user/list'), { body: { name: tag } });
    expect(mine.body.total).toBe(5);
    expect(mine.body.data.map((u: { id: number }) => u.id)).not.toContain(stranger.id);
    expect((await c.json('POST', sys('user/detailForConsole'), { body: { id: stranger.id } })).code).toBe(Code.NOT_FOUND);
    expect((await c.json('GET', sys('user/getInfo/'), { query: { id: String(stranger.id) } })).code).toBe(Code.NOT_FOUND);
    expect((await c.json('GET', sys('user/getInfo/'), { query: { id: String(made[0]!.id) } })).body.id).toBe(made[0]!.id);
    expect((await c.json('GET', sys(`user/getInfoByOrgId/${other.id}`))).code).toBe(Code.NOT_FOUND);
  });

  it('answers the detail by id and by phone, and the users of an organisation', async () => {
    const org = await makeOrg(admin, platformId);
    const u = await makeUser(admin, org.id, { mobile: '13511112222' });
    const d = await admin.json('POST', sys('user/detailForConsole'), { body: { id: u.id } });
    expect(d.body).toMatchObject({ id: u.id, orgs: [{ orgId: org.id, orgName: org.name, isDefault: true, enterpriseType: 3 }], roles: [] });
    expect((await admin.json('GET', sys(`user/${u.id}`))).body).toEqual(d.body);
    const p = await admin.json('POST', sys('user/detailByPhone'), { body: { mobile: '13511112222' } });
    expect(p.body.id).toBe(u.id);
    expect((await admin.json('POST', sys('user/detailByPhone'), { body: { mobile: '13511119999' } })).code).toBe(Code.NOT_FOUND);
    const byOrg = await admin.json('GET', sys(`user/getInfoByOrgId/${org.id}`));
    expect(byOrg.body.map((x: { id: number; isDefault: boolean }) => [x.id, x.isDefault])).toEqual([[u.id, true]]);
    // Without an id, getInfo answers the caller's own record; any signed-in user may read themselves.
    const c = await signIn(s, u.code, 'Pass1234');
    expect((await c.json('GET', sys('user/getInfo/'))).body.id).toBe(u.id);
    expect((await c.json('GET', sys('user/getInfo/'), { query: { id: '1' } })).code).toBe(Code.FORBIDDEN);
  });

  it('edits with version; a stale version answers 100409; the id card fills birthday and sex', async () => {
    const org = await makeOrg(admin, platformId);
    const u = await makeUser(admin, org.id);
    const ok = await admin.json('PUT', sys(`user/${u.id}`), { body: { name: '新名字', idNumber: '440524800101011', email: '', version: u.version } });
    expect(ok.code).toBe(0);
    expect(ok.body).toMatchObject({ name: '新名字', birthday: '1980-01-01', sex: 1, email: null, version: u.version + 1 });
    const stale = await admin.json('PUT', sys(`user/${u.id}`), { body: { name: '旧版本', version: u.version } });
    expect(stale.code).toBe(Code.CONFLICT);
    const noVersion = await admin.json('PUT', sys(`user/${u.id}`), { body: { name: 'x' } });
    expect(noVersion.code).toBe(Code.INVALID);
    expect(noVersion.detail[0].field).toBe('version');
    expect((await admin.json('PUT', sys('user/999999'), { body: { name: 'x', version: 1 } })).code).toBe(Code.NOT_FOUND);
  });

  it('freezes, unfreezes and cancels; cancel sets the cancel date and ends sessions; nobody freezes themselves', async () => {
    const org = await makeOrg(admin, platformId);
    const u = await makeUser(admin, org.id);
    const c = await signIn(s, u.code, 'Pass1234');
    const c2 = await signIn(s, u.code, 'Pass1234');
    expect((await admin.json('PUT', sys('user/changeStatus'), { body: { userId: u.id, status: 2 } })).code).toBe(0);
    expect((await c.json('GET', sys('user/getInfo/'))).status).toBe(401);
    expect((await c2.json('GET', sys('user/getInfo/'))).status).toBe(401);
    const d = await admin.json('POST', sys('user/detailForConsole'), { body: { id: u.id } });
    expect(d.body.status).toBe(2);
    expect(d.body.cancelDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await admin.json('PUT', sys('user/changeStatus'), { body: { userId: u.id, status: 0 } })).code).toBe(0);
    expect((await admin.json('POST', sys('user/detailForConsole'), { body: { id: u.id } })).body.cancelDate).toBeNull();
    const info = await admin.json('GET', auth('userInfo/0'));
    const self = await admin.json('PUT', sys('user/changeStatus'), { body: { userId: info.body.userId, status: 1 } });
    expect(self.code).toBe(Code.INVALID);
    expect((await admin.json('PUT', sys('user/changeStatus'), { body: { userId: u.id, status: 5 } })).code).toBe(Code.INVALID);
  });

  it('admin password reset: entries match, the policy holds, sessions end, the user must change it', async () => {
    const org = await makeOrg(admin, platformId);
    const u = await makeUser(admin, org.id);
    const c = await signIn(s, u.code, 'Pass1234');
    const mismatch = await admin.json('PUT', sys('user/resetPwd'), { body: { userId: u.id, password: 'Abcd1357', confirmPassword: 'Abcd1358' } });
    expect(mismatch.code).toBe(Code.FORM_INVALID);
    expect(mismatch.detail).toEqual([{ field: 'confirmPassword', message: '两次输入的密码不一致' }]);
    await setStrategy(s, { minLength: 8, complexity: ['upper', 'lower', 'digit', 'noLoginName'] });
    const weak = await admin.json('PUT', sys('user/resetPwd'), { body: { userId: u.id, password: 'abcd1357', confirmPassword: 'abcd1357' } });
    expect(weak.code).toBe(Code.FORM_INVALID);
    expect(weak.detail).toEqual([{ field: 'password', message: '密码必须包含大写字母' }]);
    const withName = await admin.json('PUT', sys('user/resetPwd'), { body: { userId: u.id, password: `A1${u.code}`, confirmPassword: `A1${u.code}` } });
    expect(withName.detail[0].message).toBe('密码不能包含登录名');
    expect((await c.json('GET', sys('user/getInfo/'))).code).toBe(0);
    const ok = await admin.json('PUT', sys('user/resetPwd'), { body: { userId: u.id, password: 'Abcd1357', confirmPassword: 'Abcd1357' } });
    expect(ok.code).toBe(0);
    await setStrategy(s, { minLength: 6, complexity: ['lower', 'digit'] });
    expect((await c.json('GET', sys('user/getInfo/'))).status).toBe(401);
    expect((await new Client(s).login(u.code, 'Pass1234')).code).toBe(Code.BAD_CREDENTIALS);
    const again = new Client(s);
    expect((await again.login(u.code, 'Abcd1357')).code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    expect((await again.json('POST', sys('user/list'), { body: {} })).code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
  });

  it('assigns menus directly per organisation and answers them with user/menu/{id}', async () => {
    const org = await makeOrg(admin, platformId);
    const u = await makeUser(admin, org.id);
    const m = await menuIdsByKey(s, ['home', 'system.org', 'system.about']);
    const res = await admin.json('POST', sys('user/assign-menu'), { body: { userId: u.id, orgId: org.id, menuIds: [m.home, m['system.about']] } });
    expect(res.code).toBe(0);
    expect(res.body.menuIds).toEqual([m.home, m['system.about']].sort((a, b) => a! - b!));
    expect((await admin.json('GET', sys(`user/menu/${u.id}`))).body).toEqual(res.body.menuIds);
    expect((await admin.json('GET', sys(`user/menu/${u.id}`), { query: { orgId: String(platformId) } })).body).toEqual([]);
    const c = await signIn(s, u.code, 'Pass1234');
    const tree = await c.json('POST', adapter('menu-exec/query'), { body: { orgId: org.id } });
    expect(JSON.stringify(tree.body)).toContain('/home');
    expect(JSON.stringify(tree.body)).toContain('/about');
    expect(JSON.stringify(tree.body)).not.toContain('/system/org');
    // Replacing takes effect on the user's next call.
    await admin.json('POST', sys('user/assign-menu'), { body: { userId: u.id, orgId: org.id, menuIds: [m['system.org']] } });
    const tree2 = await c.json('POST', adapter('menu-exec/query'), { body: { orgId: org.id } });
    expect(JSON.stringify(tree2.body)).toContain('/system/org');
    expect(JSON.stringify(tree2.body)).not.toContain('/home');
    // Not one of the user's organisations; an unknown menu.
    expect((await admin.json('POST', sys('user/assign-menu'), { body: { userId: u.id, orgId: platformId, menuIds: [] } })).code).toBe(Code.INVALID);
    expect((await admin.json('POST', sys('user/assign-menu'), { body: { userId: u.id, orgId: org.id, menuIds: [987654] } })).code).toBe(Code.INVALID);
  });

  it('a manager can only grant the menus they hold', async () => {
    const org = await makeOrg(admin, platformId);
    const role = await makeRole(admin, org.id);
    const m = await menuIdsByKey(s, ['system.user', 'system.user.assign', 'home', 'system.role']);
    await admin.json('PUT', sys(`role/${role.id}/menus`), { body: { menuIds: [m['system.user'], m['system.user.assign'], m.home] } });
    const mgr = await makeUser(admin, org.id, { roleIds: [role.id] });
    const staff = await makeUser(admin, org.id);
    await admin.json('POST', sys('user/assign-menu'), { body: { userId: staff.id, orgId: org.id, menuIds: [m['system.role']] } });
    const c = await signIn(s, mgr.code, 'Pass1234');
    const refused = await c.json('POST', sys('user/assign-menu'), { body: { userId: staff.id, orgId: org.id, menuIds: [m['system.role']] } });
    expect(refused.code).toBe(Code.FORBIDDEN);
    expect(refused.msg).toBe('不能分配自己没有的菜单权限');
    const ok = await c.json('POST', sys('user/assign-menu'), { body: { userId: staff.id, orgId: org.id, menuIds: [m.home] } });
    expect(ok.code).toBe(0);
    // The menu the manager cannot see stays.
    expect(ok.body.menuIds).toEqual([m.home, m['system.role']].sort((a, b) => a! - b!));
  });

  it("assigns roles (only of the user's organisations) and organisations with a default", async () => {
    const a = await makeOrg(admin, platformId);
    const b = await makeOrg(admin, platformId);
    const ra = await makeRole(admin, a.id);
    const rb = await makeRole(admin, b.id);
    const u = await makeUser(admin, a.id);
    const mismatch = await admin.json('PUT', sys(`user/${u.id}/roles`), { body: { roleIds: [ra.id, rb.id] } });
    expect(mismatch.code).toBe(Code.INVALID);
    expect(mismatch.msg).toContain(rb.name);
    const orgs = await admin.json('PUT', sys(`user/${u.id}/orgs`), { body: { orgIds: [a.id, b.id], defaultOrgId: b.id } });
    expect(orgs.code).toBe(0);
    expect(orgs.body.defaultOrgId).toBe(b.id);
    expect(orgs.body.orgs.map((o: { orgId: number; isDefault: boolean }) => [o.orgId, o.isDefault])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    const roles = await admin.json('PUT', sys(`user/${u.id}/roles`), { body: { roleIds: [ra.id, rb.id] } });
    expect(roles.code).toBe(0);
    expect(roles.body.roleIds.sort()).toEqual([ra.id, rb.id].sort());
    // Sign-in opens in the default organisation; the roles of that organisation count there.
    const c = await signIn(s, u.code, 'Pass1234');
    const info = await c.json('GET', auth('userInfo/0'));
    expect(info.body.currentOrg.orgId).toBe(b.id);
    expect(info.body.roles).toEqual([rb.code]);
    expect((await admin.json('PUT', sys(`user/${u.id}/orgs`), { body: { orgIds: [a.id], defaultOrgId: b.id } })).code).toBe(Code.FORM_INVALID);
    // Leaving b takes b's role and the sessions opened in b with it.
    const left = await admin.json('PUT', sys(`user/${u.id}/orgs`), { body: { orgIds: [a.id], defaultOrgId: a.id } });
    expect(left.body.roleIds).toEqual([ra.id]);
    expect(left.body.orgId).toBe(a.id);
    expect((await c.json('GET', sys('user/getInfo/'))).status).toBe(401);
  });

  it('removes a user from an organisation; removing the last one cancels the user', async () => {
    const a = await makeOrg(admin, platformId);
    const b = await makeOrg(admin, platformId);
    const u = await makeUser(admin, a.id);
    await admin.json('PUT', sys(`user/${u.id}/orgs`), { body: { orgIds: [a.id, b.id], defaultOrgId: a.id } });
    const first = await admin.json('DELETE', sys(`user/${u.id}/${a.id}`));
    expect(first.code).toBe(Code.OK_NOTICE);
    const d = await admin.json('POST', sys('user/detailForConsole'), { body: { id: u.id } });
    expect(d.body).toMatchObject({ orgId: b.id, orgIds: [b.id], defaultOrgId: b.id, status: 0 });
    expect((await admin.json('DELETE', sys(`user/${u.id}/${a.id}`))).code).toBe(Code.INVALID);
    const last = await admin.json('DELETE', sys(`user/${u.id}/${b.id}`));
    expect(last.code).toBe(Code.OK_NOTICE);
    expect(last.msg).toContain('已注销');
    const d2 = await admin.json('POST', sys('user/detailForConsole'), { body: { id: u.id } });
    expect(d2.body).toMatchObject({ status: 2, orgIds: [b.id] });
  });

  it('only an administrator manages administrators, and nobody drops their own ROLE_ADMIN', async () => {
    const org = await makeOrg(admin, platformId);
    const info = await admin.json('GET', auth('userInfo/0'));
    const adminId = info.body.userId;
    const detail = await admin.json('POST', sys('user/detailForConsole'), { body: { id: adminId } });
    const adminRoleId = detail.body.roleIds[0];
    expect((await admin.json('PUT', sys(`user/${adminId}/roles`), { body: { roleIds: [] } })).code).toBe(Code.INVALID);
    expect((await admin.json('DELETE', sys(`user/${adminId}/${platformId}`))).msg).toBe('不能将自己移出当前登录的组织');
    expect((await admin.json('PUT', sys(`user/${adminId}/orgs`), { body: { orgIds: [org.id], defaultOrgId: org.id } })).code).toBe(Code.INVALID);
    // A platform user manager without ROLE_ADMIN.
    const role = await makeRole(admin, platformId);
    const m = await menuIdsByKey(s, ['system.user', 'system.user.status', 'system.user.resetPwd', 'system.user.assign']);
    await admin.json('PUT', sys(`role/${role.id}/menus`), { body: { menuIds: Object.values(m) } });
    const mgr = await makeUser(admin, platformId, { roleIds: [role.id] });
    const c = await signIn(s, mgr.code, 'Pass1234');
    expect((await c.json('PUT', sys('user/changeStatus'), { body: { userId: adminId, status: 1 } })).code).toBe(Code.FORBIDDEN);
    expect((await c.json('PUT', sys('user/resetPwd'), { body: { userId: adminId, password: 'Abcd1357', confirmPassword: 'Abcd1357' } })).code).toBe(
      Code.FORBIDDEN,
    );
    const target = await makeUser(admin, platformId);
    const grant = await c.json('PUT', sys(`user/${target.id}/roles`), { body: { roleIds: [adminRoleId] } });
    expect(grant.code).toBe(Code.FORBIDDEN);
    void org;
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, sys, type TestServer, type Client } from '../../../test/harness.ts';
import { adminClient, makeOrg, makeRole, makeUser, signIn, uniq } from './admin.testkit.ts';

describe.each(databases)('organisations on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('adds an organisation with every field and answers it in the tree', async () => {
    const code = uniq('venue');
    const res = await admin.json('POST', sys('org'), {
      body: {
        code,
        name: '东区体育馆',
        fullName: '示范市东区全民健身体育馆',
        type: 3,
        status: 0,
        parentId: platformId,
        address: '东区体育路 8 号',
        zipCode: '510000',
        phone: '020-66668888',
        remark: '新开馆',
        orderNum: 5,
      },
    });
    expect(res.code).toBe(0);
    expect(res.body).toMatchObject({
      code,
      name: '东区体育馆',
      fullName: '示范市东区全民健身体育馆',
      type: 3,
      status: 0,
      parentId: platformId,
      address: '东区体育路 8 号',
      zipCode: '510000',
      phone: '020-66668888',
      remark: '新开馆',
      orderNum: 5,
      version: 1,
      timeZone: 'Asia/Shanghai',
    });
    const dept = await makeOrg(admin, res.body.id, { type: 4, name: '前台' });
    const tree = await admin.json('GET', sys('org/tree'));
    expect(tree.code).toBe(0);
    expect(tree.body).toHaveLength(1);
    const root = tree.body[0];
    expect(root.id).toBe(platformId);
    const venue = root.children.find((n: { id: number }) => n.id === res.body.id);
    expect(venue.children.map((n: { id: number }) => n.id)).toEqual([dept.id]);
    const detail = await admin.json('GET', sys(`org/${res.body.id}`));
    expect(detail.body).toMatchObject({ code, parentName: '平台运营中心' });
    expect((await admin.json('POST', sys('org/list'), { body: { pageNum: 1, pageSize: 20 } })).body).toEqual(tree.body);
    const filtered = await admin.json('POST', sys('org/tree'), { body: { name: '前台' } });
    expect(JSON.stringify(filtered.body)).toContain('前台');
    expect(filtered.body[0].children).toHaveLength(1);
    expect(filtered.body[0].children[0].children[0].id).toBe(dept.id);
  });

  it('refuses a duplicate code with 100409 naming the field, in both languages', async () => {
    const org = await makeOrg(admin, platformId);
    const dup = await admin.json('POST', sys('org'), { body: { code: org.code, name: 'x', parentId: platformId } });
    expect(dup.code).toBe(Code.CONFLICT);
    expect(dup.msg).toBe('组织编码已存在');
    expect(dup.detail).toEqual({ reason: 'duplicate', fields: [{ field: 'code', message: '组织编码已存在' }] });
    const en = await admin.json('POST', sys('org'), { body: { code: org.code, name: 'x', parentId: platformId }, lang: 'en-US' });
    expect(en.msg).toBe('Organisation code already exists');
  });

  it('validates fields', async () => {
    const res = await admin.json('POST', sys('org'), { body: { code: 'bad code!', name: '', parentId: platformId, zipCode: 'abc' } });
    expect(res.code).toBe(Code.INVALID);
    expect(res.detail.map((d: { field: string }) => d.field).sort()).toEqual(['code', 'name', 'zipCode']);
  });

  it('edits with version; a stale version answers 100409', async () => {
    const org = await makeOrg(admin, platformId);
    const ok = await admin.json('PUT', sys(`org/${org.id}`), { body: { name: '改名后', phone: '12345678', version: org.version } });
    expect(ok.code).toBe(0);
    expect(ok.body).toMatchObject({ name: '改名后', phone: '12345678', version: org.version + 1 });
    const stale = await admin.json('PUT', sys(`org/${org.id}`), { body: { name: '再改', version: org.version } });
    expect(stale.code).toBe(Code.CONFLICT);
    expect(stale.msg).toContain('已被他人修改');
    expect(stale.detail).toEqual({ reason: 'stale', fields: [] });
  });

  it('refuses moving an organisation under itself or below it', async () => {
    const a = await makeOrg(admin, platformId);
    const b = await makeOrg(admin, a.id);
    const res = await admin.json('PUT', sys(`org/${a.id}`), { body: { parentId: b.id, version: a.version } });
    expect(res.code).toBe(Code.FORM_INVALID);
    expect(res.detail[0].field).toBe('parentId');
    const self = await admin.json('PUT', sys(`org/${a.id}`), { body: { parentId: a.id, version: a.version } });
    expect(self.code).toBe(Code.FORM_INVALID);
  });

  it('protects the platform organisation', async () => {
    const detail = await admin.json('GET', sys(`org/${platformId}`));
    const res = await admin.json('PUT', sys(`org/${platformId}`), { body: { status: 1, version: detail.body.version } });
    expect(res.code).toBe(Code.INVALID);
    expect((await admin.json('DELETE', sys(`org/${platformId}`))).code).toBe(Code.INVALID);
  });

  it('refuses deleting an organisation with children, users or roles; deletes an empty one', async () => {
    const parent = await makeOrg(admin, platformId);
    const child = await makeOrg(admin, parent.id);
    const withChild = await admin.json('DELETE', sys(`org/${parent.id}`));
    expect(withChild.code).toBe(Code.CONFLICT);
    expect(withChild.msg).toBe('该组织下还有 1 个下级组织，不能删除');
    expect(withChild.detail).toEqual({ reason: 'state', fields: [] });
    const user = await makeUser(admin, child.id);
    const withUser = await admin.json('DELETE', sys(`org/${child.id}`), { lang: 'en-US' });
    expect(withUser.code).toBe(Code.CONFLICT);
    expect(withUser.msg).toBe('This organisation has 1 users and cannot be deleted');
    const other = await makeOrg(admin, platformId);
    await makeRole(admin, other.id);
    expect((await admin.json('DELETE', sys(`org/${other.id}`))).msg).toContain('角色');
    const empty = await makeOrg(admin, platformId);
    expect((await admin.json('DELETE', sys(`org/${empty.id}`))).code).toBe(0);
    expect((await admin.json('GET', sys(`org/${empty.id}`))).code).toBe(Code.NOT_FOUND);
    void user;
  });

  it('scopes a venue manager to their own organisation and below; another organisation answers 100404', async () => {
    const venue = await makeOrg(admin, platformId);
    const dept = await makeOrg(admin, venue.id);
    const stranger = await makeOrg(admin, platformId);
    const role = await makeRole(admin, venue.id);
    const menus = await s.database.query<{ id: number }>(
      `select id from sys_menu where key in ('system', 'system.org', 'system.org.add', 'system.org.edit', 'system.org.remove')`,
    );
    expect((await admin.json('PUT', sys(`role/${role.id}/menus`), { body: { menuIds: menus.map((m) => Number(m.id)) } })).code).toBe(0);
    const mgr = await makeUser(admin, venue.id, { roleIds: [role.id] });
    const c = await signIn(s, mgr.code, 'Pass1234');
    const tree = await c.json('GET', sys('org/tree'));
    expect(tree.code).toBe(0);
    expect(tree.body.map((n: { id: number }) => n.id)).toEqual([venue.id]);
    expect(tree.body[0].children.map((n: { id: number }) => n.id)).toEqual([dept.id]);
    expect((await c.json('GET', sys(`org/${stranger.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await c.json('PUT', sys(`org/${stranger.id}`), { body: { name: 'x', version: 1 } })).code).toBe(Code.NOT_FOUND);
    expect((await c.json('DELETE', sys(`org/${stranger.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await c.json('POST', sys('org'), { body: { code: uniq('o'), name: 'x', parentId: stranger.id } })).code).toBe(Code.NOT_FOUND);
    const sub = await c.json('POST', sys('org'), { body: { code: uniq('o'), name: '新部门', parentId: dept.id, type: 4 } });
    expect(sub.code).toBe(0);
    // Their own organisation cannot be deleted or moved from inside it.
    expect((await c.json('DELETE', sys(`org/${venue.id}`))).code).toBe(Code.FORBIDDEN);
    const opts = await c.json('GET', sys('org/options'));
    expect(opts.body[0]).toMatchObject({ id: venue.id, code: venue.code });
  });

  it('disabling an organisation ends the sessions opened in it', async () => {
    const venue = await makeOrg(admin, platformId);
    const u = await makeUser(admin, venue.id);
    const c = await signIn(s, u.code, 'Pass1234');
    expect((await c.json('GET', sys('user/getInfo/'))).code).toBe(0);
    const res = await admin.json('PUT', sys(`org/${venue.id}`), { body: { status: 1, version: venue.version } });
    expect(res.code).toBe(0);
    expect((await c.json('GET', sys('user/getInfo/'))).status).toBe(401);
  });

  it('needs the organisation permissions', async () => {
    const venue = await makeOrg(admin, platformId);
    const u = await makeUser(admin, venue.id);
    const c = await signIn(s, u.code, 'Pass1234');
    expect((await c.json('GET', sys('org/tree'))).code).toBe(Code.FORBIDDEN);
    expect((await c.json('POST', sys('org'), { body: { code: uniq('o'), name: 'x', parentId: venue.id } })).code).toBe(Code.FORBIDDEN);
  });
});

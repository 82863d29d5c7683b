import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { seedDemo } from './demo.seed.ts';

describe.each(databases)('regions on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    admin = new Client(s);
    await admin.login();
  });
  afterAll(async () => s?.close());

  const byCode = async (code: string) => (await admin.json('POST', sys('region/list'), { body: { code } })).body.data[0];

  it('ships a small seed as a tree, a list and lazy children', async () => {
    const tree = await admin.json('GET', sys('region/tree'));
    expect(tree.code).toBe(0);
    expect(tree.body.map((p: { name: string }) => p.name)).toEqual(['北京市', '上海市', '浙江省', '广东省']);
    const gd = tree.body[3];
    expect(gd.children.map((c: { name: string; level: number }) => [c.name, c.level])).toEqual([
      ['广州市', 2],
      ['深圳市', 2],
    ]);
    expect(gd.children[1].children[0]).toMatchObject({ code: '440305', name: '南山区', level: 3, children: [] });
    const list = await admin.json('POST', sys('region/list'), { body: { level: 2, pageSize: 2 } });
    expect(list.body.total).toBe(5);
    expect(list.body.data[0]).toMatchObject({ level: 2, parentName: '北京市', parentCode: '110000' });
    const provinces = await admin.json('GET', sys('region/children/0'));
    expect(provinces.body.every((p: { hasChildren: boolean; level: number }) => p.hasChildren && p.level === 1)).toBe(true);
    const gz = await byCode('440100');
    expect((await admin.json('GET', sys(`region/children/${gz.id}`))).body).toEqual([expect.objectContaining({ name: '天河区', hasChildren: false })]);
    expect((await admin.json('GET', sys(`region/tree?rootId=${gd.id}`))).body).toHaveLength(2);
    expect((await admin.json('GET', sys(`region/${gz.id}`))).body.name).toBe('广州市');
  });

  it('adds, edits and deletes regions keeping the tree sound', async () => {
    const sz = await byCode('440300');
    const add = await admin.json('POST', sys('region'), { body: { code: '440304', name: '福田区', parentId: sz.id } });
    expect(add.body).toMatchObject({ level: 3, parentId: sz.id, version: 1 });
    expect((await admin.json('POST', sys('region'), { body: { code: '440304', name: 'x', parentId: sz.id } })).msg).toBe('区域编码已存在');
    expect((await admin.json('POST', sys('region'), { body: { code: 'abc', name: 'x' } })).detail[0].field).toBe('code');
    const street = await admin.json('POST', sys('region'), { body: { code: '440304001', name: '园岭街道', parentId: add.body.id } });
    expect(street.body.level).toBe(4);
    expect((await admin.json('POST', sys('region'), { body: { code: '440304001001', name: 'x', parentId: street.body.id } })).code).toBe(Code.INVALID);
    expect((await admin.json('POST', sys('region'), { body: { code: '440304002', name: 'x', parentId: street.body.id } })).msg).toBe(
      '区域最多四级（省、市、区县、街道）',
    );

    const gz = await byCode('440100');
    const moved = await admin.json('PUT', sys(`region/${add.body.id}`), { body: { code: '440304', name: '福田区', parentId: gz.id, version: 1 } });
    expect(moved.body).toMatchObject({ parentId: gz.id, version: 2 });
    expect((await admin.json('PUT', sys(`region/${add.body.id}`), { body: { code: '440304', name: 'x', parentId: gz.id, version: 1 } })).code).toBe(
      Code.CONFLICT,
    );
    const gd = await byCode('440000');
    expect((await admin.json('PUT', sys(`region/${add.body.id}`), { body: { code: '440304', name: '福田区', parentId: gd.id, version: 2 } })).msg).toBe(
      '只能移到同一级别的上级区域下',
    );
    expect(
      (await admin.json('PUT', sys(`region/${gd.id}`), { body: { code: '440000', name: '广东省', parentId: add.body.id, version: gd.version } })).msg,
    ).toBe('上级区域不能是它自己或它的下级');

    const refused = await admin.json('DELETE', sys(`region/${add.body.id}`));
    expect(refused.msg).toBe('该区域下还有下级区域，不能删除');
    expect((await admin.json('DELETE', sys(`region/${add.body.id},${street.body.id}`))).body).toEqual({ deleted: 2 });
    expect((await admin.json('GET', sys(`region/${add.body.id}`))).code).toBe(Code.NOT_FOUND);
  });

  it('lets any signed-in user pick regions but only the platform change them', async () => {
    const mgr = new Client(s);
    await mgr.login('manager', 'Demo@2020');
    expect((await mgr.json('GET', sys('region/children/0'))).body).toHaveLength(4);
    expect((await mgr.json('GET', sys('region/tree'))).code).toBe(Code.FORBIDDEN);
    expect((await mgr.json('POST', sys('region'), { body: { code: '440305', name: 'x' } })).code).toBe(Code.FORBIDDEN);
    expect((await new Client(s).json('GET', sys('region/children/0'))).status).toBe(401);
  });
});

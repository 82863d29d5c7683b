import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, adapter, databases, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { grantMenus } from '../../../test/grants.ts';
import { seedDemo } from './demo.seed.ts';

/** The fields `PUT dict/item/{id}` takes, from an item as read (the console sends only these). */
const editableItem = (i: Record<string, unknown>) => ({
  value: i.value,
  name: i.name,
  nameEn: i.nameEn,
  orderNum: i.orderNum,
  status: i.status,
  remark: i.remark,
  version: i.version,
});

describe.each(databases)('dictionaries on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    admin = new Client(s);
    await admin.login();
  });
  afterAll(async () => s?.close());

  it('lists the shipped dictionaries with item counts, filters and paging', async () => {
    const page = await admin.json('POST', sys('dict/list'), { body: { pageNum: 1, pageSize: 3 } });
    expect(page.code).toBe(0);
    expect(page.body.total).toBeGreaterThanOrEqual(7);
    expect(page.body.data).toHaveLength(3);
    const st = await admin.json('POST', sys('dict/list'), { body: { code: 'user_status' } });
    expect(st.body.data).toHaveLength(1);
    expect(st.body.data[0]).toMatchObject({ code: 'sys_user_status', sealed: true, itemCount: 3 });
    const detail = await admin.json('GET', sys(`dict/${st.body.data[0].id}`));
    expect(detail.body.items.map((i: { value: string }) => i.value)).toEqual(['0', '1', '2']);
    expect((await admin.json('GET', sys('dict/999999'))).code).toBe(Code.NOT_FOUND);
  });

  it('adds, edits and deletes a dictionary with its items; duplicates and stale versions refused', async () => {
    const d = await admin.json('POST', sys('dict'), { body: { code: 'court_surface', name: '场地材质', remark: 'r' } });
    expect(d.code).toBe(0);
    expect(d.body).toMatchObject({ code: 'court_surface', type: 'business', sealed: false, version: 1 });
    const dup = await admin.json('POST', sys('dict'), { body: { code: 'court_surface', name: 'x' } });
    expect(dup.code).toBe(Code.CONFLICT);
    expect(dup.msg).toBe('字典编码已存在');
    const edited = await admin.json('PUT', sys(`dict/${d.body.id}`), { body: { code: 'court_surface', name: '场地面层', version: 1 } });
    expect(edited.body).toMatchObject({ name: '场地面层', version: 2 });
    expect((await admin.json('PUT', sys(`dict/${d.body.id}`), { body: { code: 'court_surface', name: 'again', version: 1 } })).code).toBe(Code.CONFLICT);

    const add = (value: string, name: string, extra: Record<string, unknown> = {}) =>
      admin.json('POST', sys('dict/item'), { body: { dictId: d.body.id, value, name, ...extra } });
    const a = await add('wood', '木地板', { nameEn: 'Wood floor' });
    const b = await add('pu', 'PU');
    const c = await add('grass', '人造草');
    expect([a.body.orderNum, b.body.orderNum, c.body.orderNum]).toEqual([1, 2, 3]);
    expect((await add('wood', '重复')).msg).toBe('该字典中已存在相同的字典项值');

    const list = await admin.json('POST', sys('dict/item/list'), { body: { dictCode: 'court_surface' } });
    expect(list.body.data.map((i: { value: string }) => i.value)).toEqual(['wood', 'pu', 'grass']);
    const reordered = await admin.json('PUT', sys('dict/item/order'), { body: { dictId: d.body.id, ids: [c.body.id, a.body.id, b.body.id] } });
    expect(reordered.body.map((i: { value: string }) => i.value)).toEqual(['grass', 'wood', 'pu']);
    expect((await admin.json('PUT', sys('dict/item/order'), { body: { dictId: d.body.id, ids: [c.body.id] } })).msg).toBe(
      '排序列表必须恰好包含该字典的全部字典项',
    );

    const item = await admin.json('GET', sys(`dict/item/${a.body.id}`));
    const ed = await admin.json('PUT', sys(`dict/item/${a.body.id}`), { body: { ...editableItem(item.body), name: '实木地板', status: 1 } });
    expect(ed.body).toMatchObject({ name: '实木地板', status: 1, orderNum: 2 });
    expect((await admin.json('PUT', sys(`dict/item/${a.body.id}`), { body: { ...editableItem(item.body), name: 'x' } })).code).toBe(Code.CONFLICT);
    // The console's dictionary cache leaves disabled items out.
    const q = await admin.json('POST', adapter('dict/item/query'), { body: { codes: ['court_surface'] } });
    expect(q.body.court_surface.map((i: { value: string }) => i.value)).toEqual(['grass', 'pu']);

    expect((await admin.json('DELETE', sys(`dict/item/${b.body.id}`))).body).toEqual({ deleted: 1 });
    expect((await admin.json('DELETE', sys(`dict/item/${b.body.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await admin.json('DELETE', sys(`dict/${d.body.id}`))).body).toEqual({ deleted: 1 });
    expect((await s.database.query(`select * from sys_dict_item where dict_id = ${d.body.id}`)).length).toBe(0);
  });

  it('refuses item names with spaces, in both languages, and the database agrees', async () => {
    const [dict] = await s.database.query<{ id: number }>(`insert into sys_dict (code, name) values ('spaces', 'spaces') returning id`);
    const zh = await admin.json('POST', sys('dict/item'), { body: { dictId: dict!.id, value: '1', name: '正 常' } });
    expect(zh.code).toBe(Code.INVALID);
    expect(zh.detail).toEqual([{ field: 'name', message: '字典项名称不能包含空格' }]);
    const en = await admin.json('POST', sys('dict/item'), { body: { dictId: dict!.id, value: '1', name: 'a\u3000b' }, lang: 'en-US' });
    expect(en.detail[0].message).toBe('A dictionary item name cannot contain spaces');
    // Surrounding blanks are trimmed, not refused.
    expect((await admin.json('POST', sys('dict/item'), { body: { dictId: dict!.id, value: '1', name: ' 正常 ' } })).body.name).toBe('正常');
    await expect(s.database.query(`insert into sys_dict_item (dict_id, value, name) values (${dict!.id}, '2', 'a b')`)).rejects.toThrow();
  });

  it('protects sealed (shipped) dictionaries', async () => {
    const st = (await admin.json('POST', sys('dict/list'), { body: { code: 'sys_user_status' } })).body.data[0];
    const del = await admin.json('DELETE', sys(`dict/${st.id}`));
    expect(del.code).toBe(Code.INVALID);
    expect(del.msg).toBe('系统内置字典不能删除');
    expect((await admin.json('PUT', sys(`dict/${st.id}`), { body: { code: 'renamed', name: st.name, version: st.version } })).detail[0].message).toBe(
      '系统内置字典的编码不能修改',
    );
    const renamed = await admin.json('PUT', sys(`dict/${st.id}`), { body: { code: st.code, name: '账号状态', version: st.version } });
    expect(renamed.body.name).toBe('账号状态');
    expect((await admin.json('POST', sys('dict/item'), { body: { dictId: st.id, value: '9', name: '其他' } })).msg).toBe(
      '系统内置字典的字典项只能修改名称、顺序和状态',
    );
    const items = (await admin.json('POST', sys('dict/item/list'), { body: { dictId: st.id } })).body.data;
    expect((await admin.json('PUT', sys(`dict/item/${items[0].id}`), { body: { ...editableItem(items[0]), value: '9' } })).code).toBe(Code.INVALID);
    expect((await admin.json('PUT', sys(`dict/item/${items[0].id}`), { body: { ...editableItem(items[0]), name: '正常使用' } })).body.name).toBe('正常使用');
    expect((await admin.json('DELETE', sys(`dict/item/${items[2].id}`))).code).toBe(Code.INVALID);
  });

  it('checks permissions and keeps writes to the platform organisation', async () => {
    const anon = new Client(s);
    expect((await anon.json('POST', sys('dict/list'), { body: {} })).status).toBe(401);
    const mgr = new Client(s);
    await mgr.login('manager', 'Demo@2020');
    expect((await mgr.json('POST', sys('dict/list'), { body: {} })).code).toBe(Code.FORBIDDEN);
    await grantMenus(s, 'venue_manager', ['system.dict']);
    expect((await mgr.json('POST', sys('dict/list'), { body: {} })).code).toBe(0);
    expect((await mgr.json('POST', sys('dict'), { body: { code: 'mine', name: 'mine' } })).code).toBe(Code.FORBIDDEN);
    const log = await s.database.query<{ action: string }>(`select action from sys_oper_log where module = 'dict' and action = 'itemAdd'`);
    expect(log.length).toBeGreaterThan(0);
    const lists = await s.database.query(`select 1 from sys_oper_log where module = 'dict' and action = 'list'`);
    expect(lists.length).toBe(0);
  });
});

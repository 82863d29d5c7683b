import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient, makeUser, signIn, upload } from '../../system/admin.testkit.ts';
import { seedMessageDefaults } from '../../message/index.ts';
import { item as contentItem } from '../content/content.testkit.ts';
import { stockedGoods } from '../goods/goods.testkit.ts';
import { png } from '../member/member.testkit.ts';
import { deskApi, deskStaff, ok, queueApi, stationOf } from './deskops.testkit.ts';

/**
 * The desk's operations through the console's calls on a real database: feedback answered (the
 * member told by SMS), work orders (SLA due times, overdue first, the assignee told, one taker),
 * incidents with photos and an append-only follow-up log, the take-a-number queue, and page slots
 * bound to real records of the caller's organisation only.
 */
describe.each(databases)('desk operations on %s', (kind) => {
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

  it('feedback: searched by its text; answering needs an opinion and tells the member; another organisation does not find it; without the screen, 100420', async () => {
    const a = await deskStaff(s, admin, platformId);
    const b = await deskStaff(s, admin, platformId);
    const fb = await ok(a.c, 'POST', deskApi('feedback'), {
      appVersion: '3.2.1',
      contact: '13800138123',
      category: 'complaint',
      content: '淋浴间没有热水',
      memberName: '反馈会员',
    });
    expect(fb).toMatchObject({ status: 'pending', opinion: null });
    await ok(a.c, 'POST', deskApi('feedback'), { category: 'suggestion', content: '希望增加夜场' });
    const found = await ok(a.c, 'POST', deskApi('feedback/list'), { keyword: '热水' });
    expect(found.data.map((f: { id: number }) => f.id)).toEqual([fb.id]);

    const noOpinion = await a.c.json('PUT', deskApi(`feedback/${fb.id}/handle`), { body: { status: 'done', version: fb.version }, lang: 'en-US' });
    expect([noOpinion.code, noOpinion.detail[0].field, noOpinion.detail[0].message]).toEqual([
      Code.FORM_INVALID,
      'opinion',
      'Write the handling opinion the member will read',
    ]);
    expect((await b.c.json('PUT', deskApi(`feedback/${fb.id}/handle`), { body: { status: 'done', opinion: 'x', version: fb.version } })).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await b.c.json('POST', deskApi('feedback/list'), { body: {} })).body.total).toBe(0);

    const taken = await ok(a.c, 'PUT', deskApi(`feedback/${fb.id}/handle`), { status: 'processing', version: fb.version });
    const done = await ok(a.c, 'PUT', deskApi(`feedback/${fb.id}/handle`), { status: 'done', opinion: '已安排维修热水器', version: taken.version });
    expect(done).toMatchObject({ status: 'done', opinion: '已安排维修热水器' });
    const sms = await s.database.query<{ content: string }>(`select content from msg_send where business_code = 'deskops.feedbackAnswered' and address = $1`, [
      '13800138123',
    ]);
    expect(sms.map((r) => r.content)).toEqual(['反馈会员您好，您反馈的「淋浴间没有热水」已处理：已安排维修热水器']);
    const again = await a.c.json('PUT', deskApi(`feedback/${fb.id}/handle`), { body: { status: 'done', opinion: 'again', version: done.version } });
    expect(again.code).toBe(Code.CONFLICT);

    const exported = await a.c.call('POST', deskApi('feedback/export'), { body: {} });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('.xlsx');

    const outsider = await makeUser(admin, a.orgId);
    const oc = await signIn(s, outsider.code, 'Pass1234');
    expect((await oc.json('POST', deskApi('feedback/list'), { body: {} })).code).toBe(Code.FORBIDDEN);
  });

  it('work orders: due after the category SLA; the assignee (a user, or every holder of a role) is told; overdue ones list first; one operator takes an order', async () => {
    const a = await deskStaff(s, admin, platformId);
    const cat = await ok(a.c, 'POST', deskApi('workCategory'), { name: '保洁', slaHours: 4 });
    const slow = await ok(a.c, 'POST', deskApi('workCategory'), { name: '维修', slaHours: 48 });
    const before = Date.now();
    const mop = await ok(a.c, 'POST', deskApi('workOrder'), { categoryId: cat.id, title: '3号场地面有水', assigneeUserId: a.userId });
    const due = new Date(mop.dueTime).getTime();
    expect(due - before).toBeGreaterThanOrEqual(4 * 3_600_000 - 1_000);
    expect(due - Date.now()).toBeLessThanOrEqual(4 * 3_600_000);
    expect(await stationOf(s, a.userId, 'deskops.workOrderAssigned')).toMatchObject([{ title: '【保洁】3号场地面有水' }]);

    const roleHolder = await makeUser(admin, a.orgId, { roleIds: [a.roleId] });
    const lamp = await ok(a.c, 'POST', deskApi('workOrder'), { categoryId: slow.id, title: '灯光闪烁', assigneeRoleId: a.roleId });
    expect(lamp).toMatchObject({ assigneeRoleId: a.roleId, overdue: false });
    expect((await stationOf(s, roleHolder.id, 'deskops.workOrderAssigned')).map((m) => m.title)).toEqual(['【维修】灯光闪烁']);

    const both = await a.c.json('POST', deskApi('workOrder'), { body: { categoryId: cat.id, title: 'x', assigneeUserId: a.userId, assigneeRoleId: a.roleId } });
    expect(both.code).toBe(Code.FORM_INVALID);

    // The lamp order was raised long ago: now past its due time, it lists first, marked.
    await s.database.query(`update sport_work_order set due_at = now() - interval '1 hour' where id = $1`, [lamp.id]);
    const list = await ok(a.c, 'POST', deskApi('workOrder/list'), {});
    expect(list.data.map((w: { id: number; overdue: boolean }) => [w.id, w.overdue])).toEqual([
      [lamp.id, true],
      [mop.id, false],
    ]);
    expect((await ok(a.c, 'POST', deskApi('workOrder/list'), { overdue: true })).total).toBe(1);

    const other = await signIn(s, roleHolder.code, 'Pass1234');
    const [first, second] = await Promise.all([
      a.c.json('PUT', deskApi(`workOrder/${mop.id}/state`), { body: { state: 'inProgress', version: mop.version } }),
      other.json('PUT', deskApi(`workOrder/${mop.id}/state`), { body: { state: 'inProgress', version: mop.version } }),
    ]);
    expect([first.code, second.code].sort()).toEqual([0, Code.CONFLICT]);
    const taken = (first.code === 0 ? first : second).body;
    const noResult = await a.c.json('PUT', deskApi(`workOrder/${mop.id}/state`), { body: { state: 'done', version: taken.version } });
    expect([noResult.code, noResult.detail[0].message]).toEqual([Code.FORM_INVALID, '完成工单时请填写处理结果']);
    const done = await ok(a.c, 'PUT', deskApi(`workOrder/${mop.id}/state`), { state: 'done', result: '已拖干', version: taken.version });
    expect(done).toMatchObject({ state: 'done', result: '已拖干', overdue: false });
    expect((await a.c.json('PUT', deskApi(`workOrder/${mop.id}/state`), { body: { state: 'closed', version: done.version } })).code).toBe(Code.CONFLICT);

    const b = await deskStaff(s, admin, platformId);
    expect((await b.c.json('GET', deskApi(`workOrder/${mop.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await b.c.json('POST', deskApi('workOrder'), { body: { categoryId: cat.id, title: 'x', assigneeUserId: b.userId } })).code).toBe(Code.NOT_FOUND);
  });

  it('incidents: photos checked by content, an append-only follow-up log with who and when, closed with a result', async () => {
    const a = await deskStaff(s, admin, platformId);
    const photo = (await upload(a.c, deskApi('incident/photo'), 'knee.png', png(320, 240))).json();
    expect(photo.code, photo.msg).toBe(0);
    const notImage = (await upload(a.c, deskApi('incident/photo'), 'x.png', Buffer.from('plain text'))).json();
    expect([notImage.code, notImage.msg]).toEqual([Code.FORM_INVALID, '只能上传 JPG 或 PNG 图片']);

    const inc = await ok(a.c, 'POST', deskApi('incident'), {
      stadiumId: a.venue.id,
      kind: 'injury',
      title: '会员扭伤',
      occurredAt: new Date().toISOString(),
      photos: [photo.body.name],
    });
    expect(inc).toMatchObject({ state: 'open', photos: [photo.body.name], logs: [] });
    expect((await a.c.call('GET', deskApi(`incident/${inc.id}/photo/${photo.body.name}`))).statusCode).toBe(200);
    await ok(a.c, 'POST', deskApi(`incident/${inc.id}/followUp`), { note: '已冰敷' });
    const followed = await ok(a.c, 'POST', deskApi(`incident/${inc.id}/followUp`), { note: '已回访' });
    expect(followed.logs.map((l: { note: string; createdBy: number }) => [l.note, l.createdBy])).toEqual([
      ['已冰敷', a.userId],
      ['已回访', a.userId],
    ]);
    const closed = await ok(a.c, 'PUT', deskApi(`incident/${inc.id}/close`), { result: '无大碍', version: followed.version });
    expect(closed).toMatchObject({ state: 'closed', result: '无大碍' });
    expect((await a.c.json('POST', deskApi(`incident/${inc.id}/followUp`), { body: { note: 'late' } })).code).toBe(Code.CONFLICT);

    const b = await deskStaff(s, admin, platformId);
    expect((await b.c.json('GET', deskApi(`incident/${inc.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await b.c.json('GET', deskApi(`incident/${inc.id}/photo/${photo.body.name}`))).code).toBe(Code.NOT_FOUND);
    expect((await b.c.json('POST', deskApi('incident'), { body: { stadiumId: a.venue.id, kind: 'other', title: 'x', occurredAt: Date.now() } })).code).toBe(
      Code.NOT_FOUND,
    );
  });

  it('queue: numbers in order with those waiting ahead; call next, skip, recall, serve; the board shows the called; another organisation’s venue is not found', async () => {
    const a = await deskStaff(s, admin, platformId);
    const taken = [];
    for (let i = 0; i < 3; i++) taken.push(await ok(a.c, 'POST', queueApi('take'), { stadiumId: a.venue.id }));
    expect(taken).toEqual([
      { number: 1, waitingAhead: 0 },
      { number: 2, waitingAhead: 1 },
      { number: 3, waitingAhead: 2 },
    ]);
    const one = await ok(a.c, 'POST', queueApi('callNext'), { stadiumId: a.venue.id, desk: '1号窗口' });
    expect(one).toMatchObject({ number: 1, state: 'called', desk: '1号窗口' });
    const two = await ok(a.c, 'POST', queueApi('callNext'), { stadiumId: a.venue.id, desk: '2号窗口' });
    expect(two.number).toBe(2);
    expect(await ok(a.c, 'POST', queueApi('take'), { stadiumId: a.venue.id })).toEqual({ number: 4, waitingAhead: 1 });
    await ok(a.c, 'POST', queueApi(`${one.id}/skip`), { desk: '1号窗口' });
    const recalled = await ok(a.c, 'POST', queueApi(`${one.id}/recall`), { desk: '1号窗口' });
    expect(recalled).toMatchObject({ state: 'called', calls: 2 });
    await ok(a.c, 'POST', queueApi(`${two.id}/serve`), { desk: '2号窗口' });
    expect((await a.c.json('POST', queueApi(`${two.id}/skip`), { body: { desk: '2号窗口' } })).code).toBe(Code.CONFLICT);
    const board = await ok(a.c, 'GET', `${queueApi('board')}?stadiumId=${a.venue.id}`);
    expect(board).toMatchObject({ called: [{ number: 1 }], waiting: 2, lastNumber: 4 });

    const b = await deskStaff(s, admin, platformId);
    expect((await b.c.json('POST', queueApi('take'), { body: { stadiumId: a.venue.id } })).code).toBe(Code.NOT_FOUND);
    expect((await b.c.json('POST', queueApi(`${one.id}/skip`), { body: { desk: 'x' } })).code).toBe(Code.NOT_FOUND);
    await ok(a.c, 'POST', queueApi('callNext'), { stadiumId: a.venue.id, desk: '1号窗口' });
    await ok(a.c, 'POST', queueApi('callNext'), { stadiumId: a.venue.id, desk: '1号窗口' });
    const none = await a.c.json('POST', queueApi('callNext'), { body: { stadiumId: a.venue.id, desk: '1号窗口' }, lang: 'en-US' });
    expect([none.code, none.msg]).toEqual([Code.CONFLICT, 'Nobody is waiting']);
  });

  it('page settings: page -> slot -> child item; bindItems takes the organisation’s own venues, goods and content, refuses others and unknown kinds, and changes nothing then', async () => {
    const a = await deskStaff(s, admin, platformId);
    const b = await deskStaff(s, admin, platformId);
    const home = await ok(a.c, 'POST', deskApi('page'), { name: '首页', code: 'home' });
    const slot = await ok(a.c, 'POST', deskApi('page'), { parentId: home.id, name: '推荐', code: 'featured' });
    const item = await ok(a.c, 'POST', deskApi('page'), { parentId: slot.id, name: '横幅', code: 'banner' });
    expect([home.level, slot.level, item.level]).toEqual(['page', 'slot', 'item']);
    expect((await a.c.json('POST', deskApi('page'), { body: { parentId: item.id, name: 'x', code: 'x' } })).code).toBe(Code.FORM_INVALID);
    const goods = await stockedGoods(a.c, a.venue.id, 5);
    const news = await contentItem(a.c, { title: { zhCN: '暑期游泳班开课', enUS: 'Summer swim classes' } });

    const bound = await ok(a.c, 'PUT', deskApi(`page/${slot.id}/bindItems`), {
      items: [
        { kind: 'venue', refId: a.venue.id },
        { kind: 'goods', refId: goods.id },
        { kind: 'content', refId: news.id },
      ],
    });
    expect(bound.bindings.map((x: { kind: string; refId: number; name: string }) => [x.kind, x.refId, x.name])).toEqual([
      ['venue', a.venue.id, a.venue.stadiumName],
      ['goods', goods.id, expect.any(String)],
      ['content', news.id, '暑期游泳班开课'],
    ]);
    const foreign = await a.c.json('PUT', deskApi(`page/${slot.id}/bindItems`), { body: { items: [{ kind: 'venue', refId: b.venue.id }] } });
    expect([foreign.code, foreign.detail[0].field]).toEqual([Code.FORM_INVALID, 'items.0.refId']);
    const unknown = await a.c.json('PUT', deskApi(`page/${slot.id}/bindItems`), { body: { items: [{ kind: 'spaceship', refId: 1 }] }, lang: 'en-US' });
    expect(unknown.detail[0].message).toBe('Items of kind spaceship cannot be bound');
    const onPage = await a.c.json('PUT', deskApi(`page/${home.id}/bindItems`), { body: { items: [{ kind: 'venue', refId: a.venue.id }] } });
    expect(onPage.code).toBe(Code.FORM_INVALID);

    const tree = await ok(a.c, 'POST', deskApi('page/list'), {});
    expect(tree.data).toHaveLength(1);
    expect(tree.data[0].children[0].bindings).toHaveLength(3);
    expect(tree.data[0].children[0].children[0].code).toBe('banner');
    expect((await ok(b.c, 'POST', deskApi('page/list'), {})).total).toBe(0);
    expect((await b.c.json('PUT', deskApi(`page/${slot.id}/bindItems`), { body: { items: [] } })).code).toBe(Code.NOT_FOUND);
  });
});

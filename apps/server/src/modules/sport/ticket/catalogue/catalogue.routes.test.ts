import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../../test/harness.ts';
import { adminClient, upload } from '../../../system/admin.testkit.ts';
import { imbalances, pay } from '../../commerce/commerce.testkit.ts';
import { png } from '../../member/member.testkit.ts';
import { gaSession, gridMap, ok, seatedSession, seatsOf, ticketApi } from '../ticket.testkit.ts';
import { catalogueStaff, demoTemplateElements } from './catalogue.testkit.ts';

const uniq = () => Math.random().toString(36).slice(2, 8);

/** A small PNG whose header declares `width` x `height` pixels (a decompression bomb for whoever decodes it). */
function pngDeclaring(width: number, height: number): Buffer {
  const b = Buffer.from(png(16, 16));
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.writeUInt32BE(zlib.crc32(b.subarray(12, 29)), 29);
  return b;
}

describe.each(databases)('ticketing catalogue extras on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let c: Client;
  let other: Client;
  let platformOrgId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    const a = await adminClient(s);
    admin = a.c;
    platformOrgId = a.platformOrgId;
    c = (await catalogueStaff(s, admin, a.platformOrgId)).c;
    other = (await catalogueStaff(s, admin, a.platformOrgId)).c;
  }, 120_000);
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  it('performer photos and template images declaring 20,000 x 20,000 pixels are refused; 4096 a side is taken', async () => {
    for (const url of [ticketApi('performer/photo'), ticketApi('template/image')]) {
      const bomb = (await upload(c, url, 'bomb.png', pngDeclaring(20_000, 20_000), { lang: 'en-US' })).json();
      expect(bomb.code).toBe(Code.FORM_INVALID);
      expect(bomb.detail[0]).toMatchObject({ field: 'file', message: 'Each side of the image may be at most 4096 pixels (this one is 20000x20000)' });
      const zh = (await upload(c, url, 'wide.png', pngDeclaring(4097, 10))).json();
      expect(zh.detail[0].message).toBe('图片每边不能超过 4096 像素（此图为 4097x10）');
      expect((await upload(c, url, 'edge.png', pngDeclaring(4096, 4096))).json().code).toBe(0);
    }
  });

  it('performers: add with a photo, list, edit (a stale version is refused), attach to a project in order, delete refused while a project lists them', async () => {
    const photo = (await upload(c, ticketApi('performer/photo'), 'face.png', png(120, 160))).json();
    expect(photo.code, photo.msg).toBe(0);
    expect((await upload(c, ticketApi('performer/photo'), 'face.png', Buffer.from('no image'), { lang: 'en-US' })).json().detail[0].message).toBe(
      'Only JPG or PNG images',
    );
    const empty = await c.json('POST', ticketApi('performer'), { body: { name: ' ' } });
    expect(empty.code).toBe(Code.INVALID);
    expect(empty.detail[0].field).toBe('name');
    const badPhoto = await c.json('POST', ticketApi('performer'), { body: { name: 'x', photoUrl: 'http://evil.example/a.png' } });
    expect(badPhoto.code).toBe(Code.INVALID);
    const name = `歌手${uniq()}`;
    const singer = await ok(c, 'POST', ticketApi('performer'), { name, role: '主唱', intro: '首次来本馆演出', photoUrl: photo.body.url });
    expect(singer).toMatchObject({ name, role: '主唱', photoUrl: photo.body.url, projectCount: 0, version: 1 });
    const band = await ok(c, 'POST', ticketApi('performer'), { name: `乐队${uniq()}`, role: '乐队' });
    const edited = await ok(c, 'PUT', ticketApi(`performer/${singer.id}`), { role: '领唱', version: 1 });
    expect(edited).toMatchObject({ role: '领唱', version: 2 });
    const stale = await c.json('PUT', ticketApi(`performer/${singer.id}`), { body: { role: 'x', version: 1 } });
    expect(stale.code).toBe(Code.CONFLICT);
    expect(stale.detail.reason).toBe('stale');
    expect((await ok(c, 'GET', ticketApi(`performer/${singer.id}`))).role).toBe('领唱');

    const project = await ok(c, 'POST', ticketApi('project'), { name: `演唱会${uniq()}`, performerIds: [band.id, singer.id] });
    expect(project.performerIds).toEqual([band.id, singer.id]);
    expect(project.performers).toBe(`${band.name}、${name}`);
    const reordered = await ok(c, 'PUT', ticketApi(`project/${project.id}`), { performerIds: [singer.id], version: project.version });
    expect(reordered.performerIds).toEqual([singer.id]);
    const listed = await ok(c, 'POST', ticketApi('performer/list'), { projectId: project.id });
    expect(listed.data.map((p: { id: number }) => p.id)).toEqual([singer.id]);
    expect(listed.data[0].projectCount).toBe(1);
    // The free-text column is not written any more: a body naming it is refused.
    expect((await c.json('POST', ticketApi('project'), { body: { name: 'x', performers: '某人' } })).code).toBe(Code.INVALID);

    const refused = await c.json('DELETE', ticketApi(`performer/${singer.id}`));
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.detail.reason).toBe('state');
    expect((await ok(c, 'DELETE', ticketApi(`performer/${band.id}`))).deleted).toBe(1);

    // Another organisation's performer: not found, not attachable, unchanged.
    expect((await other.json('GET', ticketApi(`performer/${singer.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await other.json('PUT', ticketApi(`performer/${singer.id}`), { body: { name: 'hijack', version: 2 } })).code).toBe(Code.NOT_FOUND);
    expect((await other.json('DELETE', ticketApi(`performer/${singer.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await other.json('POST', ticketApi('project'), { body: { name: 'x', performerIds: [singer.id] } })).code).toBe(Code.NOT_FOUND);
    expect((await ok(c, 'GET', ticketApi(`performer/${singer.id}`))).name).toBe(name);
  });

  it('purchase notices: add, duplicate title, stale edit; a project picks one and the sale screen reads it; delete refused while used', async () => {
    const title = `须知${uniq()}`;
    const notice = await ok(c, 'POST', ticketApi('notice'), { title, content: '**入场**\n- 凭票入场' });
    expect(notice).toMatchObject({ title, status: 0, projectCount: 0 });
    const dup = await c.json('POST', ticketApi('notice'), { body: { title, content: 'x' }, lang: 'en-US' });
    expect(dup.code).toBe(Code.CONFLICT);
    expect(dup.detail.reason).toBe('duplicate');
    expect(dup.detail.fields[0].field).toBe('title');
    expect((await c.json('POST', ticketApi('notice'), { body: { title: 'x', content: '' } })).code).toBe(Code.INVALID);
    await ok(c, 'PUT', ticketApi(`notice/${notice.id}`), { content: '**入场**\n- 凭电子票入场', version: 1 });
    expect((await c.json('PUT', ticketApi(`notice/${notice.id}`), { body: { content: 'y', version: 1 } })).detail.reason).toBe('stale');

    const project = await ok(c, 'POST', ticketApi('project'), { name: `赛事${uniq()}`, noticeId: notice.id });
    expect(project.noticeId).toBe(notice.id);
    const shown = await ok(c, 'GET', ticketApi(`notice/project/${project.id}`));
    expect(shown.notice).toEqual({ id: notice.id, title, content: '**入场**\n- 凭电子票入场' });
    // Disabled: no longer shown.
    await ok(c, 'PUT', ticketApi(`notice/${notice.id}`), { status: 1, version: 2 });
    expect((await ok(c, 'GET', ticketApi(`notice/project/${project.id}`))).notice).toBeNull();
    // A project's own notice text is shown when it picks none.
    const own = await ok(c, 'POST', ticketApi('project'), { name: `赛事${uniq()}`, purchaseNotice: '本场不设退票' });
    expect((await ok(c, 'GET', ticketApi(`notice/project/${own.id}`))).notice).toEqual({ id: null, title: null, content: '本场不设退票' });
    const inUse = await c.json('DELETE', ticketApi(`notice/${notice.id}`), { lang: 'en-US' });
    expect(inUse.code).toBe(Code.CONFLICT);
    expect(inUse.msg).toBe('The purchase notice is used by a project and cannot be deleted');
    expect((await other.json('GET', ticketApi(`notice/project/${project.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await other.json('PUT', ticketApi(`notice/${notice.id}`), { body: { title: 'hijack', version: 3 } })).code).toBe(Code.NOT_FOUND);
    expect((await other.json('POST', ticketApi('project'), { body: { name: 'x', noticeId: notice.id } })).code).toBe(Code.NOT_FOUND);
    await ok(c, 'PUT', ticketApi(`project/${project.id}`), { noticeId: null, version: project.version });
    expect((await ok(c, 'DELETE', ticketApi(`notice/${notice.id}`))).deleted).toBe(1);
  });

  it('ticket templates: elements inside the page and of known fields; a smaller page that cuts an element is refused; stale edits; a sold ticket prints with its session template', async () => {
    const name = `票面${uniq()}`;
    const elements = [
      { key: 'qr', type: 'qr', x: 60, y: 5, width: 25, height: 25 },
      { key: 'project', type: 'field', field: 'project', x: 5, y: 5, width: 50, height: 8, fontSize: 12, bold: true },
      { key: 'seat', type: 'field', field: 'seat', text: '座位 ', x: 5, y: 15, width: 50, height: 6 },
    ];
    const tpl = await ok(c, 'POST', ticketApi('template'), { name, kind: 'paper', widthMm: 90, heightMm: 50, elements });
    expect(tpl).toMatchObject({ name, widthMm: 90, heightMm: 50, backgroundColor: '#ffffff', useCount: 0, version: 1 });
    expect(tpl.elements).toHaveLength(3);

    const outside = await c.json('POST', ticketApi('template'), {
      body: { name: 'x', kind: 'paper', widthMm: 50, heightMm: 30, elements: [{ ...elements[0], x: 40 }] },
      lang: 'en-US',
    });
    expect(outside.code).toBe(Code.INVALID);
    expect(outside.detail).toContainEqual({ field: 'elements.0.x', message: 'The element lies outside the ticket' });
    const unknownField = await c.json('POST', ticketApi('template'), {
      body: { name: 'x', kind: 'paper', widthMm: 90, heightMm: 50, elements: [{ ...elements[1], field: 'password' }] },
    });
    expect(unknownField.code).toBe(Code.INVALID);
    expect(unknownField.detail[0].field).toBe('elements.0.field');
    const noField = await c.json('POST', ticketApi('template'), {
      body: { name: 'x', kind: 'paper', widthMm: 90, heightMm: 50, elements: [{ key: 'f', type: 'field', x: 1, y: 1, width: 10, height: 5 }] },
    });
    expect(noField.detail[0].message).toBe('请选择字段元素显示的票面数据');
    const tinyQr = await c.json('POST', ticketApi('template'), {
      body: { name: 'x', kind: 'paper', widthMm: 90, heightMm: 50, elements: [{ key: 'q', type: 'qr', x: 1, y: 1, width: 5, height: 5 }] },
    });
    expect(tinyQr.code).toBe(Code.INVALID);
    expect((await c.json('POST', ticketApi('template'), { body: { name: 'x', kind: 'paper', widthMm: 10, heightMm: 50, elements: [] } })).code).toBe(
      Code.INVALID,
    );

    const cut = await c.json('PUT', ticketApi(`template/${tpl.id}`), { body: { widthMm: 70, version: 1 } });
    expect(cut.code).toBe(Code.FORM_INVALID);
    expect(cut.detail[0].field).toBe('elements.0.x');
    expect((await ok(c, 'GET', ticketApi(`template/${tpl.id}`))).widthMm).toBe(90);
    const background = (await upload(c, ticketApi('template/image'), 'bg.png', png(360, 200))).json();
    expect(background.code, background.msg).toBe(0);
    const moved = await ok(c, 'PUT', ticketApi(`template/${tpl.id}`), {
      elements: [...elements, { key: 'note', type: 'text', text: '凭票入场', x: 5, y: 40, width: 80, height: 6 }],
      backgroundColor: '#fffbe6',
      backgroundUrl: background.body.url,
      version: 1,
    });
    expect(moved).toMatchObject({ version: 2, backgroundColor: '#fffbe6', backgroundUrl: background.body.url });
    expect((await c.json('PUT', ticketApi(`template/${tpl.id}`), { body: { backgroundUrl: 'https://elsewhere.example/x.png', version: 2 } })).code).toBe(
      Code.INVALID,
    );
    expect((await c.json('PUT', ticketApi(`template/${tpl.id}`), { body: { name: 'y', version: 1 } })).detail.reason).toBe('stale');
    expect((await other.json('GET', ticketApi(`template/${tpl.id}`))).code).toBe(Code.NOT_FOUND);

    // A general-admission ticket sold and printed with the session's template.
    const ga = await gaSession(c, 10, 5000);
    await ok(c, 'PUT', ticketApi(`session/${ga.session.id}`), { templateId: tpl.id, version: ga.session.version });
    const order = await ok(c, 'POST', ticketApi('order'), { sessionId: ga.session.id, levelId: ga.levelId, quantity: 1, buyer: { name: '张三' } });
    expect((await pay(c, order.orderId, { method: 'cash', amountFen: 5000 })).code).toBe(0);
    const ticket = (await ok(c, 'POST', ticketApi('list'), { orderId: order.orderId })).data[0];
    const printed = await ok(c, 'GET', ticketApi(`template/print/${ticket.id}`));
    expect(printed.template.id).toBe(tpl.id);
    expect(printed.data).toMatchObject({
      project: ga.project.name,
      session: '首场',
      seat: '不对号入座',
      level: '普通票',
      price: '¥50.00',
      code: ticket.code,
      buyer: '张三',
    });
    expect(printed.data.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect((await other.json('GET', ticketApi(`template/print/${ticket.id}`))).code).toBe(Code.NOT_FOUND);
    const inUse = await c.json('DELETE', ticketApi(`template/${tpl.id}`));
    expect(inUse.detail.reason).toBe('state');
    expect((await ok(c, 'POST', ticketApi('template/list'), { name })).data[0].useCount).toBe(1);
  });

  it('want-to-see: staff add people (one entry per phone per project), the list shows who to notify once a session is on sale, export', async () => {
    const project = await ok(c, 'POST', ticketApi('project'), { name: `话剧${uniq()}` });
    const first = await ok(c, 'POST', ticketApi('wantSee'), { projectId: project.id, name: '王小明', phone: '13800002001', count: 2, note: '前排' });
    expect(first).toMatchObject({ projectName: project.name, count: 2, onSale: false, notifiedAt: null });
    await ok(c, 'POST', ticketApi('wantSee'), { projectId: project.id, name: '陈晓', phone: '13800002002' });
    const dup = await c.json('POST', ticketApi('wantSee'), { body: { projectId: project.id, name: '又一个', phone: '13800002001' } });
    expect(dup.detail.reason).toBe('duplicate');
    expect((await c.json('POST', ticketApi('wantSee'), { body: { projectId: project.id, name: 'x', phone: '123' } })).code).toBe(Code.INVALID);
    expect((await c.json('POST', ticketApi('wantSee'), { body: { projectId: project.id, name: 'x', phone: '13800002003', count: 100 } })).code).toBe(
      Code.INVALID,
    );
    expect((await ok(c, 'POST', ticketApi('wantSee/list'), { projectId: project.id, toNotify: true })).total).toBe(0);
    await ok(c, 'POST', ticketApi('session'), {
      projectId: project.id,
      name: '首演',
      startAt: '2031-05-01T12:00:00Z',
      onSale: true,
      levels: [{ name: '普通', priceFen: 100, quota: 10 }],
    });
    const toNotify = await ok(c, 'POST', ticketApi('wantSee/list'), { projectId: project.id, toNotify: true });
    expect(toNotify.total).toBe(2);
    expect(toNotify.data.every((r: { onSale: boolean }) => r.onSale)).toBe(true);
    expect((await ok(c, 'POST', ticketApi('wantSee/list'), { keyword: '2001' })).data.map((r: { name: string }) => r.name)).toContain('王小明');
    await ok(c, 'PUT', ticketApi(`wantSee/${first.id}`), { count: 3, version: 1 });
    expect((await c.json('PUT', ticketApi(`wantSee/${first.id}`), { body: { count: 4, version: 1 } })).detail.reason).toBe('stale');
    const file = await c.call('POST', ticketApi('wantSee/export'), { body: { projectId: project.id } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect((await other.json('PUT', ticketApi(`wantSee/${first.id}`), { body: { count: 9, version: 2 } })).code).toBe(Code.NOT_FOUND);
    expect((await other.json('POST', ticketApi('wantSee'), { body: { projectId: project.id, name: 'x', phone: '13800002009' } })).code).toBe(Code.NOT_FOUND);
    expect((await ok(c, 'GET', ticketApi(`wantSee/${first.id}`))).count).toBe(3);
  });

  it('data log: a project edit is recorded with its fields before and after, as are its sessions and levels; another organisation cannot read it', async () => {
    const project = await ok(c, 'POST', ticketApi('project'), { name: `记录${uniq()}`, perBuyerLimit: 4 });
    const edited = await ok(c, 'PUT', ticketApi(`project/${project.id}`), {
      name: `${project.name}（改）`,
      perBuyerLimit: 6,
      description: '新的介绍',
      version: 1,
    });
    // An edit that changes nothing is not recorded.
    await ok(c, 'PUT', ticketApi(`project/${project.id}`), { perBuyerLimit: 6, version: edited.version });
    const session = await ok(c, 'POST', ticketApi('session'), {
      projectId: project.id,
      name: '一场',
      startAt: '2031-01-01T12:00:00Z',
      levels: [{ name: '甲', priceFen: 100, quota: 5 }],
    });
    await ok(c, 'PUT', ticketApi(`level/${session.levels[0].id}`), { priceFen: 120, version: 1 });
    const log = await ok(c, 'POST', ticketApi('dataLog/list'), { projectId: project.id, pageSize: 50 });
    expect(log.data.map((r: { entity: string; action: string }) => `${r.entity}.${r.action}`)).toEqual([
      'level.edit',
      'level.add',
      'session.add',
      'project.edit',
      'project.add',
    ]);
    const projectEdit = log.data.find((r: { entity: string; action: string }) => r.entity === 'project' && r.action === 'edit');
    expect(projectEdit.changes).toEqual([
      { field: 'name', before: project.name, after: `${project.name}（改）` },
      { field: 'description', before: null, after: '新的介绍' },
      { field: 'perBuyerLimit', before: 4, after: 6 },
    ]);
    expect(projectEdit.userName).toBeTruthy();
    expect(log.data[0].changes).toEqual([{ field: 'priceFen', before: 100, after: 120 }]);
    expect((await ok(c, 'POST', ticketApi('dataLog/list'), { projectId: project.id, entity: 'session' })).total).toBe(1);
    expect((await other.json('POST', ticketApi('dataLog/list'), { body: { projectId: project.id } })).code).toBe(Code.NOT_FOUND);
  });

  it('data log names what ids stand for: a type, performers and a template by their names; a performer deleted since shows as gone', async () => {
    const concert = await ok(c, 'POST', ticketApi('type'), { name: `演唱会${uniq()}` });
    const opera = await ok(c, 'POST', ticketApi('type'), { name: `歌剧${uniq()}` });
    const singer = await ok(c, 'POST', ticketApi('performer'), { name: `歌手${uniq()}` });
    const band = await ok(c, 'POST', ticketApi('performer'), { name: `乐队${uniq()}` });
    const project = await ok(c, 'POST', ticketApi('project'), { name: `命名${uniq()}`, typeId: concert.id, performerIds: [singer.id, band.id] });
    await ok(c, 'PUT', ticketApi(`project/${project.id}`), { typeId: opera.id, performerIds: [band.id], version: project.version });
    const template = (await ok(c, 'POST', ticketApi('template/list'), { pageSize: 1 })).data[0];
    const session = await ok(c, 'POST', ticketApi('session'), {
      projectId: project.id,
      name: '一场',
      startAt: '2031-01-01T12:00:00Z',
      templateId: template?.id,
      levels: [{ name: '甲', priceFen: 100, quota: 5 }],
    });
    await ok(c, 'DELETE', ticketApi(`performer/${singer.id}`));
    const log = await ok(c, 'POST', ticketApi('dataLog/list'), { projectId: project.id, pageSize: 50 });
    const change = (entity: string, action: string, field: string) =>
      log.data
        .find((r: { entity: string; action: string }) => r.entity === entity && r.action === action)
        .changes.find((x: { field: string }) => x.field === field);
    expect(change('project', 'edit', 'typeId')).toEqual({
      field: 'typeId',
      before: concert.id,
      after: opera.id,
      beforeName: concert.name,
      afterName: opera.name,
    });
    expect(change('project', 'edit', 'performerIds')).toEqual({
      field: 'performerIds',
      before: [singer.id, band.id],
      after: [band.id],
      beforeName: [null, band.name],
      afterName: [band.name],
    });
    expect(change('project', 'add', 'typeId')).toMatchObject({ after: concert.id, afterName: concert.name });
    if (template) expect(change('session', 'add', 'templateId')).toMatchObject({ after: template.id, afterName: template.name });
    // Fields that hold no ids are as they were.
    expect(change('session', 'add', 'name')).toEqual({ field: 'name', before: null, after: '一场' });
    // Another organisation's names never show: its log is not found.
    expect((await other.json('POST', ticketApi('dataLog/list'), { body: { projectId: project.id } })).code).toBe(Code.NOT_FOUND);
    expect(session.id).toBeTruthy();
  });

  it('map version: a session moves to a later version keeping its sold seats; new seats are free; a version that drops a sold seat is refused with the seat named and nothing changes', async () => {
    const { map, session } = await seatedSession(c, gridMap(1, 1, 4));
    const seats = await seatsOf(c, session.id);
    const byNo = (list: typeof seats, no: string) => list.find((x) => x.no === no)!;
    const order = await ok(c, 'POST', ticketApi('order'), { sessionId: session.id, seatIds: [byNo(seats, '1').id] });
    expect((await pay(c, order.orderId, { method: 'cash', amountFen: order.amount })).code).toBe(0);
    await ok(c, 'POST', ticketApi(`session/${session.id}/seats/block`), { seatIds: [byNo(seats, '2').id] });
    // v2: seat 4 gone, seat 5 new, seat 1 moved to level B's price area.
    const v2 = gridMap(1, 1, 5);
    v2.seats = v2.seats.filter((x) => x.no !== '4').map((x) => (x.no === '1' ? { ...x, levelKey: 'B' } : x));
    await ok(c, 'PUT', ticketApi(`seatmap/${map.id}`), { document: v2, version: 1 });
    const notLater = await c.json('POST', ticketApi(`session/${session.id}/mapVersion`), { body: { seatmapVersion: 1, version: session.version } });
    expect(notLater.code).toBe(Code.FORM_INVALID);
    const moved = await ok(c, 'POST', ticketApi(`session/${session.id}/mapVersion`), { seatmapVersion: 2, version: session.version });
    expect(moved).toMatchObject({ seatmapVersion: 2, kept: 3, added: 1, removed: 1 });
    const after = await seatsOf(c, session.id);
    expect(after.map((x) => `${x.no}:${x.state}`).sort()).toEqual(['1:sold', '2:blocked', '3:free', '5:free']);
    expect(byNo(after, '1').id).toBe(byNo(seats, '1').id);
    expect(byNo(after, '1').levelId).toBe(byNo(seats, '1').levelId);
    expect(byNo(after, '5').levelId).toBe(byNo(seats, '3').levelId);
    expect((await ok(c, 'GET', ticketApi(`session/${session.id}`))).seatmapVersion).toBe(2);
    // Stale session version.
    expect((await c.json('POST', ticketApi(`session/${session.id}/mapVersion`), { body: { seatmapVersion: 3, version: session.version } })).detail.reason).toBe(
      'stale',
    );
    // v3 drops the sold seat 1: refused, naming it; the session stays on v2.
    const v3 = gridMap(1, 1, 5);
    v3.seats = v3.seats.filter((x) => x.no !== '1');
    await ok(c, 'PUT', ticketApi(`seatmap/${map.id}`), { document: v3, version: 2 });
    const current = await ok(c, 'GET', ticketApi(`session/${session.id}`));
    const refused = await c.json('POST', ticketApi(`session/${session.id}/mapVersion`), {
      body: { seatmapVersion: 3, version: current.version },
      lang: 'en-US',
    });
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.detail.reason).toBe('state');
    expect(refused.msg).toBe('1 sold or held seats are not in the new version: 1区 1-1');
    expect(refused.detail.fields).toEqual([{ field: `seats.${byNo(seats, '1').id}`, message: 'Seat 1区 1-1 (sold)' }]);
    expect((await seatsOf(c, session.id)).map((x) => `${x.no}:${x.state}`).sort()).toEqual(['1:sold', '2:blocked', '3:free', '5:free']);
    expect((await ok(c, 'GET', ticketApi(`session/${session.id}`))).seatmapVersion).toBe(2);
    const log = await ok(c, 'POST', ticketApi('dataLog/list'), { projectId: session.projectId, entity: 'session' });
    expect(log.data[0]).toMatchObject({ action: 'move', changes: [{ field: 'seatmapVersion', before: 1, after: 2 }] });
    expect((await other.json('POST', ticketApi(`session/${session.id}/mapVersion`), { body: { seatmapVersion: 3, version: current.version } })).code).toBe(
      Code.NOT_FOUND,
    );
  });

  it('competition orders: ticket orders of a project type with their detail (tickets with seats, payments); the per-project overview and its export', async () => {
    const sports = await ok(c, 'POST', ticketApi('type'), { name: `赛事${uniq()}` });
    const football = await ok(c, 'POST', ticketApi('type'), { name: `足球${uniq()}`, parentId: sports.id });
    const { session, project } = await seatedSession(c, gridMap(1, 1, 3));
    await ok(c, 'PUT', ticketApi(`project/${project.id}`), { typeId: football.id, version: project.version });
    const seats = await seatsOf(c, session.id);
    const order = await ok(c, 'POST', ticketApi('order'), {
      sessionId: session.id,
      seatIds: [seats[0]!.id, seats[1]!.id],
      buyer: { name: '球迷', phone: '13900003001' },
    });
    expect((await pay(c, order.orderId, { method: 'cash', amountFen: order.amount })).code).toBe(0);
    await ok(c, 'POST', ticketApi('wantSee'), { projectId: project.id, name: '等票', phone: '13900003002' });
    const listed = await ok(c, 'POST', ticketApi('competitionOrder/list'), { typeId: sports.id });
    expect(listed.total).toBe(1);
    expect(listed.data[0]).toMatchObject({
      id: order.orderId,
      projectName: project.name,
      typeName: football.name,
      sessionNames: '决赛',
      ticketCount: 2,
      buyerName: '球迷',
      state: 'paid',
      paidFen: order.amount,
    });
    expect((await ok(c, 'POST', ticketApi('competitionOrder/list'), { buyer: '13900003001' })).total).toBe(1);
    const detail = await ok(c, 'GET', ticketApi(`competitionOrder/${order.orderId}`));
    expect(detail.order).toMatchObject({ orderNo: order.orderNo, paidFen: order.amount });
    expect(detail.order.payments[0]).toMatchObject({ method: 'cash', state: 'succeeded' });
    expect(detail.tickets.map((x: { seatLabel: string }) => x.seatLabel).sort()).toEqual(['1区 1-1', '1区 1-2']);
    expect((await other.json('GET', ticketApi(`competitionOrder/${order.orderId}`))).code).toBe(Code.NOT_FOUND);

    const overview = await ok(c, 'POST', ticketApi('dataManagement/list'), { typeId: sports.id });
    expect(overview.data).toEqual([
      expect.objectContaining({
        id: project.id,
        sessionCount: 1,
        onSaleCount: 1,
        sold: 2,
        used: 0,
        refunded: 0,
        revenueFen: order.amount,
        wantSee: 1,
        typeName: football.name,
      }),
    ]);
    const file = await c.call('POST', ticketApi('dataManagement/export'), { body: { typeId: sports.id } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('.xlsx');
    expect((await other.json('POST', ticketApi('dataManagement/list'), { body: { typeId: sports.id } })).body.total).toBe(0);
  });

  it('the demo template layout is valid', async () => {
    const made = await ok(c, 'POST', ticketApi('template'), {
      name: `演示${uniq()}`,
      kind: 'paper',
      widthMm: 90,
      heightMm: 50,
      elements: demoTemplateElements(),
    });
    expect(made.elements).toHaveLength(demoTemplateElements().length);
  });

  it('the extras screens read project types and projects for their filters with their own permission; staff without a ticket screen are refused', async () => {
    const type = await ok(c, 'POST', ticketApi('type'), { name: `筛选${uniq()}` });
    const project = await ok(c, 'POST', ticketApi('project'), { name: `筛选项目${uniq()}`, typeId: type.id });
    const choices = await ok(c, 'GET', ticketApi('choices'));
    expect(choices.types).toContainEqual({ id: type.id, name: type.name, parentId: null });
    expect(choices.projects).toContainEqual({ id: project.id, name: project.name, typeId: type.id });
    const dataOnly = (await catalogueStaff(s, admin, platformOrgId, ['sport.ticket.dataManagement'])).c;
    const own = await ok(dataOnly, 'GET', ticketApi('choices'));
    expect(own).toEqual({ types: [], projects: [] });
    expect((await dataOnly.json('POST', ticketApi('type/list'), { body: {} })).code).toBe(Code.FORBIDDEN);
    const none = (await catalogueStaff(s, admin, platformOrgId, ['sport.member.list'])).c;
    expect((await none.json('GET', ticketApi('choices'))).code).toBe(Code.FORBIDDEN);
  });
});

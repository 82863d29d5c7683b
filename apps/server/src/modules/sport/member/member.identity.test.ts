import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient, upload } from '../../system/admin.testkit.ts';
import { addMember, memberApi, memberStaff, newPhone, png } from './member.testkit.ts';

describe.each(databases)('identity checks and faces on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('an identity check is submitted, then approved (the member takes its name and number) or rejected (the member keeps theirs)', async () => {
    const { c } = await memberStaff(s, admin, platformId);
    const m = await addMember(c, { name: '小王', phone: newPhone() });
    const doc = png(600, 380);
    const uploaded = (await upload(c, memberApi('identity/image'), 'card.png', doc)).json();
    expect(uploaded.code, uploaded.msg).toBe(0);
    expect((await upload(c, memberApi('identity/image'), 'card.png', Buffer.from('not an image'))).json().code).toBe(Code.FORM_INVALID);
    const sub = await c.json('POST', memberApi('identity'), {
      body: { memberId: m.id, realName: '王小明', idType: '1', idNo: '11010519491231002X', images: [uploaded.body.name] },
    });
    expect(sub.code, sub.msg).toBe(0);
    const served = await c.call('GET', memberApi(`identity/${sub.body.id}/image/0`));
    expect(Buffer.compare(served.rawPayload, doc)).toBe(0);
    expect((await c.json('GET', memberApi(`identity/${sub.body.id}/image/1`))).code).toBe(Code.NOT_FOUND);
    expect(sub.body).toMatchObject({ state: 'pending', memberName: '小王', realName: '王小明' });
    expect((await c.json('GET', memberApi(String(m.id)))).body.identityState).toBe('pending');
    expect((await c.json('POST', memberApi('identity'), { body: { memberId: m.id, realName: '王小明', idType: '2', idNo: 'E1234567' } })).detail.reason).toBe(
      'state',
    );
    const bad = await c.json('POST', memberApi('identity'), { body: { memberId: m.id, realName: 'x', idType: '1', idNo: '110105194912310021' } });
    expect(bad.code).toBe(Code.FORM_INVALID);
    expect((await c.json('POST', memberApi('identity/list'), { body: { state: 'pending' } })).body.data.map((r: { id: number }) => r.id)).toEqual([
      sub.body.id,
    ]);

    const ok = await c.json('POST', memberApi(`identity/${sub.body.id}/review`), { body: { approve: true, remark: '证件清晰' } });
    expect(ok.body).toMatchObject({ state: 'approved', reviewRemark: '证件清晰' });
    expect((await c.json('GET', memberApi(String(m.id)))).body).toMatchObject({
      name: '王小明',
      idType: '1',
      idNo: '11010519491231002X',
      birthday: '1949-12-31',
      sex: 2,
      identityState: 'approved',
    });
    expect((await c.json('POST', memberApi(`identity/${sub.body.id}/review`), { body: { approve: false } })).detail.reason).toBe('state');

    const other = await addMember(c, { name: '小李', phone: newPhone() });
    const sub2 = await c.json('POST', memberApi('identity'), { body: { memberId: other.id, realName: '李四', idType: '2', idNo: 'G7654321' } });
    await c.json('POST', memberApi(`identity/${sub2.body.id}/review`), { body: { approve: false, remark: '照片模糊' } });
    expect((await c.json('GET', memberApi(String(other.id)))).body).toMatchObject({ name: '小李', idNo: null, identityState: 'rejected' });
    expect((await c.json('GET', memberApi(`identity/${sub2.body.id}`))).body).toMatchObject({ state: 'rejected', reviewRemark: '照片模糊' });
    const stranger = await memberStaff(s, admin, platformId);
    expect((await stranger.c.json('GET', memberApi(`identity/${sub2.body.id}`))).code).toBe(Code.NOT_FOUND);
  });

  it('a face image must be a real jpg or png of a sensible size; it is served to staff only, never as a public file', async () => {
    const { c } = await memberStaff(s, admin, platformId);
    const m = await addMember(c, { name: '刷脸会员', phone: newPhone() });
    const url = memberApi(`${m.id}/face`);
    const image = png(320, 400);
    const res = await upload(c, url, 'face.png', image);
    const body = res.json();
    expect(body.code, body.msg).toBe(0);
    expect(body.body).toMatchObject({ hasFace: true, faceState: 'pending' });

    const renamed = (await upload(c, url, 'face.png', Buffer.from('this is not an image, just text renamed to png'))).json();
    expect(renamed.code).toBe(Code.FORM_INVALID);
    expect(renamed.msg).toContain('jpg');
    const huge = Buffer.concat([png(400, 400), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = (await upload(c, url, 'big.png', huge, { lang: 'en-US' })).json();
    expect(tooBig.code).toBe(Code.FORM_INVALID);
    expect(tooBig.msg).toContain('2M');
    const tiny = (await upload(c, url, 'tiny.png', png(40, 40))).json();
    expect(tiny.code).toBe(Code.FORM_INVALID);
    expect(tiny.msg).toContain('40x40');

    const served = await c.call('GET', memberApi(`${m.id}/face/image`));
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, image)).toBe(0);
    const crypto = await import('node:crypto');
    const name = `${crypto.createHash('sha256').update(image).digest('hex')}.png`;
    expect((await new Client(s).call('GET', `/files/${name}`)).statusCode).toBe(404);
    expect((await new Client(s).call('GET', memberApi(`${m.id}/face/image`))).statusCode).not.toBe(200);

    expect((await c.json('POST', memberApi(`${m.id}/face/state`), { body: { state: 'passed' } })).body.faceState).toBe('passed');
    expect((await c.json('DELETE', memberApi(`${m.id}/face`))).body).toMatchObject({ hasFace: false, faceState: 'none' });
    expect((await c.json('POST', memberApi(`${m.id}/face/state`), { body: { state: 'passed' } })).detail.reason).toBe('state');
    const log = await c.json('POST', memberApi(`${m.id}/face/log`), { body: {} });
    expect(log.body.data.map((r: { action: string }) => r.action)).toEqual(['remove', 'pass', 'upload']);

    // The photo takes the same checks.
    const photo = (await upload(c, memberApi(`${m.id}/photo`), 'photo.png', png(200, 200))).json();
    expect(photo.body.hasPhoto).toBe(true);
    expect((await c.call('GET', memberApi(`${m.id}/photo/image`))).statusCode).toBe(200);
    // Another organisation's staff cannot upload to or read this member.
    const stranger = await memberStaff(s, admin, platformId);
    expect((await upload(stranger.c, url, 'face.png', image)).json().code).toBe(Code.NOT_FOUND);
    expect((await stranger.c.json('GET', memberApi(`${m.id}/photo/image`))).code).toBe(Code.NOT_FOUND);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { seedDemo } from './demo.seed.ts';
import { compareVersions } from './version.service.ts';

describe('version numbers', () => {
  it('compare numerically part by part', () => {
    expect(compareVersions('2.0.10', '2.0.9')).toBe(1);
    expect(compareVersions('2.0', '2.0.0')).toBe(0);
    expect(compareVersions('1.9.9', '2.0.0')).toBe(-1);
    expect(compareVersions('2.1.0-beta', '2.0.5')).toBe(1);
  });
});

describe.each(databases)('versions on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    admin = new Client(s);
    await admin.login();
  });
  afterAll(async () => s?.close());

  it('publishes versions that only go up and answers the latest to any signed-in user', async () => {
    const mgr = new Client(s);
    await mgr.login('manager', 'Demo@2020');
    expect((await mgr.json('GET', sys('version/latest'))).body).toBeNull();
    const v1 = await admin.json('POST', sys('version'), { body: { versionNo: '2.0.0', content: '首个版本' } });
    expect(v1.code).toBe(0);
    expect(v1.body).toMatchObject({ versionNo: '2.0.0', platform: 'web', force: false, version: 1 });
    const v2 = await admin.json('POST', sys('version'), { body: { versionNo: '2.0.10', content: '修复', force: true } });
    expect((await mgr.json('GET', sys('version/latest'))).body).toMatchObject({ versionNo: '2.0.10', force: true, content: '修复' });
    expect((await admin.json('POST', sys('version'), { body: { versionNo: '2.0.10' } })).msg).toBe('该平台已发布过这个版本号');
    const lower = await admin.json('POST', sys('version'), { body: { versionNo: '2.0.9' }, lang: 'en-US' });
    expect(lower.code).toBe(Code.INVALID);
    expect(lower.msg).toBe('The version number must be higher than the latest published for the platform (2.0.10)');
    expect((await admin.json('POST', sys('version'), { body: { versionNo: 'v2' } })).detail[0]).toEqual({
      field: 'versionNo',
      message: '版本号格式应为 主版本.次版本.修订号，例如 2.0.1',
    });
    // Another platform counts on its own; a scheduled release is not the latest yet.
    expect((await admin.json('POST', sys('version'), { body: { versionNo: '1.0.0', platform: 'android' } })).code).toBe(0);
    await admin.json('POST', sys('version'), { body: { versionNo: '2.1.0', publishedAt: new Date(Date.now() + 86400_000).toISOString() } });
    expect((await mgr.json('GET', sys('version/latest?platform=web'))).body.versionNo).toBe('2.0.10');
    expect((await mgr.json('GET', sys('version/latest?platform=android'))).body.versionNo).toBe('1.0.0');
    expect((await new Client(s).json('GET', sys('version/latest'))).status).toBe(401);

    const list = await admin.json('POST', sys('version/list'), { body: { platform: 'web' } });
    expect(list.body.data.map((v: { versionNo: string }) => v.versionNo)).toEqual(['2.1.0', '2.0.10', '2.0.0']);
    const edited = await admin.json('PUT', sys(`version/${v2.body.id}`), { body: { content: '修复若干问题', force: false, version: 1 } });
    expect(edited.body).toMatchObject({ content: '修复若干问题', force: false, versionNo: '2.0.10', version: 2 });
    expect((await admin.json('PUT', sys(`version/${v2.body.id}`), { body: { content: 'x', force: true, version: 1 } })).code).toBe(Code.CONFLICT);
    expect((await admin.json('GET', sys(`version/${v1.body.id}`))).body.content).toBe('首个版本');
    expect((await admin.json('DELETE', sys(`version/${v1.body.id}`))).body).toEqual({ deleted: 1 });
    expect((await admin.json('DELETE', sys(`version/${v1.body.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await mgr.json('POST', sys('version/list'), { body: {} })).code).toBe(Code.FORBIDDEN);
    expect((await mgr.json('POST', sys('version'), { body: { versionNo: '9.0.0' } })).code).toBe(Code.FORBIDDEN);
  });
});

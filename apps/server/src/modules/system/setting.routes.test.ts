import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import { Code } from '@venue/contract';
import { Client, databases, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { computeSign } from '../../platform/keys.ts';
import { seedDemo } from './demo.seed.ts';
import { imageFormat, imageSize } from './setting.image.ts';

const png = (w: number, h: number) => createCanvas(w, h).toBuffer('image/png');
const jpeg = (w: number, h: number) => createCanvas(w, h).toBuffer('image/jpeg');

/** A valid small PNG whose header declares any size (a decompression bomb for whoever decodes it). */
function declaredPng(w: number, h: number): Buffer {
  const b = Buffer.from(png(1, 1));
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  b.writeUInt32BE(zlib.crc32(b.subarray(12, 29)), 29);
  return b;
}

/** A 24-bit BMP (BITMAPINFOHEADER), rows bottom-up. */
function bmp(w: number, h: number): Buffer {
  const row = Math.ceil((w * 3) / 4) * 4;
  const b = Buffer.alloc(54 + row * h);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(w, 18);
  b.writeInt32LE(h, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  return b;
}

/** An ICO holding one PNG image. */
function ico(w: number, h: number): Buffer {
  const img = png(w, h);
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head[6] = w >= 256 ? 0 : w;
  head[7] = h >= 256 ? 0 : h;
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(img.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, img]);
}

/** multipart/form-data as a browser sends it; the Sign covers the path (query included). */
async function upload(
  s: TestServer,
  c: Client,
  url: string,
  file: { data: Buffer; name: string; type?: string } | null,
  fields: Record<string, string> = {},
  lang = 'zh-CN',
) {
  const boundary = '----venue' + crypto.randomBytes(8).toString('hex');
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const ts = String(Math.floor(Date.now() / 1000));
  const res = await s.app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      lang,
      timestamp: ts,
      sign: computeSign(s.app.ctx.keys.signKey, ts, 'GET', url, ''),
      'x-xsrf-token': c.cookies.get('XSRF-TOKEN') ?? '',
      ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
    },
    cookies: Object.fromEntries(c.cookies),
  });
  return { ...res.json(), status: res.statusCode };
}

describe('image headers', () => {
  it('reads format and size from content for jpg, png, bmp and ico', () => {
    for (const [buf, fmt] of [
      [jpeg(320, 200), 'jpg'],
      [png(33, 17), 'png'],
      [bmp(7, 5), 'bmp'],
      [ico(32, 32), 'ico'],
    ] as const) {
      expect(imageFormat(buf)).toBe(fmt);
      expect(imageSize(buf, fmt)).toEqual(
        fmt === 'jpg'
          ? { width: 320, height: 200 }
          : fmt === 'png'
            ? { width: 33, height: 17 }
            : fmt === 'bmp'
              ? { width: 7, height: 5 }
              : { width: 32, height: 32 },
      );
    }
    expect(imageFormat(Buffer.from('GIF89a......................'))).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0, 0, 0]), 'jpg')).toBeNull();
  });
});

describe.each(databases)('branding settings on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    admin = new Client(s);
    await admin.login();
  });
  afterAll(async () => s?.close());

  it('uploads images checked by size, content and recommended dimensions, and serves them', async () => {
    const ok = await upload(s, admin, sys('setting/upload?kind=logo'), { data: png(160, 160), name: 'logo.png', type: 'image/png' });
    expect(ok.code).toBe(0);
    expect(ok.body).toMatchObject({ format: 'png', width: 160, height: 160, recommended: { width: 160, height: 160 } });
    expect(ok.body.url).toMatch(/^\/files\/[a-f0-9]{64}\.png$/);
    const file = await s.app.inject({ url: ok.body.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.rawPayload.equals(png(160, 160))).toBe(true);

    // The kind may come as a form field; the format comes from the content, not the name.
    const bg = await upload(s, admin, sys('setting/upload'), { data: jpeg(800, 600), name: 'bg.png' }, { kind: 'bg' });
    expect(bg.code).toBe(Code.OK_NOTICE);
    expect(bg.msg).toBe('上传成功；登录背景图建议尺寸为 1920x1080，当前图片为 800x600');
    expect(bg.body.url).toMatch(/\.jpg$/);
    const tab = await upload(s, admin, sys('setting/upload?kind=tab'), { data: ico(32, 32), name: 'favicon.ico' });
    expect(tab.code).toBe(0);
    const tabBmp = await upload(s, admin, sys('setting/upload?kind=tab'), { data: bmp(16, 16), name: 'x.bmp' }, {}, 'en-US');
    expect(tabBmp.msg).toBe('Uploaded; the recommended size for the tab icon is 32x32, this image is 16x16');

    const big = await upload(s, admin, sys('setting/upload?kind=logo'), { data: Buffer.concat([png(160, 160), Buffer.alloc(1024 * 1024)]), name: 'big.png' });
    expect(big.code).toBe(Code.INVALID);
    expect(big.msg).toBe('系统 logo不能超过 1M');
    const huge = await upload(
      s,
      admin,
      sys('setting/upload?kind=bg'),
      { data: Buffer.concat([jpeg(1920, 1080), Buffer.alloc(5 * 1024 * 1024)]), name: 'huge.jpg' },
      {},
      'en-US',
    );
    expect(huge.msg).toBe('The login background must not be larger than 5M');
    const gif = await upload(s, admin, sys('setting/upload?kind=logo'), { data: Buffer.from('GIF89a' + 'x'.repeat(100)), name: 'fake.png' });
    expect(gif.msg).toBe('图片格式只能是 jpg、png、bmp 或 ico');
    // A small file declaring absurd dimensions is refused, not stored with a notice.
    const absurd = await upload(s, admin, sys('setting/upload?kind=bg'), { data: declaredPng(100_000, 100_000), name: 'bomb.png' });
    expect(absurd.code).toBe(Code.INVALID);
    expect(absurd.msg).toBe('图片尺寸 100000x100000 超出登录背景图允许的最大尺寸 7680x7680');
    expect((await upload(s, admin, sys('setting/upload?kind=tab'), { data: declaredPng(257, 32), name: 'wide.png' }, {}, 'en-US')).msg).toBe(
      'The image is 257x32; the tab icon may be at most 256x256',
    );
    const broken = await upload(s, admin, sys('setting/upload?kind=logo'), { data: png(10, 10).subarray(0, 16), name: 'cut.png' });
    expect(broken.msg).toContain('损坏');
    expect((await upload(s, admin, sys('setting/upload?kind=poster'), { data: png(10, 10), name: 'a.png' })).code).toBe(Code.INVALID);
    expect((await upload(s, admin, sys('setting/upload?kind=logo'), null)).msg).toBe('请选择要上传的图片');

    expect((await s.app.inject({ url: '/files/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
    expect((await s.app.inject({ url: `/files/${'0'.repeat(64)}.png` })).statusCode).toBe(404);
  });

  it('saves the branding JSON, read back by the public configKey call', async () => {
    const cur = await admin.json('GET', sys('setting'));
    expect(cur.body).toMatchObject({ enable: false, systemName: '', version: 1 });
    const logo = await upload(s, admin, sys('setting/upload?kind=logo'), { data: png(160, 160), name: 'logo.png' });
    const next = {
      enable: true,
      loginName: '场馆登录',
      loginBg: '',
      copyright: '粤ICP备00000000号',
      logo: logo.body.url,
      systemName: '场馆运营管理平台',
      tabsName: '场馆运营',
      tabsLogo: '',
      version: cur.body.version,
    };
    const saved = await admin.json('PUT', sys('setting'), { body: next });
    expect(saved.code).toBe(0);
    expect(saved.body).toMatchObject({ enable: true, logo: logo.body.url, version: 2 });
    const pub = await new Client(s).json('GET', sys('config/configKey/system_settings'));
    expect(JSON.parse(pub.body)).toMatchObject({ enable: true, tabsName: '场馆运营', tabsLogo: '', logo: logo.body.url });
    const same = await admin.json('PUT', sys('setting'), { body: { ...next, version: 2 } });
    expect(same.code).toBe(Code.OK_NOTICE);
    expect(same.msg).toBe('没有变化，无需保存');
    expect((await admin.json('PUT', sys('setting'), { body: { ...next, tabsName: 'x', version: 1 } })).code).toBe(Code.CONFLICT);
    const foreign = await admin.json('PUT', sys('setting'), { body: { ...next, logo: 'https://evil.example/x.png', version: 2 } });
    expect(foreign.code).toBe(Code.INVALID);
    expect(foreign.detail[0]).toEqual({ field: 'logo', message: '图片地址必须是上传后得到的地址' });
    expect((await admin.json('PUT', sys('setting'), { body: { ...next, systemName: 'x'.repeat(51), version: 2 } })).detail[0].field).toBe('systemName');
  });

  it('checks permissions and keeps branding to the platform organisation', async () => {
    const anon = new Client(s);
    expect((await anon.json('GET', sys('setting'))).status).toBe(401);
    expect((await upload(s, anon, sys('setting/upload?kind=logo'), { data: png(160, 160), name: 'a.png' })).status).toBe(401);
    const mgr = new Client(s);
    await mgr.login('manager', 'Demo@2020');
    expect((await mgr.json('GET', sys('setting'))).code).toBe(Code.FORBIDDEN);
    expect((await upload(s, mgr, sys('setting/upload?kind=logo'), { data: png(160, 160), name: 'a.png' })).code).toBe(Code.FORBIDDEN);
    const logs = await s.database.query<{ action: string }>(`select action from sys_oper_log where module = 'setting' order by id`);
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['upload', 'edit']));
  });
});

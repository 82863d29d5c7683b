import { createHash, createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code, type Envelope } from '@venue/contract';
import { normaliseConfig, setConfig } from '../config.ts';
import { computeSign, hmacSha256Fallback, sha256, toHex } from '../crypto.ts';
import { i18n, t, type MessageKey } from '../i18n.ts';
import { setNotifier, type ProgressNote } from '../notify.ts';
import { setLang } from '../prefs.ts';
import {
  ApiError,
  buildQuery,
  classifyResponse,
  downloadFile,
  filenameFromDisposition,
  joinUrl,
  onSessionExpired,
  request,
  requestRaw,
  signTarget,
  withQuery,
} from '../request.ts';

const env = (code: number, msg = '', body: unknown = null, detail: unknown = null): Envelope => ({
  code,
  msg,
  detail,
  head: { level: 'info' },
  body,
});

const nodeSign = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

describe('Sign', () => {
  it('matches HMAC-SHA256 over timestamp + "\\n" + path with query for GET (known vector)', async () => {
    const expected = nodeSign('k', '1700000000\n/api/x?a=1');
    expect(await computeSign('k', '1700000000', 'GET', '/api/x?a=1', null)).toBe(expected);
  });

  it('covers the path for DELETE and the raw body for POST/PUT ("" when none)', async () => {
    expect(await computeSign('k', '1700000000', 'DELETE', '/api/system/user/1,2', null)).toBe(nodeSign('k', '1700000000\n/api/system/user/1,2'));
    const body = '{"loginName":"admin","password":"x"}';
    expect(await computeSign('secret', '1700000001', 'POST', '/api/auth/login', body)).toBe(nodeSign('secret', `1700000001\n${body}`));
    expect(await computeSign('secret', '1700000001', 'PUT', '/api/auth/session/org', null)).toBe(nodeSign('secret', '1700000001\n'));
  });

  it('has a pure-JS fallback for origins without crypto.subtle', () => {
    const enc = new TextEncoder();
    expect(toHex(sha256(enc.encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(sha256(new Uint8Array(0)))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const long = 'x'.repeat(1000) + '中文';
    expect(toHex(sha256(enc.encode(long)))).toBe(createHash('sha256').update(long).digest('hex'));
    const key = 'k'.repeat(100);
    expect(toHex(hmacSha256Fallback(enc.encode(key), enc.encode('1700000000\n/api/x?a=1')))).toBe(nodeSign(key, '1700000000\n/api/x?a=1'));
    expect(toHex(hmacSha256Fallback(enc.encode('k'), enc.encode('1700000000\n/api/x?a=1')))).toBe(nodeSign('k', '1700000000\n/api/x?a=1'));
  });
});

describe('url helpers', () => {
  it('folds GET params into the url', () => {
    expect(buildQuery({ a: 1, b: 'x y', c: undefined, d: null, e: [1, 2], f: true })).toBe('?a=1&b=x%20y&e=1&e=2&f=true');
    expect(buildQuery({})).toBe('');
    expect(withQuery('/api/x?a=1', { b: 2 })).toBe('/api/x?a=1&b=2');
    expect(withQuery('/api/x', undefined)).toBe('/api/x');
  });

  it('prepends the config.xml base and signs the path as sent', () => {
    expect(joinUrl('', '/api/x')).toBe('/api/x');
    expect(joinUrl('http://10.0.0.5:8080/', '/api/x')).toBe('http://10.0.0.5:8080/api/x');
    expect(signTarget('/api/system/user/getInfo/?id=1', 'http://localhost')).toBe('/api/system/user/getInfo/?id=1');
    expect(signTarget('http://gw.example/gw/api/x?a=1', 'http://localhost')).toBe('/gw/api/x?a=1');
  });
});

describe('error mapping (spec 8)', () => {
  beforeEach(() => setLang('en-US'));
  const tr = (k: MessageKey, o?: Record<string, unknown>) => t(k, o);

  it('names a shell text by a key its messages have: a missing key fails the typecheck', () => {
    // @ts-expect-error -- messages.zh-CN.ts has no such key (the typecheck of this file fails if it is accepted)
    expect(t('request.noSuchText')).toBe('request.noSuchText');
    expect(t('request.unknown')).toBe('Unknown error');
  });

  it('treats 0 as success and 103005 as success with a notice', () => {
    expect(classifyResponse(200, env(0), tr)).toEqual({ kind: 'ok' });
    expect(classifyResponse(200, env(103005, 'Saved; 2 rows skipped'), tr)).toEqual({ kind: 'ok', notice: 'Saved; 2 rows skipped' });
  });

  it('rejects any other code on HTTP 200 with a popup of msg', () => {
    expect(classifyResponse(200, env(Code.INVALID, 'Name cannot be empty'), tr)).toEqual({ kind: 'popup', message: 'Name cannot be empty' });
    expect(classifyResponse(200, env(Code.CONFLICT, 'Changed by someone else'), tr)).toEqual({
      kind: 'popup',
      message: 'Changed by someone else',
    });
    expect(classifyResponse(200, env(Code.LOCKED, ''), tr)).toEqual({ kind: 'popup', message: 'The operation failed (code 100423)' });
  });

  it("adds a server fault's request id to its popup, for support to find the log lines", () => {
    const fault: Envelope = { ...env(Code.INTERNAL, 'Server error'), head: { level: 'error', requestId: 'desk-7-req-42' } };
    expect(classifyResponse(500, fault, tr)).toEqual({ kind: 'popup', message: 'Server error (request desk-7-req-42: quote it to support)' });
    expect(classifyResponse(400, { ...env(Code.INVALID, 'Bad'), head: { level: 'error', requestId: 'x' } }, tr)).toEqual({ kind: 'popup', message: 'Bad' });
  });

  it('shows no popup for 411001, 969600 and 200003', () => {
    for (const c of [Code.CAPTCHA_REQUIRED, Code.FORM_INVALID, Code.PASSWORD_CHANGE_REQUIRED])
      expect(classifyResponse(200, env(c, 'x'), tr)).toEqual({ kind: 'silent' });
  });

  it('100405 and HTTP 401 mean session expired, with the default text when msg is empty', () => {
    expect(classifyResponse(401, env(Code.SESSION_EXPIRED, ''), tr)).toEqual({
      kind: 'expired',
      message: 'Session or authentication expired, please log in again',
      redirectUri: undefined,
    });
    expect(classifyResponse(200, env(Code.SESSION_EXPIRED, 'Signed out elsewhere', { redirectUri: '/sso/start' }), tr)).toEqual({
      kind: 'expired',
      message: 'Signed out elsewhere',
      redirectUri: '/sso/start',
    });
    expect(classifyResponse(401, null, tr).kind).toBe('expired');
  });

  it('100420 falls back to "no permission to access the resource"', () => {
    expect(classifyResponse(200, env(Code.FORBIDDEN, ''), tr)).toEqual({ kind: 'popup', message: 'No permission to access the resource' });
    expect(classifyResponse(200, env(Code.FORBIDDEN, 'Not yours'), tr)).toEqual({ kind: 'popup', message: 'Not yours' });
  });

  it('HTTP 403 is "please enter valid characters"', () => {
    expect(classifyResponse(403, env(Code.INVALID, 'whatever'), tr)).toEqual({ kind: 'popup', message: 'Please enter valid characters' });
  });

  it('maps known HTTP statuses to localised texts with an unknown fallback', () => {
    expect(classifyResponse(502, null, tr)).toEqual({ kind: 'popup', message: 'Bad gateway' });
    expect(classifyResponse(418, null, tr)).toEqual({ kind: 'popup', message: 'Unknown error' });
    setLang('zh-CN');
    expect(classifyResponse(404, null, tr)).toEqual({ kind: 'popup', message: '请求的资源不存在' });
    expect(classifyResponse(200, env(Code.FORBIDDEN, ''), tr)).toEqual({ kind: 'popup', message: '没有权限访问该资源' });
  });
});

describe('file name from Content-Disposition', () => {
  it('prefers filename*=UTF-8', () => {
    expect(filenameFromDisposition(`attachment; filename="users.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7%E5%88%97%E8%A1%A8.xlsx`)).toBe('用户列表.xlsx');
    expect(filenameFromDisposition(`attachment; filename*=utf-8''report%202020.xlsx`)).toBe('report 2020.xlsx');
  });

  it('reads quoted and bare filename=', () => {
    expect(filenameFromDisposition('attachment; filename="login log.xlsx"')).toBe('login log.xlsx');
    expect(filenameFromDisposition('attachment; filename=data.txt')).toBe('data.txt');
    expect(filenameFromDisposition('attachment; filename="a\\"b.txt"')).toBe('a"b.txt');
    expect(filenameFromDisposition('attachment; filename="%E6%97%A5%E5%BF%97.xlsx"')).toBe('日志.xlsx');
  });

  it('strips paths and handles absence', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('inline')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});

describe('request() against a stubbed fetch', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const errors: string[] = [];
  let answer: () => Response;

  beforeEach(() => {
    calls.length = 0;
    errors.length = 0;
    setLang('zh-CN');
    setConfig(normaliseConfig({ signKey: 'k', timeout: 5000 }, ''));
    setNotifier({ error: (m) => errors.push(m), success: () => {}, warning: () => {}, info: () => {} });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNotifier(null);
  });

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  it('sends the headers of 7.1 and a Sign over the path with query', async () => {
    answer = () => json(200, env(0, '', { ok: true }));
    const body = await request({ url: '/api/system/user/getInfo/', params: { id: 1 } });
    expect(body).toEqual({ ok: true });
    const { url, init } = calls[0]!;
    expect(url).toBe('/api/system/user/getInfo/?id=1');
    const h = init.headers as Record<string, string>;
    expect(h.Accept).toBe('application/json');
    expect(h['Content-Type']).toBe('application/json');
    expect(h.Lang).toBe('zh-CN');
    expect(h.Timestamp).toMatch(/^\d{10}$/);
    expect(h.Sign).toBe(nodeSign('k', `${h.Timestamp}\n/api/system/user/getInfo/?id=1`));
    expect(init.body).toBeUndefined();
  });

  it('signs the exact JSON body of a POST and follows the language', async () => {
    setLang('en-US');
    answer = () => json(200, env(0, '', [1]));
    await request({ url: '/api/system/user/list', method: 'POST', data: { pageNum: 1, name: '张三' } });
    const { init } = calls[0]!;
    const h = init.headers as Record<string, string>;
    expect(init.body).toBe('{"pageNum":1,"name":"张三"}');
    expect(h.Lang).toBe('en-US');
    expect(h.Sign).toBe(nodeSign('k', `${h.Timestamp}\n${init.body as string}`));
  });

  it('rejects a business error unchanged and shows msg', async () => {
    answer = () => json(200, env(Code.INVALID, '名称不能为空', null, [{ field: 'name', message: '不能为空' }]));
    const err = await request({ url: '/api/x', method: 'POST', data: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(Code.INVALID);
    expect((err as ApiError).msg).toBe('名称不能为空');
    expect((err as ApiError).detail).toEqual([{ field: 'name', message: '不能为空' }]);
    await new Promise((r) => setTimeout(r, 5));
    expect(errors).toEqual(['名称不能为空']);
  });

  it('shows an error once: no popup when the caller shows it in place', async () => {
    answer = () => json(200, env(Code.INVALID, '名称不能为空', null, [{ field: 'name', message: '不能为空' }]));
    await request({ url: '/api/x', method: 'POST', data: {} }).catch((e: unknown) => (e as ApiError).showInPlace());
    await new Promise((r) => setTimeout(r, 5));
    expect(errors).toEqual([]);
  });

  it('keeps silent codes silent but still rejects, with the response headers', async () => {
    answer = () => json(200, env(Code.PASSWORD_CHANGE_REQUIRED, '请修改密码', { userName: 'a', userId: 1 }), { authorization: 'tok' });
    const err = (await requestRaw({ url: '/api/auth/login', method: 'POST', data: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    expect(err.headers?.get('authorization')).toBe('tok');
    expect(errors).toEqual([]);
  });

  it('hands session expiry to the shell once', async () => {
    const expired: (string | undefined)[] = [];
    onSessionExpired((_m, uri) => expired.push(uri ?? 'login'));
    answer = () => json(401, env(Code.SESSION_EXPIRED, ''));
    await Promise.allSettled([request({ url: '/api/a' }), request({ url: '/api/b' })]);
    expect(expired).toEqual(['login']);
    expect(errors).toEqual(['会话或认证已过期，请重新登录']);
  });

  it('reports a time-out after config.timeout', async () => {
    setConfig(normaliseConfig({ signKey: 'k', timeout: 20 }, ''));
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_res, rej) => init.signal?.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError')))),
    );
    const err = (await request({ url: '/api/slow' }).catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('timeout');
    expect(errors).toEqual([i18n.t('request.timeout')]);
  });

  describe('downloadFile of an export', () => {
    const notes: ProgressNote[] = [];
    beforeEach(() => {
      notes.length = 0;
      setNotifier({ error: (m) => errors.push(m), success: () => {}, warning: () => {}, info: () => {}, progress: (n) => notes.push(n) });
      // Saving needs a link to click (no DOM in these tests).
      vi.stubGlobal('document', { cookie: '', createElement: () => ({ click: () => {}, remove: () => {} }), body: { appendChild: () => {} } });
    });
    /** An xlsx answer whose body arrives in `chunks` (then fails when `cut`). */
    const file = (headers: Record<string, string>, chunks: number[], cut = false) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(c) {
            for (const n of chunks) c.enqueue(new Uint8Array(n));
            if (cut) c.error(new Error('connection reset'));
            else c.close();
          },
        }),
        { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ...headers } },
      );

    it('shows a large export’s progress against the expected size, then its row count', async () => {
      answer = () => file({ 'x-total-rows': '6000', 'x-expected-bytes': '4000' }, [1000, 1000, 1000, 1200]);
      await downloadFile({ url: '/api/x/export', method: 'POST', data: {} }, 'x.xlsx');
      expect(notes.map((n) => [n.status, n.percent])).toEqual([
        ['active', 0],
        ['active', 25],
        ['active', 50],
        ['active', 75],
        ['active', 99],
        ['success', 100],
      ]);
      expect(new Set(notes.map((n) => n.key)).size).toBe(1);
      expect(notes[1]!.text).toBe('共 6,000 行，已接收 1 KB');
      expect(notes.at(-1)!.text).toBe('导出完成：共 6,000 行');
      expect(errors).toEqual([]);
    });

    it('says a cut-off export failed, once, and saves nothing; small exports show no progress', async () => {
      answer = () => file({ 'x-total-rows': '6000', 'content-length': '4000' }, [1000], true);
      const err = await downloadFile({ url: '/api/x/export', method: 'POST', data: {} }, 'x.xlsx').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(notes.at(-1)).toMatchObject({ status: 'exception', text: '下载中断，文件不完整，请重试' });
      expect(errors).toEqual([]);

      notes.length = 0;
      answer = () => file({ 'x-total-rows': '12' }, [500]);
      await downloadFile({ url: '/api/x/export', method: 'POST', data: {} }, 'x.xlsx');
      expect(notes).toEqual([]);
    });
  });
});

describe('body encryption', () => {
  it('produces b64(RSA-OAEP-SHA256(aesKey)).b64(iv).b64(AES-256-GCM ciphertext||tag) the server can open', async () => {
    const { generateKeyPairSync, privateDecrypt, createDecipheriv, constants } = await import('node:crypto');
    const { encryptPayload } = await import('../crypto.ts');
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const plain = JSON.stringify({ loginName: '管理员', password: 'Admin@12345' });
    const payload = await encryptPayload(plain, pem);
    const [k, iv, data] = payload.split('.');
    expect(Buffer.from(iv!, 'base64')).toHaveLength(12);
    const aesKey = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(k!, 'base64'));
    expect(aesKey).toHaveLength(32);
    const buf = Buffer.from(data!, 'base64');
    const d = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(iv!, 'base64'));
    d.setAuthTag(buf.subarray(buf.length - 16));
    expect(Buffer.concat([d.update(buf.subarray(0, buf.length - 16)), d.final()]).toString('utf8')).toBe(plain);
  });
});

describe('body encryption without WebCrypto (plain http on a LAN address)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('encrypts with node-forge in the same format the server opens', async () => {
    const { generateKeyPairSync, privateDecrypt, createDecipheriv, constants, webcrypto } = await import('node:crypto');
    // The browser's crypto on an insecure origin: random values, no subtle.
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(a: T) => webcrypto.getRandomValues(a as never) as T });
    const { encryptPayload, hasWebCrypto } = await import('../crypto.ts');
    expect(hasWebCrypto()).toBe(false);
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const plain = JSON.stringify({ loginName: '前台', password: 'Pa55-word!' });
    const [k, iv, data] = (await encryptPayload(plain, publicKey.export({ type: 'spki', format: 'pem' }).toString())).split('.');
    const aesKey = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(k!, 'base64'));
    const buf = Buffer.from(data!, 'base64');
    const d = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(iv!, 'base64'));
    d.setAuthTag(buf.subarray(buf.length - 16));
    expect(Buffer.concat([d.update(buf.subarray(0, buf.length - 16)), d.final()]).toString('utf8')).toBe(plain);
  });
});

describe('encrypted request', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends {"payload": ...} and signs the encrypted string actually sent', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    setConfig(normaliseConfig({ signKey: 'k', encrypt: true, publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() }, ''));
    let sent: RequestInit | undefined;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent = init;
      return new Response(JSON.stringify(env(0)), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await request({ url: '/api/auth/login', method: 'POST', data: { loginName: 'admin' } });
    const body = sent!.body as string;
    expect(Object.keys(JSON.parse(body))).toEqual(['payload']);
    expect((JSON.parse(body) as { payload: string }).payload.split('.')).toHaveLength(3);
    const h = sent!.headers as Record<string, string>;
    expect(h.Sign).toBe(nodeSign('k', `${h.Timestamp}\n${body}`));
  });
});

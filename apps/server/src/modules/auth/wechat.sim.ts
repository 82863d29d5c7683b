/**
 * A local simulator of the WeChat Open Platform's website sign-in (OAuth2, scope snsapi_login), for
 * tests and the demo (`SEED_DEMO=1`), like the payment simulators. It speaks the real protocol:
 *
 * - `GET /connect/qrconnect?appid&redirect_uri&response_type=code&scope=snsapi_login&state`: the QR
 *   page. Where a phone would scan and confirm, the page has a "scan and confirm" button and a
 *   field naming the simulated WeChat user; confirming sends the browser to
 *   `redirect_uri?code=…&state=…` (the code lives five minutes and works once);
 * - `GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code`: the exchange,
 *   answering `{access_token, expires_in, refresh_token, openid, scope, unionid}` or
 *   `{errcode, errmsg}` (40013 bad appid, 40125 bad secret, 40002 bad grant type, 40029 bad code,
 *   40163 code used);
 * - `GET /sns/userinfo?access_token&openid`: the profile, or 40001 / 40003.
 *
 * One WeChat user's openid is fixed per app and user name (as WeChat's is), the unionid per user.
 * Never started unless asked.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WechatLoginSim {
  url: string;
  appId: string;
  secret: string;
  /** The openid and unionid WeChat gives this simulated user in this app. */
  identityOf(user: string): { openid: string; unionid: string };
  /** What a phone's scan and confirm does: the address the browser is sent back to, with code and state. */
  confirm(qrconnectUrl: string, user: string): string;
  /** The next token exchange answers this errcode. */
  failNextExchange(errcode: number, errmsg: string): void;
  close(): Promise<void>;
}

const hash = (s: string) => crypto.createHash('sha256').update(s).digest('base64url');
const token = () => crypto.randomBytes(24).toString('base64url');
const CODE_TTL_MS = 5 * 60_000;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A QR-looking picture of the ticket (the simulator's QR is never scanned by a real phone). */
function fakeQr(seed: string): string {
  const bits = crypto.createHash('sha512').update(seed).digest();
  const n = 21;
  const cells: string[] = [];
  const finder = (x: number, y: number) => [0, n - 7].some((ox) => [0, n - 7].some((oy) => !(ox && oy) && x >= ox && x < ox + 7 && y >= oy && y < oy + 7));
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      let on: boolean;
      if (finder(x, y)) {
        const fx = x < 7 ? x : x - (n - 7);
        const fy = y < 7 ? y : y - (n - 7);
        on = fx === 0 || fx === 6 || fy === 0 || fy === 6 || (fx >= 2 && fx <= 4 && fy >= 2 && fy <= 4);
      } else on = ((bits[(y * n + x) % bits.length]! >> (x % 8)) & 1) === 1;
      if (on) cells.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`);
    }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 25 25" width="220" height="220" role="img" aria-label="QR"><rect x="-2" y="-2" width="25" height="25" fill="#fff"/><g fill="#111">${cells.join('')}</g></svg>`;
}

function page(ticket: string, appId: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>微信登录 (simulator)</title>
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;background:#333;color:#fff;display:flex;justify-content:center;padding-top:48px}
main{text-align:center;max-width:360px}.qr{background:#fff;padding:12px;display:inline-block;border-radius:4px}
label{display:block;margin:16px 0 8px}input{padding:6px 8px;font-size:15px}button{margin-top:12px;padding:10px 24px;font-size:16px;background:#07c160;color:#fff;border:0;border-radius:4px;cursor:pointer}
small{color:#bbb;display:block;margin-top:16px}</style></head><body><main>
<h1>微信登录 · WeChat sign-in</h1><div class="qr">${fakeQr(ticket)}</div>
<p>请使用微信扫描二维码登录<br>Scan the QR code with WeChat</p>
<form method="get" action="/connect/confirm">
<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">
<label for="user">模拟的微信用户 · Simulated WeChat user</label><input id="user" name="user" value="manager" maxlength="32" required>
<br><button type="submit">扫码并确认 · Scan and confirm</button></form>
<small>本地模拟器 · local simulator · appid ${escapeHtml(appId)}</small></main></body></html>`;
}

export async function startWechatLoginSimulator(opts: { appId?: string; secret?: string; port?: number } = {}): Promise<WechatLoginSim> {
  const appId = opts.appId ?? 'wx' + crypto.randomBytes(8).toString('hex');
  const secret = opts.secret ?? crypto.randomBytes(16).toString('hex');
  const tickets = new Map<string, { redirectUri: string; state: string }>();
  const codes = new Map<string, { user: string; expiresAt: number; used: boolean }>();
  const tokens = new Map<string, { user: string; expiresAt: number }>();
  let failNext: { errcode: number; errmsg: string } | undefined;

  const identityOf = (user: string) => ({ openid: 'o' + hash(`${appId}:${user}`).slice(0, 27), unionid: 'u' + hash(`union:${user}`).slice(0, 27) });

  /** Checks a qrconnect request and answers its ticket, or the error text WeChat shows. */
  const openTicket = (q: URLSearchParams): { ticket: string } | { error: string } => {
    if (q.get('appid') !== appId) return { error: 'appid 参数错误 (invalid appid)' };
    if (q.get('response_type') !== 'code' || q.get('scope') !== 'snsapi_login') return { error: 'scope 参数错误或没有 scope 权限 (invalid scope)' };
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!/^https?:\/\//.test(redirectUri)) return { error: 'redirect_uri 参数错误 (invalid redirect_uri)' };
    const ticket = token();
    tickets.set(ticket, { redirectUri, state: q.get('state') ?? '' });
    return { ticket };
  };
  const confirmTicket = (ticket: string, user: string): string | undefined => {
    const t = tickets.get(ticket);
    if (!t || !user.trim()) return undefined;
    tickets.delete(ticket);
    const code = token();
    codes.set(code, { user: user.trim(), expiresAt: Date.now() + CODE_TTL_MS, used: false });
    const back = new URL(t.redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', t.state);
    return back.toString();
  };

  const json = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const err = (res: http.ServerResponse, errcode: number, errmsg: string) => json(res, { errcode, errmsg });

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    const q = url.searchParams;
    if (req.method !== 'GET') return void res.writeHead(405).end();
    if (url.pathname === '/connect/qrconnect') {
      const opened = openTicket(q);
      res.writeHead('error' in opened ? 400 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end('error' in opened ? `<!doctype html><meta charset="utf-8"><p>${escapeHtml(opened.error)}</p>` : page(opened.ticket, appId));
    }
    if (url.pathname === '/connect/confirm') {
      const back = confirmTicket(q.get('ticket') ?? '', q.get('user') ?? '');
      if (!back) return void res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('二维码已失效 (QR code expired)');
      return void res.writeHead(302, { location: back }).end();
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (failNext) {
        const f = failNext;
        failNext = undefined;
        return err(res, f.errcode, f.errmsg);
      }
      if (q.get('appid') !== appId) return err(res, 40013, 'invalid appid');
      if (q.get('secret') !== secret) return err(res, 40125, 'invalid appsecret');
      if (q.get('grant_type') !== 'authorization_code') return err(res, 40002, 'invalid grant_type');
      const c = codes.get(q.get('code') ?? '');
      if (!c || c.expiresAt < Date.now()) return err(res, 40029, 'invalid code');
      if (c.used) return err(res, 40163, 'code been used');
      c.used = true;
      const accessToken = token();
      tokens.set(accessToken, { user: c.user, expiresAt: Date.now() + 7200_000 });
      const id = identityOf(c.user);
      return json(res, { access_token: accessToken, expires_in: 7200, refresh_token: token(), openid: id.openid, scope: 'snsapi_login', unionid: id.unionid });
    }
    if (url.pathname === '/sns/userinfo') {
      const t = tokens.get(q.get('access_token') ?? '');
      if (!t || t.expiresAt < Date.now()) return err(res, 40001, 'invalid credential, access_token is invalid or not latest');
      const id = identityOf(t.user);
      if (q.get('openid') !== id.openid) return err(res, 40003, 'invalid openid');
      return json(res, { ...id, nickname: t.user, sex: 0, province: '', city: '', country: 'CN', headimgurl: '', privilege: [] });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    appId,
    secret,
    identityOf,
    confirm: (qrconnectUrl, user) => {
      const opened = openTicket(new URL(qrconnectUrl).searchParams);
      if ('error' in opened) throw new Error(opened.error);
      return confirmTicket(opened.ticket, user)!;
    },
    failNextExchange: (errcode, errmsg) => void (failNext = { errcode, errmsg }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

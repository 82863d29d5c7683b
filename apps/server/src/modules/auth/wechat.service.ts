import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { HttpAllowList, outboundRequest } from '../../platform/outbound.ts';
import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import { findVisibleUser, getPasswordStrategy } from '../system/index.ts';
import { openSession, writeLoginLog, type ClientInfo, type LoginOutcome } from './login.service.ts';
import { consumeRandomCode } from './randomcode.service.ts';
import { bindingOf, bindingOfUser, putBinding, removeBinding } from './wechat.repository.ts';
import './wechat.messages.ts';

/**
 * WeChat sign-in by QR code: the OAuth2 of the WeChat Open Platform for a website application.
 * The console sends the browser to `{openUrl}/connect/qrconnect` (appid, redirect_uri,
 * response_type=code, scope=snsapi_login, state = a randomCode of this browser); WeChat shows its
 * QR code, the user scans and confirms on the phone, and WeChat sends the browser back to the
 * redirect with `code` and `state`. The console posts both here; the server takes the state back
 * (single use, this browser, five minutes), exchanges the code at `{apiUrl}/sns/oauth2/access_token`
 * and signs in the user bound to the openid (or unionid). Binding is the same trip, made by a
 * signed-in user from their profile.
 */
export interface WechatProvider {
  appId: string;
  secret: string;
  openUrl: string;
  apiUrl: string;
  redirectBase?: string;
}

/** The provider an app uses: from the configuration, or the simulator the demo started. */
const providers = new WeakMap<FastifyInstance, WechatProvider | undefined>();

export function setWechatProvider(app: FastifyInstance, p: WechatProvider | undefined): void {
  providers.set(app, p);
}

export function wechatProviderFromConfig(cfg: Config): WechatProvider | undefined {
  const w = cfg.wechatLogin;
  if (!w.appId || !w.secret) return undefined;
  return { appId: w.appId, secret: w.secret, openUrl: w.openUrl, apiUrl: w.apiUrl, redirectBase: w.redirectBase };
}

const providerOf = (req: FastifyRequest) => providers.get(req.server);

function enabled(req: FastifyRequest): WechatProvider {
  const p = providerOf(req);
  if (!p) throw new AppError('INVALID', 'auth.wechatDisabled');
  return p;
}

const redirectBaseOf = (req: FastifyRequest, p: WechatProvider) => p.redirectBase ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;

/** The console's pages WeChat sends the browser back to. */
export const WECHAT_RETURN = { login: '/login?wechat=login', bind: '/user/info?wechat=bind' } as const;

function qrconnectUrl(req: FastifyRequest, p: WechatProvider, back: string): string {
  const u = new URL(`${p.openUrl}/connect/qrconnect`);
  u.searchParams.set('appid', p.appId);
  u.searchParams.set('redirect_uri', redirectBaseOf(req, p) + back);
  u.searchParams.set('response_type', 'code');
  u.searchParams.set('scope', 'snsapi_login');
  return u.toString();
}

/** `GET {auth}wechat/app`: what the console needs to offer the QR sign-in (no secret). */
export function wechatApp(req: FastifyRequest): { enabled: boolean; appId: string | null; loginUrl: string | null; bindUrl: string | null } {
  const p = providerOf(req);
  if (!p) return { enabled: false, appId: null, loginUrl: null, bindUrl: null };
  return { enabled: true, appId: p.appId, loginUrl: qrconnectUrl(req, p, WECHAT_RETURN.login), bindUrl: qrconnectUrl(req, p, WECHAT_RETURN.bind) };
}

/** WeChat's errcodes that mean the code itself is bad (wrong, used, missing, expired). */
const CODE_ERRCODES = new Set([40029, 40163, 41008, 42003]);

interface WechatIdentity {
  openid: string;
  unionid?: string;
  accessToken: string;
}

/**
 * One GET to WeChat through the platform's outbound client: the configured host is allowed by
 * its exact host (the administrator named it), everything else by OUTBOUND_ALLOW; no redirects,
 * time and size limits. An errcode answer becomes a localised refusal naming the errcode.
 */
async function callWechat(cfg: Config, p: WechatProvider, path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
  const u = new URL(`${p.apiUrl}${path}`);
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
  const allow = new HttpAllowList([...cfg.outbound.allow, new URL(p.apiUrl).host], 'OUTBOUND_ALLOW');
  let text: string;
  try {
    const answer = await outboundRequest(allow, u.toString(), { method: 'GET', timeoutMs: 8000, maxBytes: 64 * 1024 });
    if (answer.status !== 200) throw new Error(`HTTP ${answer.status}`);
    text = answer.text;
  } catch {
    throw new AppError('INTERNAL', 'auth.wechatUnreachable');
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new AppError('INTERNAL', 'auth.wechatUnreachable');
  }
  const errcode = Number(body.errcode ?? 0);
  if (errcode) {
    const errmsg = String(body.errmsg ?? '');
    throw new AppError('BAD_CREDENTIALS', CODE_ERRCODES.has(errcode) ? 'auth.wechatCodeInvalid' : 'auth.wechatRefused', { errcode }, { errcode, errmsg });
  }
  return body;
}

async function exchangeCode(cfg: Config, p: WechatProvider, code: string): Promise<WechatIdentity> {
  const body = await callWechat(cfg, p, '/sns/oauth2/access_token', { appid: p.appId, secret: p.secret, code, grant_type: 'authorization_code' });
  const openid = typeof body.openid === 'string' ? body.openid : '';
  const accessToken = typeof body.access_token === 'string' ? body.access_token : '';
  if (!openid || !accessToken) throw new AppError('INTERNAL', 'auth.wechatUnreachable');
  return { openid, accessToken, unionid: typeof body.unionid === 'string' && body.unionid ? body.unionid : undefined };
}

async function nicknameOf(cfg: Config, p: WechatProvider, id: WechatIdentity): Promise<string | null> {
  try {
    const info = await callWechat(cfg, p, '/sns/userinfo', { access_token: id.accessToken, openid: id.openid });
    return typeof info.nickname === 'string' ? info.nickname.slice(0, 64) : null;
  } catch {
    return null; // the profile is a courtesy: binding works without it
  }
}

const stateRefused = () => new AppError('BAD_CREDENTIALS', 'auth.wechatState');

/** `POST {auth}wechat/login`: the browser is back from WeChat with a code and the state it took there. */
export async function wechatLogin(db: Db, cfg: Config, req: FastifyRequest, input: { code: string; state: string }, client: ClientInfo): Promise<LoginOutcome> {
  const p = enabled(req);
  const log = (code: number, msg: string, userId?: number | null, orgId?: number | null) =>
    writeLoginLog(db, {
      loginName: 'wechat',
      userId,
      orgId,
      ip: client.ip,
      userAgent: client.userAgent,
      loginWay: 'wechat',
      success: code === 0 || code === 200003,
      code,
      msg,
    });
  if (!(await consumeRandomCode(db, req, 'wechat-login', input.state))) {
    await log(100401, 'wechat state refused');
    throw stateRefused();
  }
  let id: WechatIdentity;
  try {
    id = await exchangeCode(cfg, p, input.code);
  } catch (e) {
    await log(
      e instanceof AppError ? e.code : 100500,
      `wechat exchange failed${e instanceof AppError && e.params?.errcode ? ` (${String(e.params.errcode)})` : ''}`,
    );
    throw e;
  }
  const binding = await bindingOf(db, p.appId, id.openid, id.unionid);
  const user = binding && (await findVisibleUser(db, SYSTEM_SCOPE, binding.userId));
  if (!user) {
    await log(100401, 'wechat account not bound');
    throw new AppError('BAD_CREDENTIALS', 'auth.wechatUnbound');
  }
  if (user.status !== 0) {
    await log(100401, 'frozen or cancelled', user.id);
    throw new AppError('BAD_CREDENTIALS', 'auth.disabled');
  }
  return openSession(db, cfg, user, await getPasswordStrategy(db), client, 'wechat', log);
}

/** `POST {auth}wechat/bind`: the signed-in user binds the WeChat account they just confirmed. */
export async function wechatBind(db: Db, cfg: Config, req: FastifyRequest, userId: number, input: { code: string; state: string }): Promise<WechatBindingView> {
  const p = enabled(req);
  if (!(await consumeRandomCode(db, req, 'wechat-bind', input.state))) throw stateRefused();
  const id = await exchangeCode(cfg, p, input.code);
  const nickname = await nicknameOf(cfg, p, id);
  if (!(await putBinding(db, { userId, appId: p.appId, openid: id.openid, unionid: id.unionid ?? null, nickname }))) {
    throw conflict('duplicate', 'auth.wechatTaken', undefined, [{ field: 'wechat', message: 'auth.wechatTaken' }]);
  }
  return wechatBinding(db, req, userId);
}

export interface WechatBindingView {
  enabled: boolean;
  bound: boolean;
  nickname: string | null;
  boundAt: string | null;
}

/** `GET {auth}wechat/bind`: the caller's own binding in the configured app. */
export async function wechatBinding(db: Db, req: FastifyRequest, userId: number): Promise<WechatBindingView> {
  const p = providerOf(req);
  const row = p && (await bindingOfUser(db, userId, p.appId));
  return { enabled: !!p, bound: !!row, nickname: row?.nickname ?? null, boundAt: row ? row.createdAt.toISOString() : null };
}

/** `DELETE {auth}wechat/bind`. */
export async function wechatUnbind(db: Db, req: FastifyRequest, userId: number): Promise<void> {
  const p = enabled(req);
  await removeBinding(db, userId, p.appId);
}

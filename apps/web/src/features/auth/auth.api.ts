import type { z } from 'zod';
import { Code, type FailTimes, type LoginResult, type recoverCodeBody, type recoverResetBody, type SsoConfig, type SsoLoginResult } from '@venue/contract';
import { getConfig } from '../../app/config.ts';
import { api, download, http, isApiError, requestRaw, type RawResponse } from '../../app/request.ts';
import { saveLogin, setLoginWay } from '../../app/session.ts';

export type LoginOutcome = { status: 'ok' | 'mustChangePassword'; result: LoginResult; token: string };

function userAgent(): string {
  return typeof navigator !== 'undefined' ? navigator.userAgent : '';
}

function tokenOf(headers: Headers | null): string {
  return (headers?.get('authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
}

/**
 * Runs a login call. Success and 200003 (password must be changed: the token is issued
 * anyway) both store the session; any other failure is rethrown unchanged.
 */
export async function runLogin<R extends LoginResult = LoginResult>(
  call: () => Promise<RawResponse<R>>,
  loginWay: string | ((result: R) => string) = '1',
): Promise<LoginOutcome & { result: R }> {
  let status: LoginOutcome['status'] = 'ok';
  let result: R;
  let token: string;
  try {
    const res = await call();
    result = res.envelope.body;
    token = tokenOf(res.headers);
  } catch (err) {
    if (!isApiError(err) || err.code !== Code.PASSWORD_CHANGE_REQUIRED) throw err;
    status = 'mustChangePassword';
    result = (err.body ?? {}) as R;
    token = tokenOf(err.headers);
  }
  saveLogin(token, result.userName ?? '', result.userId ?? '');
  setLoginWay(typeof loginWay === 'function' ? loginWay(result) : loginWay);
  return { status, result, token };
}

export function loginByPassword(input: { loginName: string; password: string; authCode?: string }): Promise<LoginOutcome> {
  const cfg = getConfig();
  return runLogin(() =>
    requestRaw<LoginResult>({
      url: cfg.authPrefix + cfg.loginPath,
      method: 'POST',
      data: {
        loginName: input.loginName.trim(),
        password: input.password,
        others: {
          appSign: cfg.appSign,
          loginType: 'password',
          userAgent: userAgent(),
          authCode: (input.authCode ?? '').trim(),
        },
      },
    }),
  );
}

export function loginByPhone(input: { phoneNumber: string; authCode: string }): Promise<LoginOutcome> {
  const cfg = getConfig();
  return runLogin(() =>
    requestRaw<LoginResult>({
      url: api.auth('phone/authcode'),
      method: 'POST',
      data: {
        phoneNumber: input.phoneNumber.trim(),
        authCode: input.authCode.trim(),
        others: { appSign: cfg.appSign, userAgent: userAgent() },
      },
    }),
  );
}

export function sendSmsCode(phoneNumber: string): Promise<unknown> {
  return http.post(api.auth('SMScode'), { phoneNumber: phoneNumber.trim() });
}

/** How often this login name failed, and whether the captcha is needed (no popup on failure). */
export function fetchFailTimes(loginName: string): Promise<FailTimes> {
  return http.post<FailTimes>(api.system('user/login/getFailTimes/'), { loginName: loginName.trim() }, { silent: true });
}

/** A new image code as an object URL (the caller revokes it). */
export async function fetchCaptcha(): Promise<string> {
  const d = await download({ url: api.auth('code.jpg'), method: 'GET', params: { t: Date.now() }, silent: true });
  return URL.createObjectURL(d.blob);
}

/** Choice rule of spec 5: a phone number present means phone login, else login-name login. */
export function chooseLoginMethod(values: { phoneNumber?: string | null }): 'phone' | 'password' {
  return values.phoneNumber && values.phoneNumber.trim() ? 'phone' : 'password';
}

// ---------------------------------------------------------------- single sign-on

export type SsoResult = SsoLoginResult;

/** GET {auth}sso/config: whether SSO is configured and allowed by the login policy. */
export function fetchSsoConfig(): Promise<SsoConfig> {
  return http.get<SsoConfig>(api.auth('sso/config'), undefined, { silent: true });
}

/** GET {auth}sso/authorize?redirect=: the identity provider's authorization URL. */
export function fetchSsoAuthorizeUrl(redirect: string | null): Promise<{ url: string }> {
  return http.get<{ url: string }>(api.auth('sso/authorize'), redirect ? { redirect } : undefined, { timeout: 15_000 });
}

const ssoWay = (r: SsoResult) => r.loginWay || 'sso';

/** POST {auth}sso/callback {code, state}: finishes the sign-on the provider sent back. */
export function ssoCallback(input: { code: string; state: string; iss?: string; session_state?: string }) {
  return runLogin<SsoResult>(() => requestRaw<SsoResult>({ url: api.auth('sso/callback'), method: 'POST', data: input, timeout: 15_000 }), ssoWay);
}

/** POST {auth}sso/token {token}: signs in with a token handed over by a portal. */
export function ssoToken(token: string) {
  return runLogin<SsoResult>(() => requestRaw<SsoResult>({ url: api.auth('sso/token'), method: 'POST', data: { token }, timeout: 15_000 }), ssoWay);
}

// ---------------------------------------------------------------- password recovery

export type RecoveryChannel = z.input<typeof recoverCodeBody>['channel'];

/** POST {auth}recover/code {loginName, channel}: the answer never tells whether the name exists. */
export function requestRecoveryCode(loginName: string, channel: RecoveryChannel): Promise<RawResponse<null>> {
  return requestRaw<null>({ url: api.auth('recover/code'), method: 'POST', data: { loginName: loginName.trim(), channel }, silent: true });
}

/** POST {auth}recover/reset {loginName, code, newPassword, confirmPassword}. */
export function resetRecoveredPassword(body: z.input<typeof recoverResetBody>): Promise<null> {
  return http.post<null>(api.auth('recover/reset'), { ...body, loginName: body.loginName.trim(), code: body.code.trim() });
}

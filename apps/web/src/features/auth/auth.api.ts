import { Code, type LoginResult } from '@venue/contract';
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
async function runLogin(call: () => Promise<RawResponse<LoginResult>>): Promise<LoginOutcome> {
  let status: LoginOutcome['status'] = 'ok';
  let result: LoginResult;
  let token: string;
  try {
    const res = await call();
    result = res.envelope.body;
    token = tokenOf(res.headers);
  } catch (err) {
    if (!isApiError(err) || err.code !== Code.PASSWORD_CHANGE_REQUIRED) throw err;
    status = 'mustChangePassword';
    result = (err.body ?? {}) as LoginResult;
    token = tokenOf(err.headers);
  }
  saveLogin(token, result.userName ?? '', result.userId ?? '');
  setLoginWay('1');
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

export interface FailTimes {
  failTimes: number;
  captchaRequired: boolean;
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

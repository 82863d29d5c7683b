import type { LoginResult } from '@venue/contract';
import { api, http, requestRaw } from '../../app/request.ts';
import { runLogin, type LoginOutcome } from './auth.api.ts';

/** `GET {auth}wechat/app`: whether WeChat QR sign-in is on, and the QR page's address without its state. */
export interface WechatApp {
  enabled: boolean;
  appId: string | null;
  loginUrl: string | null;
  bindUrl: string | null;
}

export const fetchWechatApp = () => http.get<WechatApp>(api.auth('wechat/app'));

/** Takes a single-use state for this browser (`POST {auth}randomCode`) and goes to WeChat's QR page. */
export async function goToWechat(url: string): Promise<void> {
  const rc = await http.post<{ randomCode: string }>(api.auth('randomCode'), { purpose: 'wechat-login' });
  const u = new URL(url);
  u.searchParams.set('state', rc.randomCode);
  u.hash = 'wechat_redirect';
  window.location.assign(u.toString());
}

/** Back from WeChat: `POST {auth}wechat/login` with the code and state WeChat sent. */
export function loginByWechat(code: string, state: string): Promise<LoginOutcome> {
  return runLogin(() => requestRaw<LoginResult>({ url: api.auth('wechat/login'), method: 'POST', data: { code, state }, silent: true }), 'wechat');
}

/** `POST {auth}phone/password`: right after an SMS sign-in, a password without the old one. */
export const setPasswordAfterPhone = (newPassword: string, confirmPassword: string) =>
  http.post<null>(api.auth('phone/password'), { newPassword, confirmPassword });

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserDetail } from '@venue/contract';
import { api, http } from '../../app/request.ts';

/** The signed-in user's own record (GET {systemPrefix}user/getInfo/ without id): the user detail of the contract. */
export type OwnProfile = UserDetail;

export type ProfileEdit = Pick<OwnProfile, 'name' | 'mobile' | 'email' | 'sex' | 'officePhone' | 'address' | 'remark'>;

const PROFILE_KEY = ['userInfo', 'profile'] as const;

export function useOwnProfile() {
  return useQuery({ queryKey: PROFILE_KEY, queryFn: () => http.get<OwnProfile>(api.system('user/getInfo/')) });
}

/** PUT {systemPrefix}user/{id}: the server lets only users who may edit users do this (there is no self-service edit). */
export function useSaveOwnProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ProfileEdit & { id: number; version: number }) => http.put<OwnProfile>(api.system(`user/${id}`), body),
    onSuccess: (saved) => qc.setQueryData(PROFILE_KEY, saved),
  });
}

/** The caller's WeChat binding (`GET {auth}wechat/bind`); `enabled` false when the server has WeChat sign-in off. */
export interface WechatBinding {
  enabled: boolean;
  bound: boolean;
  nickname: string | null;
  boundAt: string | null;
}

const WECHAT_KEY = ['userInfo', 'wechat'] as const;

export function useWechatBinding() {
  return useQuery({ queryKey: WECHAT_KEY, queryFn: () => http.get<WechatBinding>(api.auth('wechat/bind')) });
}

/** Goes to WeChat's QR page to bind: the app's bind address with a single-use state of this browser (`randomCode`). */
export async function goBindWechat(): Promise<void> {
  const app = await http.get<{ bindUrl: string | null }>(api.auth('wechat/app'));
  if (!app.bindUrl) return;
  const rc = await http.post<{ randomCode: string }>(api.auth('randomCode'), { purpose: 'wechat-bind' });
  const u = new URL(app.bindUrl);
  u.searchParams.set('state', rc.randomCode);
  u.hash = 'wechat_redirect';
  window.location.assign(u.toString());
}

/** Back from WeChat: `POST {auth}wechat/bind` with its code and state. */
export function useBindWechat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; state: string }) => http.post<WechatBinding>(api.auth('wechat/bind'), input),
    onSuccess: (b) => qc.setQueryData(WECHAT_KEY, b),
  });
}

export function useUnbindWechat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.del<null>(api.auth('wechat/bind')),
    onSuccess: () => qc.invalidateQueries({ queryKey: WECHAT_KEY }),
  });
}

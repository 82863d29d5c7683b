import { api, http } from '../../../app/request.ts';

export interface User {
  id: number;
  orgId: number;
  orgName: string;
  orgCode: string;
  no: string | null;
  code: string;
  name: string;
  status: 0 | 1 | 2;
  type: number;
  mobile: string | null;
  email: string | null;
  idType: string | null;
  idNumber: string | null;
  birthday: string | null;
  sex: 1 | 2 | null;
  registerDate: string | null;
  cancelDate: string | null;
  mustChangePassword: boolean;
  version: number;
  createTime: string;
  updateTime: string;
  [k: string]: unknown;
}

export interface UserDetail extends User {
  userId: number;
  roles: { id: number; code: string; name: string; orgId: number; orgName: string; status: number }[];
  roleIds: number[];
  orgs: { orgId: number; orgName: string; orgCode: string; enterpriseType: number; status: number; isDefault: boolean }[];
  orgIds: number[];
  defaultOrgId: number;
}

export const userDetail = (id: number) => http.post<UserDetail>(api.system('user/detailForConsole'), { id });
export const changeUserStatus = (userId: number, status: 0 | 1 | 2) => http.put(api.system('user/changeStatus'), { userId, status });
/** `POST user`: without a password the answer carries a one-time `initialPassword`, shown once. */
export const createUser = (body: Record<string, unknown>) => http.post<UserDetail & { initialPassword?: string }>(api.system('user'), body);
/** `PUT user/resetPwd`: the password typed twice, or the policy's default password (`useDefault`). */
export const resetUserPassword = (body: { userId: number; password?: string; confirmPassword?: string; useDefault?: boolean }) => http.put(api.system('user/resetPwd'), body);
export const setUserRoles = (id: number, roleIds: number[]) => http.put<UserDetail>(api.system(`user/${id}/roles`), { roleIds });
export const setUserOrgs = (id: number, orgIds: number[], defaultOrgId: number) => http.put<UserDetail>(api.system(`user/${id}/orgs`), { orgIds, defaultOrgId });
export const userMenus = (id: number, orgId?: number) => http.get<number[]>(api.system(`user/menu/${id}`), orgId ? { orgId } : undefined);
export const assignUserMenus = (userId: number, orgId: number, menuIds: number[]) => http.post(api.system('user/assign-menu'), { userId, orgId, menuIds });
export const removeUserFromOrg = (userId: number, orgId: number) => http.del(api.system(`user/${userId}/${orgId}`));

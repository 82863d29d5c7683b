import type { z } from 'zod';
import type { UserCreated, UserDetail, resetPwdBody, userCreate } from '@venue/contract';
import { api, http } from '../../../app/request.ts';

/** A row of the user list and a user's detail: the contract's answers (`z.output`). */
export type { UserRow as User, UserDetail } from '@venue/contract';

export const userDetail = (id: number) => http.post<UserDetail>(api.system('user/detailForConsole'), { id });
export const changeUserStatus = (userId: number, status: 0 | 1 | 2) => http.put(api.system('user/changeStatus'), { userId, status });
/** `POST user`: without a password the answer carries a one-time `initialPassword`, shown once. */
export const createUser = (body: Partial<z.input<typeof userCreate>>) => http.post<UserCreated>(api.system('user'), body);
/** `PUT user/resetPwd`: the password typed twice, or the policy's default password (`useDefault`). */
export const resetUserPassword = (body: z.input<typeof resetPwdBody>) => http.put(api.system('user/resetPwd'), body);
export const setUserRoles = (id: number, roleIds: number[]) => http.put<UserDetail>(api.system(`user/${id}/roles`), { roleIds });
export const setUserOrgs = (id: number, orgIds: number[], defaultOrgId: number) =>
  http.put<UserDetail>(api.system(`user/${id}/orgs`), { orgIds, defaultOrgId });
export const userMenus = (id: number, orgId?: number) => http.get<number[]>(api.system(`user/menu/${id}`), orgId ? { orgId } : undefined);
export const assignUserMenus = (userId: number, orgId: number, menuIds: number[]) => http.post(api.system('user/assign-menu'), { userId, orgId, menuIds });
export const removeUserFromOrg = (userId: number, orgId: number) => http.del(api.system(`user/${userId}/${orgId}`));

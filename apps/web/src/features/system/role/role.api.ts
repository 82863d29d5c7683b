import { useQuery } from '@tanstack/react-query';
import type { Page, RoleRow, RoleUser } from '@venue/contract';
import { api, http } from '../../../app/request.ts';

/** A row of the role list and a user of a role: the contract's answers. */
export type { RoleRow as Role, RoleUser } from '@venue/contract';

export const ROLE_OPTIONS_KEY = ['kit', 'role', 'options'] as const;

/** Every role the caller can see (for pickers): role/list with a large page. */
export function useRoleOptions() {
  return useQuery({
    queryKey: ROLE_OPTIONS_KEY,
    queryFn: async () => (await http.post<Page<RoleRow>>(api.system('role/list'), { pageNum: 1, pageSize: 500 })).data,
    staleTime: 30_000,
  });
}

/**
 * The roles a user of these organisations may hold (the user form's picker): each organisation's
 * own and those its venue organisation shares with its departments (role/list `forOrgIds`).
 */
export function useAssignableRoles(orgIds: number[]) {
  const ids = [...new Set(orgIds)].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...ROLE_OPTIONS_KEY, 'for', ids],
    queryFn: async () => (await http.post<Page<RoleRow>>(api.system('role/list'), { pageNum: 1, pageSize: 500, forOrgIds: ids })).data,
    enabled: ids.length > 0,
    staleTime: 30_000,
  });
}

export const getRoleMenus = (id: number) => http.get<{ roleId: number; menuIds: number[] }>(api.system(`role/${id}/menus`));
export const setRoleMenus = (id: number, menuIds: number[]) => http.put(api.system(`role/${id}/menus`), { menuIds });
export const getRoleUsers = (id: number) => http.get<RoleUser[]>(api.system(`role/${id}/users`));
export const changeRoleUsers = (id: number, change: { add?: number[]; remove?: number[] }) => http.put<RoleUser[]>(api.system(`role/${id}/users`), change);

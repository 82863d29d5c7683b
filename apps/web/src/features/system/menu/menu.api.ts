import { useQuery } from '@tanstack/react-query';
import { api, http } from '../../../app/request.ts';

/** A node of GET menu/options: the menus the caller can grant. */
export interface MenuOption {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string;
  type: 0 | 1 | 2;
  perms: string | null;
  status: number;
  children: MenuOption[];
}

/** A node of GET menu/tree (the editor's tree). */
export interface MenuRow {
  id: number;
  parentId: number | null;
  key: string;
  name: string;
  nameEn: string;
  type: 0 | 1 | 2;
  url: string | null;
  icon: string | null;
  perms: string | null;
  status: number;
  loadType: number;
  orderNum: number;
  remark: string | null;
  version: number;
  createTime: string;
  updateTime: string;
  children?: MenuRow[];
}

export const MENU_OPTIONS_KEY = ['kit', 'menu', 'options'] as const;

export function useMenuOptions() {
  return useQuery({ queryKey: MENU_OPTIONS_KEY, queryFn: () => http.get<MenuOption[]>(api.system('menu/options')), staleTime: 60_000 });
}

export function fetchMenuTree(): Promise<MenuRow[]> {
  return http.get<MenuRow[]>(api.system('menu/tree'));
}

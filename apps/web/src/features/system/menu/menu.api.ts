import { useQuery } from '@tanstack/react-query';
import type { MenuEditorNode, MenuOption } from '@venue/contract';
import { api, http } from '../../../app/request.ts';

/** A node of GET menu/options (the menus the caller can grant): the contract's answer. */
export type { MenuOption } from '@venue/contract';

/** A row of the menu table: a node of GET menu/tree whose empty `children` the table drops (a leaf shows no expander). */
export type MenuRow = Omit<MenuEditorNode, 'children'> & { children?: MenuRow[] };

export const MENU_OPTIONS_KEY = ['kit', 'menu', 'options'] as const;

export function useMenuOptions() {
  return useQuery({ queryKey: MENU_OPTIONS_KEY, queryFn: () => http.get<MenuOption[]>(api.system('menu/options')), staleTime: 60_000 });
}

export function fetchMenuTree(): Promise<MenuEditorNode[]> {
  return http.get<MenuEditorNode[]>(api.system('menu/tree'));
}

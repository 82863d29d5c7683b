import { useQuery } from '@tanstack/react-query';
import type { OrgOption } from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import type { TreeOption } from '../../../kit/index.ts';

/** A node of GET org/options (the light tree for pickers): the contract's answer. */
export type { OrgOption } from '@venue/contract';

export const ORG_OPTIONS_KEY = ['kit', 'org', 'options'] as const;

/** The organisations the caller may see, as a tree (GET {systemPrefix}org/options). */
export function useOrgOptions() {
  return useQuery({ queryKey: ORG_OPTIONS_KEY, queryFn: () => http.get<OrgOption[]>(api.system('org/options')), staleTime: 60_000 });
}

export function orgTreeOptions(nodes: OrgOption[] | undefined, disabled?: (n: OrgOption) => boolean): TreeOption[] {
  return (nodes ?? []).map((n) => ({ value: n.id, title: n.name, disabled: disabled?.(n), children: orgTreeOptions(n.children, disabled) }));
}

/** The tree for a treeSelect field (kit FieldDef.useTree). */
export function useOrgTree(): TreeOption[] {
  return orgTreeOptions(useOrgOptions().data);
}

export function flattenOrgs(nodes: OrgOption[] | undefined, out: OrgOption[] = []): OrgOption[] {
  for (const n of nodes ?? []) {
    out.push(n);
    flattenOrgs(n.children, out);
  }
  return out;
}

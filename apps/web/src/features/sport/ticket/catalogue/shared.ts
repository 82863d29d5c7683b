import { useQuery } from '@tanstack/react-query';
import { REAL_NAME_RULES, type Page, type TicketTypeRow } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../../app/i18n.ts';
import { api, http } from '../../../../app/request.ts';
import type { Option } from '../../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The ticketing catalogue's texts (project types, projects, sessions, levels, a session's seats). */
export const NS = 'ticketCatalogue';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export function useCatalogueT(): Translate {
  return useFeatureT<typeof zh>(NS);
}

export const PROJECT_LIST_PATH = '/sport/views/ticketManagement/projects/index';
export const projectDetailPath = (id: number) => `/sport/views/ticketManagement/projects/detail/${id}`;
export const sessionSeatsPath = (id: number) => `/sport/views/ticketManagement/projects/session/detail/${id}`;

export const realNameOptions: Option[] = REAL_NAME_RULES.map((r) => ({ value: r, label: `realNameRule.${r}` }));
export const statusOptions: Option[] = [
  { value: 0, label: 'status.0', color: 'green' },
  { value: 1, label: 'status.1', color: 'default' },
];

export const ticketPath = (p: string) => api.sport(`ticket/${p}`);

/** Every project type of the organisation (few), for selects and the tree. */
export function useTypes() {
  return useQuery({
    queryKey: ['ticketCatalogue', 'types'],
    queryFn: () => http.post<Page<TicketTypeRow>>(ticketPath('type/list'), { pageNum: 1, pageSize: 500 }),
    staleTime: 10_000,
  });
}

/** Type choices: children indented under their parent. */
export function useTypeOptions(): Option[] {
  const rows = useTypes().data?.data ?? [];
  const out: Option[] = [];
  for (const p of rows.filter((r) => r.parentId === null)) {
    out.push({ value: p.id, label: p.name });
    for (const c of rows.filter((r) => r.parentId === p.id)) out.push({ value: c.id, label: `${p.name} / ${c.name}` });
  }
  return out;
}

export function useParentTypeOptions(): Option[] {
  return (useTypes().data?.data ?? []).filter((r) => r.parentId === null).map((r) => ({ value: r.id, label: r.name }));
}

import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  DistSaleRow,
  PackageRow,
  Page,
  QuotaRow,
  distOrder,
  feedPreview,
  quotaGive,
  settlementAnswer,
  statsAnswer,
  ticketOrderAnswer,
} from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../../app/i18n.ts';
import { api, http } from '../../../../app/request.ts';
import type { Option } from '../../../../kit/index.ts';
import { idem } from '../../../../kit/pay/index.ts';
import { saleApi } from '../sale/shared.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** Ticket distribution, package tickets and statistics: one namespace. */
export const NS = 'ticketDist';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export function useDistT(): Translate {
  return useFeatureT<typeof zh>(NS);
}

const url = (p: string) => api.sport(`ticket/${p}`);
type OrderAnswer = z.output<typeof ticketOrderAnswer>;

export const distApi = {
  quotas: (distributorId: number) => http.post<Page<QuotaRow>>(url('dist-quota/list'), { pageNum: 1, pageSize: 200, distributorId }),
  give: (body: z.input<typeof quotaGive>) => http.post<QuotaRow>(url('dist-quota'), body),
  giveBack: (id: number) => http.post<QuotaRow>(url(`dist-quota/${id}/return`), {}),
  sell: (distributorId: number, body: z.input<typeof distOrder>, key: string) =>
    http.post<OrderAnswer>(url(`distributor/${distributorId}/order`), body, idem(key)),
  feed: (distributorId: number) => http.post<z.output<typeof feedPreview>>(url(`distributor/${distributorId}/feed`), {}),
  pull: (distributorId: number, externalIds: string[]) =>
    http.post<{ pulled: number; refreshed: number }>(url(`distributor/${distributorId}/pull`), { externalIds }),
  refresh: (body: { ids?: number[] }) => http.post<{ refreshed: number; missing: number }>(url('external-item/refresh'), body),
  sales: (body: { distributorId: number; pageNum: number; pageSize: number }) => http.post<Page<DistSaleRow>>(url('distributor/sales'), body),
  settlement: (body: { from: string; to: string }) => http.post<z.output<typeof settlementAnswer>>(url('distributor/settlement'), body),
  packages: () => http.post<Page<PackageRow>>(url('package/list'), { pageNum: 1, pageSize: 200 }),
  sellPackage: (id: number, quantity: number, key: string) => http.post<OrderAnswer>(url(`package/${id}/order`), { quantity }, idem(key)),
  stats: (body: { projectId?: number }) => http.post<z.output<typeof statsAnswer>>(url('stats'), body),
};

/** Every session with its levels (the sale screen's read). */
export function useSessions() {
  return useQuery({ queryKey: ['ticketDist', 'sessions'], queryFn: saleApi.sessions, staleTime: 10_000 });
}

/** Levels of every session, as "project session · level" choices (packages). */
export function useLevelOptions(): Option[] {
  const rows = useSessions().data?.data ?? [];
  return rows.flatMap((s) => s.levels.map((l) => ({ value: l.id, label: `${s.projectName ?? ''} ${s.name} · ${l.name}` })));
}

/** Projects that have sessions, as choices (statistics and sales filters). */
export function useProjectOptions(): Option[] {
  const rows = useSessions().data?.data ?? [];
  const seen = new Map<number, string>();
  for (const s of rows) seen.set(s.projectId, s.projectName ?? String(s.projectId));
  return [...seen].map(([value, label]) => ({ value, label }));
}

export const statusOptions: Option[] = [
  { value: 0, label: 'status.0', color: 'green' },
  { value: 1, label: 'status.1', color: 'default' },
];
export const channelOptions: Option[] = (['console', 'scan', 'distributor', 'reserved'] as const).map((c) => ({ value: c, label: `channel.${c}` }));
export const ticketStateOptions: Option[] = (['held', 'sold', 'used', 'refunded', 'cancelled'] as const).map((c) => ({ value: c, label: `state.${c}` }));

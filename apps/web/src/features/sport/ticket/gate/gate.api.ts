import type { z } from 'zod';
import type {
  CheckCounts,
  CollectionFound,
  CollectionRow,
  ConflictRow,
  GateRow,
  GateSessionRow,
  OfflinePackage,
  Page,
  ReprintAnswer,
  ReprintRow,
  ScanRow,
  ScanUploadAnswer,
  TicketCheckAnswer,
  TicketQrAnswer,
  collectionCreate,
  scanUpload,
} from '@venue/contract';
import { api, http } from '../../../../app/request.ts';
import { registerMessages, useFeatureT, type FeatureT } from '../../../../app/i18n.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The gate, collection and reprint screens' texts: one namespace. */
export const GATE_NS = 'ticketGate';
registerMessages(GATE_NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export function useGateT(): Translate {
  return useFeatureT<typeof zh>(GATE_NS);
}

const url = (p: string) => api.sport(`ticket/${p}`);

/** The calls of gate checking, collection and reprints (`{sport}ticket/...`). */
export const gateApi = {
  gates: () => http.post<Page<GateRow>>(url('gate/list'), { pageNum: 1, pageSize: 200 }),
  check: (body: { sessionId: number; gateId: number; code: string; overrideReason?: string }) => http.post<TicketCheckAnswer>(url('check'), body),
  scans: (q: { sessionId?: number; gateId?: number; pageNum?: number; pageSize?: number }) =>
    http.post<Page<ScanRow>>(url('check/scans'), { pageNum: 1, pageSize: 20, ...q }),
  summary: (sessionId: number) => http.get<CheckCounts>(url(`check/summary/${sessionId}`)),
  conflicts: (q: { sessionId?: number; pageNum?: number; pageSize?: number }) =>
    http.post<Page<ConflictRow>>(url('check/conflicts'), { pageNum: 1, pageSize: 20, ...q }),
  offline: (sessionId: number) => http.get<OfflinePackage>(url(`check/offline/${sessionId}`), undefined, { silent: true, timeout: 30_000 }),
  upload: (body: z.input<typeof scanUpload>) => http.post<ScanUploadAnswer>(url('check/upload'), body, { silent: true, timeout: 30_000 }),
  qr: (ticketId: number) => http.get<TicketQrAnswer>(url(`qr/${ticketId}`)),
  findForCollection: (code: string) => http.post<CollectionFound>(url('collection/find'), { code }),
  collect: (body: z.input<typeof collectionCreate>) => http.post<CollectionRow>(url('collection'), body),
  reprint: (ticketId: number, reason: string) => http.post<ReprintAnswer>(url('reprint'), { ticketId, reason }),
  reprints: (ticketId: number) => http.get<{ data: ReprintRow[] }>(url(`reprint/list/${ticketId}`)),
};

/** Local date and time of an ISO instant, to the second. */
export function formatAt(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export const sessionsQuery = {
  queryKey: ['ticketGate', 'sessions'],
  queryFn: () => http.get<{ data: GateSessionRow[] }>(url('check/sessions')),
  staleTime: 60_000,
};
export const gatesQuery = { queryKey: ['ticketGate', 'gates'], queryFn: () => gateApi.gates(), staleTime: 0 };
export const venuesQuery = {
  queryKey: ['ticketGate', 'venues'],
  queryFn: () => http.get<{ data: { id: number; name: string }[] }>(url('gate/venues')),
  staleTime: 60_000,
};

import type { z } from 'zod';
import {
  COACH_RATE_MODES,
  COACH_RATE_SCOPES,
  COACH_SETTLEMENT_PAY_METHODS,
  COACH_SETTLEMENT_STATES,
  type CoachSettlementDetail,
  type coachSettlementExportQuery,
  type coachSettlementPay,
} from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../../app/i18n.ts';
import { api, downloadFile, http } from '../../../../app/request.ts';
import type { Option } from '../../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

export { formatTime, toFen, yuan } from '../../../../kit/pay/index.ts';

/** The coach settlement screens' texts. */
export const NS = 'courseSettlement';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export const useSettlementT = (): Translate => useFeatureT<typeof zh>(NS);

export const SETTLEMENT_LIST_PATH = '/sport/views/trainingCourse/coursePaymentSettlem/index';
export const settlementDetailPath = (id: number) => `/sport/views/trainingCourse/coursePaymentSettlem/detail/${id}`;

const opts = <T extends string>(values: readonly T[], prefix: string, colors: Partial<Record<T, string>> = {}): Option[] =>
  values.map((v) => ({ value: v, label: `${prefix}.${v}`, color: colors[v] }));

export const stateOptions = opts(COACH_SETTLEMENT_STATES, 'state', { draft: 'default', approved: 'blue', paid: 'green' });
export const scopeOptions = opts(COACH_RATE_SCOPES, 'scope', { course: 'blue', sparring: 'purple' });
export const modeOptions = opts(COACH_RATE_MODES, 'mode');
export const methodOptions = opts(COACH_SETTLEMENT_PAY_METHODS, 'method');

const url = (p: string) => api.sport(`course/settlement${p ? `/${p}` : ''}`);

/** The settlement calls (`{sport}course/settlement/...`). */
export const settlementApi = {
  detail: (id: number) => http.get<CoachSettlementDetail>(url(String(id))),
  approve: (id: number, version: number) => http.post<CoachSettlementDetail>(url(`${id}/approve`), { version }),
  pay: (id: number, body: z.input<typeof coachSettlementPay>) => http.post<CoachSettlementDetail>(url(`${id}/pay`), body),
  recompute: (id: number, version: number) => http.post<CoachSettlementDetail>(url(`${id}/recompute`), { version }),
  export: (body: z.input<typeof coachSettlementExportQuery>) => downloadFile({ url: url('export'), method: 'POST', data: body }, 'coach-settlements.xlsx'),
};

import type { z } from 'zod';
import type {
  Page,
  ReservationRow,
  reservationCreate,
  reservationListQuery,
  reservationReview,
  sessionRefundRules,
  sessionRefundRulesUpdate,
  ticketRefundAnswer,
  ticketRefundApply,
  ticketRefundQuote,
} from '@venue/contract';
import { api, http } from '../../../../app/request.ts';
import { registerMessages, useFeatureT, type FeatureT } from '../../../../app/i18n.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The ticketing rules' texts: reserved issuing, refunds by the session's rules, real-name viewers. */
export const RULES_NS = 'ticketRules';
registerMessages(RULES_NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export function useRulesT(): Translate {
  return useFeatureT<typeof zh>(RULES_NS);
}

const url = (p: string) => api.sport(`ticket/${p}`);
export type RefundRulesAnswer = z.output<typeof sessionRefundRules>;
export type RefundQuote = z.output<typeof ticketRefundQuote>;

/** The calls of reserved issuing, refund rules and ticket refunds (`{sport}ticket/...`). */
export const rulesApi = {
  reservations: (q: z.input<typeof reservationListQuery>) => http.post<Page<ReservationRow>>(url('reserve/list'), q),
  approvers: () => http.get<{ id: number; name: string }[]>(url('reserve/approvers')),
  request: (body: z.input<typeof reservationCreate>) => http.post<ReservationRow>(url('reserve'), body),
  review: (id: number, body: z.input<typeof reservationReview>) => http.post<ReservationRow>(url(`reserve/${id}/review`), body),
  rules: (sessionId: number) => http.get<RefundRulesAnswer>(url(`session/${sessionId}/refund-rules`)),
  saveRules: (sessionId: number, body: z.input<typeof sessionRefundRulesUpdate>) => http.put<RefundRulesAnswer>(url(`session/${sessionId}/refund-rules`), body),
  quote: (ticketId: number) => http.post<RefundQuote>(url(`${ticketId}/refund/quote`), {}),
  refund: (ticketId: number, body: z.input<typeof ticketRefundApply>) => http.post<z.output<typeof ticketRefundAnswer>>(url(`${ticketId}/refund`), body),
};

import type { z } from 'zod';
import type {
  CardCalendar,
  CardDetail,
  CardRow,
  CardSellAnswer,
  CardShareRow,
  CardTypeRules,
  CheckinAnswer,
  CheckinLookupAnswer,
  Page,
  cardDateEdit,
  cardFreeze,
  cardManager,
  cardRecharge,
  cardRechargeAnswer,
  cardRefund,
  cardRefundAnswer,
  cardRefundQuote,
  cardRulesEdit,
  cardSell,
  cardShareCreate,
  cardShareUpdate,
  checkinCreate,
} from '@venue/contract';
import { queryClient } from '../../../app/query.ts';
import { api, http } from '../../../app/request.ts';
import { idem, refreshCommerce } from '../../../kit/pay/index.ts';
import { invalidateResource } from '../../../kit/index.ts';

/** The member card calls (issue 12): `{sport}card/...`, answers typed by the contract. */
const url = (p: string) => api.sport(`card/${p}`);

export const cardApi = {
  typeRules: (typeId: number) => http.get<CardTypeRules>(url(`type/${typeId}/rules`)),
  /** One Idempotency-Key per sale attempt opened: a repeated click makes one order. */
  sell: (body: z.input<typeof cardSell>, key: string) => http.post<CardSellAnswer>(url('sell'), body, idem(key)),
  card: (id: number) => http.get<CardDetail>(url(String(id))),
  list: (body: Record<string, unknown>) => http.post<Page<CardRow>>(url('list'), body),
  recharge: (id: number, body: z.input<typeof cardRecharge>, key: string) =>
    http.post<z.output<typeof cardRechargeAnswer>>(url(`${id}/recharge`), body, idem(key)),
  date: (id: number, body: z.input<typeof cardDateEdit>) => http.post<CardRow>(url(`${id}/date`), body),
  freeze: (id: number, body: z.input<typeof cardFreeze>) => http.post<CardRow>(url(`${id}/freeze`), body),
  unfreeze: (id: number, body: z.input<typeof cardFreeze>) => http.post<CardRow>(url(`${id}/unfreeze`), body),
  manager: (id: number, body: z.input<typeof cardManager>) => http.post<CardRow>(url(`${id}/manager`), body),
  rules: (id: number, body: z.input<typeof cardRulesEdit>) => http.post<CardRow>(url(`${id}/rules`), body),
  refund: (id: number, body: z.input<typeof cardRefund>) => http.post<z.output<typeof cardRefundAnswer>>(url(`${id}/refund`), body),
  refundQuote: (id: number) => http.get<z.output<typeof cardRefundQuote>>(url(`${id}/refund/quote`)),
  shares: (id: number) => http.post<CardShareRow[]>(url(`${id}/shares`), {}),
  share: (id: number, body: z.input<typeof cardShareCreate>) => http.post<CardShareRow>(url(`${id}/share`), body),
  updateShare: (shareId: number, body: z.input<typeof cardShareUpdate>) => http.put<CardShareRow>(url(`share/${shareId}`), body),
  calendar: (id: number, month: string) => http.post<CardCalendar>(url(`${id}/calendar`), { month }),
  lookup: (keyword: string) => http.post<CheckinLookupAnswer>(url('checkin/lookup'), { keyword }),
  checkin: (body: z.input<typeof checkinCreate>) => http.post<CheckinAnswer>(url('checkin'), body),
  /** Staff of the organisation, by name (the manager: the salesperson responsible). */
};

/** Query keys: every card query starts with 'card'. */
export const cardKey = (id: number) => ['card', 'detail', id] as const;

/** After any change of a card (sale, payment, recharge, freeze …): its lists and details are refetched. */
export function refreshCards(): void {
  void queryClient.invalidateQueries({ queryKey: ['card'] });
  void invalidateResource('card');
  void invalidateResource('cardUsage');
  void invalidateResource('cardType');
  void refreshCommerce();
}

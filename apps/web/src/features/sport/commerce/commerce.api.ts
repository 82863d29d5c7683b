import type { z } from 'zod';
import type {
  BalanceAccountRow,
  LedgerRow,
  LedgerSummary,
  MerchantRow,
  OrderDetail,
  OrderRow,
  OrderTypeEntry,
  Page,
  ProviderMethod,
  RefundRow,
  ScanOrder,
  ledgerSummaryQuery,
  merchantSave,
  nonOrderRefundApply,
  generalSale,
  refundApply,
  refundReview,
  scanPay,
  scanPayAnswer,
} from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import { idem, payApi } from '../../../kit/pay/pay.api.ts';

// The pay component's calls and helpers live in kit/pay (shared by every module that sells).
export { newIdempotencyKey, orderKey, refreshCommerce } from '../../../kit/pay/pay.api.ts';

/** The commerce core's calls (issue 10): `{sport}commerce/...`, answers typed by the contract. */
const url = (p: string) => api.sport(`commerce/${p}`);

export const commerceApi = {
  orders: (body: Record<string, unknown>) => http.post<Page<OrderRow>>(url('order/list'), body),
  /** The order types the loaded modules sell in (an order tab shows only for these). */
  orderTypes: () => http.get<OrderTypeEntry[]>(url('order/types')),
  order: payApi.order,
  createOrder: (body: z.input<typeof generalSale>, key: string) => http.post<OrderDetail>(url('order'), body, idem(key)),
  cancelOrder: (id: number, reason: string | null) => http.post<OrderRow>(url(`order/${id}/cancel`), { reason }),
  refunds: (body: Record<string, unknown>) => http.post<Page<RefundRow>>(url('refund/list'), body),
  refund: (id: number) => http.get<RefundRow>(url(`refund/${id}`)),
  applyRefund: (body: z.input<typeof refundApply>, key: string) => http.post<RefundRow>(url('refund'), body, idem(key)),
  applyNonOrderRefund: (body: z.input<typeof nonOrderRefundApply>) => http.post<RefundRow>(url('refund/nonOrder'), body),
  reviewRefund: (id: number, body: z.input<typeof refundReview>) => http.post<RefundRow>(url(`refund/${id}/review`), body),
  accounts: payApi.accounts,
  account: (id: number) => http.get<BalanceAccountRow>(url(`account/${id}`)),
  ledger: (body: Record<string, unknown>) => http.post<Page<LedgerRow>>(url('ledger/list'), body),
  ledgerSummary: (body: z.input<typeof ledgerSummaryQuery>) => http.post<LedgerSummary>(url('ledger/summary'), body),
  merchants: () => http.get<MerchantRow[]>(url('merchant')),
  saveMerchant: (provider: ProviderMethod, body: z.input<typeof merchantSave>) => http.put<MerchantRow>(url(`merchant/${provider}`), body),
};

/** The public scan page's calls: no session; failures are shown on the page (never the login redirect). */
export const scanApi = {
  order: (token: string) => http.get<ScanOrder>(api.sport(`pay/scan/${encodeURIComponent(token)}`), undefined, { silent: true }),
  pay: (token: string, body: z.input<typeof scanPay>) =>
    http.post<z.output<typeof scanPayAnswer>>(api.sport(`pay/scan/${encodeURIComponent(token)}/pay`), body, { silent: true }),
};

import type { z } from 'zod';
import type {
  BalanceAccountRow,
  LedgerRow,
  LedgerSummary,
  MerchantRow,
  OrderDetail,
  OrderRow,
  Page,
  PaymentAnswer,
  ProviderMethod,
  RefundRow,
  ScanOrder,
  accountListQuery,
  ledgerSummaryQuery,
  merchantSave,
  nonOrderRefundApply,
  orderCreate,
  paymentStart,
  refundApply,
  refundReview,
  scanPay,
  scanPayAnswer,
} from '@venue/contract';
import { queryClient } from '../../../app/query.ts';
import { api, http } from '../../../app/request.ts';

/** The commerce core's calls (issue 10): `{sport}commerce/...`, answers typed by the contract. */
const url = (p: string) => api.sport(`commerce/${p}`);

/** A fresh Idempotency-Key: one per sale dialog opened, one per payment attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain http on a LAN address is not a secure context: no randomUUID, but random bytes are there.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const idem = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export const commerceApi = {
  orders: (body: Record<string, unknown>) => http.post<Page<OrderRow>>(url('order/list'), body),
  order: (id: number) => http.get<OrderDetail>(url(`order/${id}`)),
  createOrder: (body: z.input<typeof orderCreate>, key: string) => http.post<OrderDetail>(url('order'), body, idem(key)),
  cancelOrder: (id: number, reason: string | null) => http.post<OrderRow>(url(`order/${id}/cancel`), { reason }),
  pay: (id: number, body: z.input<typeof paymentStart>, key: string) => http.post<PaymentAnswer>(url(`order/${id}/pay`), body, idem(key)),
  /** Polled while a QR or barcode payment is open: failures are shown in the dialog, not as popups. */
  payment: (id: number) => http.get<PaymentAnswer>(url(`payment/${id}`), undefined, { silent: true }),
  closePayment: (id: number) => http.post<PaymentAnswer>(url(`payment/${id}/close`)),
  refunds: (body: Record<string, unknown>) => http.post<Page<RefundRow>>(url('refund/list'), body),
  refund: (id: number) => http.get<RefundRow>(url(`refund/${id}`)),
  applyRefund: (body: z.input<typeof refundApply>, key: string) => http.post<RefundRow>(url('refund'), body, idem(key)),
  applyNonOrderRefund: (body: z.input<typeof nonOrderRefundApply>) => http.post<RefundRow>(url('refund/nonOrder'), body),
  reviewRefund: (id: number, body: z.input<typeof refundReview>) => http.post<RefundRow>(url(`refund/${id}/review`), body),
  accounts: (body: z.input<typeof accountListQuery>) => http.post<Page<BalanceAccountRow>>(url('account/list'), body),
  account: (id: number) => http.get<BalanceAccountRow>(url(`account/${id}`)),
  ledger: (body: Record<string, unknown>) => http.post<Page<LedgerRow>>(url('ledger/list'), body),
  ledgerSummary: (body: z.input<typeof ledgerSummaryQuery>) => http.post<LedgerSummary>(url('ledger/summary'), body),
  merchants: () => http.get<MerchantRow[]>(url('merchant')),
  saveMerchant: (provider: ProviderMethod, body: z.input<typeof merchantSave>) => http.put<MerchantRow>(url(`merchant/${provider}`), body),
};

/** The public scan page's calls: no session; failures are shown on the page (never the login redirect). */
export const scanApi = {
  order: (token: string) => http.get<ScanOrder>(api.sport(`pay/scan/${encodeURIComponent(token)}`), undefined, { silent: true }),
  pay: (token: string, body: z.input<typeof scanPay>) => http.post<z.output<typeof scanPayAnswer>>(api.sport(`pay/scan/${encodeURIComponent(token)}/pay`), body, { silent: true }),
};

/** The order's query key (detail page, pay dialog, receipt). */
export const orderKey = (id: number) => ['commerce', 'order', id] as const;

/** After a sale, a payment, a cancel or a refund: every order list, order, refund list and ledger list is refetched. */
export function refreshCommerce(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const [a, b] = q.queryKey as unknown[];
      if (a === 'commerce') return true;
      return a === 'kit' && typeof b === 'string' && /^(order|refund|nonOrderRefund|refundReview|ledger)/.test(b);
    },
  });
}

import type { z } from 'zod';
import type { BalanceAccountRow, OrderDetail, Page, PaymentAnswer, accountListQuery, paymentStart } from '@venue/contract';
import { queryClient } from '../../app/query.ts';
import { api, http } from '../../app/request.ts';

/** The commerce core's calls the pay component makes (`{sport}commerce/...`), answers typed by the contract. */
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

/** The request options that send an Idempotency-Key. */
export const idem = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export const payApi = {
  order: (id: number) => http.get<OrderDetail>(url(`order/${id}`)),
  pay: (id: number, body: z.input<typeof paymentStart>, key: string) => http.post<PaymentAnswer>(url(`order/${id}/pay`), body, idem(key)),
  /** Polled while a QR or barcode payment is open: failures are shown in the dialog, not as popups. */
  payment: (id: number) => http.get<PaymentAnswer>(url(`payment/${id}`), undefined, { silent: true }),
  closePayment: (id: number) => http.post<PaymentAnswer>(url(`payment/${id}/close`)),
  accounts: (body: z.input<typeof accountListQuery>) => http.post<Page<BalanceAccountRow>>(url('account/list'), body),
};

/** The order's query key (detail pages, pay dialog, receipt). */
export const orderKey = (id: number) => ['commerce', 'order', id] as const;

/**
 * After a sale, a payment, a cancel or a refund: every order list, order, refund list and ledger
 * list is refetched (queries keyed 'commerce', and the kit lists of those resources).
 */
export function refreshCommerce(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const [a, b] = q.queryKey as unknown[];
      if (a === 'commerce') return true;
      return a === 'kit' && typeof b === 'string' && /^(order|refund|nonOrderRefund|refundReview|ledger)/.test(b);
    },
  });
}

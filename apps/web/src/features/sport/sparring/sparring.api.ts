import type { z } from 'zod';
import type {
  Page,
  SiteRow,
  SparringChangeRow,
  SparringDetail,
  SparringGroupRow,
  SparringQuoteAnswer,
  sparringGroupForm,
  sparringOrder,
  sparringOrderAnswer,
  sparringQuote,
} from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import { idem } from '../../../kit/pay/index.ts';

const url = (p: string) => api.sport(`sparring/${p}`);

/** A coach as the book-a-coach dialog lists them (the coach module's list). */
export interface CoachOption {
  id: number;
  name: string;
  level?: string | null;
}

/** The sparring calls (issue 26): `{sport}sparring/...`, answers typed by the contract. */
export const sparringApi = {
  coaches: () => http.post<Page<CoachOption>>(api.sport('coach/list'), { pageNum: 1, pageSize: 500 }),
  sites: () => http.post<Page<SiteRow>>(api.sport('venue/site/list'), { pageNum: 1, pageSize: 500 }),
  quote: (body: z.input<typeof sparringQuote>) => http.post<SparringQuoteAnswer>(url('quote'), body),
  /** One Idempotency-Key per booking attempt opened: a repeated click makes one order. */
  order: (body: z.input<typeof sparringOrder>, key: string) => http.post<z.output<typeof sparringOrderAnswer>>(url('order'), body, idem(key)),
  detail: (orderId: number) => http.get<SparringDetail>(url(`order/${orderId}`)),
  groups: () => http.post<Page<SparringGroupRow>>(url('priceGroup/list'), { pageNum: 1, pageSize: 500 }),
  addGroup: (body: z.input<typeof sparringGroupForm>) => http.post<SparringChangeRow>(url('priceGroup'), body),
  editGroup: (id: number, body: z.input<typeof sparringGroupForm> & { version: number }) => http.put<SparringChangeRow>(url(`priceGroup/${id}`), body),
  removeGroup: (id: number, version: number) => http.post<SparringChangeRow>(url(`priceGroup/${id}/remove`), { version }),
  approve: (id: number) => http.post<SparringChangeRow>(url(`priceChange/${id}/approve`), {}),
  reject: (id: number, reason: string) => http.post<SparringChangeRow>(url(`priceChange/${id}/reject`), { reason }),
};

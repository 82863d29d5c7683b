import type { z } from 'zod';
import type {
  BalanceAccountRow,
  OrderDetail,
  OrderRow,
  Page,
  SiteRow,
  TemplateRow,
  VenueRow,
  accountListQuery,
  bookingPlan,
  accountRecharge,
  orderListQuery,
  venueCreate,
  venueListQuery,
  venueLock,
  venueReview,
  venueUpdate,
} from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import { idem } from '../../../kit/pay/pay.api.ts';

/**
 * The venue calls. Venues go through the stadium prefix (spec 7.5, fixed paths that are not
 * the kit's resource paths); sites, price rules and templates are ordinary resources under
 * `{sport}venue/...` (the kit's default calls).
 */
const stadium = (p: string) => api.stadium(`stadiumInfo/${p}`);
const sport = (p: string) => api.sport(p);

export const venueApi = {
  page: (body: z.input<typeof venueListQuery>) => http.post<Page<VenueRow>>(stadium('pagelist'), body),
  get: (id: number) => http.get<VenueRow>(stadium(`list/${id}`)),
  ofOrg: (orgId: number) => http.get<VenueRow | null>(stadium(`list/orgId/${orgId}`)),
  create: (body: z.input<typeof venueCreate>) => http.post<VenueRow>(stadium('insert'), body),
  update: (body: z.input<typeof venueUpdate>) => http.put<VenueRow>(stadium('update'), body),
  remove: (id: number) => http.del<{ deleted: number }>(stadium(`delete/${id}`)),
  shopStatus: (id: number, shopStatus: 0 | 1) => http.post<VenueRow>(stadium('updateShopStatus'), { id, shopStatus }),
  lock: (body: z.input<typeof venueLock>) => http.post<VenueRow>(stadium('lock'), body),
  review: (body: z.input<typeof venueReview>) => http.post<VenueRow>(stadium('review'), body),
};

export const siteApi = {
  /** Every site of a venue (halves included): one page of up to 500. */
  all: (venueId: number) => http.post<Page<SiteRow>>(sport('venue/site/list'), { venueId, pageNum: 1, pageSize: 500 }),
  split: (id: number, names: [string, string]) => http.post<SiteRow[]>(sport(`venue/site/${id}/split`), { names }),
  merge: (siteIds: [number, number], name: string) => http.post<SiteRow>(sport('venue/site/merge'), { siteIds, name }),
};

export const templateApi = {
  all: (venueId: number) => http.post<Page<TemplateRow>>(sport('venue/template/list'), { venueId, pageNum: 1, pageSize: 500 }),
  apply: (id: number, siteIds: number[]) => http.post<{ sites: number }>(sport(`venue/template/${id}/apply`), { siteIds }),
};

export const accountApi = {
  accounts: (body: z.input<typeof accountListQuery>) => http.post<Page<BalanceAccountRow>>(sport('commerce/account/list'), body),
  orders: (body: z.input<typeof orderListQuery>) => http.post<Page<OrderRow>>(sport('commerce/order/list'), body),
  /** A recharge is an order of type card holding one `recharge` item, made by the account's own call; it is paid like any sale. */
  recharge: (accountId: number, body: z.input<typeof accountRecharge>, idempotencyKey: string) =>
    http.post<OrderDetail>(sport(`commerce/account/${accountId}/recharge`), body, idem(idempotencyKey)),
};

export const bookingApi = {
  plan: (stadiumId: number, date: string) => http.post<z.output<typeof bookingPlan>>(sport('booking/plan'), { stadiumId, date }),
};

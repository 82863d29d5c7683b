import type { z } from 'zod';
import type {
  BookingRow,
  ClosureRow,
  GridAnswer,
  OrderDetail,
  OrderRow,
  Page,
  SeriesRow,
  ShiftRow,
  SiteRow,
  bookingChange,
  bookingChangeAnswer,
  bookingPlan,
  closureCreate,
  closureImpact,
  closureListQuery,
  closureRange,
  closureUpdate,
  gridQuery,
  seriesCancel,
  seriesCancelAnswer,
  seriesCreate,
  seriesListQuery,
  seriesPattern,
  seriesPreview,
  shiftCount,
  shiftHand,
  shiftListQuery,
} from '@venue/contract';
import { queryClient } from '../../../app/query.ts';
import { api, http } from '../../../app/request.ts';
import { invalidateResource } from '../../../kit/index.ts';

/**
 * The front desk's calls (issue 11): fixed bookings, closures, booking changes and shifts, with
 * the booking calls they read (plan, grid, check-in) and the sites of the venue. Answers typed by
 * the contract.
 */
const booking = (p: string) => api.sport(`booking/${p}`);
const workbench = (p: string) => api.sport(`workbench/${p}`);

export type SeriesPreview = z.output<typeof seriesPreview>;
export type ClosureImpact = z.output<typeof closureImpact>;
export type ChangeAnswer = z.output<typeof bookingChangeAnswer>;
export type SeriesCancelAnswer = z.output<typeof seriesCancelAnswer>;

export const deskApi = {
  // The venue's sites (every one, for pickers and names).
  sites: (venueId: number) => http.post<Page<SiteRow>>(api.sport('venue/site/list'), { venueId, pageNum: 1, pageSize: 500 }),
  // Booking reads.
  plan: (stadiumId: number, date: string) => http.post<z.output<typeof bookingPlan>>(booking('plan'), { stadiumId, date }),
  grid: (body: z.input<typeof gridQuery>) => http.post<GridAnswer>(booking('grid'), body),
  checkin: (code: string) => http.post<BookingRow>(booking('checkin'), { code }),
  // Fixed bookings.
  seriesList: (body: z.input<typeof seriesListQuery>) => http.post<Page<SeriesRow>>(booking('fixed/list'), body),
  seriesPreview: (body: z.input<typeof seriesPattern>) => http.post<SeriesPreview>(booking('fixed/preview'), body),
  seriesCreate: (body: z.input<typeof seriesCreate>) => http.post<SeriesRow>(booking('fixed'), body),
  seriesCancel: (id: number, body: z.input<typeof seriesCancel>) => http.post<SeriesCancelAnswer>(booking(`fixed/${id}/cancel`), body),
  // Closures.
  closureList: (body: z.input<typeof closureListQuery>) => http.post<Page<ClosureRow>>(booking('closure/list'), body),
  closureImpact: (body: z.input<typeof closureRange>) => http.post<ClosureImpact>(booking('closure/impact'), body),
  closureCreate: (body: z.input<typeof closureCreate>) => http.post<ClosureRow>(booking('closure'), body),
  closureUpdate: (id: number, body: z.input<typeof closureUpdate>) => http.put<ClosureRow>(booking(`closure/${id}`), body),
  // Change a booking.
  order: (id: number) => http.get<OrderDetail>(api.sport(`commerce/order/${id}`)),
  /** Venue orders whose number contains the text (to find the order scanned or typed). */
  ordersByNo: (orderNo: string) => http.post<Page<OrderRow>>(api.sport('commerce/order/list'), { orderNo, type: 'venue', pageNum: 1, pageSize: 10 }),
  change: (body: z.input<typeof bookingChange>) => http.post<ChangeAnswer>(booking('change'), body),
  // Shifts.
  shiftCurrent: (stadiumId: number) => http.post<ShiftRow>(workbench('shift/current'), { stadiumId }),
  shiftList: (body: z.input<typeof shiftListQuery>) => http.post<Page<ShiftRow>>(workbench('shift/list'), body),
  shiftCount: (id: number, body: z.input<typeof shiftCount>) => http.post<ShiftRow>(workbench(`shift/${id}/count`), body),
  shiftHand: (id: number, body: z.input<typeof shiftHand>) => http.post<ShiftRow>(workbench(`shift/${id}/hand`), body),
  shiftSign: (id: number) => http.post<ShiftRow>(workbench(`shift/${id}/sign`)),
};

/** Query keys: every front-desk query starts with 'desk'. */
export const sitesKey = (venueId: number) => ['desk', 'sites', venueId] as const;
export const planKey = (stadiumId: number, date: string) => ['desk', 'plan', stadiumId, date] as const;
export const shiftKey = (stadiumId: number) => ['desk', 'shift', stadiumId] as const;

/** The kit list keys of the desk screens. */
export const FIXED_KEY = 'fixed';
export const CLOSURE_KEY = 'closure';
export const SHIFT_KEY = 'shift';

/**
 * After anything that books, frees or pays slots: the desk's queries, the booking screens'
 * ('booking' keys), the commerce queries and the desk lists are refetched.
 */
export function refreshDesk(): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: (q) => ['desk', 'booking', 'commerce'].includes(String(q.queryKey[0])) }),
    invalidateResource(FIXED_KEY),
    invalidateResource(CLOSURE_KEY),
    invalidateResource(SHIFT_KEY),
  ]);
}

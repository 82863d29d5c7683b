import type { z } from 'zod';
import type {
  BookingRow,
  MemberBrief,
  GridAnswer,
  bookingCancel,
  bookingCancelAnswer,
  bookingCancelQuote,
  bookingCancelQuoteAnswer,
  bookingChange,
  bookingChangeAnswer,
  bookingChangeQuoteAnswer,
  bookingLock,
  bookingOrder,
  bookingOrderAnswer,
  bookingPlan,
  gridQuery,
  lockAnswer,
  SparringFreeCoach,
  sparringFreeQuery,
} from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import { idem } from '../../../kit/pay/index.ts';

/** The booking calls (issue 11): `{sport}booking/...`, answers typed by the contract. */
const url = (p: string) => api.sport(`booking/${p}`);

export const bookingApi = {
  grid: (body: z.input<typeof gridQuery>) => http.post<GridAnswer>(url('grid'), body),
  /** One Idempotency-Key per booking dialog opened: a repeated click makes one order. */
  order: (body: z.input<typeof bookingOrder>, key: string) => http.post<z.output<typeof bookingOrderAnswer>>(url('order'), body, idem(key)),
  lock: (body: z.input<typeof bookingLock>) => http.post<z.output<typeof lockAnswer>>(url('lock'), body),
  unlock: (claimIds: number[]) => http.post<z.output<typeof lockAnswer>>(url('unlock'), { claimIds }),
  cancel: (body: z.input<typeof bookingCancel>) => http.post<z.output<typeof bookingCancelAnswer>>(url('cancel'), body),
  /** What a cancel (of the booking, or one line) gives back, before it is confirmed. */
  cancelQuote: (body: z.input<typeof bookingCancelQuote>) => http.post<z.output<typeof bookingCancelQuoteAnswer>>(url('cancel/quote'), body),
  /** The price difference of a move, before it is confirmed. */
  changeQuote: (body: z.input<typeof bookingChange>) => http.post<z.output<typeof bookingChangeQuoteAnswer>>(url('change/quote'), body),
  change: (body: z.input<typeof bookingChange>) => http.post<z.output<typeof bookingChangeAnswer>>(url('change'), body),
  checkin: (code: string) => http.post<BookingRow>(url('checkin'), { code }),
  plan: (stadiumId: number, date: string) => http.post<z.output<typeof bookingPlan>>(url('plan'), { stadiumId, date }),
  /** The booking dialog's coach step: the venue's coaches free for the whole booked time, priced for the member (the sparring module answers). */
  freeCoaches: (body: z.input<typeof sparringFreeQuery>) => http.post<SparringFreeCoach[]>(api.sport('sparring/freeCoaches'), body),
  /** Members by phone, member number or name (booking for a member). */
  members: (keyword: string) => http.post<MemberBrief[]>(api.sport('member/search'), { keyword, limit: 10 }),
};

/** Query keys: every booking query starts with 'booking', so one invalidation refreshes them all. */
export const gridKey = (stadiumId: number, date: string, days: 1 | 7) => ['booking', 'grid', stadiumId, date, days] as const;
export const planKey = (stadiumId: number, date: string) => ['booking', 'plan', stadiumId, date] as const;

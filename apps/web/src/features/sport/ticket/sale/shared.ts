import type { z } from 'zod';
import type {
  Page,
  SessionListRow,
  SessionSeat,
  TicketFirstPrint,
  TicketFirstPrintAnswer,
  TicketPrintAnswer,
  TicketRow,
  ticketOrder,
  ticketOrderAnswer,
} from '@venue/contract';
import { api, http } from '../../../../app/request.ts';
import { idem } from '../../../../kit/pay/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';
import { registerMessages, useFeatureT, type FeatureT } from '../../../../app/i18n.ts';

/** The sale and ticket-list screens' texts: one namespace. */
export const TICKET_NS = 'ticketSale';
registerMessages(TICKET_NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export function useTicketT(): Translate {
  return useFeatureT<typeof zh>(TICKET_NS);
}

export type TicketOrderAnswer = z.output<typeof ticketOrderAnswer>;
export interface LevelColorRow {
  id: number;
  color: string;
}

const url = (p: string) => api.sport(`ticket/${p}`);

/** The calls the sale and the ticket list make (issue 13, `{sport}ticket/...`). */
export const saleApi = {
  sessions: () => http.post<Page<SessionListRow>>(url('session/list'), { pageNum: 1, pageSize: 500, detail: true }),
  seats: (sessionId: number) => http.post<{ seats: SessionSeat[] }>(url(`session/${sessionId}/seats`), { detail: true }),
  levels: (sessionId: number) => http.post<Page<LevelColorRow>>(url('level/list'), { pageNum: 1, pageSize: 100, sessionId }),
  order: (body: z.input<typeof ticketOrder>, key: string) => http.post<TicketOrderAnswer>(url('order'), body, idem(key)),
  /** The first print (or PDF) of an order's tickets: no reason, once per ticket (then reprints). */
  print: (body: TicketFirstPrint) => http.post<TicketFirstPrintAnswer>(url('print'), body),
  orderTickets: (orderId: number) => http.post<Page<TicketRow>>(url('list'), { orderId, pageNum: 1, pageSize: 100 }),
  face: (ticketId: number) => http.get<TicketPrintAnswer>(url(`template/print/${ticketId}`)),
};

/** How often the seat map asks for the seats' states (other operators' holds and sales). */
export const SEATS_POLL_MS = 3000;

/** Colours of the seat states other than free (free seats take their level's colour). */
export const STATE_COLORS = { held: '#faad14', sold: '#595959', blocked: '#d9d9d9' } as const;
export const STATE_COLORS_DARK = { held: '#d89614', sold: '#8c8c8c', blocked: '#303030' } as const;
/** Level colours when a level has none of its own. */
export const LEVEL_PALETTE = ['#1677ff', '#52c41a', '#eb2f96', '#722ed1', '#13c2c2', '#2f54eb', '#a0d911', '#f5222d'];

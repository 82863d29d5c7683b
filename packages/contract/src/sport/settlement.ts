import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';

/**
 * Settlement (issue 29, spec 2.5 clearingSettlement): the daily close of a venue for a business
 * day of its time zone, with its totals by payment method and by item kind read from the ledger,
 * the cash the desks' shifts counted, and an operator's sign-off. Under `{sport}settlement`.
 */
const id = fields.id;

export const CLOSE_STATES = ['open', 'signed'] as const;
export type CloseState = (typeof CLOSE_STATES)[number];

/** `POST {sport}settlement/close` (fixed call): closes a venue's business day; again answers the same close. */
export const closeRequest = z.object({ stadiumId: id, date: fields.day });
export type CloseRequest = z.output<typeof closeRequest>;

const fenMap = z.record(z.string(), z.number().int());
export const closeTotals = z.object({ byMethod: fenMap, byKind: fenMap });
export const closeAnswer = z.object({ closeId: z.number(), state: z.enum(CLOSE_STATES), totals: closeTotals });
export type CloseAnswer = z.output<typeof closeAnswer>;

export const closeListQuery = pageQuery.extend({
  stadiumId: id.optional(),
  state: z.enum(CLOSE_STATES).optional(),
  fromDay: fields.optDay,
  toDay: fields.optDay,
});
export type CloseListQuery = z.output<typeof closeListQuery>;

export const closeRow = z.object({
  id: z.number(),
  orgId: z.number(),
  stadiumId: z.number(),
  stadiumName: z.string(),
  day: z.string(),
  state: fields.textOf(CLOSE_STATES),
  /** Money in less money out of the day, all methods (fen). */
  netFen: z.number(),
  shifts: z.number(),
  cashExpectedFen: z.number(),
  cashCountedFen: z.number(),
  signedByName: z.string().nullable(),
  signedAt: fields.instantOut.nullable(),
  computedAt: fields.instantOut,
  version: z.number(),
});
export type CloseRow = z.output<typeof closeRow>;

export const closeDetail = closeRow.extend({
  totals: closeTotals,
  /** The ledger entries the totals were read from (their id range and number) and the digest signed. */
  ledgerFirstId: z.number().nullable(),
  ledgerLastId: z.number().nullable(),
  ledgerEntries: z.number(),
  digest: z.string(),
  timeZone: z.string(),
});
export type CloseDetail = z.output<typeof closeDetail>;

/** `POST {sport}settlement/close/{id}/sign`: an operator signs the close off (it never changes after). */
export const closeSign = z.object({ version: fields.version });

import { z } from 'zod';
import { fields } from '../fields.ts';

/**
 * `POST {sport}commerce/takings/summary`: the plain view of the capital flow (issue 25, point 8):
 * money taken (succeeded payments) and paid back (succeeded refund legs), by payment method and by
 * business day of the organisation's time zone, and the net. The home's takings card reads the same.
 */
export const takingsQuery = z.object({ dayFrom: fields.day, dayTo: fields.day });
export type TakingsQuery = z.output<typeof takingsQuery>;
const money = { takenFen: z.number(), refundedFen: z.number(), netFen: z.number(), payments: z.number(), refunds: z.number() };
export const takingsSummary = z.object({
  timeZone: z.string(),
  /** One row per day and method that moved money. */
  days: z.array(z.object({ day: z.string(), method: z.string(), ...money })),
  /** Per method over the range. */
  methods: z.array(z.object({ method: z.string(), ...money })),
  total: z.object(money),
});
export type TakingsSummary = z.output<typeof takingsSummary>;

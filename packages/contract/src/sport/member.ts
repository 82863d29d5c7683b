import { z } from 'zod';
import { fields } from '../fields.ts';

/**
 * Members: the people a venue sells to again and again. This is the part booking needs (issue 11:
 * book for a member found by phone, member number or name, priced by the member's level); the
 * members issue (12) adds the rest of the record, cards, the member screens and their calls.
 */
export const memberSearchQuery = z.object({
  /** Phone, member (card) number or name: phone and number match from the start, the name anywhere. */
  keyword: fields.str().trim().min(1).max(64),
  limit: fields.intIn(1, 50).default(10),
});
export const memberBrief = z.object({
  id: z.number(),
  memberNo: z.string(),
  name: z.string(),
  phone: z.string(),
  /** The member level (card type code) that prices their bookings; null: everybody's price. */
  level: z.string().nullable(),
  status: z.number(),
});
export type MemberBrief = z.output<typeof memberBrief>;
export const memberSearchAnswer = z.array(memberBrief);

/** `POST {sport}member`: registers a member at the front desk (the members issue adds the full form). */
export const memberCreate = z.object({
  orgId: fields.id.optional(),
  name: fields.str().trim().min(1).max(64),
  phone: fields.str().trim().regex(/^1\d{10}$/, 'error.field.invalid'),
  /** Default: a new number. */
  memberNo: fields.str().trim().regex(/^[A-Za-z0-9-]{1,32}$/, 'error.field.invalid').optional(),
  level: fields.optText(32),
});
export type MemberCreate = z.output<typeof memberCreate>;

import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';

/**
 * Sports registration (issue 28, spec 2.5 orderManagement/sportsRegistration) and pickup records
 * (operatManagement/pickupRecords). An event (a tournament, a golf day, a fun run) of a venue has
 * sessions (a time, a place: a golf day's bay, a capacity); a member's entry is an order line of
 * item kind `registration` in a `registration` order, holding a place of its session and one use of
 * the member's year limit of the event type. Calls under `{sport}registration`.
 * docs/decisions.md, "Sports registration".
 */
const id = fields.id;
const at = fields.instantOut;

export const REG_EVENT_TYPES = ['tournament', 'golf', 'run', 'activity'] as const;
export type RegEventType = (typeof REG_EVENT_TYPES)[number];
/** `held` while its order is unpaid, `active` once paid, `cancelled` when its order was cancelled, timed out or refunded. */
export const REG_ENTRY_STATES = ['held', 'active', 'cancelled'] as const;
export type RegEntryState = (typeof REG_ENTRY_STATES)[number];
/** A kit (bib and pack): picked up from the store, handed to the member, brought back, returned to the store. */
export const REG_KIT_STATES = ['none', 'pickedUp', 'handed', 'back', 'returned'] as const;
export type RegKitState = (typeof REG_KIT_STATES)[number];
export const REG_KIT_ACTIONS = ['pickUp', 'hand', 'back', 'return'] as const;
export type RegKitAction = (typeof REG_KIT_ACTIONS)[number];
/** The kit state each action leaves, and the state it must find. */
export const REG_KIT_STEPS: Record<RegKitAction, { from: RegKitState; to: RegKitState }> = {
  pickUp: { from: 'none', to: 'pickedUp' },
  hand: { from: 'pickedUp', to: 'handed' },
  back: { from: 'handed', to: 'back' },
  return: { from: 'back', to: 'returned' },
};
export const REG_MAX_SESSIONS = 20;

const place = fields.str().trim().min(1, 'error.field.required').max(40);
export const regSessionInput = z.object({
  startTime: fields.instant,
  endTime: fields.instant,
  /** Where: a court, a start line, a golf day's bay (two sessions of a golf day on one bay may not overlap). */
  place,
  capacity: fields.intIn(1, 10_000),
});
export type RegSessionInput = z.output<typeof regSessionInput>;

/** `POST {sport}registration/event`: an event and its sessions. */
export const regEventCreate = z.object({
  stadiumId: id,
  name: fields.str().trim().min(1, 'error.field.required').max(64),
  eventType: z.enum(REG_EVENT_TYPES),
  priceFen: fields.fen,
  description: fields.optText(500),
  sessions: z.array(regSessionInput).min(1).max(REG_MAX_SESSIONS),
});
export type RegEventCreate = z.output<typeof regEventCreate>;
/** `POST {sport}registration/event/{id}/session`: one more session. */
export const regSessionCreate = regSessionInput;

export const regSessionRow = z.object({
  id: z.number(),
  eventId: z.number(),
  startTime: at,
  endTime: at,
  place: z.string(),
  capacity: z.number(),
  /** Places taken by entries (paid or waiting for payment). */
  held: z.number(),
});
export type RegSessionRow = z.output<typeof regSessionRow>;
export const regEventRow = z.object({
  id: z.number(),
  orgId: z.number(),
  stadiumId: z.number(),
  stadiumName: z.string(),
  timeZone: z.string(),
  name: z.string(),
  eventType: fields.textOf(REG_EVENT_TYPES),
  priceFen: z.number(),
  description: z.string().nullable(),
  sessions: z.array(regSessionRow),
  createTime: at,
});
export type RegEventRow = z.output<typeof regEventRow>;
export const regEventListQuery = pageQuery.extend({
  stadiumId: id.optional(),
  eventType: z.enum(REG_EVENT_TYPES).optional(),
  name: fields.str().trim().max(64).optional(),
});
export type RegEventListQuery = z.output<typeof regEventListQuery>;

/** The `detail` of a `registration` order line. */
export const regLineDetail = z.strictObject({ sessionId: id });
export type RegLineDetail = z.output<typeof regLineDetail>;

/** `POST {sport}registration/entry` (accepts `Idempotency-Key`): a member's entry, a pending `registration` order to pay. */
export const regEntryCreate = z.object({ sessionId: id, memberId: id, description: fields.optText(200) });
export type RegEntryCreate = z.output<typeof regEntryCreate>;
export const regEntryMade = z.object({ entryId: z.number(), orderId: z.number(), orderNo: z.string(), amount: z.number(), state: z.string() });

export const regEntryListQuery = pageQuery.extend({
  stadiumId: id.optional(),
  eventId: id.optional(),
  sessionId: id.optional(),
  state: z.enum(REG_ENTRY_STATES).optional(),
  /** A member's name, phone or member number. */
  member: fields.str().trim().max(40).optional(),
  admitted: z.boolean().optional(),
});
export type RegEntryListQuery = z.output<typeof regEntryListQuery>;
export const regEntryRow = z.object({
  id: z.number(),
  orgId: z.number(),
  stadiumId: z.number(),
  eventId: z.number(),
  eventName: z.string(),
  eventType: fields.textOf(REG_EVENT_TYPES),
  sessionId: z.number(),
  startTime: at,
  endTime: at,
  place: z.string(),
  memberId: z.number(),
  memberName: z.string(),
  memberPhone: z.string(),
  memberNo: z.string(),
  orderId: z.number(),
  orderNo: z.string(),
  orderState: z.string(),
  priceFen: z.number(),
  state: fields.textOf(REG_ENTRY_STATES),
  /** The calendar year (the venue's) whose limit the entry counts in. */
  year: z.number(),
  admittedTime: at.nullable(),
  admittedByName: z.string().nullable(),
  kitState: fields.textOf(REG_KIT_STATES),
  bibNo: z.string().nullable(),
  description: z.string().nullable(),
  createTime: at,
  version: z.number(),
});
export type RegEntryRow = z.output<typeof regEntryRow>;
export const regKitLogRow = z.object({
  id: z.number(),
  action: fields.textOf(REG_KIT_ACTIONS),
  bibNo: z.string().nullable(),
  operatorName: z.string().nullable(),
  remark: z.string().nullable(),
  time: at,
});
export const regEntryDetail = regEntryRow.extend({ kitLog: z.array(regKitLogRow), paidFen: z.number(), payableFen: z.number() });
export type RegEntryDetail = z.output<typeof regEntryDetail>;

/** `POST {sport}registration/verify`: admission at the door by the member's code (member number or phone), once. */
export const regVerify = z.object({ sessionId: id, code: fields.str().trim().min(1, 'error.field.required').max(32) });
export type RegVerify = z.output<typeof regVerify>;

/** `POST {sport}registration/entry/{id}/move` (scene change): to another session of the same event. */
export const regEntryMove = z.object({ sessionId: id, version: fields.version });
export type RegEntryMove = z.output<typeof regEntryMove>;
/** `POST {sport}registration/entry/{id}/kit`: one step of the kit's state machine; `pickUp` names the bib. */
export const regKitStep = z.object({
  action: z.enum(REG_KIT_ACTIONS),
  bibNo: fields.str().trim().max(16).optional(),
  remark: fields.optText(200),
  version: fields.version,
});
export type RegKitStep = z.output<typeof regKitStep>;
/** `POST {sport}registration/entry/{id}/description`. */
export const regDescription = z.object({ description: fields.optText(200), version: fields.version });
export type RegDescription = z.output<typeof regDescription>;
/** `POST {sport}registration/entry/{id}/cancel`: an unpaid entry's order is cancelled, a paid one refunded in full. */
export const regCancel = z.object({ reason: fields.optText(200), version: fields.version });
export type RegCancel = z.output<typeof regCancel>;

/** `POST {sport}registration/yearLimit/list` and `PUT {sport}registration/yearLimit`: N entries of an event type per member and calendar year (null: no limit). */
export const regYearLimitQuery = z.object({ stadiumId: id });
export const regYearLimitSet = z.object({ stadiumId: id, eventType: z.enum(REG_EVENT_TYPES), yearLimit: fields.intIn(1, 1000).nullable() });
export type RegYearLimitSet = z.output<typeof regYearLimitSet>;
export const regYearLimitRow = z.object({ eventType: fields.textOf(REG_EVENT_TYPES), yearLimit: z.number().nullable() });

/** `GET {sport}registration/event/{id}/clash` (golf serve and clash): the tee sheet by bay, and members entered in overlapping tee times. */
export const regClash = z.object({
  bays: z.array(z.object({ place: z.string(), sessions: z.array(regSessionRow) })),
  clashes: z.array(z.object({ memberId: z.number(), memberName: z.string(), entryIds: z.array(z.number()), places: z.array(z.string()) })),
});

// ---------------------------------------------------------------- pickup records

export const PICKUP_KINDS = ['prize', 'gift'] as const;
/** `POST {sport}registration/pickup`: a prize or gift handed over at the desk by the signed-in user. */
export const pickupCreate = z.object({
  stadiumId: id,
  memberId: id,
  kind: z.enum(PICKUP_KINDS),
  itemName: fields.str().trim().min(1, 'error.field.required').max(64),
  quantity: fields.intIn(1, 999).default(1),
  eventId: id.optional(),
  remark: fields.optText(200),
});
export type PickupCreate = z.output<typeof pickupCreate>;
export const pickupListQuery = pageQuery.extend({
  stadiumId: id.optional(),
  kind: z.enum(PICKUP_KINDS).optional(),
  /** A member's name or phone, or the item's name. */
  keyword: fields.str().trim().max(40).optional(),
  fromDay: fields.optDay,
  toDay: fields.optDay,
});
export type PickupListQuery = z.output<typeof pickupListQuery>;
export const pickupRow = z.object({
  id: z.number(),
  orgId: z.number(),
  stadiumId: z.number(),
  stadiumName: z.string(),
  memberId: z.number(),
  memberName: z.string(),
  memberPhone: z.string(),
  kind: fields.textOf(PICKUP_KINDS),
  itemName: z.string(),
  quantity: z.number(),
  eventId: z.number().nullable(),
  eventName: z.string().nullable(),
  handedById: z.number().nullable(),
  handedByName: z.string().nullable(),
  remark: z.string().nullable(),
  time: at,
});
export type PickupRow = z.output<typeof pickupRow>;

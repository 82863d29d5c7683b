import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';

/**
 * Equipment (issue 27, spec 2.5 equipmentManage): the devices of a venue (gates and turnstiles,
 * bracelet readers, golf bay controllers) with their online state, the gate access grants
 * (`gateAccessPersonnel`: who may pass which gate and when) and the gate access log
 * (`gateAccessLog`: every event a gate pushed, stored once, with the pass decision). Gates speak
 * the ZKTeco PUSH protocol at `/iclock/*` (outside the API prefixes: devices cannot sign); the
 * console's calls are under `{sport}equipment`.
 */
const id = fields.id;
const at = fields.instantOut;

export const DEVICE_KINDS = ['gate', 'bracelet_reader', 'golf_controller'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** A device is online when it called the server within this many seconds (a ZKTeco device polls every few seconds). */
export const DEVICE_ONLINE_SECONDS = 120;

/** Who a grant is for: a member (device PIN `M<memberId>`) or a staff user (device PIN `S<userId>`). */
export const GATE_PERSON_KINDS = ['member', 'staff'] as const;
export type GatePersonKind = (typeof GATE_PERSON_KINDS)[number];

/** The device PIN of a person. */
export const gatePinOf = (kind: GatePersonKind, personId: number): string => `${kind === 'member' ? 'M' : 'S'}${personId}`;

/**
 * Why a pass was allowed (`grant`, `card`, `booking`, `ticket`, `class`: a lesson) or denied (`grantExpired`: a grant of the gate
 * outside its dates; `outsideHours`: a grant of the gate but not on this weekday or time;
 * `noRight`: nothing held; `unknownPerson`: a PIN that names nobody; `braceletInactive`: a bracelet's
 * code that is returned, lost or not paid for). A bracelet's pass is its holder's, `grantedBy` naming it.
 */
export const GATE_REASONS = [
  'grant',
  'card',
  'booking',
  'ticket',
  'class',
  'grantExpired',
  'outsideHours',
  'noRight',
  'unknownPerson',
  'braceletInactive',
] as const;
export type GateReason = (typeof GATE_REASONS)[number];

const sn = fields
  .str()
  .trim()
  .regex(/^[A-Za-z0-9_-]{4,32}$/, 'error.field.invalid');
const name = (max: number) => fields.str().trim().min(1).max(max);
const hhmm = fields
  .str()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'error.field.invalid');

// ---------------------------------------------------------------- devices

/** `POST {sport}equipment/device`: a device of a venue, known by its serial number (unique everywhere). */
export const deviceCreate = z.object({
  orgId: id.optional(),
  stadiumId: id,
  kind: z.enum(DEVICE_KINDS),
  sn,
  name: name(64),
  remark: fields.optText(200),
  /** The site (golf bay) a golf bay controller serves: a golf site of the same venue. */
  siteId: id.nullish(),
});
export type DeviceCreate = z.output<typeof deviceCreate>;
export const deviceUpdate = updateOf(deviceCreate.omit({ orgId: true }));
export type DeviceUpdate = z.output<typeof deviceUpdate>;
export const deviceListQuery = pageQuery.extend({
  stadiumId: id.optional(),
  kind: z.enum(DEVICE_KINDS).optional(),
  keyword: fields.str().trim().max(64).optional(),
  online: fields.intIn(0, 1).optional(),
});
export type DeviceListQuery = z.output<typeof deviceListQuery>;
export const deviceRow = z.object({
  id: z.number(),
  orgId: z.number(),
  stadiumId: z.number(),
  stadiumName: z.string(),
  kind: fields.textOf(DEVICE_KINDS),
  sn: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  /** Called the server within DEVICE_ONLINE_SECONDS. */
  online: z.boolean(),
  lastSeenTime: at.nullable(),
  /** Open commands queued and not yet fetched by the device. */
  pendingCommands: z.number(),
  siteId: z.number().nullable(),
  /** What a golf bay controller last reported: ok | fault (null: never reported). */
  reportedState: z.string().nullable(),
  version: z.number(),
  createTime: at,
});
export type DeviceRow = z.output<typeof deviceRow>;

// ---------------------------------------------------------------- grants (gateAccessPersonnel)

/**
 * `POST {sport}equipment/gate/grant`: a person may pass these gates on these weekdays (1 Monday …
 * 7 Sunday) between `startTime` and `endTime` (venue time, end excluded), from `validFrom` to
 * `validTo` (both included).
 */
export const gateGrantCreate = z.object({
  orgId: id.optional(),
  personKind: z.enum(GATE_PERSON_KINDS),
  memberId: id.nullish(),
  userId: id.nullish(),
  deviceIds: fields.idArray(50).min(1),
  weekdays: z.array(fields.intIn(1, 7)).min(1).max(7),
  startTime: hhmm,
  endTime: hhmm,
  validFrom: fields.day,
  validTo: fields.day,
  remark: fields.optText(200),
});
export type GateGrantCreate = z.output<typeof gateGrantCreate>;
export const gateGrantUpdate = updateOf(gateGrantCreate.omit({ orgId: true }));
export type GateGrantUpdate = z.output<typeof gateGrantUpdate>;
export const gateGrantListQuery = pageQuery.extend({
  personKind: z.enum(GATE_PERSON_KINDS).optional(),
  deviceId: id.optional(),
  keyword: fields.str().trim().max(64).optional(),
});
export type GateGrantListQuery = z.output<typeof gateGrantListQuery>;
export const gateGrantRow = z.object({
  id: z.number(),
  orgId: z.number(),
  personKind: fields.textOf(GATE_PERSON_KINDS),
  memberId: z.number().nullable(),
  userId: z.number().nullable(),
  personName: z.string(),
  pin: z.string(),
  deviceIds: z.array(z.number()),
  gateNames: z.string(),
  weekdays: z.array(z.number()),
  startTime: z.string(),
  endTime: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  remark: z.string().nullable(),
  version: z.number(),
  createTime: at,
});
export type GateGrantRow = z.output<typeof gateGrantRow>;

// ---------------------------------------------------------------- access log (gateAccessLog)

export const GATE_RESULTS = ['allowed', 'denied'] as const;
export const gateLogListQuery = pageQuery.extend({
  stadiumId: id.optional(),
  deviceId: id.optional(),
  /** The venue day the event happened on. */
  day: fields.optDay,
  result: z.enum(GATE_RESULTS).optional(),
  pin: fields.str().trim().max(24).optional(),
});
export type GateLogListQuery = z.output<typeof gateLogListQuery>;
export const gateLogRow = z.object({
  id: z.number(),
  orgId: z.number(),
  deviceId: z.number(),
  deviceName: z.string(),
  stadiumId: z.number(),
  stadiumName: z.string(),
  pin: z.string(),
  personName: z.string().nullable(),
  /** `attlog` (ATTLOG table) or `rtlog` (real-time access log). */
  source: z.string(),
  occurredTime: at,
  receivedTime: at,
  result: fields.textOf(GATE_RESULTS).nullable(),
  reason: fields.textOf(GATE_REASONS).nullable(),
  /** What allowed the pass: `grant#12`, `card`, `booking#order 3`. */
  grantedBy: z.string().nullable(),
  /** Whether an open command was queued for the device. */
  opened: z.boolean(),
});
export type GateLogRow = z.output<typeof gateLogRow>;

// ---------------------------------------------------------------- golf bays (golfPositionView)

/**
 * A golf bay's state now (docs/decisions.md, "Golf bays"): `faulty` (its controller reported a
 * fault or is offline, or the bay is closed in venue management) before `inUse` (a checked-in
 * booking of the bay now or within GOLF_AHEAD_MINUTES) before `booked` (a paid or held booking in
 * that window) before `free`.
 */
export const GOLF_BAY_STATES = ['free', 'booked', 'inUse', 'faulty'] as const;
export type GolfBayState = (typeof GOLF_BAY_STATES)[number];
/** Why a bay is faulty: its controller reported a fault, its controller is offline, the bay is closed. */
export const GOLF_FAULTS = ['fault', 'offline', 'closed'] as const;
export type GolfFault = (typeof GOLF_FAULTS)[number];
/** A booking starting within this many minutes already makes a bay booked. */
export const GOLF_AHEAD_MINUTES = 60;
/** What a controller may report. */
export const GOLF_CONTROLLER_STATES = ['ok', 'fault'] as const;

/** `POST {sport}equipment/golf/bays`: the golf bays of a venue (its live golf sites, in their order). */
export const golfBaysQuery = z.object({ stadiumId: id });
export type GolfBaysQuery = z.output<typeof golfBaysQuery>;
export const golfBayRow = z.object({
  siteId: z.number(),
  name: z.string(),
  state: fields.textOf(GOLF_BAY_STATES),
  fault: fields.textOf(GOLF_FAULTS).nullable(),
  /** The controller's reported fault code (`BALL_JAM`), when it sent one. */
  faultCode: z.string().nullable(),
  deviceId: z.number().nullable(),
  deviceName: z.string().nullable(),
  online: z.boolean(),
  /** The booking the state is about (booked or in use). */
  booking: z
    .object({
      orderId: z.number(),
      orderNo: z.string(),
      buyerName: z.string().nullable(),
      memberId: z.number().nullable(),
      startTime: at,
      endTime: at,
    })
    .nullable(),
});
export type GolfBayRow = z.output<typeof golfBayRow>;
export const golfBaysAnswer = z.object({
  stadiumId: z.number(),
  timeZone: z.string(),
  /** The server's now (the tiles' "starts in" and the venue clock). */
  now: at,
  bays: z.array(golfBayRow),
});
export type GolfBaysAnswer = z.output<typeof golfBaysAnswer>;
// ---------------------------------------------------------------- bracelets (bracelet log)

/**
 * A bracelet (an RFID wristband) is issued with a deposit to a member or to a booking (its order),
 * and later returned (the deposit refunded to the original payment, less a damage charge) or lost
 * (the deposit kept). The deposit is an order line of item kind `bracelet` in a `goods` order; while
 * the bracelet is out it is a liability (`braceletDeposit`). docs/decisions.md, "Bracelets".
 */
export const BRACELET_HOLDER_KINDS = ['member', 'booking'] as const;
export type BraceletHolderKind = (typeof BRACELET_HOLDER_KINDS)[number];
/** `held` until the deposit is paid, `active` out, then `returned` or `lost`; `released` when its order was cancelled unpaid. */
export const BRACELET_STATES = ['held', 'active', 'returned', 'lost', 'released'] as const;
export type BraceletState = (typeof BRACELET_STATES)[number];
/** What a bracelet log row records. */
export const BRACELET_ACTIONS = ['issued', 'returned', 'lost', 'damaged'] as const;
export type BraceletAction = (typeof BRACELET_ACTIONS)[number];
/** The highest deposit of one bracelet (fen). */
export const BRACELET_MAX_DEPOSIT_FEN = 100_000;

/**
 * A bracelet's code as its reader gives it (the UID, 4 to 24 letters and digits: a gate reports at
 * most 24 characters as the card), kept in capitals. A code
 * shaped like a person's device PIN (`M12`, `S3`) is refused: the gates could not tell them apart.
 */
export const braceletCode = fields
  .str()
  .trim()
  .regex(/^[A-Za-z0-9]{4,24}$/, 'error.field.invalid')
  .transform((v) => v.toUpperCase())
  .refine((v) => !/^[MS]\d+$/.test(v), 'error.field.invalid');

/** The `detail` of a `bracelet` order line (the server reads the holder again when it holds the line). */
export const braceletLineDetail = z.strictObject({
  stadiumId: id,
  code: braceletCode,
  holderKind: z.enum(BRACELET_HOLDER_KINDS),
  memberId: id.nullish(),
  bookingOrderId: id.nullish(),
  depositFen: fields.intIn(1, BRACELET_MAX_DEPOSIT_FEN),
});
export type BraceletLineDetail = z.output<typeof braceletLineDetail>;

/**
 * `POST {sport}equipment/bracelet/issue` (accepts `Idempotency-Key`): a pending `goods` order of the
 * bracelet's deposit; the bracelet is out once the order is paid. The holder is a member or a
 * booking named by its order number.
 */
export const braceletIssue = z.object({
  stadiumId: id,
  code: braceletCode,
  holderKind: z.enum(BRACELET_HOLDER_KINDS),
  memberId: id.optional(),
  orderNo: fields.str().trim().max(40).optional(),
  depositFen: fields.intIn(1, BRACELET_MAX_DEPOSIT_FEN),
});
export type BraceletIssue = z.output<typeof braceletIssue>;
export const braceletIssued = z.object({ orderId: z.number(), orderNo: z.string(), amount: z.number(), state: z.string() });

/** `POST {sport}equipment/bracelet/{id}/return`: back, the deposit refunded less `damageFen` (at most the deposit). */
export const braceletReturn = z.object({
  damageFen: fields.intIn(0, BRACELET_MAX_DEPOSIT_FEN).default(0),
  remark: fields.optText(200),
  version: fields.version,
});
export type BraceletReturn = z.output<typeof braceletReturn>;
/** `POST {sport}equipment/bracelet/{id}/lost`: the deposit is kept. */
export const braceletLost = z.object({ remark: fields.optText(200), version: fields.version });
export type BraceletLost = z.output<typeof braceletLost>;

export const braceletRow = z.object({
  id: z.number(),
  orgId: z.number(),
  stadiumId: z.number(),
  code: z.string(),
  holderKind: fields.textOf(BRACELET_HOLDER_KINDS),
  memberId: z.number().nullable(),
  bookingOrderId: z.number().nullable(),
  depositFen: z.number(),
  damageFen: z.number(),
  state: fields.textOf(BRACELET_STATES),
  issuedTime: at.nullable(),
  endedTime: at.nullable(),
  version: z.number(),
});
export type BraceletRow = z.output<typeof braceletRow>;

/** `POST {sport}equipment/bracelet/log/list`: the log, newest first; `fromDay`/`toDay` are the venue's days (both included). */
export const braceletLogListQuery = pageQuery.extend({
  stadiumId: id.optional(),
  code: fields.str().trim().max(32).optional(),
  /** A member's name or phone, or a booking's order number. */
  holder: fields.str().trim().max(40).optional(),
  action: z.enum(BRACELET_ACTIONS).optional(),
  fromDay: fields.optDay,
  toDay: fields.optDay,
});
export type BraceletLogListQuery = z.output<typeof braceletLogListQuery>;
export const braceletLogRow = z.object({
  id: z.number(),
  orgId: z.number(),
  braceletId: z.number(),
  stadiumId: z.number(),
  stadiumName: z.string(),
  timeZone: z.string(),
  code: z.string(),
  action: fields.textOf(BRACELET_ACTIONS),
  holderKind: fields.textOf(BRACELET_HOLDER_KINDS),
  holderName: z.string().nullable(),
  bookingOrderNo: z.string().nullable(),
  /** issued: the deposit; returned: what was refunded; lost: the deposit kept; damaged: the charge. */
  amountFen: z.number(),
  orderNo: z.string().nullable(),
  refundNo: z.string().nullable(),
  operatorName: z.string().nullable(),
  remark: z.string().nullable(),
  time: at,
  /** The bracelet as it is now (the console offers return and lost on an active one's issue row). */
  braceletState: fields.textOf(BRACELET_STATES),
  braceletVersion: z.number(),
});
export type BraceletLogRow = z.output<typeof braceletLogRow>;

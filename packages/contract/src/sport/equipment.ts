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
 * `noRight`: nothing held; `unknownPerson`: a PIN that names nobody).
 */
export const GATE_REASONS = ['grant', 'card', 'booking', 'ticket', 'class', 'grantExpired', 'outsideHours', 'noRight', 'unknownPerson'] as const;
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

import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';

/**
 * Third-party application access (spec 2.4 "App access", spec 3 "Third-party application"):
 * applications with a key and a secret, the interfaces that may be opened to them, the grants
 * between the two, and the log of their signed calls to `/api/open/`.
 */

// ---------------------------------------------------------------- IP rules (spec 5)

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

/** An IPv4 address as a number, or null when the text is not one. */
export function ipv4Number(text: string): number | null {
  if (!IPV4.test(text)) return null;
  return text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** An IP rule: an address (`a.b.c.d`) or a range (`a.b.c.d-a.b.c.e`, low end first); null when malformed. */
export function ipRuleRange(rule: string): [number, number] | null {
  const [from, to, extra] = rule.split('-').map((s) => s.trim());
  if (extra !== undefined || !from) return null;
  const low = ipv4Number(from);
  const high = to === undefined ? low : ipv4Number(to);
  if (low === null || high === null || high < low) return null;
  return [low, high];
}

/** Whether an address falls in any of the rules (IPv4-mapped IPv6 `::ffff:a.b.c.d` is read as IPv4). */
export function ipMatches(rules: readonly string[], address: string): boolean {
  const n = ipv4Number(address.replace(/^::ffff:/i, ''));
  if (n === null) return false;
  return rules.some((r) => {
    const range = ipRuleRange(r);
    return range !== null && n >= range[0] && n <= range[1];
  });
}

export const OPEN_RESTRICTIONS = ['whitelist', 'blacklist'] as const;
const ipRule = fields
  .str()
  .trim()
  .min(1)
  .max(33)
  .refine((v) => ipRuleRange(v) !== null, 'openApp.ipRule');
const ipRules = z.array(ipRule).max(100);

// ---------------------------------------------------------------- applications

const appName = fields.str().trim().min(1).max(64);
const remark = fields.optText(200);
/** Calls per minute an application may make (per server process). */
const ratePerMinute = fields.intIn(1, 100_000);

/** `POST openApp`: the key and secret are made by the server; the secret is in the answer once. */
export const openAppCreate = z.object({
  orgId: fields.id.optional(),
  name: appName,
  status: fields.intIn(0, 1).default(0),
  restriction: z.enum(OPEN_RESTRICTIONS).default('whitelist'),
  ipRules: ipRules.default([]),
  ratePerMinute: ratePerMinute.default(600),
  remark,
});
export type OpenAppCreate = z.output<typeof openAppCreate>;
/** `PUT openApp/{id}`. */
export const openAppUpdate = updateOf(openAppCreate.omit({ orgId: true }));
export type OpenAppUpdate = z.output<typeof openAppUpdate>;
/** `POST openApp/list`. */
export const openAppListQuery = pageQuery.extend({
  name: fields.str().trim().max(64).optional(),
  appKey: fields.str().trim().max(64).optional(),
  status: fields.intIn(0, 1).optional(),
  /** Only the applications of this organisation (within the caller's scope): a venue's "api" dialog. */
  orgId: fields.id.optional(),
});
export type OpenAppListQuery = z.output<typeof openAppListQuery>;
/** `POST openApp/{id}/rotate`: a new secret; the old one stays valid for `graceMinutes`. */
export const openAppRotate = z.object({ graceMinutes: fields.intIn(0, 10_080).default(60), version: fields.version });
/** `PUT openApp/{id}/grants`: the interfaces the application may call (replaces the set). */
export const openAppGrants = z.object({ apiIds: fields.idArray(500) });

export const openAppRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  name: z.string(),
  appKey: z.string(),
  status: z.number(),
  restriction: fields.textOf(OPEN_RESTRICTIONS),
  ipRules: z.array(z.string()),
  ratePerMinute: z.number(),
  remark: z.string().nullable(),
  /** The secret is never shown again: only whether the previous one is still accepted, and until when. */
  previousSecretUntil: fields.instantOut.nullable(),
  apiIds: z.array(z.number()),
  version: z.number(),
  createdAt: fields.instantOut,
  updatedAt: fields.instantOut,
});
export type OpenAppRow = z.output<typeof openAppRow>;
/** Creation and rotation answer the application with its secret: shown this once. */
export const openAppWithSecret = openAppRow.extend({ secret: z.string() });
export type OpenAppWithSecret = z.output<typeof openAppWithSecret>;

// ---------------------------------------------------------------- interfaces

export const OPEN_TOKEN_CATEGORIES = ['signature', 'none'] as const;
/** `POST openApi/list`. */
export const openApiListQuery = pageQuery.extend({
  name: fields.str().trim().max(64).optional(),
  code: fields.str().trim().max(64).optional(),
  status: fields.intIn(0, 1).optional(),
});
/** `PUT openApi/{id}`: what a third party reads of an interface; its uri and method are the code's. */
export const openApiUpdate = z.object({
  name: fields.str().trim().min(1).max(64),
  /** The English name and description; left out, they stay as they are. */
  nameEn: fields.str().trim().min(1).max(64).optional(),
  description: fields.optText(500),
  descriptionEn: fields.optText(500),
  status: fields.intIn(0, 1),
  version: fields.version,
});
export type OpenApiUpdate = z.output<typeof openApiUpdate>;
export const openApiRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  method: z.string(),
  uri: z.string(),
  description: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  tokenCategory: fields.textOf(OPEN_TOKEN_CATEGORIES),
  apiVersion: z.string(),
  status: z.number(),
  version: z.number(),
});
export type OpenApiRow = z.output<typeof openApiRow>;

// ---------------------------------------------------------------- call log

/** `POST openCallLog/list`. */
export const openCallLogQuery = pageQuery.extend({
  appKey: fields.str().trim().max(64).optional(),
  apiCode: fields.str().trim().max(64).optional(),
  /** ok: answered 0; refused: any other code. */
  result: z.enum(['ok', 'refused']).optional(),
  from: fields.instant.optional(),
  to: fields.instant.optional(),
});
export type OpenCallLogQuery = z.output<typeof openCallLogQuery>;
export const openCallLogRow = z.object({
  id: z.number(),
  appId: z.number().nullable(),
  appName: z.string().nullable(),
  appKey: z.string().nullable(),
  apiCode: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  ip: z.string(),
  code: z.number(),
  durationMs: z.number(),
  createdAt: fields.instantOut,
});
export type OpenCallLogRow = z.output<typeof openCallLogRow>;

// ---------------------------------------------------------------- the open interfaces

/** `GET /api/open/v1/member?phone=`: a member of the application's organisation by phone. */
export const openMemberQuery = z.object({
  phone: fields
    .str()
    .trim()
    .regex(/^1\d{10}$/, 'error.field.invalid'),
});
export const openMemberAnswer = z
  .object({ id: z.number(), name: z.string(), phone: z.string(), level: z.string().nullable(), registeredOn: z.string().nullable(), blacklisted: z.boolean() })
  .nullable();
/** `GET /api/open/v1/order/{orderNo}`: an order's state. */
export const openOrderParams = z.object({ orderNo: fields.str().trim().min(1).max(32) });
export const openOrderAnswer = z.object({
  orderNo: z.string(),
  state: z.string(),
  payableFen: z.number(),
  paidFen: z.number(),
  refundedFen: z.number(),
  itemSummary: z.string(),
  createdAt: fields.instantOut,
});
/** `GET /api/open/v1/venues`: the organisation's venues. */
export const openVenueRow = z.object({ id: z.number(), name: z.string(), address: z.string().nullable(), phone: z.string().nullable() });
export const openVenuesAnswer = z.object({ data: z.array(openVenueRow) });
/** `GET /api/open/v1/venue/{id}/grid?date=`: a day of a venue's slots, free or not, with prices (no buyers). */
export const openGridParams = z.object({ id: fields.id });
export const openGridQuery = z.object({ date: fields.day });
export const openGridAnswer = z.object({
  sites: z.array(z.object({ id: z.number(), name: z.string(), sport: z.string().optional(), parentId: z.number().nullable().optional() })),
  slots: z.array(z.object({ siteId: z.number(), start: z.string(), end: z.string(), state: z.string(), price: z.number() })),
});

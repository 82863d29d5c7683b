import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';

/** The login log and the operation log. */
const str = fields.str;
/** Instants as ISO 8601 (with Z or an offset), or epoch milliseconds. */
const instant = fields.instant.optional();
const range = { beginTime: instant, endTime: instant };

/** `POST loginLog/list` and `POST loginLog/export`. */
export const loginLogQuery = pageQuery.extend({
  loginName: str().trim().max(128).optional(),
  ip: str().trim().max(64).optional(),
  loginWay: str().trim().max(16).optional(),
  success: z.boolean().optional(),
  code: fields.int4.optional(),
  ...range,
});
export type LoginLogQuery = z.output<typeof loginLogQuery>;
/** `POST operLog/list` and `POST operLog/export`. */
export const operLogQuery = pageQuery.extend({
  userName: str().trim().max(64).optional(),
  module: str().trim().max(64).optional(),
  action: str().trim().max(64).optional(),
  path: str().trim().max(300).optional(),
  code: fields.int4.optional(),
  success: z.boolean().optional(),
  ...range,
});
export type OperLogQuery = z.output<typeof operLogQuery>;
/** `DELETE loginLog/clean`, `DELETE operLog/clean`: rows before an instant (all without it). */
export const logCleanQuery = z.object({ before: fields.instant.optional() });

// ---------------------------------------------------------------- answers

const n = z.number();
const nn = z.number().nullable();
const s = z.string();
const ns = z.string().nullable();
const at = fields.instantOut;

/** A login attempt (rows of the list, `GET loginLog/{id}`). */
export const loginLogRow = z.object({
  id: n,
  loginName: s,
  userId: nn,
  orgId: nn,
  orgName: ns,
  ip: ns,
  userAgent: ns,
  loginWay: s,
  success: z.boolean(),
  code: n,
  msg: ns,
  createdAt: at,
});
export type LoginLogRow = z.output<typeof loginLogRow>;

const operLogBase = z.object({
  id: n,
  userId: nn,
  userName: ns,
  orgId: nn,
  orgName: ns,
  module: s,
  action: s,
  method: s,
  path: s,
  /** Empty while the action runs, or when its process stopped before it answered. */
  code: nn,
  durationMs: nn,
  ip: ns,
  createdAt: at,
});
/** A row of `POST operLog/list` (parameters only in the detail). */
export const operLogRow = operLogBase.extend({ params: z.unknown().optional() });
export type OperLogRow = z.output<typeof operLogRow>;
/** `GET operLog/{id}`: with the request's parameters (secrets blanked). */
export const operLogDetail = operLogBase.extend({ params: z.unknown() });

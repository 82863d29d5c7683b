import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields, idList } from '../fields.ts';

/** Online users: live sessions within the caller's organisations; force offline one or many. */
export const onlineListQuery = pageQuery.extend({
  userName: fields.str().trim().max(64).optional(),
  ip: fields.str().trim().max(64).optional(),
  loginWay: fields.str().trim().max(16).optional(),
  orgId: fields.id.optional(),
});
export type OnlineListQuery = z.output<typeof onlineListQuery>;
/** `DELETE online/{sessionIds}`. */
export const sessionIdsParams = z.object({ sessionIds: idList });

// ---------------------------------------------------------------- answers

const n = z.number();
const s = z.string();
const ns = z.string().nullable();
const at = fields.instantOut;

/** A row of `POST online/list`: one live session (`current`: the caller's own). */
export const onlineSession = z.object({
  sessionId: n,
  current: z.boolean(),
  userId: n,
  userCode: s,
  userName: s,
  orgId: n,
  orgName: s,
  ip: ns,
  userAgent: ns,
  loginWay: s,
  loginAt: at,
  lastSeenAt: at,
  expiresAt: at,
});
export type OnlineSession = z.output<typeof onlineSession>;
/** `DELETE online/{sessionIds}`: how many sessions ended. */
export const forceOfflineAnswer = z.object({ count: n });

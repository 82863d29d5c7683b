import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';

/** Role-to-API authorisation: the route registry and its role grants. */
const ids = fields.idArray(5000);

export const apiListQuery = pageQuery.extend({
  url: fields.str().trim().max(200).optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE', '']).optional(),
  module: fields.str().trim().max(64).optional(),
  permission: fields.str().trim().max(100).optional(),
  roleId: z.union([fields.id, z.literal('')]).optional(),
  /** Only routes that carry explicit role grants. */
  granted: z.boolean().optional(),
});
export const apiRolesBody = z.object({ roleIds: ids });
export type ApiListQuery = z.infer<typeof apiListQuery>;

// ---------------------------------------------------------------- answers

const n = z.number();
const s = z.string();
const ns = z.string().nullable();

/** A row of `POST api/list`: one API route and the roles granted it. */
export const apiRow = z.object({
  id: n,
  method: s,
  url: s,
  permission: ns,
  module: s,
  action: s,
  grantable: z.boolean(),
  /** Only callers of the platform organisation may call it (declared on the route). */
  platformOnly: z.boolean(),
  remark: ns,
  roles: z.array(z.object({ id: n, code: s, name: s, orgId: n, orgName: s })),
  roleIds: z.array(n),
  updateTime: fields.instantOut,
  version: n,
});
export type ApiRow = z.output<typeof apiRow>;

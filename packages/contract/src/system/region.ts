import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields, MAX_ID } from '../fields.ts';

/** Administrative regions: list, whole tree, lazy children, add, edit, delete. Platform-wide data. */
const str = fields.str;
const at = fields.instantOut;
/** A parent region id; 0 or null: the top level. */
const parentId = fields.intIn(0, MAX_ID).nullish();

export const regionBody = z.object({
  code: str()
    .trim()
    .regex(/^\d{6}(\d{3})?$/, 'region.codeInvalid'),
  name: str().trim().min(1).max(64),
  parentId,
  orderNum: fields.intIn(0, 99999).optional(),
  remark: str().trim().max(500).nullish(),
});
export type RegionBody = z.output<typeof regionBody>;
export const regionUpdate = regionBody.extend({ version: fields.version });
export type RegionUpdate = z.output<typeof regionUpdate>;
export const regionListQuery = pageQuery.extend({
  code: str().trim().max(12).optional(),
  name: str().trim().max(64).optional(),
  level: fields.intIn(1, 4).optional(),
  parentId,
});
export type RegionListQuery = z.output<typeof regionListQuery>;
/** `GET region/tree`: the whole tree, or the subtree under `rootId`. */
export const regionTreeQuery = z.object({ rootId: fields.id.optional() });
/** `GET region/children/{parentId}`: 0 for the top level. */
export const regionChildrenParams = z.object({ parentId: fields.intIn(0, MAX_ID) });

// ---------------------------------------------------------------- answers

const n = z.number();
const s = z.string();
const ns = z.string().nullable();

/** One region (`GET region/{id}`, add, edit). */
export const regionView = z.object({
  id: n,
  code: s,
  name: s,
  parentId: n.nullable(),
  level: n,
  orderNum: n,
  remark: ns,
  version: n,
  createdAt: at,
  updatedAt: at,
});
export type RegionView = z.output<typeof regionView>;
/** A row of `POST region/list`. */
export const regionRow = regionView.extend({ parentName: ns, parentCode: ns });
export type RegionRow = z.output<typeof regionRow>;
/** A node of `GET region/tree`. */
export const regionNode = regionView.extend({
  get children(): z.ZodArray<typeof regionNode> {
    return z.array(regionNode);
  },
});
/** A child of `GET region/children/{parentId}` (lazy tree loading). */
export const regionChild = regionView.extend({ hasChildren: z.boolean() });

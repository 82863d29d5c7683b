import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';

/** Organisations and departments: tree, get, add, edit, delete; a light tree for pickers. */
const text = fields.optText;
const at = fields.instantOut;

export const orgFields = z.object({
  code: fields
    .str()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'error.field.invalid'),
  name: fields.str().trim().min(1).max(100),
  fullName: text(200),
  /** 1 platform, 2 company, 3 venue, 4 department (dictionary sys_org_type). */
  type: fields.intIn(1, 9).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  parentId: fields.id,
  address: text(200),
  zipCode: fields
    .str()
    .trim()
    .regex(/^(\d{4,10})?$/, 'error.field.invalid')
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  phone: fields
    .str()
    .trim()
    .regex(/^([\d\-+() ]{3,32})?$/, 'error.field.invalid')
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  remark: text(500),
  orderNum: fields.intIn(0, 1_000_000).optional(),
  timeZone: fields.str().trim().max(64).optional(),
});
export const orgCreate = orgFields;
export const orgUpdate = updateOf(orgFields);
/** `GET/POST org/tree`: filters of the tree (matches keep their ancestors). */
export const orgTreeQuery = z.object({
  name: fields.str().trim().max(100).optional(),
  status: z.union([fields.intIn(0, 1), z.literal('')]).optional(),
});
/** `POST org/list`, the page kit's list call: the kit sends its paging and sort fields; the tree has no pages. */
export const orgListQuery = pageQuery.extend(orgTreeQuery.shape);
export type OrgCreate = z.infer<typeof orgCreate>;
export type OrgUpdate = z.infer<typeof orgUpdate>;
export type OrgTreeQuery = z.infer<typeof orgTreeQuery>;

// ---------------------------------------------------------------- answers

const n = z.number();
const s = z.string();
const ns = z.string().nullable();

/** One organisation (`GET org/{id}` adds `parentName`; add and edit answer it). */
export const orgView = z.object({
  id: n,
  parentId: n.nullable(),
  code: s,
  name: s,
  fullName: ns,
  type: n,
  status: n,
  address: ns,
  zipCode: ns,
  phone: ns,
  remark: ns,
  orderNum: n,
  timeZone: s,
  version: n,
  createTime: at,
  updateTime: at,
});
export type OrgView = z.output<typeof orgView>;
/** `GET org/{id}`. */
export const orgDetail = orgView.extend({ parentName: ns });

/** A node of `GET/POST org/tree` and `POST org/list`. */
export const orgNode = orgView.extend({
  get children(): z.ZodArray<typeof orgNode> {
    return z.array(orgNode);
  },
});
export type OrgNode = z.output<typeof orgNode>;

/** A node of `GET org/options`: the organisations the caller may see, for pickers. */
export const orgOption = z.object({
  id: n,
  parentId: n.nullable(),
  code: s,
  name: s,
  type: n,
  status: n,
  get children(): z.ZodArray<typeof orgOption> {
    return z.array(orgOption);
  },
});
export type OrgOption = z.output<typeof orgOption>;

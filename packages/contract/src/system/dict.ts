import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields, keptWhenOmitted } from '../fields.ts';

/** Dictionaries and their items (`/kems-pmi/views/dict/data`); platform-wide data. */
const str = fields.str;
const at = fields.instantOut;

export const dictBody = z.object({
  code: str()
    .trim()
    .min(1, { abort: true })
    .max(64)
    .regex(/^[A-Za-z][\w.-]*$/, 'dict.codeInvalid'),
  name: str().trim().min(1).max(100),
  type: str().trim().min(1).max(32).default('business'),
  remark: str().trim().max(500).nullish(),
});
export type DictBody = z.output<typeof dictBody>;
/** `PUT dict/{id}`. */
export const dictUpdate = keptWhenOmitted(dictBody).extend({ version: fields.version });
export type DictUpdate = z.output<typeof dictUpdate>;
/** `POST dict/list`. */
export const dictListQuery = pageQuery.extend({
  code: str().trim().max(64).optional(),
  name: str().trim().max(100).optional(),
  type: str().trim().max(32).optional(),
});
export type DictListQuery = z.output<typeof dictListQuery>;

/** Item names cannot contain spaces (spec section 5); the database holds the same rule. */
export const itemName = str()
  .trim()
  .min(1, { abort: true })
  .max(100)
  .refine((v) => !/\s/.test(v), 'dict.itemNameSpace');

export const itemBody = z.object({
  value: str().trim().min(1).max(64),
  name: itemName,
  nameEn: str().trim().max(100).nullish(),
  orderNum: fields.intIn(0, 99999).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  remark: str().trim().max(500).nullish(),
});
/** `POST dict/item`. */
export const itemCreate = itemBody.extend({ dictId: fields.id });
export type ItemCreate = z.output<typeof itemCreate>;
/** `PUT dict/item/{id}`. */
export const itemUpdate = itemBody.extend({ version: fields.version });
export type ItemUpdate = z.output<typeof itemUpdate>;
/** `PUT dict/item/order`: the items of one dictionary in their new order. */
export const itemOrderBody = z.object({ dictId: fields.id, ids: fields.idArray(1000) });
/** `POST dict/item/list`. */
export const itemListQuery = pageQuery.extend({
  dictId: fields.id.optional(),
  dictCode: str().trim().max(64).optional(),
  name: str().trim().max(100).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type ItemListQuery = z.output<typeof itemListQuery>;

/** `POST {adapter}dict/item/query`: the enabled items of some dictionaries (all without `codes`). */
export const dictQueryBody = z.object({ codes: z.array(str().max(64)).max(200).optional() });

// ---------------------------------------------------------------- answers

const n = z.number();
const s = z.string();
const ns = z.string().nullable();

/** One dictionary (`POST dict`, `PUT dict/{id}`). */
export const dictView = z.object({
  id: n,
  code: s,
  name: s,
  type: s,
  sealed: z.boolean(),
  remark: ns,
  version: n,
  createdAt: at,
  updatedAt: at,
});
/** A row of `POST dict/list`. */
export const dictRow = dictView.extend({ itemCount: n });
export type DictRow = z.output<typeof dictRow>;

/** One item (a row of `POST dict/item/list`, `GET dict/item/{id}` ...). */
export const dictItem = z.object({
  id: n,
  dictId: n,
  value: s,
  name: s,
  nameEn: ns,
  orderNum: n,
  status: n,
  remark: ns,
  version: n,
  createdAt: at,
  updatedAt: at,
});
export type DictItem = z.output<typeof dictItem>;

/** `GET dict/{id}`: the dictionary with its items. */
export const dictDetail = dictView.extend({ items: z.array(dictItem) });

/** `POST {adapter}dict/item/query`: items by dictionary code. */
export const dictOptions = z.record(s, z.array(z.object({ value: s, name: s, nameEn: s })));
export type DictOptions = z.output<typeof dictOptions>;

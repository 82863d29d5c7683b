import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields, keptWhenOmitted } from '../fields.ts';

/** Parameters (spec 7.4, `sys_config`): every call exactly as the spec names it. */
const str = fields.str;

export const configBody = z.object({
  code: str()
    .trim()
    .min(1, { abort: true })
    .max(100)
    .regex(/^[A-Za-z][\w.\-:]*$/, 'config.codeInvalid'),
  name: str().trim().min(1).max(100),
  type: str().trim().min(1).max(32).default('system'),
  subType: str().trim().max(32).nullish(),
  value: str().max(20000),
  sealed: z.boolean().optional(),
  remark: str().trim().max(500).nullish(),
});
export type ConfigBody = z.output<typeof configBody>;
/** `PUT config/{id}`: `sealed` changes only through `PUT config/desealed/{id}`. */
export const configUpdate = keptWhenOmitted(configBody.omit({ sealed: true })).extend({ version: fields.version });
export type ConfigUpdate = z.output<typeof configUpdate>;
/** `POST config/listForConsole`. */
export const configListQuery = pageQuery.extend({
  code: str().trim().max(100).optional(),
  name: str().trim().max(100).optional(),
  type: str().trim().max(32).optional(),
  sealed: z.boolean().optional(),
});
export type ConfigListQuery = z.output<typeof configListQuery>;
/** `GET config/configKey/{key}`. */
export const configKeyParams = z.object({ key: str().max(100) });

// ---------------------------------------------------------------- answers

const n = z.number();
const s = z.string();
const ns = z.string().nullable();

/** A parameter (rows of the list, get, add, edit, deseal, recover); secret values come masked. */
export const configView = z.object({
  id: n,
  code: s,
  name: s,
  type: s,
  subType: ns,
  value: s,
  defaultValue: ns,
  sealed: z.boolean(),
  builtIn: z.boolean(),
  remark: ns,
  version: n,
  createdAt: fields.instantOut,
  updatedAt: fields.instantOut,
});
export type ConfigView = z.output<typeof configView>;

import { z } from 'zod';

/**
 * Shared building blocks for request fields. Every value they accept can be stored and compared
 * by PostgreSQL, so a malformed value is a 100400 naming the field, never a database error:
 * - integers are checked against the column's range (int2, int4; ids are bigint identity, held
 *   exactly by a JS number only up to 2^53 - 1);
 * - days exist in the calendar (no 2026-02-30) and instants lie within years 1-9999;
 * - text holds no NUL character (PostgreSQL text cannot store it).
 * Numbers may come as JSON numbers or as decimal digit strings (query strings, path segments,
 * form inputs); arrays, booleans, hex and exponents are not numbers here.
 */

export const INT2_MAX = 32_767;
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;
/** The largest id accepted: ids are bigint identity, exact in a JS number up to 2^53 - 1. */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

const INVALID = 'error.field.invalid';

/** Decimal digit strings become numbers; anything else is left for the number schema to refuse. */
function digitsToNumber(v: unknown): unknown {
  if (typeof v === 'string' && /^\s*[-+]?\d+\s*$/.test(v)) return Number(v.trim());
  return v;
}

/** An integer within [min, max], from a JSON number or a decimal digit string. */
export const intIn = (min: number, max: number) =>
  z.preprocess(digitsToNumber, z.number().int().min(min).max(max)) as unknown as z.ZodType<number, number | string>;

/** An int4 column (counters, codes, order numbers). */
const int4 = intIn(INT4_MIN, INT4_MAX);
/** A non-negative int4. */
const count = intIn(0, INT4_MAX);
/** A smallint column (status, type). */
const int2 = intIn(-INT2_MAX - 1, INT2_MAX);
/** A record id (bigint identity). */
const id = intIn(1, MAX_ID);
/** A list of record ids in a body. */
const idArray = (max = 5000) => z.array(id).max(max);
/** A record's optimistic-lock version (int4). */
const version = intIn(1, INT4_MAX);

/**
 * Money and counts (issue 23, point 15): an amount in fen is at most ¥100,000,000.00 and a
 * quantity at most 9,999, so a line, and an order's total checked against the same bound on the
 * server, stays far inside 2^53 (a JS number holds every fen exactly).
 */
export const MAX_FEN = 10_000_000_000;
export const MAX_QUANTITY = 9_999;
/** An amount in fen, 0 to ¥100,000,000.00. */
const fen = intIn(0, MAX_FEN);
/** A positive amount in fen, 1 to ¥100,000,000.00. */
const positiveFen = intIn(1, MAX_FEN);
/** A quantity sold or refunded, 1 to 9,999. */
const quantity = intIn(1, MAX_QUANTITY);

/** Comma-separated ids in a path segment (batch delete): each one a valid id. */
export const idList = z
  .string()
  .regex(/^\d{1,16}(,\d{1,16}){0,999}$/, INVALID)
  .transform((s) => s.split(',').map(Number))
  .pipe(z.array(z.number().int().min(1).max(MAX_ID)));

/** True when the text holds no NUL character. */
export const noNul = (s: string) => !s.includes('\u0000');

/** Text that PostgreSQL can store: no NUL character. Chain trim/min/max/regex as with z.string(). */
const str = () => z.string().refine(noNul, INVALID);

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** True for a day that exists, years 1-9999. */
export function isCalendarDay(y: number, m: number, d: number): boolean {
  if (!Number.isInteger(y) || y < 1 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  return d <= (m === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[m - 1]!);
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for `YYYY-MM-DD` naming a day that exists. */
export function isDay(s: string): boolean {
  const m = DAY_RE.exec(s);
  return !!m && isCalendarDay(+m[1]!, +m[2]!, +m[3]!);
}

/** A calendar day `YYYY-MM-DD` (a `date` column) that exists. */
const day = z.string().trim().refine(isDay, INVALID);

/** Epoch milliseconds of 0001-01-01T00:00:00Z and of 9999-12-31T23:59:59.999Z. */
export const MIN_INSTANT_MS = -62_135_596_800_000;
export const MAX_INSTANT_MS = 253_402_300_799_999;

const INSTANT_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * True for an instant the database can hold: ISO 8601 `YYYY-MM-DD[THH:mm[:ss[.fff]]][Z|±hh:mm]`
 * naming a real day and time (years 1-9999), or epoch milliseconds within the same years.
 */
export function isInstant(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v) && v >= MIN_INSTANT_MS && v <= MAX_INSTANT_MS;
  if (typeof v !== 'string') return false;
  const m = INSTANT_RE.exec(v.trim());
  if (!m || !isCalendarDay(+m[1]!, +m[2]!, +m[3]!)) return false;
  if (m[4] !== undefined && (+m[4] > 23 || +m[5]! > 59 || (m[6] !== undefined && +m[6] > 59))) return false;
  const ms = Date.parse(v.trim());
  return Number.isNaN(ms) ? m[7] === undefined : ms >= MIN_INSTANT_MS && ms <= MAX_INSTANT_MS;
}

/** An instant as sent (ISO 8601 text or epoch ms), checked but kept as given (a service reads it in its own time zone). */
const instantInput = z.union([z.string().max(40), z.number()]).refine(isInstant, INVALID);

/** An instant (ISO 8601 text or epoch ms) as a Date. */
const instant = instantInput.transform((v) => new Date(typeof v === 'string' ? v.trim() : v));

/** `sortField` of a list: a column key (letters, digits, `_`), never a prototype name such as `__proto__`. */
const sortField = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, INVALID);

/** Optional text of a form: trimmed, at most `max` characters; '' and null mean empty (null). */
const optText = (max: number) =>
  str()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : v));

/** An optional calendar day of a form (YYYY-MM-DD that exists); '' and null mean empty (null). */
const optDay = str()
  .trim()
  .refine((v) => v === '' || isDay(v), INVALID)
  .nullish()
  .transform((v) => (v === '' ? null : v));

/**
 * An instant in an answer. The server hands a Date (or ISO 8601 text); JSON carries ISO 8601 text,
 * which is what the console receives (`z.output` is `string`).
 */
const instantOut = z.union([z.date(), z.iso.datetime({ offset: true })]).transform((v) => (typeof v === 'string' ? v : v.toISOString()));

/**
 * In answers: a stored text column that holds one of `values`. The server hands a string (what the
 * database gives); tests check it is one of the values; the console gets their union.
 */
const textOf = <const T extends readonly [string, ...string[]]>(values: T) => z.string().pipe(z.enum(values));

/** In answers: a stored number column (status, type) that holds one of `values`; the console gets their union. */
const numberOf = <const T extends readonly [number, ...number[]]>(values: T) => z.number().pipe(z.literal(values));

/** A field schema with the default/prefault/optional wrappers at its top taken off (nullable kept). */
export type WithoutDefault<T> =
  T extends z.ZodDefault<infer I>
    ? WithoutDefault<I>
    : T extends z.ZodPrefault<infer I>
      ? WithoutDefault<I>
      : T extends z.ZodOptional<infer I>
        ? WithoutDefault<I>
        : T extends z.ZodNullable<infer I>
          ? z.ZodNullable<WithoutDefault<I>>
          : T;

/**
 * The field without the defaults at its top (`.default()`, `.prefault()`, under `.optional()` and
 * `.nullable()` too): a value left out stays left out. zod 4's `.partial()` keeps defaults, so an
 * update built with it fills every omitted field with the create default (issue 23, point 10).
 */
export function withoutDefault<T extends z.ZodType>(s: T): WithoutDefault<T> {
  const d = (s as unknown as { def: { type: string; innerType?: z.ZodType } }).def;
  if ((d.type === 'default' || d.type === 'prefault' || d.type === 'optional') && d.innerType) return withoutDefault(d.innerType) as WithoutDefault<T>;
  if (d.type === 'nullable' && d.innerType) return withoutDefault(d.innerType).nullable() as unknown as WithoutDefault<T>;
  return s as WithoutDefault<T>;
}

/** Every field of an update: optional, no default. */
export type UpdateShape<S extends z.core.$ZodShape> = { -readonly [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]>> };

/**
 * The update schema of a create schema (`PUT x/{id}`): every field optional and without its
 * default, plus `version`. A field left out of the body is left out of the parsed value, so the
 * service leaves it unchanged. Every partial update is built with this;
 * `apps/server/test/partial-update.test.ts` fails an update route whose parsed body gains a field
 * that was not sent.
 */
export function updateOf<S extends z.core.$ZodShape>(create: z.ZodObject<S>): z.ZodObject<UpdateShape<S> & { version: typeof version }> {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, s] of Object.entries(create.shape)) shape[k] = withoutDefault(s as z.ZodType).optional();
  return z.object({ ...shape, version }) as unknown as z.ZodObject<UpdateShape<S> & { version: typeof version }>;
}

/** A whole-form field: a default becomes "optional, no default"; anything else is kept as it is. */
export type KeptWhenOmitted<T> =
  T extends z.ZodDefault<infer I> ? z.ZodOptional<WithoutDefault<I>> : T extends z.ZodPrefault<infer I> ? z.ZodOptional<WithoutDefault<I>> : T;

/**
 * The edit body of a whole-form save (the form sends every field; `PUT job/{id}`, `PUT setting`):
 * required fields stay required, and a field with a create default becomes optional without it,
 * so leaving it out keeps the stored value instead of resetting it (the service merges).
 */
export function keptWhenOmitted<S extends z.core.$ZodShape>(form: z.ZodObject<S>): z.ZodObject<{ -readonly [K in keyof S]: KeptWhenOmitted<S[K]> }> {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, s] of Object.entries(form.shape)) {
    const type = (s as unknown as { def: { type: string } }).def.type;
    shape[k] = type === 'default' || type === 'prefault' ? withoutDefault(s as z.ZodType).optional() : (s as z.ZodType);
  }
  return z.object(shape) as unknown as z.ZodObject<{ -readonly [K in keyof S]: KeptWhenOmitted<S[K]> }>;
}

/**
 * The building blocks, one name space: `fields.id`, `fields.version`, `fields.int4`, `fields.count`,
 * `fields.fen`, `fields.positiveFen`, `fields.quantity` (money and counts, bounded by MAX_FEN and MAX_QUANTITY),
 * `fields.int2`, `fields.intIn(min, max)`, `fields.idArray()`, `fields.day`, `fields.optDay`,
 * `fields.instant`, `fields.instantInput`, `fields.str()`, `fields.optText(max)`, `fields.sortField`;
 * in answers, `fields.instantOut`, `fields.textOf([...])`, `fields.numberOf([...])`.
 */
export const fields = {
  intIn,
  int4,
  count,
  int2,
  id,
  idArray,
  version,
  fen,
  positiveFen,
  quantity,
  day,
  optDay,
  instant,
  instantInput,
  str,
  optText,
  sortField,
  instantOut,
  textOf,
  numberOf,
} as const;

import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import * as drizzle from 'drizzle-orm';
import { Column, fillPlaceholders, is, Placeholder, SQL, sql, Subquery } from 'drizzle-orm';

// Drizzle's own row mapping (exported, typed @internal): the reference the test runner compares with.
const { mapResultRow } = drizzle as unknown as { mapResultRow(fields: unknown, row: unknown[], joinsNotNullableMap: unknown): unknown };

/**
 * The shape of one call of a hot statement: what changes its SQL text (which filters are given,
 * an operator, the sort, the kind of scope), with every value bound as a named placeholder. One
 * shape is one statement text, whatever the values.
 */
export class Shape {
  private readonly parts: string[] = [];
  readonly values: Record<string, unknown> = {};

  /** A value, sent as the parameter `name` (never written into the text). */
  bind(name: string, value: unknown): Placeholder {
    if (Object.hasOwn(this.values, name)) throw new Error(`shape parameter ${name} bound twice`);
    this.parts.push(name);
    this.values[name] = value;
    return sql.placeholder(name);
  }

  /** Something that changes the text without a value (an operator, a sort). */
  mark(part: string): void {
    this.parts.push(`#${part}`);
  }

  get key(): string {
    return this.parts.join('|');
  }
}

interface Prepared {
  getQuery(): { sql: string; params: unknown[] };
}

interface Preparable {
  prepare(name: string): Prepared;
  toSQL(): { sql: string; params: unknown[] };
}

/** A statement's text and its constant parameters: what must not change while the shape stays. */
function fixedPart(q: { sql: string; params: unknown[] }): string {
  return JSON.stringify([q.sql, q.params.map((p) => (is(p, Placeholder) ? `:${p.name}` : p))]);
}

type PreparedOf<Q extends Record<string, Preparable>> = { [K in keyof Q]: ReturnType<Q[K]['prepare']> };

let verify = false;
let named = true;

/**
 * Off behind PgBouncer in transaction mode (1.18 keeps no statement across transactions): the
 * text is still built once per shape, PostgreSQL plans each call as an unnamed statement.
 */
export function useNamedStatements(on: boolean): void {
  named = on;
}

/** Tests: every reuse of a shape checks that nothing but its bound values could differ (costs a build per call). */
export function verifyShapesOnReuse(on = true): void {
  verify = on;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What a prepared select of Drizzle keeps to map its rows (drizzle-orm 0.45, both drivers). */
interface RowMapping {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

/** The decoder Drizzle's `mapResultRow` takes for a selected field. */
function decoderOf(field: unknown): Decoder {
  type Decoded = { decoder: Decoder };
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/**
 * The rows of a flat selection (every field at the top level, as the hot lists select) mapped
 * by one generated function, to the same objects Drizzle's `mapResultRow` makes: its generic walk
 * (a path iterator and class checks per field and row) was a list page's largest own cost after
 * the statement text. A nested selection keeps Drizzle's. Under the test runner every row is
 * also mapped by Drizzle and compared.
 */
function withFlatRows(prepared: object): void {
  const q = prepared as RowMapping;
  const fields = q.fields;
  if (!fields || !('customResultMapper' in q) || q.customResultMapper || !fields.every((f) => f.path.length === 1)) return;
  const keys = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  const asIs = decoders.map((d) => d.mapFromDriverValue === Column.prototype.mapFromDriverValue);
  // One object literal per row (keys as JSON text, never a value): every row gets one hidden
  // class at once, several times faster than a loop of keyed stores.
  const props = keys.map((k, i) => `${JSON.stringify(k)}: row[${i}] === null ? null : ${asIs[i] ? `row[${i}]` : `d[${i}].mapFromDriverValue(row[${i}])`}`);
  const mapRow = new Function('d', `return (row) => ({ ${props.join(', ')} });`)(decoders) as (row: unknown[]) => Record<string, unknown>;
  q.customResultMapper = (rows) => {
    const mapped = rows.map(mapRow);
    if (verify) {
      rows.forEach((row, i) => {
        if (!isDeepStrictEqual(mapped[i], mapResultRow(fields, row, q.joinsNotNullableMap))) throw new Error('a flat row mapped otherwise than by Drizzle');
      });
    }
    return mapped;
  };
}

/** Both record the same shape: the same marks and bindings in the same order, and equal values. */
function sameShape(a: Shape, b: Shape): boolean {
  if (a.key !== b.key) return false;
  for (const k of Object.keys(a.values)) {
    const x = a.values[k];
    const y = b.values[k];
    if (!Object.is(x, y) && JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}

/**
 * Hot statements prepared once per shape and database. Drizzle builds a statement's text on
 * every call (about 0.15 ms for a list page, more than the rest of the request's own work), and
 * PostgreSQL parses and plans it again; here the text is built once per shape, and PostgreSQL
 * keeps the plan per connection as a named statement (docs/decisions.md, "Request overhead").
 *
 * `build` makes the query builders and binds every value through the shape; only a new shape
 * turns them into text. A value not bound would be frozen at its first call: with
 * `verifyShapesOnReuse()` (the test suites turn it on in `test/setup.ts`) each reuse builds the text and the
 * constant parameters again and compares them, so such a value fails any test that passes two values.
 *
 * `shapeOf`, when given, makes the same marks and bindings as `build` without any query builder,
 * so a known shape is found without building (building is most of a hot list's own cost). Its
 * shape must equal the one `build` records: checked on each new shape, and under the test runner
 * on every call (which then builds every time, as above).
 */
export function preparedByShape<Db extends object, Args extends unknown[], Q extends Record<string, Preparable>>(
  name: string,
  build: (shape: Shape, db: Db, ...args: Args) => Q,
  opts: { shapeOf?: (shape: Shape, ...args: Args) => void } = {},
): (db: Db, ...args: Args) => { statements: PreparedOf<Q>; values: Record<string, unknown> } {
  const byDb = new WeakMap<Db, Map<string, PreparedOf<Q>>>();
  const { shapeOf } = opts;
  const checked = (built: Shape, args: Args): void => {
    if (!shapeOf) return;
    const quick = new Shape();
    shapeOf(quick, ...args);
    if (!sameShape(quick, built)) throw new Error(`${name}: shapeOf records ${quick.key} where the statement binds ${built.key}, or other values`);
  };
  return (db, ...args) => {
    let cache = byDb.get(db);
    if (!cache) byDb.set(db, (cache = new Map()));
    if (shapeOf && !verify) {
      const quick = new Shape();
      shapeOf(quick, ...args);
      const known = cache.get(quick.key);
      if (known) return { statements: known, values: quick.values };
    }
    const shape = new Shape();
    const queries = build(shape, db, ...args);
    checked(shape, args);
    const cached = cache.get(shape.key);
    if (cached) {
      if (verify) {
        for (const [k, q] of Object.entries(queries)) {
          if (fixedPart(q.toSQL()) !== fixedPart(cached[k]!.getQuery()))
            throw new Error(`${name}: statement ${k} has a value that is not bound through the shape`);
        }
      }
      return { statements: cached, values: shape.values };
    }
    const id = createHash('sha256').update(shape.key).digest('hex').slice(0, 16);
    const prepared = Object.fromEntries(
      Object.entries(queries).map(([k, q]) => {
        // An empty name is node-postgres's unnamed statement.
        const statement = q.prepare(named ? `${name}_${k}_${id}` : '');
        withFlatRows(statement);
        return [k, statement];
      }),
    ) as PreparedOf<Q>;
    // Shapes are few (filters given × sorts × kinds of scope); the bound keeps a bug from growing the cache without end.
    if (cache.size >= 1000) cache.clear();
    cache.set(shape.key, prepared);
    return { statements: prepared, values: shape.values };
  };
}

/** A prepared statement's text and parameters for given values (bench baselines run them through the driver). */
export function statementText(s: Prepared, values: Record<string, unknown>): { sql: string; params: unknown[] } {
  const q = s.getQuery();
  return { sql: q.sql, params: fillPlaceholders(q.params, values) };
}

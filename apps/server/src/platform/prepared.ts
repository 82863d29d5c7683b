import { createHash } from 'node:crypto';
import { fillPlaceholders, is, Placeholder, sql } from 'drizzle-orm';

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

/** Tests: every reuse of a shape checks that nothing but its bound values could differ (costs a build per call). */
export function verifyShapesOnReuse(on = true): void {
  verify = on;
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
          if (fixedPart(q.toSQL()) !== fixedPart(cached[k]!.getQuery())) throw new Error(`${name}: statement ${k} has a value that is not bound through the shape`);
        }
      }
      return { statements: cached, values: shape.values };
    }
    const id = createHash('sha256').update(shape.key).digest('hex').slice(0, 16);
    const prepared = Object.fromEntries(Object.entries(queries).map(([k, q]) => [k, q.prepare(`${name}_${k}_${id}`)])) as PreparedOf<Q>;
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

import type { ZodType } from 'zod';

/**
 * Reading route schemas in tests generated from the route registry (tenant isolation, malformed
 * input): zod 4 definitions, and a value a schema accepts.
 */

export interface Def {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  options?: ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
}

export const defOf = (s: ZodType) => (s as unknown as { def: Def }).def;

/** The schema under optional/nullable/default/pipe wrappers. */
export function unwrap(s: ZodType): ZodType {
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(d.type) && d.innerType) s = d.innerType;
    else if (d.type === 'pipe' && d.in && d.out) s = defOf(d.in).type === 'transform' ? d.out : d.in;
    else break;
  }
  return s;
}

/**
 * A value the schema accepts (undefined for optional fields: left out). Plain values are the
 * first of `candidates` the schema takes, so a test chooses which records its ids name.
 */
export function sample(s: ZodType, candidates: readonly unknown[]): unknown {
  if (s.safeParse(undefined).success) return undefined;
  const d = defOf(unwrap(s));
  if (d.type === 'object' && d.shape) {
    const o: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(d.shape)) {
      const x = sample(v, candidates);
      if (x !== undefined) o[k] = x;
    }
    return o;
  }
  if (d.type === 'array' && d.element) return s.safeParse([]).success ? [] : [sample(d.element, candidates)];
  if (d.type === 'enum' && d.entries) return Object.values(d.entries)[0];
  if (d.type === 'literal' && d.values) return d.values[0];
  if (d.type === 'union' && d.options) {
    for (const o of d.options) {
      const x = sample(o, candidates);
      if (s.safeParse(x).success) return x;
    }
  }
  return candidates.find((c) => s.safeParse(c).success) ?? (s.safeParse(null).success ? null : 'x');
}

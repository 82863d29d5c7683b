/**
 * 'no changes, no need to save' (spec 5): the fields of an edit form whose value differs from
 * the record as loaded. Empty text, null and undefined are the same "empty"; numbers and
 * numeric strings compare by value ('1' equals 1: selects may give either); arrays and
 * objects compare by content.
 */

export function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

function normalise(v: unknown): unknown {
  if (isEmptyValue(v)) return null;
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'object' && v !== null && 'toISOString' in v && typeof (v as Date).toISOString === 'function') return (v as Date).toISOString();
  return v;
}

export function sameValue(a: unknown, b: unknown): boolean {
  const x = normalise(a);
  const y = normalise(b);
  if (x === y) return true;
  if (x === null || y === null) return false;
  if ((typeof x === 'number' || typeof x === 'string') && (typeof y === 'number' || typeof y === 'string')) {
    return String(x) === String(y);
  }
  if (typeof x === 'boolean' || typeof y === 'boolean') return false;
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((v, i) => sameValue(v, y[i]));
  if (typeof x === 'object' && typeof y === 'object') {
    const keys = new Set([...Object.keys(x as object), ...Object.keys(y as object)]);
    return [...keys].every((k) => sameValue((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]));
  }
  return false;
}

/**
 * The changed fields among `names` (default: every key of `current`): `{name: newValue}`.
 * An empty result means there is nothing to save.
 */
export function changedValues(
  initial: Record<string, unknown>,
  current: Record<string, unknown>,
  names: readonly string[] = Object.keys(current),
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    if (!(name in current)) continue;
    if (!sameValue(initial[name], current[name])) out[name] = current[name];
  }
  return out;
}

/** Two id lists with the same members, in any order (what a multi-select or a checked tree holds). */
export function sameIds(a: readonly (number | string)[], b: readonly (number | string)[]): boolean {
  const x = new Set(a.map(String));
  return x.size === new Set(b.map(String)).size && b.every((v) => x.has(String(v)));
}

export function hasChanges(initial: Record<string, unknown>, current: Record<string, unknown>, names?: readonly string[]): boolean {
  return Object.keys(changedValues(initial, current, names)).length > 0;
}

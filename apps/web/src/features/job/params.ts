/**
 * The ParamTable's model: a job's parameters (`executeData`, a JSON object) <-> rows of
 * name, type and value. Pure functions, unit-tested.
 */

export type ParamType = 'string' | 'number' | 'boolean' | 'json';

/** Console-only: a row of the parameter table, turned into the job's `executeData` object by rowsToParams. */
export interface ParamRow {
  /** Stable row id for React keys. */
  id: string;
  key: string;
  type: ParamType;
  value: string;
}

let seq = 0;
export const newRowId = () => `p${++seq}`;

export function emptyRow(): ParamRow {
  return { id: newRowId(), key: '', type: 'string', value: '' };
}

/** executeData -> rows (a value that is not an object becomes one 'json' row named 'value'). */
export function paramsToRows(data: unknown): ParamRow[] {
  if (data === null || data === undefined || data === '') return [];
  if (typeof data !== 'object' || Array.isArray(data)) return [{ id: newRowId(), key: 'value', type: 'json', value: JSON.stringify(data) }];
  return Object.entries(data as Record<string, unknown>).map(([key, v]) => {
    if (typeof v === 'number') return { id: newRowId(), key, type: 'number', value: String(v) };
    if (typeof v === 'boolean') return { id: newRowId(), key, type: 'boolean', value: String(v) };
    if (typeof v === 'string') return { id: newRowId(), key, type: 'string', value: v };
    return { id: newRowId(), key, type: 'json', value: JSON.stringify(v) };
  });
}

export type RowProblem = {
  index: number;
  field: 'key' | 'value';
  key: 'params.keyEmpty' | 'params.keyDuplicate' | 'params.notNumber' | 'params.notBoolean' | 'params.notJson';
};

/** The problems of the rows (message keys of the job namespace), first per row. */
export function rowProblems(rows: readonly ParamRow[]): RowProblem[] {
  const out: RowProblem[] = [];
  const seen = new Set<string>();
  rows.forEach((r, index) => {
    const key = r.key.trim();
    if (!key) return void out.push({ index, field: 'key', key: 'params.keyEmpty' });
    if (seen.has(key)) return void out.push({ index, field: 'key', key: 'params.keyDuplicate' });
    seen.add(key);
    if (r.type === 'number' && !/^-?\d+(\.\d+)?$/.test(r.value.trim())) return void out.push({ index, field: 'value', key: 'params.notNumber' });
    if (r.type === 'boolean' && !['true', 'false'].includes(r.value.trim())) return void out.push({ index, field: 'value', key: 'params.notBoolean' });
    if (r.type === 'json') {
      try {
        JSON.parse(r.value);
      } catch {
        out.push({ index, field: 'value', key: 'params.notJson' });
      }
    }
  });
  return out;
}

/** Rows -> executeData (null when there are none). Call after rowProblems found nothing. */
export function rowsToParams(rows: readonly ParamRow[]): Record<string, unknown> | null {
  if (!rows.length) return null;
  const out: Record<string, unknown> = {};
  for (const r of rows) {
    const key = r.key.trim();
    if (!key) continue;
    switch (r.type) {
      case 'number':
        out[key] = Number(r.value.trim());
        break;
      case 'boolean':
        out[key] = r.value.trim() === 'true';
        break;
      case 'json':
        try {
          out[key] = JSON.parse(r.value);
        } catch {
          out[key] = r.value;
        }
        break;
      default:
        out[key] = r.value;
    }
  }
  return out;
}

import type { TakingsQuery, TakingsSummary } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import type { Caller } from '../../../platform/http.ts';
import { invalid } from '../../../platform/errors.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { orgTimeZone } from '../../system/index.ts';
import { takingsByDay, type TakingsRow } from './takings.summary.repository.ts';

type Sums = TakingsSummary['total'];
const zero = (): Sums => ({ takenFen: 0, refundedFen: 0, netFen: 0, payments: 0, refunds: 0 });
function add(into: Sums, r: TakingsRow): void {
  into.takenFen += r.takenFen;
  into.refundedFen += r.refundedFen;
  into.netFen += r.takenFen - r.refundedFen;
  into.payments += r.payments;
  into.refunds += r.refunds;
}

/** Takings by method and by day, refunds and net, over rows of `takingsByDay`. */
export function summarise(timeZone: string, rows: readonly TakingsRow[]): TakingsSummary {
  const methods = new Map<string, Sums>();
  const total = zero();
  for (const r of rows) {
    add(total, r);
    const m = methods.get(r.method) ?? zero();
    add(m, r);
    methods.set(r.method, m);
  }
  return {
    timeZone,
    days: rows.map((r) => ({ ...r, netFen: r.takenFen - r.refundedFen })),
    methods: [...methods].map(([method, s]) => ({ method, ...s })).sort((a, b) => b.takenFen - a.takenFen || a.method.localeCompare(b.method)),
    total,
  };
}

/** The capital flow's takings view: days of the caller's organisation's time zone, at most 366 of them. */
export async function takingsSummary(db: Db, caller: Caller, q: TakingsQuery): Promise<TakingsSummary> {
  if (q.dayTo < q.dayFrom) throw invalid('dayTo', 'error.field.invalid');
  if (Date.parse(q.dayTo) - Date.parse(q.dayFrom) > 366 * 86_400_000) throw invalid('dayTo', 'error.field.tooBig', { max: 366 });
  const scope = scopeOf(caller);
  const timeZone = (await orgTimeZone(db, scope, caller.orgId)) ?? 'Asia/Shanghai';
  return summarise(timeZone, await takingsByDay(db, scope, timeZone, q.dayFrom, q.dayTo));
}

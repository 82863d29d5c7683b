import type { Executor, Tx } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import type { Scope } from '../../../platform/scope.ts';
import { venueOrgOf } from '../commerce/index.ts';
import './ticket.messages.ts';

/** Small helpers the ticketing services share. */

/** A Postgres error code anywhere in the cause chain (drizzle wraps driver errors). */
export function pgCode(e: unknown): { code?: string; constraint?: string } | undefined {
  for (let x = e as { code?: string; constraint?: string; cause?: unknown } | undefined, i = 0; x && i < 4; x = x.cause as typeof x, i++)
    if (typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code)) return x;
  return undefined;
}

/** A venue named by a record must be of the record's organisation (100404 otherwise). */
export async function checkVenue(db: Executor, scope: Scope, venueId: number | null | undefined, orgId: number): Promise<void> {
  if (venueId === undefined || venueId === null) return;
  if ((await venueOrgOf(db as Tx, scope, venueId)) !== orgId) throw notFound();
}

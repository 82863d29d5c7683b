import { sql, type SQL, type Column, type Placeholder } from 'drizzle-orm';
import type { Caller } from './http.ts';
import type { Executor } from './db.ts';
import { notFound, staleVersion } from './errors.ts';

/**
 * Which organisations' records one call may read or write (docs/decisions.md, "Authorisation of
 * organisations and users"). Every repository function over an organisation-owned table takes one
 * as a required argument and puts its predicate in the `where` of each read and write.
 * - `all`: every organisation: callers in the platform organisation, and internal platform-wide
 *   work, which passes the named constant SYSTEM_SCOPE so it stands out in review;
 * - `subtree`: an organisation and every organisation below it (a caller's reach);
 * - `org`: exactly one organisation.
 */
export type Scope =
  | { readonly kind: 'all'; readonly by: 'platform' | 'system' }
  | { readonly kind: 'subtree'; readonly orgId: number }
  | { readonly kind: 'org'; readonly orgId: number };

/**
 * Internal, deliberately platform-wide work: start-up seeds, maintenance jobs, the session lookup
 * by token hash, sign-in (which finds the account before anyone is signed in), the scheduler.
 * Never for a request made on behalf of a signed-in caller: use `scopeOf(caller)`.
 */
export const SYSTEM_SCOPE: SystemScope = Object.freeze({ kind: 'all', by: 'system' });

/** The type of SYSTEM_SCOPE: a repository function that only internal work may call takes this. */
export type SystemScope = { readonly kind: 'all'; readonly by: 'system' };

const PLATFORM: Scope = Object.freeze({ kind: 'all', by: 'platform' });

/** Organisation type of a venue organisation (dictionary sys_org_type: 1 platform, 2 company, 3 venue, 4 department). */
export const VENUE_ORG_TYPE = 3;

/**
 * The one rule of the working organisation (docs/decisions.md, "A department works for its venue
 * organisation"): a session in an organisation works for the nearest organisation of type venue at
 * or above it (a department of 示范体育中心 works for 示范体育中心), or, with none above, for its own
 * organisation. `org` is an SQL expression naming the session's organisation (a column, or an
 * integer literal). The climb stops at the first venue organisation, so a department never reaches
 * a sibling venue or the company above.
 */
function chainText(org: string): string {
  return `with recursive up as (select id, parent_id, type, 0 as depth from sys_org where id = ${org}
    union all select o.id, o.parent_id, o.type, up.depth + 1 from sys_org o join up on o.id = up.parent_id where up.type <> ${VENUE_ORG_TYPE})`;
}

/** The working organisation of the organisation `org` (an SQL expression), as a scalar subquery. */
export function workOrgText(org: string): string {
  return `(${chainText(org)} select coalesce((select id from up where type = ${VENUE_ORG_TYPE} order by depth limit 1), ${org}))`;
}

function literal(orgId: number): string {
  if (!Number.isSafeInteger(orgId)) throw new Error(`not an organisation id: ${orgId}`);
  return String(orgId);
}

/**
 * The organisations from `orgId` up to its working organisation, both included (just `orgId` when
 * it works for itself): the roles of these count in a session there, and a user of `orgId` may hold them.
 */
export function workChainOf(orgId: number): SQL {
  const org = literal(orgId);
  return sql.raw(`(${chainText(org)} select id from up where id = ${org} or exists (select 1 from up v where v.type = ${VENUE_ORG_TYPE}))`);
}

/** The working organisation of an organisation (see workOrgText). */
export async function workOrgOf(db: Executor, orgId: number): Promise<number> {
  const res = (await db.execute(sql.raw(`select ${workOrgText(literal(orgId))} as id`))) as unknown as { rows: { id: number | string }[] };
  return Number(res.rows[0]?.id ?? orgId);
}

/**
 * A caller's reach: the platform organisation sees every organisation, anyone else their working
 * organisation and below (`Caller.orgId` is the working organisation, see workOrgText).
 */
export function scopeOf(caller: Pick<Caller, 'platform' | 'orgId'>): Scope {
  return caller.platform ? PLATFORM : { kind: 'subtree', orgId: caller.orgId };
}

/** A scope of exactly one organisation. */
export type OneOrgScope = Extract<Scope, { kind: 'org' }>;

/** Exactly one organisation. */
export function oneOrgScope(orgId: number): OneOrgScope {
  return { kind: 'org', orgId };
}

/** The ids of an organisation and every organisation below it, as a subquery. */
export function subtreeOf(rootId: number | Placeholder): SQL {
  return sql`(with recursive t as (select id from sys_org where id = ${rootId}
    union all select o.id from sys_org o join t on o.parent_id = t.id) select id from t)`;
}

/**
 * The scope as a predicate on an organisation column (or expression): undefined when the scope
 * is platform-wide, so it goes straight into `and(...)`.
 */
export function inScope(scope: Scope, column: Column | SQL): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'subtree':
      return sql`${column} in ${subtreeOf(scope.orgId)}`;
    case 'org':
      return sql`${column} = ${scope.orgId}`;
  }
}

/** The same predicate as SQL that is never empty (`true` for a platform-wide scope), for raw statements. */
export function inScopeSql(scope: Scope, column: Column | SQL): SQL {
  return inScope(scope, column) ?? sql`true`;
}

/**
 * Refuses (100404) organisation ids outside the scope: the guard of inserts, whose rows name
 * their organisation. The scope's own organisation needs no query.
 */
export async function assertInScope(db: Executor, scope: Scope, orgIds: Iterable<number>): Promise<void> {
  // Internal work names existing organisations (the foreign keys would refuse others anyway).
  if (scope.kind === 'all' && scope.by === 'system') return;
  const ids = [...new Set(orgIds)];
  const open = scope.kind === 'all' ? ids : ids.filter((id) => id !== scope.orgId);
  if (!open.length) return;
  if (scope.kind === 'org') throw notFound();
  const res = (await db.execute(
    sql`select count(*)::int as n from sys_org where id = any(${`{${open.join(',')}}`}::bigint[]) and ${inScopeSql(scope, sql`id`)}`,
  )) as unknown as {
    rows: { n: number }[];
  };
  if (Number(res.rows[0]?.n ?? 0) !== open.length) throw notFound();
}

/** Throws 100409 when an optimistic-lock update touched no row. */
export function expectOneUpdated(rows: unknown[]): void {
  if (rows.length === 0) throw staleVersion();
}

import { and, desc, eq, isNotNull, isNull, lte, or, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScope, type Scope } from '../../../platform/scope.ts';
import { scopedRepo } from '../../../platform/scopedRepo.ts';
import { containsText, orgs } from '../../system/index.ts';
import { venues } from '../venue/index.ts';
import { displayLinks } from './largeScreen.table.ts';

/** Every query of the large-screen module; each takes the scope. */
export const linkRepo = scopedRepo(displayLinks);
export type DisplayLinkRecord = typeof displayLinks.$inferSelect;

const stateIs = (state: string, now: Date) => {
  if (state === 'revoked') return isNotNull(displayLinks.revokedAt);
  const live = or(isNull(displayLinks.expiresAt), gt(displayLinks.expiresAt, now));
  return and(isNull(displayLinks.revokedAt), state === 'active' ? live : and(isNotNull(displayLinks.expiresAt), lte(displayLinks.expiresAt, now)));
};

/** One page of the scope's display links with their organisation's name, the newest first. */
export async function pageLinks(db: Executor, scope: Scope, f: { name?: string | null; state?: string }, now: Date, page: { limit: number; offset: number }) {
  const where = linkRepo.where(scope, f.name ? containsText(displayLinks.name, f.name) : undefined, f.state ? stateIs(f.state, now) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ link: displayLinks, orgName: orgs.name })
      .from(displayLinks)
      .innerJoin(orgs, eq(orgs.id, displayLinks.orgId))
      .where(where)
      .orderBy(desc(displayLinks.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(displayLinks)
      .where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

/** The link a token's hash names, among the scope's (the public view passes the system scope: the token is the credential). */
export async function findLinkByHash(db: Executor, scope: Scope, tokenHash: string): Promise<DisplayLinkRecord | undefined> {
  const [row] = await db
    .select()
    .from(displayLinks)
    .where(and(eq(displayLinks.tokenHash, tokenHash), inScope(scope, displayLinks.orgId)));
  return row;
}

/** Revokes a link not yet revoked (a conditional write: revoking twice changes nothing); answers whether it changed. */
export async function revokeLink(db: Executor, scope: Scope, id: number, now: Date): Promise<boolean> {
  return (await linkRepo.patch(db, scope, [id], { revokedAt: now }, isNull(displayLinks.revokedAt))) === 1;
}

/** The scope's venues with their address (the map places them by province). */
export function venuesOf(db: Executor, scope: Scope) {
  return db.select({ id: venues.id, name: venues.stadiumName, address: venues.address }).from(venues).where(inScope(scope, venues.orgId)).orderBy(venues.id);
}

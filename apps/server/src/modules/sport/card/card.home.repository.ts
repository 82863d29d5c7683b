import { and, asc, count, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScope, type Scope } from '../../../platform/scope.ts';
import { members } from '../member/index.ts';
import { memberCards } from './card.table.ts';

/** Active cards whose validity ends within `[from, to]` (days): how many, and the first `limit` by end day with their member. */
export async function cardsExpiring(db: Executor, scope: Scope, from: string, to: string, limit: number) {
  const where = and(eq(memberCards.status, 'active'), gte(memberCards.validTo, from), lte(memberCards.validTo, to), inScope(scope, memberCards.orgId));
  const [[total], first] = await Promise.all([
    db.select({ n: count() }).from(memberCards).where(where),
    db
      .select({ id: memberCards.id, cardNo: memberCards.cardNo, validTo: memberCards.validTo, memberName: members.name })
      .from(memberCards)
      .innerJoin(members, and(eq(members.orgId, memberCards.orgId), eq(members.id, memberCards.memberId)))
      .where(where)
      .orderBy(asc(memberCards.validTo), asc(memberCards.id))
      .limit(limit),
  ]);
  return { total: Number(total?.n ?? 0), first };
}

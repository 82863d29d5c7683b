import { and, asc, eq, like, or } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../platform/scope.ts';
import { contains, containsText } from '../../system/admin.common.ts';
import { members } from './member.table.ts';

export type MemberRecord = typeof members.$inferSelect;

/** Members whose phone or number starts with the keyword, or whose name holds it. */
export async function searchMembers(db: Executor, scope: Scope, keyword: string, limit: number): Promise<MemberRecord[]> {
  const prefix = `${contains(keyword).slice(1)}`;
  return db
    .select()
    .from(members)
    .where(and(inScope(scope, members.orgId), or(like(members.phone, prefix), like(members.memberNo, prefix), containsText(members.name, keyword))))
    .orderBy(asc(members.name), asc(members.id))
    .limit(limit);
}

export async function findMember(db: Executor, scope: Scope, id: number): Promise<MemberRecord | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.id, id), inScope(scope, members.orgId)));
  return row;
}

export async function insertMember(db: Executor, scope: Scope, values: typeof members.$inferInsert): Promise<MemberRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(members).values(values).returning();
  return row!;
}

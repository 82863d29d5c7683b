import type { MemberCreate } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import type { Caller } from '../../../platform/http.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { mapDuplicate } from '../../system/admin.common.ts';
import { nextDocNo } from '../commerce/commerce.repository.ts';
import { timeZoneOf } from '../commerce/money.ts';
import { setMemberLevelResolver } from '../venue/booking.service.ts';
import { setMemberLookup } from '../commerce/item-kinds.ts';
import { findMember, insertMember, searchMembers, type MemberRecord } from './member.repository.ts';
import './member.messages.ts';

/** The part of members that booking needs: find one, register one, and price by their level. */

const brief = ({ id, memberNo, name, phone, level, status }: MemberRecord) => ({ id, memberNo, name, phone, level, status });
const UNIQUE = { sport_member_org_phone_uq: ['phone', 'field.memberPhone'] as [string, string], sport_member_org_no_uq: ['memberNo', 'field.memberNo'] as [string, string] };

// A member's bookings are priced by their level; a frozen member pays everybody's price.
setMemberLevelResolver(async (db, scope, memberId) => {
  const m = await findMember(db, scope, memberId);
  return m && m.status === 0 ? m.level : null;
});

setMemberLookup(async (tx, scope, memberId) => (await findMember(tx, scope, memberId))?.orgId);

export async function findMembers(db: Db, caller: Caller, keyword: string, limit: number) {
  return (await searchMembers(db, scopeOf(caller), keyword, limit)).map(brief);
}

export async function registerMember(db: Db, caller: Caller, input: MemberCreate) {
  const scope = scopeOf(caller);
  const orgId = input.orgId ?? caller.orgId;
  const row = await db.transaction(async (tx) => {
    const memberNo = input.memberNo ?? `M${await nextDocNo(tx, await timeZoneOf(tx, orgId))}`;
    return mapDuplicate(insertMember(tx, scope, { orgId, memberNo, name: input.name, phone: input.phone, level: input.level ?? null }), UNIQUE);
  });
  return brief(row);
}

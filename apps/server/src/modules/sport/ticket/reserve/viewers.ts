import type { TicketViewer } from '@venue/contract';
import type { Executor } from '../../../../platform/db.ts';
import { invalid, notFound } from '../../../../platform/errors.ts';
import type { Scope } from '../../../../platform/scope.ts';
import { findMember } from '../../member/index.ts';
import './reserve.messages.ts';

/**
 * Viewers chosen from member records (`memberId`): each member of the session's organisation gives
 * their name and id number from the record (the console never reads the number). Another
 * organisation's member is not found; a member with no id number on record is refused at the field.
 */
export async function resolveMemberViewers(
  db: Executor,
  scope: Scope,
  orgId: number,
  viewers: TicketViewer[] | undefined,
): Promise<TicketViewer[] | undefined> {
  if (!viewers?.some((v) => v.memberId)) return viewers;
  const out: TicketViewer[] = [];
  for (const [i, v] of viewers.entries()) {
    if (!v.memberId) {
      out.push(v);
      continue;
    }
    const m = await findMember(db, scope, v.memberId);
    if (!m || m.orgId !== orgId) throw notFound();
    if (!m.idNo) throw invalid(`viewers.${i}.memberId`, 'ticket.viewerMemberNoId', { name: m.name });
    out.push({ name: m.name, idType: m.idType ?? undefined, idNo: m.idNo });
  }
  return out;
}

import { ROLE_DEFAULT, type OrgVO, type PasswordStrategy, type PublicPasswordStrategy, type UserInfo } from '@venue/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { loadAccess } from '../../platform/access.ts';
import type { Caller } from '../../platform/http.ts';
import { SYSTEM_SCOPE, type Scope } from '../../platform/scope.ts';
import { orgName, activeOrgLinksOf, findVisibleUser, getPasswordStrategy } from '../system/index.ts';
import { moveSession } from './session.repository.ts';
import { unreadMessages } from './auth.ports.ts';

/**
 * A signed-in user reading their own account and moving their own session: their record, every
 * organisation they work in and the session's organisation, whatever the session's reach.
 */
const OWN_ACCOUNT: Scope = SYSTEM_SCOPE;

function withoutDefaultPassword({ defaultPassword: _secret, ...rest }: PasswordStrategy): PublicPasswordStrategy {
  return rest;
}

/** currentOrg is the listed organisation matching the id; with no list it falls back to enterpriseType 1. */
export function pickCurrentOrg(orgVOS: OrgVO[], orgId: number, orgName: string): OrgVO {
  return orgVOS.find((o) => o.orgId === orgId) ?? { orgId, orgName, enterpriseType: 1 };
}

export async function userInfo(db: Db, cfg: Config, caller: Caller): Promise<UserInfo> {
  const user = await findVisibleUser(db, OWN_ACCOUNT, caller.userId);
  if (!user) throw notFound();
  const orgRows = await activeOrgLinksOf(db, OWN_ACCOUNT, user.id);
  const orgVOS: OrgVO[] = orgRows.map(({ orgId, orgName, enterpriseType }) => ({ orgId, orgName, enterpriseType }));
  const def = orgRows.find((o) => o.isDefault) ?? orgRows[0];
  let defaultOrgId = def?.orgId ?? user.orgId;
  let defaultOrgName = def?.orgName;
  if (!defaultOrgName) {
    defaultOrgName = (await orgName(db, OWN_ACCOUNT, user.orgId)) ?? '';
    defaultOrgId = user.orgId;
  }
  // The organisation the session is in (a department, when it works for its venue organisation).
  const sessionOrgId = caller.sessionOrgId ?? caller.orgId;
  const sessionOrgName = await orgName(db, OWN_ACCOUNT, sessionOrgId);
  const hasRoles = caller.roles.length > 0;
  return {
    id: user.id,
    userId: user.id,
    userName: user.name,
    code: user.code,
    no: user.no,
    roles: hasRoles ? [...caller.roles] : [ROLE_DEFAULT],
    apps: [cfg.appSign],
    permissions: hasRoles || caller.perms.size ? [...caller.perms].sort() : [],
    orgVOS,
    defaultOrgId,
    defaultOrgName,
    currentOrg: pickCurrentOrg(orgVOS, sessionOrgId, sessionOrgName ?? defaultOrgName),
    // The default password is for administrators who reset passwords, not for every signed-in user.
    passwordStrategy: withoutDefaultPassword(await getPasswordStrategy(db)),
    unreadMessage: await unreadMessages.get()(db, caller),
  };
}

/** Moves the caller's session to another of their organisations. */
export async function switchOrg(db: Db, caller: Caller, orgId: number): Promise<void> {
  const link = (await activeOrgLinksOf(db, OWN_ACCOUNT, caller.userId)).find((l) => l.orgId === orgId);
  if (!link) throw new AppError('NOT_FOUND', 'error.notFound');
  // An organisation where the user may do nothing would leave an empty console: say why instead.
  const access = await loadAccess(db, caller.userId, orgId, caller.epoch);
  if (!access.admin && !access.roles.length && !access.menuIds.size) throw new AppError('FORBIDDEN', 'user.switchNoRole', { name: link.orgName });
  await moveSession(db, OWN_ACCOUNT, caller.sessionId, orgId);
}

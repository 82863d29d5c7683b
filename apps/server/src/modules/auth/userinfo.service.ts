import { and, eq } from 'drizzle-orm';
import { ROLE_DEFAULT, type OrgVO, type PasswordStrategy, type PublicPasswordStrategy, type UserInfo } from '@venue/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Caller } from '../../platform/http.ts';
import { orgs, userOrgs, users } from '../system/system.table.ts';
import { sessions } from './auth.table.ts';
import { getPasswordStrategy } from './strategy.service.ts';

function withoutDefaultPassword({ defaultPassword: _secret, ...rest }: PasswordStrategy): PublicPasswordStrategy {
  return rest;
}

/** currentOrg is the listed organisation matching the id; with no list it falls back to enterpriseType 1. */
export function pickCurrentOrg(orgVOS: OrgVO[], orgId: number, orgName: string): OrgVO {
  return orgVOS.find((o) => o.orgId === orgId) ?? { orgId, orgName, enterpriseType: 1 };
}

export async function userInfo(db: Db, cfg: Config, caller: Caller): Promise<UserInfo> {
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId));
  if (!user) throw notFound();
  const orgRows = await db
    .select({ orgId: orgs.id, orgName: orgs.name, enterpriseType: orgs.type, isDefault: userOrgs.isDefault })
    .from(userOrgs)
    .innerJoin(orgs, eq(orgs.id, userOrgs.orgId))
    .where(and(eq(userOrgs.userId, user.id), eq(orgs.status, 0)))
    .orderBy(orgs.orderNum, orgs.id);
  const orgVOS: OrgVO[] = orgRows.map(({ orgId, orgName, enterpriseType }) => ({ orgId, orgName, enterpriseType }));
  const def = orgRows.find((o) => o.isDefault) ?? orgRows[0];
  let defaultOrgId = def?.orgId ?? user.orgId;
  let defaultOrgName = def?.orgName;
  if (!defaultOrgName) {
    const [own] = await db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, user.orgId));
    defaultOrgName = own?.name ?? '';
    defaultOrgId = user.orgId;
  }
  const [sessionOrg] = await db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, caller.orgId));
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
    currentOrg: pickCurrentOrg(orgVOS, caller.orgId, sessionOrg?.name ?? defaultOrgName),
    // The default password is for administrators who reset passwords, not for every signed-in user.
    passwordStrategy: withoutDefaultPassword(await getPasswordStrategy(db)),
    unreadMessage: false,
  };
}

/** Moves the caller's session to another of their organisations. */
export async function switchOrg(db: Db, caller: Caller, orgId: number): Promise<void> {
  const [link] = await db
    .select({ orgId: userOrgs.orgId })
    .from(userOrgs)
    .innerJoin(orgs, eq(orgs.id, userOrgs.orgId))
    .where(and(eq(userOrgs.userId, caller.userId), eq(userOrgs.orgId, orgId), eq(orgs.status, 0)));
  if (!link) throw new AppError('NOT_FOUND', 'error.notFound');
  await db.update(sessions).set({ orgId }).where(eq(sessions.id, caller.sessionId));
}

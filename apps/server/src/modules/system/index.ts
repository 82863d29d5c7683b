/**
 * The system module's public face: the only file of modules/system other modules import (the lint
 * rule `layers/one-way` holds it). Its tables are here for foreign keys to organisations and users.
 */
export { systemManifest } from './system.manifest.ts';
export { orgs, users, roles, menus, userOrgs, userRoles, roleMenus, userMenus } from './system.table.ts';
export { orgId, userRef } from './columns.table.ts';
export { sessions } from './account.table.ts';
export { contains, containsText, mapDuplicate, isForeignKeyViolation, today } from './admin.common.ts';
export { findOrg, findOrgByCode, orgName, orgTimeZone } from './org.repository.ts';
export {
  activeOrgLinksOf,
  defaultOrgOf,
  deleteUserSessions,
  findVisibleUserByMobile,
  setMustChangePassword,
  findVisibleUser,
  findVisibleUserByCode,
  findVisibleUsers,
  findVisibleUsersByEmail,
  type UserRow,
} from './user.repository.ts';
export { bumpConfigEpoch, getConfigNumber, getConfigValue, jsonValidator, registerConfigValidator, LOG_RETENTION_KEY } from './config.service.ts';
export { getPasswordStrategy } from './strategy.repository.ts';
export {
  NO_AUTO_UNLOCK,
  accountKey,
  addressKey,
  clearFailures,
  forgetKeys,
  lockKey,
  pairKey,
  readFailures,
  recordFailure,
  solvedKey,
  type FailureState,
} from './failures.repository.ts';
export { setPassword } from './password.service.ts';
export { nearestDecision, nearestDecisionsOf } from './holiday.repository.ts';
export { isWorkDay, setDays as setHolidayDays, workDaysBetween } from './holiday.service.ts';
export { IMAGE_MIME, imageFormat, imageSize } from './setting.image.ts';
export { storeByContent, uploadsDir } from './setting.service.ts';
export { seedPlatform, PLATFORM_ORG_CODE } from './system.seed.ts';
export { DEMO_PASSWORD, seedDemo, grantDemoMenus } from './demo.seed.ts';
export type { HomeCardSource } from './home.cards.ts';
export { apiRoleDecision } from './apiauth.service.ts';
export { MENU_SQL } from './menu.service.ts';
export { userListPlan } from './user.service.ts';

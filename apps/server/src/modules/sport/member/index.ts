/**
 * The members module's public API: the only file of `modules/sport/member/` another module may
 * import (tests may also import `member.testkit.ts`). Members are read here by other modules (a
 * card's holder, a ticket's viewer, the booking desk); the ports are what this module needs
 * answered by others.
 */

// ---------------------------------------------------------------- reads other modules make
export { findMember, searchMembers, insertVisit, type MemberRecord } from './member.repository.ts';

// ---------------------------------------------------------------- ports this module declares
export { memberCardCount } from './member.service.ts';

// ---------------------------------------------------------------- wiring (routes, demo seed)
export { memberRoutes } from './member.routes.ts';
export { memberOpenRoutes } from './member.open.ts';
export { seedMemberDemo } from './member.seed.ts';

// ---------------------------------------------------------------- table references (foreign keys and read-only joins)
export { members } from './member.table.ts';

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { memberManifest } from './member.manifest.ts';

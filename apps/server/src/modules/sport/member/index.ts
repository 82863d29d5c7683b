/**
 * The members module's public API: the only file of `modules/sport/member/` another module may
 * import (tests may also import `member.testkit.ts`). Members are read here by other modules (a
 * card's holder, a ticket's viewer, booking's demo); `memberCardCount` is the port this module
 * declares for the cards module to answer. Its own answers to others' ports are plugged by its
 * manifest (`plugMemberPorts`).
 */

// ---------------------------------------------------------------- reads other modules make
export { findMember, firstMembersOf, searchMembers, insertVisit, type MemberRecord } from './member.repository.ts';

// ---------------------------------------------------------------- ports this module declares
export { memberCardCount } from './member.service.ts';

// ---------------------------------------------------------------- a phone as the console shows it to staff without the private-data permission
export { maskPhone } from './member.service.ts';

// ---------------------------------------------------------------- the demo members (other modules' demo tests build on them)
export { seedMemberDemo } from './member.seed.ts';

// ---------------------------------------------------------------- table references (foreign keys and read-only joins)
export { members, memberVisits } from './member.table.ts';

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { memberManifest } from './member.manifest.ts';

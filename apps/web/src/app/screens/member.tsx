import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/member module's screens (its contract file lists the screens). */
export const memberScreens: ScreenComponents<'sport/member'> = {
  'sport.member.list': lazyScreen('memberList', () => import('../../features/sport/member/MemberListPage.tsx')),
  'sport.member.userInfo': lazyScreen('memberDetail', () => import('../../features/sport/member/MemberDetailPage.tsx')),
  'sport.member.enterprise': lazyScreen('memberEnterprise', () => import('../../features/sport/member/EnterprisePage.tsx')),
  'sport.member.lists': lazyScreen('memberLists', () => import('../../features/sport/member/ListsPage.tsx')),
  'sport.member.identity': lazyScreen('memberIdentity', () => import('../../features/sport/member/IdentityPage.tsx')),
  'sport.member.spread': lazyScreen('memberSpread', () => import('../../features/sport/member/SpreadPage.tsx')),
  'sport.member.checkin': lazyScreen('memberCheckin', () => import('../../features/sport/card/CheckinPage.tsx')),
};

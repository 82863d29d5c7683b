import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/coach module's screens (its contract file lists the screens). */
export const coachScreens: ScreenComponents<'sport/coach'> = {
  'sport.coach.list': lazyScreen('coachList', () => import('../../features/sport/coach/CoachListPage.tsx')),
  'sport.coach.schedule': lazyScreen('coachSchedule', () => import('../../features/sport/coach/CoachSchedulePage.tsx')),
};

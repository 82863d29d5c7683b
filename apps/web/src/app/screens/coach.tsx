import type { ScreenComponents } from './screen-components.ts';

/** The console components of the sport/coach module's screens (its contract file lists the screens). */
export const coachScreens: ScreenComponents<'sport/coach'> = {};

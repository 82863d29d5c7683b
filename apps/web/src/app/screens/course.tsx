import type { ScreenComponents } from './screen-components.ts';

/** The console components of the sport/course module's screens (its contract file lists the screens). */
export const courseScreens: ScreenComponents<'sport/course'> = {};

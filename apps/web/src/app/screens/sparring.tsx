import type { ScreenComponents } from './screen-components.ts';

/** The console components of the sport/sparring module's screens (its contract file lists the screens). */
export const sparringScreens: ScreenComponents<'sport/sparring'> = {};

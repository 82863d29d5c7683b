import { screensIn } from './a11y.ts';

// The dark theme's half of the accessibility check (a11y.ts).
screensIn('dark');

import { useSyncExternalStore } from 'react';
import { theme, type ThemeConfig } from 'antd';
import type { ThemeName } from './prefs.ts';

/** antd theme per console theme: the default algorithm, or the dark one; no motion when the system asks for less. */
export function antdTheme(name: ThemeName, reducedMotion = false): ThemeConfig {
  const dark = name === 'dark';
  return {
    cssVar: { key: 'venue' },
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      // A user who asked the system for less motion gets dialogs, drawers and menus without their animations.
      motion: !reducedMotion,
      // Light: shades that pass WCAG AA (4.5:1) as text on white and under white text (antd's
      // #1677ff, #ff4d4f and 45 % grey do not); placeholders and secondary text too. Dark: links,
      // placeholders and secondary text light enough for 4.5:1 on #141414 and #1f1f1f (the dark
      // algorithm's #1668dc links give 3.55).
      // Status texts on their pale (light) or deep (dark) backgrounds, as the booking grid's booked
      // cells and status tags show them, pass 4.5:1 too (issue 25: the dark algorithm's red and blue
      // give 4.0 and 3.35; light red at the grid's small type 4.07).
      ...(dark
        ? {
            colorPrimary: '#1677ff',
            colorLink: '#4096ff',
            colorTextTertiary: '#8c8c8c',
            colorTextDescription: '#8c8c8c',
            colorTextPlaceholder: '#8c8c8c',
            colorErrorText: '#ff7875',
            colorInfoText: '#69b1ff',
          }
        : {
            colorPrimary: '#1261d8',
            colorLink: '#1261d8',
            colorError: '#cf1322',
            colorErrorText: '#a8071a',
            colorTextTertiary: '#6b6b6b',
            colorTextDescription: '#6b6b6b',
            colorTextPlaceholder: '#767676',
          }),
      borderRadius: 6,
      fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
      Layout: dark
        ? { headerBg: '#141414', siderBg: '#141414', bodyBg: '#000000', headerPadding: '0 16px' }
        : { headerBg: '#ffffff', siderBg: '#001529', bodyBg: '#f0f2f5', headerPadding: '0 16px' },
      // Dark: danger text needs a lighter red than white text on a red button can take (no red
      // passes both), so solid danger buttons carry dark text.
      Button: dark ? { colorError: '#e8615e', colorErrorHover: '#f0807c', colorErrorActive: '#d9534f', dangerColor: '#141414' } : {},
      // Dark: the selected tab's text in the primary colour the dark algorithm gives (#1668dc) is
      // 4.0:1 on the page; a lighter blue passes.
      Tabs: dark ? { itemSelectedColor: '#4096ff', itemActiveColor: '#4096ff', itemHoverColor: '#69b1ff', inkBarColor: '#4096ff' } : {},
      Menu: dark ? { darkItemBg: '#141414', darkSubMenuItemBg: '#0a0a0a' } : { darkItemBg: '#001529', darkSubMenuItemBg: '#000c17' },
    },
  };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const onMotionChange = (notify: () => void) => {
  const q = window.matchMedia?.(REDUCED_MOTION);
  q?.addEventListener('change', notify);
  return () => q?.removeEventListener('change', notify);
};

/** Whether the system asks for reduced motion (WCAG 2.3.3), followed live. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(onMotionChange, () => window.matchMedia?.(REDUCED_MOTION).matches ?? false);
}

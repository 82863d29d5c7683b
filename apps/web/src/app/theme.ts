import { theme, type ThemeConfig } from 'antd';
import type { ThemeName } from './prefs.ts';

/** antd theme per console theme: the default algorithm, or the dark one. */
export function antdTheme(name: ThemeName): ThemeConfig {
  const dark = name === 'dark';
  return {
    cssVar: { key: 'venue' },
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: '#1677ff',
      borderRadius: 6,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
      Layout: dark
        ? { headerBg: '#141414', siderBg: '#141414', bodyBg: '#000000', headerPadding: '0 16px' }
        : { headerBg: '#ffffff', siderBg: '#001529', bodyBg: '#f0f2f5', headerPadding: '0 16px' },
      Menu: dark ? { darkItemBg: '#141414', darkSubMenuItemBg: '#0a0a0a' } : { darkItemBg: '#001529', darkSubMenuItemBg: '#000c17' },
    },
  };
}

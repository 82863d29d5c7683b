import { Button } from 'antd';
import { MoonOutlined, SunOutlined, TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setLang, setTheme, useLang, useThemeName } from './prefs.ts';

/** Language switch: one button toggling between 中文 and English (data-testid lang-switch). */
export function LangSwitch({ type = 'text' }: { type?: 'text' | 'default' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const next = lang === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <Button
      type={type}
      icon={<TranslationOutlined />}
      data-testid="lang-switch"
      data-lang={lang}
      // The visible text is the button's name (WCAG 2.5.3); the hint says what it is.
      title={t('layout.language')}
      onClick={() => setLang(next)}
    >
      <span lang={next === 'en-US' ? 'en' : 'zh'}>{next === 'en-US' ? t('layout.switchToEnglish') : t('layout.switchToChinese')}</span>
    </Button>
  );
}

/** Theme switch light/dark (data-testid theme-switch). */
export function ThemeSwitch({ type = 'text' }: { type?: 'text' | 'default' }) {
  const { t } = useTranslation();
  const theme = useThemeName();
  const label = theme === 'dark' ? t('layout.themeLight') : t('layout.themeDark');
  return (
    // The browser's own tooltip (title), not antd's: this sits on the login screen, which stays light.
    <Button
      type={type}
      icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
      data-testid="theme-switch"
      data-theme-value={theme}
      aria-label={label}
      title={label}
      onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
    />
  );
}

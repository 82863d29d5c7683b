import type { ReactNode } from 'react';
import { theme } from 'antd';
import { useThemeName } from '../../app/prefs.ts';
import { LangSwitch, ThemeSwitch } from '../../app/switches.tsx';
import './login.css';

/** The login background with the language/theme switches and one card (SSO, password recovery). */
export function AuthFrame({ children, width = 480, testId }: { children: ReactNode; width?: number; testId: string }) {
  const { token } = theme.useToken();
  const themeName = useThemeName();
  return (
    <div className={`login-root login-${themeName}`} data-testid={testId}>
      <div className="login-toolbar">
        <LangSwitch />
        <ThemeSwitch />
      </div>
      <main className="login-main">
        <div className="login-card" style={{ width, maxWidth: '100%', background: token.colorBgContainer, borderRadius: token.borderRadiusLG * 2 }}>
          {children}
        </div>
      </main>
    </div>
  );
}

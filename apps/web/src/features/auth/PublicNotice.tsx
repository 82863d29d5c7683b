import type { ReactNode } from 'react';
import { Button, Result, theme } from 'antd';
import { Link } from 'react-router';
import { useThemeName } from '../../app/prefs.ts';
import { LangSwitch, ThemeSwitch } from '../../app/switches.tsx';
import './login.css';

/** A public page with one message and a way back to sign-in, on the login background. */
export function PublicNotice({
  icon,
  title,
  text,
  back,
  backTo = '/login',
  testId,
}: {
  icon?: ReactNode;
  title: string;
  text: string;
  back: string;
  backTo?: string;
  testId: string;
}) {
  const { token } = theme.useToken();
  const themeName = useThemeName();
  return (
    <div className={`login-root login-${themeName}`} data-testid={testId}>
      <div className="login-toolbar">
        <LangSwitch />
        <ThemeSwitch />
      </div>
      <main className="login-main">
        <div className="login-card" style={{ width: 520, background: token.colorBgContainer, borderRadius: token.borderRadiusLG * 2 }}>
          <Result
            status="info"
            icon={icon}
            title={title}
            subTitle={<span data-testid="public-notice-text">{text}</span>}
            extra={
              <Link to={backTo}>
                <Button type="primary" data-testid="back-to-login">
                  {back}
                </Button>
              </Link>
            }
          />
        </div>
      </main>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { Button, Result, Space, Spin } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { LOGIN_PATH, SSO_LOGIN_PATH } from '../../app/guard.ts';
import { registerMessages } from '../../app/i18n.ts';
import { useSsoT } from './shared.ts';
import { setLoginWay } from '../../app/session.ts';
import { logout, SIGNED_OUT_PATH, signedInBySso } from '../../app/sessionLoader.ts';
import { AuthFrame } from './AuthFrame.tsx';
import zh from './sso.messages.zh-CN.ts';
import en from './sso.messages.en-US.ts';

registerMessages('sso', zh, en);

/** Router state with which the user menu opens this page: sign out first. */
// Console-only: router state, never sent to the server.
export interface SignOutState {
  signOut?: boolean;
}

/**
 * /signedOut: where a single sign-on user lands after signing out, instead of /ssologin (which
 * would sign them straight back in through the provider's live session). Opened from the user
 * menu with `state.signOut`, it ends the session here and then at the identity provider
 * (RP-initiated logout), which sends the browser back to this page. It only offers to sign in
 * again: /ssologin for a single sign-on user, /login otherwise.
 */
export default function SignedOutPage() {
  const t = useSsoT();
  const navigate = useNavigate();
  const here = useLocation();
  const signingOut = !!(here.state as SignOutState | null)?.signOut;
  const started = useRef(false);
  const sso = signedInBySso();

  useEffect(() => {
    if (!signingOut || started.current) return;
    started.current = true;
    void logout().then(({ logoutUrl }) => {
      if (logoutUrl) window.location.assign(logoutUrl);
      else navigate(SIGNED_OUT_PATH, { replace: true, state: null });
    });
  }, [signingOut, navigate]);

  const usePassword = () => {
    setLoginWay(null);
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <AuthFrame testId="signed-out-page">
      {signingOut ? (
        <Result icon={<Spin size="large" />} title={<span data-testid="signed-out-status">{t('signingOut')}</span>} />
      ) : (
        <Result
          icon={<LogoutOutlined />}
          title={<span data-testid="signed-out-title">{t('signedOutTitle')}</span>}
          subTitle={t('signedOutText')}
          extra={
            <Space wrap>
              <Button type="primary" onClick={() => navigate(sso ? SSO_LOGIN_PATH : LOGIN_PATH, { replace: true })} data-testid="sign-in-again">
                {t('signInAgain')}
              </Button>
              {sso ? (
                <Button onClick={usePassword} data-testid="back-to-login">
                  {t('usePassword')}
                </Button>
              ) : null}
            </Space>
          }
        />
      )}
    </AuthFrame>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Result, Space, Spin } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { AFTER_SIGN_IN, safeRedirect } from '../../app/guard.ts';
import { registerMessages } from '../../app/i18n.ts';
import { useSsoT } from './shared.ts';
import { notify } from '../../app/notify.ts';
import { isApiError } from '../../app/request.ts';
import { setLoginWay } from '../../app/session.ts';
import { logout } from '../../app/sessionLoader.ts';
import { ChangePasswordDialog } from '../../app/password/ChangePasswordDialog.tsx';
import { AuthFrame } from './AuthFrame.tsx';
import { fetchSsoAuthorizeUrl, fetchSsoConfig, ssoCallback, ssoToken, type SsoResult } from './auth.api.ts';
import zh from './sso.messages.zh-CN.ts';
import en from './sso.messages.en-US.ts';

registerMessages('sso', zh, en);

type Phase =
  | { kind: 'checking' }
  | { kind: 'redirecting' }
  | { kind: 'signingIn' }
  | { kind: 'disabled' }
  | { kind: 'failed'; message: string }
  | { kind: 'mustChange'; target: string };

/**
 * /ssologin: single sign-on through the identity provider set on the server.
 * - `?code=&state=` (the provider sent the user back): POST {auth}sso/callback;
 * - `?token=` (handed over by a portal): POST {auth}sso/token;
 * - otherwise: GET {auth}sso/config, and when enabled GET {auth}sso/authorize?redirect=…
 *   and off to the provider.
 * A successful sign-in stores the session and the login-way marker, then continues to the
 * redirect target.
 */
export default function SsoLoginPage() {
  const t = useSsoT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const started = useRef(false);
  const redirect = params.get('redirect');

  const finish = useCallback(
    (out: { status: 'ok' | 'mustChangePassword'; result: SsoResult }) => {
      // The callback carries the redirect given when the sign-on started.
      const target = safeRedirect(out.result.redirect && out.result.redirect !== '/' ? out.result.redirect : redirect);
      if (out.status === 'mustChangePassword') {
        setPhase({ kind: 'mustChange', target });
        return;
      }
      if (out.result.loginMsg) notify.success(out.result.loginMsg);
      navigate(target, { replace: true, state: AFTER_SIGN_IN });
    },
    [navigate, redirect],
  );

  // Shown on the page, so not as a popup too (an error is shown once).
  const fail = (err: unknown) => {
    if (isApiError(err)) err.showInPlace();
    setPhase({ kind: 'failed', message: isApiError(err) ? err.msg || err.message : String(err) });
  };

  const startSignOn = useCallback(async () => {
    setPhase({ kind: 'checking' });
    try {
      const cfg = await fetchSsoConfig();
      if (!cfg.enabled) {
        setPhase({ kind: 'disabled' });
        return;
      }
      setPhase({ kind: 'redirecting' });
      const { url } = await fetchSsoAuthorizeUrl(redirect);
      location.assign(url);
    } catch (err) {
      fail(err);
    }
  }, [redirect]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const error = params.get('error');
    const token = params.get('token');
    if (error) {
      setPhase({ kind: 'failed', message: t('providerError', { error: params.get('error_description') || error }) });
      return;
    }
    if (code && state) {
      setPhase({ kind: 'signingIn' });
      const iss = params.get('iss') ?? undefined;
      const sessionState = params.get('session_state') ?? undefined;
      ssoCallback({ code, state, ...(iss ? { iss } : {}), ...(sessionState ? { session_state: sessionState } : {}) }).then(finish, fail);
      return;
    }
    if (token) {
      setPhase({ kind: 'signingIn' });
      ssoToken(token).then(finish, fail);
      return;
    }
    void startSignOn();
  }, [params, finish, startSignOn, t]);

  /** Back to the password login: the marker no longer sends this browser here. */
  const usePassword = () => {
    setLoginWay(null);
    navigate(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login', { replace: true });
  };

  const busyText =
    phase.kind === 'checking' ? t('checking') : phase.kind === 'redirecting' ? t('redirecting') : phase.kind === 'signingIn' ? t('signingIn') : '';

  return (
    <AuthFrame testId="sso-page">
      {busyText ? (
        <Result icon={<Spin size="large" />} title={t('title')} subTitle={<span data-testid="sso-status">{busyText}</span>} />
      ) : phase.kind === 'disabled' ? (
        <Result
          status="info"
          icon={<ApiOutlined />}
          title={t('title')}
          subTitle={<span data-testid="public-notice-text">{t('notConfigured')}</span>}
          extra={
            <Button type="primary" onClick={usePassword} data-testid="back-to-login">
              {t('usePassword')}
            </Button>
          }
        />
      ) : phase.kind === 'failed' ? (
        <Result
          status="error"
          title={t('failed')}
          subTitle={<span data-testid="sso-error">{phase.message}</span>}
          extra={
            <Space>
              <Button type="primary" onClick={() => void startSignOn()} data-testid="sso-retry">
                {t('retry')}
              </Button>
              <Button onClick={usePassword} data-testid="back-to-login">
                {t('usePassword')}
              </Button>
            </Space>
          }
        />
      ) : (
        <Result icon={<Spin size="large" />} title={t('title')} />
      )}
      <ChangePasswordDialog
        open={phase.kind === 'mustChange'}
        forced
        onChanged={() => navigate(phase.kind === 'mustChange' ? phase.target : '/home', { replace: true, state: AFTER_SIGN_IN })}
        onClose={() => {
          void logout().then(usePassword);
        }}
      />
    </AuthFrame>
  );
}

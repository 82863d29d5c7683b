import { useEffect, useRef, useState } from 'react';
import { Button, Spin, theme } from 'antd';
import { CloseCircleFilled, WechatOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../app/request.ts';
import type { LoginOutcome } from './auth.api.ts';
import { useAuthT } from './shared.ts';
import { fetchWechatApp, goToWechat, loginByWechat } from './wechat.api.ts';

/**
 * The login screen's WeChat QR sign-in (a lazy chunk): a button that goes to WeChat's QR page when
 * the server has WeChat sign-in on, and, back from WeChat (`/login?wechat=login&code&state`), the
 * sign-in with the code and state WeChat sent.
 */
export default function WechatSignIn({ onSignedIn }: { onSignedIn: (out: LoginOutcome) => void }) {
  const t = useAuthT();
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const returned = params.get('wechat') === 'login' && params.get('code') && params.get('state');
  const app = useQuery({ queryKey: ['auth', 'wechatApp'], queryFn: fetchWechatApp, staleTime: 60_000 });
  const [error, setError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const [going, setGoing] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (!returned || started.current) return;
    started.current = true;
    const code = params.get('code')!;
    const state = params.get('state')!;
    // The code and state are single-use: off the address at once, so a reload does not send them again.
    const rest = new URLSearchParams(params);
    for (const k of ['wechat', 'code', 'state']) rest.delete(k);
    setParams(rest, { replace: true });
    setSigning(true);
    loginByWechat(code, state).then(onSignedIn, (err: unknown) => {
      setSigning(false);
      setError(isApiError(err) && err.msg ? err.msg : t('wechat.failed'));
    });
  }, [returned, params, setParams, onSignedIn, t]);

  if (returned || signing) {
    return (
      <div className="login-wechat" data-testid="login-wechat-progress">
        <Spin size="small" /> {t('wechat.signingIn')}
      </div>
    );
  }
  if (!app.data?.enabled || !app.data.loginUrl) return null;
  const loginUrl = app.data.loginUrl;
  const go = () => {
    setGoing(true);
    goToWechat(loginUrl).catch(() => setGoing(false));
  };
  return (
    <div className="login-wechat">
      {error ? (
        // A plain box (login.css), not antd's Alert: this chunk loads with the login screen.
        <div
          role="alert"
          className="login-inline-msg"
          style={{ color: token.colorErrorText, background: token.colorErrorBg, borderColor: token.colorErrorBorder, marginBottom: 12, textAlign: 'start' }}
          data-testid="login-wechat-error"
        >
          <CloseCircleFilled style={{ color: token.colorError }} aria-hidden />
          <span>{error}</span>
        </div>
      ) : null}
      <Button block size="large" icon={<WechatOutlined />} loading={going} onClick={go} title={t('wechat.hint')} data-testid="login-wechat">
        {error ? t('wechat.retry') : t('wechat.login')}
      </Button>
    </div>
  );
}

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button, Input, theme, type InputRef } from 'antd';
import {
  CalendarOutlined,
  ExclamationCircleFilled,
  LockOutlined,
  MobileOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Code } from '@venue/contract';
import { useSystemSettings } from '../../app/branding.ts';
import { AFTER_SIGN_IN, safeRedirect } from '../../app/guard.ts';
import { registerMessages } from '../../app/i18n.ts';
import { Logo } from '../../app/Logo.tsx';
import { notify } from '../../app/notify.ts';
import { useThemeName } from '../../app/prefs.ts';
import { isApiError } from '../../app/request.ts';
import { logout } from '../../app/sessionLoader.ts';
import { LangSwitch, ThemeSwitch } from '../../app/switches.tsx';
import { fieldErrorsOf } from '../../kit/fieldErrors.ts';
import { usePasswordStrategy } from '../../app/password/password.api.ts';
import { chooseLoginMethod, fetchCaptcha, fetchFailTimes, loginByPassword, loginByPhone, sendSmsCode, type LoginOutcome } from './auth.api.ts';
import { useAuthT } from './shared.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';
import './login.css';

registerMessages('auth', zh, en);

// Lazy: the login screen stays light; WeChat sign-in and the set-password dialog load when used.
const WechatSignIn = lazy(() => import('./WechatSignIn.tsx'));
const PhonePasswordDialog = lazy(() => import('./PhonePasswordDialog.tsx'));
// Only a user whose password must change sees it: kept out of the login screen's JavaScript.
const ChangePasswordDialog = lazy(() => import('../../app/password/ChangePasswordDialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })));

type TabKey = 'account' | 'phone';

/** Console-only: the values of the two sign-in tabs; the bodies sent are the contract's loginBody and phoneLoginBody. */
interface LoginForm {
  loginName?: string;
  password?: string;
  captcha?: string;
  phoneNumber?: string;
  smsCode?: string;
}

type FieldName = keyof LoginForm;

const PHONE_RE = /^1\d{10}$/;
const SMS_COUNTDOWN_S = 60;

export default function LoginPage() {
  const t = useAuthT();
  const { t: tApp } = useTranslation('app');
  const { token } = theme.useToken();
  const themeName = useThemeName();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const settings = useSystemSettings();
  const { data: strategy } = usePasswordStrategy();
  // The form's own state, not antd's Form: the login screen's JavaScript stays small (issue 25).
  const [values, setValues] = useState<LoginForm>({});
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const inputs = useRef<Partial<Record<FieldName, InputRef | null>>>({});
  const setField = (name: FieldName, value: string | undefined) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };
  const check: Record<FieldName, (v: string | undefined) => string | undefined> = {
    loginName: (v) => (v?.trim() ? undefined : t('loginNameRequired')),
    password: (v) => (v ? undefined : t('passwordRequired')),
    captcha: (v) => (v?.trim() ? undefined : t('captchaRequired')),
    phoneNumber: (v) => (!v?.trim() ? t('phoneRequired') : PHONE_RE.test(v) ? undefined : t('phoneInvalid')),
    smsCode: (v) => (v?.trim() ? undefined : t('smsCodeRequired')),
  };
  /** Checks the named fields: their values, or undefined with the errors shown and the first field in error focused. */
  const validate = (names: FieldName[]): LoginForm | undefined => {
    const current = valuesRef.current;
    const found = names.map((n) => [n, check[n](current[n])] as const).filter(([, e]) => e);
    setErrors((e) => ({ ...e, ...Object.fromEntries(names.map((n) => [n, undefined])), ...Object.fromEntries(found) }));
    if (!found.length) return current;
    inputs.current[found[0]![0]]?.focus();
    return undefined;
  };
  /** A server's field errors on the fields of this form; true when one landed. */
  const showFieldErrors = (err: unknown): boolean => {
    const landed = fieldErrorsOf(err).filter((e): e is { field: FieldName; message: string } => e.field in check);
    if (!landed.length) return false;
    setErrors((e) => ({ ...e, ...Object.fromEntries(landed.map((x) => [x.field, x.message])) }));
    if (isApiError(err)) err.showInPlace();
    return true;
  };
  const fieldProps = (name: FieldName) => ({
    ref: (el: InputRef | null) => {
      inputs.current[name] = el;
    },
    value: values[name] ?? '',
    onChange: (e: { target: { value: string } }) => setField(name, e.target.value),
    status: errors[name] ? ('error' as const) : undefined,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `login-${name}-error` : undefined,
  });
  const fieldError = (name: FieldName) =>
    errors[name] ? (
      <div id={`login-${name}-error`} className="login-field-error" role="alert" style={{ color: token.colorErrorText }}>
        {errors[name]}
      </div>
    ) : null;

  const routes = strategy?.loginRoutes ?? ['password', 'sms'];
  const allowPassword = routes.includes('password') || !routes.includes('sms');
  const allowPhone = routes.includes('sms');
  const [tab, setTab] = useState<TabKey>('account');
  const activeTab: TabKey = !allowPassword ? 'phone' : !allowPhone ? 'account' : tab;

  const [busy, setBusy] = useState(false);
  const [captchaVisible, setCaptchaVisible] = useState(false);
  const [captchaUrl, setCaptchaUrl] = useState<string | null>(null);
  const [inlineMsg, setInlineMsg] = useState<string | null>(null);
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [mustChange, setMustChange] = useState<(LoginOutcome & { loginName: string }) | null>(null);
  const [phonePassword, setPhonePassword] = useState(false);
  const checkedName = useRef('');
  const captchaUrlRef = useRef<string | null>(null);

  const refreshCaptcha = useCallback(async () => {
    try {
      const url = await fetchCaptcha();
      if (captchaUrlRef.current) URL.revokeObjectURL(captchaUrlRef.current);
      captchaUrlRef.current = url;
      setCaptchaUrl(url);
    } catch {
      /* the image stays empty; clicking it tries again */
    }
  }, []);

  const captchaShown = useRef(false);
  /** Shows the captcha with a fresh image (an image code is good for one try). */
  const showCaptcha = useCallback(async () => {
    captchaShown.current = true;
    setCaptchaVisible(true);
    setValues((v) => ({ ...v, captcha: '' }));
    await refreshCaptcha();
  }, [refreshCaptcha]);

  useEffect(
    () => () => {
      if (captchaUrlRef.current) URL.revokeObjectURL(captchaUrlRef.current);
    },
    [],
  );

  useEffect(() => {
    if (countdown <= 0) return;
    const id = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(id);
  }, [countdown]);

  const checkFailTimes = async (name: string) => {
    const loginName = name.trim();
    if (!loginName) return;
    checkedName.current = loginName;
    try {
      const r = await fetchFailTimes(loginName);
      if (r.captchaRequired && !captchaShown.current) await showCaptcha();
    } catch {
      /* silent: the login answer will ask for the captcha if needed */
    }
  };

  // The guard sends a redirect outside the user's menus home (AFTER_SIGN_IN).
  const proceed = () => navigate(safeRedirect(params.get('redirect')), { replace: true, state: AFTER_SIGN_IN });

  const afterLogin = (out: LoginOutcome, method: 'phone' | 'password' | 'wechat') => {
    if (out.status === 'mustChangePassword' && method === 'phone') {
      // The SMS code proved the phone: a new password without the old one (phone/password).
      setPhonePassword(true);
      return;
    }
    if (out.status === 'mustChangePassword') {
      setMustChange({ ...out, loginName: valuesRef.current.loginName ?? '' });
      return;
    }
    if (out.result.loginMsg) notify.success(out.result.loginMsg);
    proceed();
  };

  const afterLoginRef = useRef(afterLogin);
  afterLoginRef.current = afterLogin;
  const onWechatSignedIn = useCallback((out: LoginOutcome) => afterLoginRef.current(out, 'wechat'), []);

  /** After a failed login: captcha and inline messages; resolves when the form is ready again. */
  const onLoginFailed = async (err: unknown, method: 'phone' | 'password') => {
    if (isApiError(err) && err.code === Code.CAPTCHA_REQUIRED) {
      setInlineMsg(err.msg || null);
      await showCaptcha();
      return;
    }
    if (isApiError(err) && err.code === Code.FORM_INVALID) {
      if (!showFieldErrors(err) && err.msg) setInlineMsg(err.msg);
    }
    if (method === 'password') {
      // A wrong name or password (or a lock): the password is typed again from scratch.
      if (isApiError(err) && (err.code === Code.BAD_CREDENTIALS || err.code === Code.LOCKED)) {
        setValues((v) => ({ ...v, password: '' }));
        inputs.current.password?.focus();
      }
      if (captchaShown.current) await showCaptcha();
      else await checkFailTimes(valuesRef.current.loginName ?? '');
    }
  };

  const busyRef = useRef(false);
  const submit = async () => {
    if (busyRef.current) return;
    setInlineMsg(null);
    const names: FieldName[] =
      activeTab === 'phone' ? ['phoneNumber', 'smsCode'] : ['loginName', 'password', ...(captchaVisible ? (['captcha'] as const) : [])];
    const valid = validate(names);
    if (!valid) return;
    const method = chooseLoginMethod(valid);
    busyRef.current = true;
    setBusy(true);
    try {
      const out =
        method === 'phone'
          ? await loginByPhone({ phoneNumber: valid.phoneNumber!, authCode: valid.smsCode! })
          : await loginByPassword({ loginName: valid.loginName!, password: valid.password!, authCode: valid.captcha });
      afterLogin(out, method);
    } catch (err) {
      await onLoginFailed(err, method);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const sendCode = async () => {
    const valid = validate(['phoneNumber']);
    if (!valid) return;
    const phone = valid.phoneNumber ?? '';
    setSending(true);
    try {
      await sendSmsCode(phone);
      notify.success(t('codeSent'));
      setCountdown(SMS_COUNTDOWN_S);
    } catch {
      /* the request layer showed why */
    } finally {
      setSending(false);
    }
  };

  const switchTab = (key: string) => {
    setTab(key as TabKey);
    setInlineMsg(null);
    // The phone number decides the method: leaving the phone tab clears it.
    if (key === 'account') setValues((v) => ({ ...v, phoneNumber: undefined, smsCode: undefined }));
    setErrors({});
  };

  const systemName = settings?.loginName || settings?.systemName || tApp('product.name');
  const copyright = settings?.copyright || t('copyright');
  const bgStyle = settings?.loginBg ? { backgroundImage: `url("${settings.loginBg.replace(/"/g, '%22')}")` } : undefined;

  const accountFields = (
    <>
      <div className="login-field">
        <Input
          {...fieldProps('loginName')}
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('loginNamePlaceholder')}
          aria-label={t('loginName')}
          autoComplete="username"
          autoFocus
          data-testid="login-name"
          onBlur={(e) => {
            if (e.target.value.trim() && e.target.value.trim() !== checkedName.current) void checkFailTimes(e.target.value);
          }}
        />
        {fieldError('loginName')}
      </div>
      <div className="login-field">
        <Input.Password
          {...fieldProps('password')}
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('passwordPlaceholder')}
          aria-label={t('password')}
          autoComplete="current-password"
          data-testid="login-password"
        />
        {fieldError('password')}
      </div>
      {captchaVisible ? (
        <div className="login-field">
          <div className="login-captcha-row">
            <Input
              {...fieldProps('captcha')}
              size="large"
              prefix={<SafetyCertificateOutlined />}
              placeholder={t('captchaPlaceholder')}
              aria-label={t('captcha')}
              maxLength={8}
              autoComplete="off"
              data-testid="login-captcha"
            />
            <button
              type="button"
              className="login-captcha-img"
              title={t('captchaRefresh')}
              onClick={() => void refreshCaptcha()}
              data-testid="login-captcha-refresh"
            >
              {captchaUrl ? <img src={captchaUrl} alt={t('captchaAlt')} data-testid="login-captcha-img" /> : <span data-testid="login-captcha-img" />}
            </button>
          </div>
          {fieldError('captcha')}
        </div>
      ) : null}
    </>
  );

  const phoneFields = (
    <>
      <div className="login-field">
        <Input
          {...fieldProps('phoneNumber')}
          size="large"
          prefix={<MobileOutlined />}
          placeholder={t('phonePlaceholder')}
          aria-label={t('phone')}
          maxLength={11}
          inputMode="numeric"
          autoComplete="tel"
          data-testid="login-phone"
        />
        {fieldError('phoneNumber')}
      </div>
      <div className="login-field">
        <div className="login-captcha-row">
          <Input
            {...fieldProps('smsCode')}
            size="large"
            prefix={<SafetyCertificateOutlined />}
            placeholder={t('smsCodePlaceholder')}
            aria-label={t('smsCode')}
            maxLength={8}
            inputMode="numeric"
            autoComplete="one-time-code"
            data-testid="login-sms-code"
          />
          <Button
            size="large"
            className="login-send-code"
            disabled={countdown > 0}
            loading={sending}
            onClick={() => void sendCode().catch(() => undefined)}
            data-testid="login-send-code"
          >
            {countdown > 0 ? t('resendIn', { s: countdown }) : t('sendCode')}
          </Button>
        </div>
        {fieldError('smsCode')}
      </div>
    </>
  );

  const tabs = [
    ...(allowPassword ? [{ key: 'account', label: <span data-testid="login-tab-account">{t('tabAccount')}</span>, children: accountFields }] : []),
    ...(allowPhone ? [{ key: 'phone', label: <span data-testid="login-tab-phone">{t('tabPhone')}</span>, children: phoneFields }] : []),
  ];

  return (
    <div className={`login-root login-${themeName}`} style={bgStyle} data-testid="login-page">
      <div className="login-toolbar">
        <LangSwitch />
        <ThemeSwitch />
      </div>
      <main className="login-main">
        <section className="login-brand">
          <div className="login-brand-title">
            <Logo src={settings?.logo} size={48} />
            <span>{systemName}</span>
          </div>
          <p className="login-brand-tagline">{t('tagline')}</p>
          <ul className="login-brand-list">
            <li>
              <CalendarOutlined /> {t('highlights.venue')}
            </li>
            <li>
              <TrophyOutlined /> {t('highlights.ticket')}
            </li>
            <li>
              <TeamOutlined /> {t('highlights.course')}
            </li>
          </ul>
        </section>
        <div className="login-card" style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG * 2 }}>
          <div className="login-card-head">
            <Logo src={settings?.logo} size={40} />
            <div>
              <h1 className="login-card-title" style={{ color: token.colorTextHeading }} data-testid="login-system-name">
                {systemName}
              </h1>
              <div style={{ color: token.colorTextSecondary }}>{t('welcome')}</div>
            </div>
          </div>
          <form
            noValidate
            autoComplete="on"
            onSubmit={(e) => {
              e.preventDefault();
              void submit().catch(() => undefined);
            }}
          >
            {tabs.length > 1 ? (
              // Two plain buttons, not antd's Segmented: the login screen's JavaScript stays small.
              <div className="login-methods" role="tablist">
                {tabs.map((x) => (
                  <Button
                    key={x.key}
                    role="tab"
                    aria-selected={x.key === activeTab}
                    type={x.key === activeTab ? 'primary' : 'text'}
                    size="large"
                    onClick={() => switchTab(x.key)}
                  >
                    {x.label}
                  </Button>
                ))}
              </div>
            ) : null}
            {tabs.find((x) => x.key === activeTab)?.children}
            {inlineMsg ? (
              <div
                role="alert"
                className="login-inline-msg"
                style={{ color: token.colorWarningText, background: token.colorWarningBg, borderColor: token.colorWarningBorder }}
                data-testid="login-inline-msg"
              >
                <ExclamationCircleFilled style={{ color: token.colorWarning }} aria-hidden />
                <span>{inlineMsg}</span>
              </div>
            ) : null}
            <Button type="primary" htmlType="submit" size="large" block loading={busy} disabled={busy} data-testid="login-submit">
              {t('submit')}
            </Button>
            <Suspense fallback={null}>
              <WechatSignIn onSignedIn={onWechatSignedIn} />
            </Suspense>
            <div className="login-links">
              <Link to="/findPassword">{t('forgot')}</Link>
              {routes.includes('sso') ? (
                <Link to={params.get('redirect') ? `/ssologin?redirect=${encodeURIComponent(params.get('redirect')!)}` : '/ssologin'} data-testid="login-sso">
                  {t('ssoLogin')}
                </Link>
              ) : null}
            </div>
          </form>
        </div>
      </main>
      <footer className="login-footer" style={{ color: token.colorTextQuaternary }}>
        {copyright}
      </footer>
      {phonePassword ? (
        <Suspense fallback={null}>
          <PhonePasswordDialog
            open
            onDone={() => {
              setPhonePassword(false);
              proceed();
            }}
            onLater={() => {
              setPhonePassword(false);
              void logout();
            }}
          />
        </Suspense>
      ) : null}
      {mustChange ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            open
            forced
            loginName={mustChange.loginName}
            onChanged={() => {
              setMustChange(null);
              proceed();
            }}
            onClose={() => {
              setMustChange(null);
              void logout();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

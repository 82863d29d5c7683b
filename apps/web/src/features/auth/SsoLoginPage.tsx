import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiOutlined } from '@ant-design/icons';
import { registerMessages } from '../../app/i18n.ts';
import { PublicNotice } from './PublicNotice.tsx';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('auth', zh, en);

/** /ssologin: unified single sign-on. No identity provider is configured yet. */
export default function SsoLoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return (
    <PublicNotice
      testId="sso-page"
      icon={<ApiOutlined />}
      title={t('sso.title')}
      text={t('sso.notConfigured')}
      back={t('backToLogin')}
      backTo={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'}
    />
  );
}

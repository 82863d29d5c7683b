import { useTranslation } from 'react-i18next';
import { KeyOutlined } from '@ant-design/icons';
import { registerMessages } from '../../app/i18n.ts';
import { PublicNotice } from './PublicNotice.tsx';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('auth', zh, en);

/** /findPassword: password recovery, not configured yet. */
export default function FindPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <PublicNotice testId="find-password-page" icon={<KeyOutlined />} title={t('find.title')} text={t('find.notConfigured')} back={t('backToLogin')} />
  );
}

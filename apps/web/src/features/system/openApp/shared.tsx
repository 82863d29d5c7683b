import { Alert, Button, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { OpenAppWithSecret } from '@venue/contract';
import { inform } from '../../../app/feedback.tsx';
import { registerMessages, t } from '../../../app/i18n.ts';
import type { Option } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';
import { getLang } from '../../../app/prefs.ts';

registerMessages('openApp', zh, en);

export const appStatusOptions: Option[] = [
  { value: 0, label: 'status.available', color: 'green' },
  { value: 1, label: 'status.disabled', color: 'red' },
];
export const apiStatusOptions: Option[] = [
  { value: 0, label: 'status.open', color: 'green' },
  { value: 1, label: 'status.closed', color: 'default' },
];
export const restrictionOptions: Option[] = [
  { value: 'whitelist', label: 'restriction.whitelist', color: 'blue' },
  { value: 'blacklist', label: 'restriction.blacklist', color: 'orange' },
];

/** The key and the secret of an application, shown once after it is made or its secret rotated. */
export function showSecret(app: OpenAppWithSecret): Promise<void> {
  const copy = (text: string) => void navigator.clipboard?.writeText(text);
  return inform({
    title: t('openApp:secretTitle'),
    content: (
      <Space direction="vertical" style={{ width: '100%' }} data-testid="open-app-secret">
        <Alert type="warning" showIcon title={t('openApp:secretOnce')} />
        <div>
          <Typography.Text type="secondary">AppKey</Typography.Text>
          <div>
            <Typography.Text code data-testid="open-app-key">
              {app.appKey}
            </Typography.Text>
          </div>
        </div>
        <div>
          <Typography.Text type="secondary">{t('openApp:secret')}</Typography.Text>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="open-app-secret-value">
              {app.secret}
            </Typography.Text>
            <Button size="small" icon={<CopyOutlined />} onClick={() => copy(app.secret)} aria-label={t('openApp:copy')} />
          </div>
        </div>
      </Space>
    ),
  });
}

/** An interface's name or description in the console's language (the Chinese one when no English one is set). */
export const inLang = (zh: string | null, en: string | null): string | null => (getLang() === 'en-US' ? en || zh : zh);

import { Button, Result } from 'antd';
import { Link, useMatches } from 'react-router';
import { registerMessages, useFeatureT } from '../../app/i18n.ts';
import type { RouteHandle } from '../../app/RouteGuard.tsx';
import { HOME_PATH } from '../../app/guard.ts';
import { useLang } from '../../app/prefs.ts';
import { screenTitle } from '../../app/registry.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('public', zh, en);

/** Public placeholder screens (/largeScreen, /thirdScanPage, /payCallback): coming later. */
export default function ComingLaterPage() {
  const t = useFeatureT<typeof zh>('public');
  const matches = useMatches();
  const handle = (matches[matches.length - 1]?.handle ?? {}) as RouteHandle;
  const lang = useLang();
  const title = handle.route ? screenTitle(handle.route.def, lang) : '';
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid="coming-later">
      <Result
        status="info"
        title={
          <>
            {title} · {t('comingLater')}
          </>
        }
        subTitle={t('comingLaterHint', { title })}
        extra={
          <Link to={HOME_PATH}>
            <Button type="primary">{t('back')}</Button>
          </Link>
        }
      />
    </div>
  );
}

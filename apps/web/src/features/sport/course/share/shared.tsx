import { type ReactNode } from 'react';
import { Card, Result, Space, Spin, Typography, theme } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Code, type ShareKind, type ShareLinkAnswer, type ShareView } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../../app/i18n.ts';
import { api, http, isApiError } from '../../../../app/request.ts';
import { useLang } from '../../../../app/prefs.ts';
import { LangSwitch, ThemeSwitch } from '../../../../app/switches.tsx';
import { formatTime } from '../../../../kit/pay/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

export { formatTime, yuan } from '../../../../kit/pay/index.ts';

/** The share links' texts (the button in the console and the public pages). */
export const NS = 'courseShare';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export const useShareT = (): Translate => useFeatureT<typeof zh>(NS);

const url = (p: string) => api.sport(`course/share/${p}`);

/** The share calls: `link` (staff), `view` and `rate` (public, no session). */
export const shareApi = {
  link: (body: { kind: ShareKind; id: number; memberId?: number; days: number }) => http.post<ShareLinkAnswer>(url('link'), body),
  view: (token: string) => http.post<ShareView>(url('view'), { token }, { silent: true }),
  rate: (body: { token: string; rating: number; comment?: string | null }) => http.post<ShareView>(url('rate'), body),
};

/** The public pages' frame: the language and theme switches and one phone-width card, no console layout. */
export function ShareFrame({ testId, title, children }: { testId: string; title?: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout, padding: '12px 12px 32px' }} data-testid={testId}>
      <div style={{ maxWidth: 640, margin: '0 auto' }}>
        <Space style={{ width: '100%', justifyContent: 'flex-end', marginBottom: 8 }}>
          <LangSwitch />
          <ThemeSwitch />
        </Space>
        <Card title={title} styles={{ body: { padding: 16 } }}>
          {children}
        </Card>
      </div>
    </div>
  );
}

/** The token of the page's `?token=` and the record it opens (refused links give the refusal page). */
export function useShared(kind: ShareKind) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The answer is in the page's language (a settlement's formulas): a switch asks again.
  const lang = useLang();
  const q = useQuery({ queryKey: ['courseShare', token, lang], queryFn: () => shareApi.view(token), enabled: token.length >= 16, retry: false });
  const wrongKind = !!q.data && q.data.kind !== kind;
  return { token, q, data: wrongKind ? undefined : q.data, wrongKind };
}

/** Loading, or why the link does not open (expired: 100400; anything else: not valid). */
export function ShareState({ token, q, wrongKind }: { token: string; q: { isLoading: boolean; error: unknown }; wrongKind: boolean }) {
  const t = useShareT();
  if (token.length >= 16 && q.isLoading)
    return (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin tip={t('page.loading')}>
          <div style={{ height: 40 }} />
        </Spin>
      </div>
    );
  const expired = !wrongKind && isApiError(q.error) && q.error.code === Code.INVALID;
  const title = !token ? t('page.noToken') : expired ? t('page.expired') : t('page.invalid');
  const hint = expired ? t('page.expiredHint') : t('page.invalidHint');
  return (
    <Result
      status={expired ? 'warning' : 'error'}
      title={<span data-testid="share-refused">{title}</span>}
      subTitle={
        <Typography.Text type="secondary" data-testid={expired ? 'share-expired' : 'share-invalid'}>
          {isApiError(q.error) && q.error.msg ? q.error.msg : hint}
        </Typography.Text>
      }
    />
  );
}

/** The line under a shared record: until when the link works. */
export function ValidUntil({ at }: { at: string }) {
  const t = useShareT();
  return (
    <Typography.Text type="secondary" style={{ display: 'block', marginTop: 16, fontSize: 12 }} data-testid="share-valid-until">
      {t('page.validUntil', { time: formatTime(at) })}
    </Typography.Text>
  );
}

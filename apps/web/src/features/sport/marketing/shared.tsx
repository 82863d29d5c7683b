import { CAMPAIGN_KINDS, CAMPAIGN_OFF_KINDS, CAMPAIGN_STATES, CAMPAIGN_TRIGGERS, CAMPAIGN_USE_STATES, CAMPAIGN_USE_WHATS } from '@venue/contract';
import type { CampaignRow } from '@venue/contract';
import { Flex, Progress, Typography } from 'antd';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { clockIn, codeOptions, formatDay, invalidateResource, sportName, useVenueTimeZone } from '../../../kit/index.ts';
import { useLang } from '../../../app/prefs.ts';
import { yuan } from '../../../kit/pay/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The campaign screens' texts: one namespace for the feature. */
export const NS = 'marketing';
registerMessages(NS, zh, en);

export type MarketingT = FeatureT<typeof zh>;
export function useMarketingT(): MarketingT {
  return useFeatureT<typeof zh>(NS);
}

export const marketingUrl = (p: string) => api.sport(`marketing/${p}`);
export const post = <T,>(p: string, body?: unknown) => http.post<T>(marketingUrl(p), body ?? {});
export const put = <T,>(p: string, body?: unknown) => http.put<T>(marketingUrl(p), body ?? {});

export const listPath = '/sport/views/operatManagement/marketingManagement/index';
export const detailPath = (id: number) => `/sport/views/operatManagement/marketingManagement/detail/${id}`;

export const kindOptions = codeOptions(CAMPAIGN_KINDS, 'kind', { rechargeBonus: 'gold', firstBooking: 'cyan', couponPack: 'magenta', timeBand: 'blue' });
export const stateOptions = codeOptions(CAMPAIGN_STATES, 'state', {
  scheduled: 'blue',
  running: 'green',
  paused: 'orange',
  ended: 'default',
  exhausted: 'red',
});
export const offKindOptions = codeOptions(CAMPAIGN_OFF_KINDS, 'offKind');
export const triggerOptions = codeOptions(CAMPAIGN_TRIGGERS, 'trigger');
export const useStateOptions = codeOptions(CAMPAIGN_USE_STATES, 'useState', { held: 'gold', used: 'green', released: 'default' });
export const whatOptions = codeOptions(CAMPAIGN_USE_WHATS, 'what', { discount: 'blue', first: 'cyan', bonus: 'gold', pack: 'magenta', coupon: 'purple' });

export const refreshCampaigns = () => {
  for (const key of ['campaign', 'campaignUses']) void invalidateResource(key);
};

/** What a campaign gives, in one line: its tiers, its discount and band, or its pack. */
export function termsOf(t: MarketingT, r: CampaignRow): string {
  const off = () => (r.offKind === 'percent' ? `−${r.offValue}%${r.capFen !== null ? ` ≤ ${yuan(r.capFen)}` : ''}` : `− ${yuan(r.offValue ?? 0)}`);
  switch (r.kind) {
    case 'rechargeBonus':
      return r.tiers.map((x) => `${yuan(x.minFen)} + ${yuan(x.bonusFen)}`).join('; ');
    case 'timeBand':
      return `${r.bandStart ?? ''}–${r.bandEnd ?? ''} ${r.sports.map((s) => sportName(s)).join('/')} ${off()}`.trim();
    case 'couponPack':
      return `${r.trigger ? t(`trigger.${r.trigger}`) : ''} × ${r.templateIds.length}`;
    default:
      return off();
  }
}

/** The budget used of the budget: a bar and the two amounts, on one line. */
export function BudgetUsed({ row, testId }: { row: Pick<CampaignRow, 'id' | 'budgetFen' | 'usedFen'>; testId?: string }) {
  const t = useMarketingT();
  const percent = row.budgetFen > 0 ? Math.min(100, Math.round((row.usedFen * 1000) / row.budgetFen) / 10) : 0;
  return (
    <Flex data-testid={testId ?? `campaign-used-${row.id}`} align="center" gap={8}>
      <Progress
        percent={percent}
        size="small"
        status={percent >= 100 ? 'exception' : 'normal'}
        showInfo={false}
        aria-label={`${t('field.used')} ${percent}%`}
        style={{ width: 64, margin: 0 }}
      />
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>
        {yuan(row.usedFen)} / {yuan(row.budgetFen)}
      </Typography.Text>
    </Flex>
  );
}

/** The local day of a campaign's start, or the last day it runs (its end is the next midnight), in the venue's time zone. */
export const startDayOf = (iso: string, tz?: string | null) => clockIn(iso, tz).slice(0, 10);
export const lastDayOf = (iso: string, tz?: string | null) => clockIn(new Date(Date.parse(iso) - 1), tz).slice(0, 10);

/** A campaign's first or last day, in the current language. */
export function CampaignDay({ iso, last }: { iso: string; last?: boolean }) {
  const tz = useVenueTimeZone();
  const lang = useLang();
  return <>{formatDay(last ? lastDayOf(iso, tz) : startDayOf(iso, tz), lang)}</>;
}

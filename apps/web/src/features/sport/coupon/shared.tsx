import { COUPON_KINDS, COUPON_REFUND_RULES, COUPON_RETURN_OUTCOMES, COUPON_SOURCES, COUPON_STATES, COUPON_TEMPLATE_STATUSES } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { codeOptions, invalidateResource, type Option } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The coupon screens' texts: one namespace for the feature. */
export const NS = 'coupon';
registerMessages(NS, zh, en);

export type CouponT = FeatureT<typeof zh>;
export function useCouponT(): CouponT {
  return useFeatureT<typeof zh>(NS);
}

export const couponUrl = (p: string) => api.sport(`coupon/${p}`);
export const post = <T,>(p: string, body?: unknown) => http.post<T>(couponUrl(p), body ?? {});

export const kindOptions = codeOptions(COUPON_KINDS, 'kind', { amount: 'red', percent: 'orange', free: 'green', times: 'blue' });
export const stateOptions = codeOptions(COUPON_STATES, 'state', { issued: 'blue', held: 'gold', used: 'green', expired: 'default', void: 'red' });
export const sourceOptions = codeOptions(COUPON_SOURCES, 'source', { issue: 'blue', code: 'purple', sale: 'cyan', campaign: 'magenta' });
export const refundRuleOptions = codeOptions(COUPON_REFUND_RULES, 'refundRule');
export const outcomeOptions = codeOptions(COUPON_RETURN_OUTCOMES, 'outcome', { returned: 'green', spent: 'default' });
export const statusOptions = codeOptions(COUPON_TEMPLATE_STATUSES, 'status', { on: 'green', off: 'default' });
/** Item kinds a coupon may be limited to (the kinds the console sells). */
export const itemKindOptions: Option[] = ['venue', 'goods', 'ticket', 'course', 'sparring', 'rent', 'general'].map((k) => ({
  value: k,
  label: `kit:itemKind.${k}`,
}));

export const refreshCoupons = () => {
  for (const key of ['couponTemplate', 'couponList', 'couponBatch', 'couponDetailCoupons', 'couponDetailBatches']) void invalidateResource(key);
};

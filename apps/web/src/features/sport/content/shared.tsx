import { AGREEMENT_STATES, BANNER_JUMP_TYPES, COMMENT_STATES, CONTENT_STATES } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { codeOptions } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The content screens' texts: one namespace for the feature. */
export const NS = 'content';
registerMessages(NS, zh, en);

export type ContentT = FeatureT<typeof zh>;
export function useContentT(): ContentT {
  return useFeatureT<typeof zh>(NS);
}

export const contentUrl = (p = '') => api.sport(`content${p ? `/${p}` : ''}`);
export const post = <T,>(p: string, body?: unknown) => http.post<T>(contentUrl(p), body ?? {});
export const put = <T,>(p: string, body?: unknown) => http.put<T>(contentUrl(p), body ?? {});

export const stateOptions = codeOptions(CONTENT_STATES, 'state', { draft: 'default', review: 'gold', published: 'green', unpublished: 'red' });
export const commentStateOptions = codeOptions(COMMENT_STATES, 'commentState', { approved: 'green', held: 'gold', rejected: 'red' });
export const agreementStateOptions = codeOptions(AGREEMENT_STATES, 'agreementState', { draft: 'default', published: 'green', superseded: 'default' });
export const jumpTypeOptions = codeOptions(BANNER_JUMP_TYPES, 'jumpType');

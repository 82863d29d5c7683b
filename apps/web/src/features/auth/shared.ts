import { useFeatureT, type FeatureT } from '../../app/i18n.ts';
import type zh from './messages.zh-CN.ts';
import type findZh from './find.messages.zh-CN.ts';
import type ssoZh from './sso.messages.zh-CN.ts';

/** The sign-in screen's texts (namespace `auth`, registered by LoginPage), typed by its Chinese messages. */
export const useAuthT = (): FeatureT<typeof zh> => useFeatureT<typeof zh>('auth');
/** Password recovery's texts (namespace `findPassword`). */
export const useFindT = (): FeatureT<typeof findZh> => useFeatureT<typeof findZh>('findPassword');
/** Single sign-on's texts (namespace `sso`). */
export const useSsoT = (): FeatureT<typeof ssoZh> => useFeatureT<typeof ssoZh>('sso');

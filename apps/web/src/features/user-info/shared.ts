import { useFeatureT, type FeatureT } from '../../app/i18n.ts';
import type zh from './messages.zh-CN.ts';

/** The profile screen's texts (namespace `userInfo`, registered by UserInfoPage), typed by its Chinese messages. */
export const useUserInfoT = (): FeatureT<typeof zh> => useFeatureT<typeof zh>('userInfo');

import { useFeatureT, type FeatureT } from '../../app/i18n.ts';
import type zh from './messages.zh-CN.ts';

/** The job screens' texts (namespace `job`), typed by their Chinese messages. */
export const useJobT = (): FeatureT<typeof zh> => useFeatureT<typeof zh>('job');

import { useQuery } from '@tanstack/react-query';
import { LESSON_STATES, type Page, type SiteRow } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../../app/i18n.ts';
import { api, http } from '../../../../app/request.ts';
import type { Option } from '../../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** All lessons' texts: a namespace of their own. */
export const NS = 'courseLesson';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export const useLessonT = (): Translate => useFeatureT<typeof zh>(NS);

export const lessonUrl = (p: string) => api.sport(`course/lesson/${p}`);

export const lessonStateOptions: Option[] = LESSON_STATES.map((v) => ({
  value: v,
  label: `stateOf.${v}`,
  color: { scheduled: 'blue', suspended: 'orange', cancelled: 'default', done: 'green' }[v],
}));

/** The organisation's sites (every venue), for filters and the adjustment. */
export function useSiteOptions(): Option[] {
  const sites = useQuery({
    queryKey: ['courseLesson', 'sites'],
    queryFn: () => http.post<Page<SiteRow>>(api.sport('venue/site/list'), { pageNum: 1, pageSize: 500 }),
    staleTime: 60_000,
  });
  return (sites.data?.data ?? []).map((s) => ({ value: s.id, label: s.name }));
}

import { useQuery } from '@tanstack/react-query';
import { CLASS_STATES, COURSE_KINDS, COURSE_STATES, LESSON_STATES, type Page } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { codeOptions, type Option } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The training screens' texts: one namespace for the feature. */
export const NS = 'course';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export function useCourseT(): Translate {
  return useFeatureT<typeof zh>(NS);
}

export const CLASS_LIST_PATH = '/sport/views/trainingCourse/classManagement/index';
export const classDetailPath = (id: number) => `/sport/views/trainingCourse/classDetail/${id}`;
export const orderDetailPath = (id: number) => `/sport/views/orderManagement/orderDetail/${id}`;

export const kindOptions = codeOptions(COURSE_KINDS, 'kindOf', { group: 'blue', private: 'purple' });
export const stateOptions = codeOptions(COURSE_STATES, 'state', {
  draft: 'default',
  submitted: 'orange',
  approved: 'green',
  rejected: 'red',
  off_sale: 'default',
});
export const classStateOptions = codeOptions(CLASS_STATES, 'classStateOf', { open: 'green', closed: 'default' });
export const lessonStateOptions = codeOptions(LESSON_STATES, 'lessonStateOf', { scheduled: 'blue', suspended: 'orange', cancelled: 'default', done: 'green' });

/** Fen to yuan for an input's value (1234 -> 12.34); null stays null. */
export const fenToYuan = (fen: number | null | undefined): number | null => (fen === null || fen === undefined ? null : Math.round(fen) / 100);

/** The organisation's coaches (the coach module's fixed list call), for the class form. */
export function useCoachOptions(): Option[] {
  const coaches = useQuery({
    queryKey: ['course', 'coaches'],
    queryFn: () => http.post<Page<{ id: number; name: string }>>(api.sport('coach/list'), { pageNum: 1, pageSize: 500 }),
    staleTime: 60_000,
  });
  return (coaches.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }));
}

/** Approved and other courses, for the class form and filters. */
export function useCourseOptions(): Option[] {
  const courses = useQuery({
    queryKey: ['course', 'courseOptions'],
    queryFn: () => http.post<Page<{ id: number; name: string }>>(api.sport('course/list'), { pageNum: 1, pageSize: 500 }),
    staleTime: 30_000,
  });
  return (courses.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }));
}

import { useQuery } from '@tanstack/react-query';
import { PLAN_DAY_RULES, PLAN_STATES, type ClassRow, type Page } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../../app/i18n.ts';
import { api, http } from '../../../../app/request.ts';
import type { Option } from '../../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The scheduling plans' texts: their own namespace. */
export const NS = 'coursePlan';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export function usePlanT(): Translate {
  return useFeatureT<typeof zh>(NS);
}

export const PLAN_LIST_PATH = '/sport/views/trainingCourse/courseSchedulingPlan/index';
export const planDetailPath = (id: number | 'new') => `/sport/views/trainingCourse/courseSchedulingPlan/detail/${id}`;

export const dayRuleOptions: Option[] = PLAN_DAY_RULES.map((v) => ({ value: v, label: `dayRuleOf.${v}` }));
export const planStateOptions: Option[] = PLAN_STATES.map((v) => ({ value: v, label: `planStateOf.${v}`, color: v === 'applied' ? 'green' : 'default' }));
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The organisation's classes (with their coach and venue's site), for the plan form. */
export function useClasses(): ClassRow[] {
  const classes = useQuery({
    queryKey: ['coursePlan', 'classes'],
    queryFn: () => http.post<Page<ClassRow>>(api.sport('course/class/page'), { pageNum: 1, pageSize: 500 }),
    staleTime: 30_000,
  });
  return classes.data?.data ?? [];
}

export function useClassOptions(): Option[] {
  return useClasses().map((c) => ({ value: c.id, label: `${c.courseName} · ${c.name}` }));
}

interface SiteRow {
  id: number;
  name: string;
  venueId: number;
}

/** The organisation's sites. */
export function useSites(): SiteRow[] {
  const sites = useQuery({
    queryKey: ['coursePlan', 'sites'],
    queryFn: () => http.post<Page<SiteRow>>(api.sport('venue/site/list'), { pageNum: 1, pageSize: 500 }),
    staleTime: 60_000,
  });
  return sites.data?.data ?? [];
}

/** The organisation's coaches. */
export function useCoachOptions(): Option[] {
  const coaches = useQuery({
    queryKey: ['coursePlan', 'coaches'],
    queryFn: () => http.post<Page<{ id: number; name: string }>>(api.sport('coach/list'), { pageNum: 1, pageSize: 500 }),
    staleTime: 60_000,
  });
  return (coaches.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }));
}

/** "Mon, Wed, Fri", "Workdays (…)": a plan's days as text. */
export function daysText(t: Translate, dayRule: string, weekdays: number[]): string {
  if (dayRule !== 'weekdays') return t(`dayRuleOf.${dayRule}` as 'dayRuleOf.workdays');
  return weekdays.map((d) => t(`weekday.${d}` as 'weekday.1')).join(', ');
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarDay, YearCalendar } from '@venue/contract';
import { api, http } from '../../../app/request.ts';

/** 0 work day, 1 non-work day, 2 pending (no decision). */
export type DayKind = CalendarDay['kind'];
export const WORK: DayKind = 0;
export const NON_WORK: DayKind = 1;
export const PENDING: DayKind = 2;

/** A day of the calendar and the year's calendar: the contract's answers. */
export type { CalendarDay, YearCalendar } from '@venue/contract';

const key = (year: number) => ['holiday', 'year', year] as const;

/** POST {systemPrefix}holiday/year {year}: every day of the year of the current organisation. */
export function useHolidayYear(year: number) {
  return useQuery({
    queryKey: key(year),
    queryFn: () => http.post<YearCalendar>(api.system('holiday/year'), { year }),
  });
}

/** PUT {systemPrefix}holiday/days {days: [{day, kind}]}; pending removes the decision. */
export function useSetDays(year: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (days: { day: string; kind: DayKind }[]) => http.put<{ updated: number }>(api.system('holiday/days'), { days }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(year) }),
  });
}

/** POST {systemPrefix}holiday/init {year, overwrite}: Saturdays and Sundays non-work, Monday to Friday work. */
export function useInitYear(year: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (overwrite: boolean) =>
      http.post<{ changed: number; work: number; nonWork: number; pending: number }>(api.system('holiday/init'), { year, overwrite }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(year) }),
  });
}

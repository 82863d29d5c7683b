import {
  ATTENDANCE_METHODS,
  ATTENDANCE_STATES,
  PACKAGE_STATES,
  type AttendanceRoster,
  type AttendanceRow,
  type MemberPackageDetail,
  type PackageTypeRow,
  type Page,
  type attendanceCheckIn,
} from '@venue/contract';
import type { z } from 'zod';
import { registerMessages, useFeatureT, type FeatureT } from '../../../../app/i18n.ts';
import { api, http } from '../../../../app/request.ts';
import type { Option } from '../../../../kit/index.ts';
import { idem } from '../../../../kit/pay/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

export { formatTime, toFen, yuan, newIdempotencyKey, PayDialog } from '../../../../kit/pay/index.ts';

/** The attendance and class package screens' texts. */
export const NS = 'courseAttendance';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export const useAttendanceT = (): Translate => useFeatureT<typeof zh>(NS);

export const PACKAGE_LIST_PATH = '/sport/views/trainingCourse/memberClassPackage/index';
export const packageDetailPath = (id: number) => `/sport/views/trainingCourse/memberClassPackage/detail/${id}`;

const opts = <T extends string>(values: readonly T[], prefix: string, colors: Partial<Record<T, string>> = {}): Option[] =>
  values.map((v) => ({ value: v, label: `${prefix}.${v}`, color: colors[v] }));

export const stateOptions = opts(ATTENDANCE_STATES, 'state', { present: 'green', late: 'orange', absent: 'red', leave: 'default' });
export const methodOptions = opts(ATTENDANCE_METHODS, 'method');
export const packageStateOptions = opts(PACKAGE_STATES, 'pkgState', {
  pending: 'orange',
  active: 'green',
  used: 'default',
  expired: 'default',
  refunded: 'red',
});
export const typeStateOptions = opts(['on', 'off'] as const, 'typeState', { on: 'green', off: 'default' });
export const yesNoOptions: Option[] = [
  { value: true, label: 'yesNo.yes', color: 'blue' },
  { value: false, label: 'yesNo.no' },
];

export interface DayLesson {
  id: number;
  startsAt: string;
  endsAt: string;
  state: string;
  courseName: string;
  className: string;
  coachName: string | null;
  present: number;
}

const att = (p: string) => api.sport(`course/attendance/${p}`);
const pkg = (p: string) => api.sport(`course/package/${p}`);

/** The attendance and package calls (`{sport}course/attendance/...`, `{sport}course/package/...`). */
export const attendanceApi = {
  lessons: (day: string) => http.post<DayLesson[]>(att('lessons'), { day }),
  roster: (lessonId: number) => http.post<AttendanceRoster>(att('roster'), { lessonId }),
  checkIn: (body: z.input<typeof attendanceCheckIn>) => http.post<AttendanceRow>(att('checkIn'), body),
  mark: (lessonId: number, memberId: number, state: string) => http.post<AttendanceRow>(att('mark'), { lessonId, memberId, state }),
  done: (lessonId: number) => http.post<{ absent: number; consumed: number }>(att('done'), { lessonId }),
  types: () => http.post<Page<PackageTypeRow>>(pkg('type/page'), { pageNum: 1, pageSize: 500, state: 'on' }),
  sell: (typeId: number, memberId: number, key: string) =>
    http.post<{ orderId: number; orderNo: string; packageId: number; amountFen: number }>(pkg('sell'), { typeId, memberId }, idem(key)),
  detail: (id: number) => http.get<MemberPackageDetail>(pkg(String(id))),
};

import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { Perm, type AttendanceRow, type attendancePageQuery } from '@venue/contract';
import { api, downloadFile, http } from '../../../../app/request.ts';
import { FILE_TIMEOUT_MS, ListPage, invalidateResource, type ResourceDef } from '../../../../kit/index.ts';
import { useCourseOptions } from '../shared.tsx';
import { CheckInDialog } from './CheckInDialog.tsx';
import { NS, methodOptions, stateOptions, yesNoOptions } from './shared.tsx';

const url = (p: string) => api.sport(`course/attendance/${p}`);

export const attendanceResource: ResourceDef<AttendanceRow, Record<string, never>, z.input<typeof attendancePageQuery>> = {
  key: 'courseAttendance',
  ns: NS,
  name: 'attendance',
  nameField: 'memberName',
  endpoint: { prefix: 'sport', path: 'course/attendance' },
  perms: { export: Perm.courseAttendance.export },
  features: { add: false, edit: false, remove: false, batchRemove: false, import: false, detail: false, selection: false },
  api: {
    list: (body) => http.post(url('page'), body),
    export: (body) => downloadFile({ url: url('export'), method: 'POST', data: body, timeout: FILE_TIMEOUT_MS }, 'attendance.xlsx'),
  },
  search: [
    { name: 'keyword', label: 'field.keyword', type: 'text' },
    { name: 'courseId', label: 'field.courseId', type: 'select', useOptions: useCourseOptions },
    { name: 'from', label: 'field.from', type: 'dateRange', rangeKeys: ['from', 'to'] },
    { name: 'state', label: 'field.state', type: 'select', options: stateOptions },
    { name: 'method', label: 'field.method', type: 'select', options: methodOptions },
  ],
  columns: [
    { key: 'checkedAt', label: 'field.checkedAt', format: 'datetime', sorter: true },
    { key: 'memberName', label: 'field.memberName' },
    { key: 'memberNo', label: 'field.memberNo' },
    { key: 'courseName', label: 'field.courseName' },
    { key: 'className', label: 'field.className' },
    { key: 'lessonStartsAt', label: 'field.lessonStartsAt', format: 'datetime', sorter: true },
    { key: 'state', label: 'field.state', options: stateOptions },
    { key: 'method', label: 'field.method', options: methodOptions },
    { key: 'consumed', label: 'field.consumed', options: yesNoOptions },
    { key: 'checkedByName', label: 'field.checkedByName' },
  ],
};

/** sport.course.attendance (trainingCourse/attendanceRecord): every check-in with filters and export, and the desk's check-in dialog. */
export default function AttendancePage() {
  const [open, setOpen] = useState(false);
  const def = useMemo<ResourceDef<AttendanceRow>>(
    () => ({
      ...(attendanceResource as unknown as ResourceDef<AttendanceRow>),
      toolbar: [
        {
          key: 'checkIn',
          label: 'checkIn',
          primary: true,
          perm: Perm.courseAttendance.checkIn,
          run: () => setOpen(true),
        },
      ],
    }),
    [],
  );
  return (
    <div data-testid="courseAttendance-page">
      <ListPage def={def} />
      <CheckInDialog open={open} onClose={() => setOpen(false)} onDone={() => void invalidateResource(attendanceResource.key)} />
    </div>
  );
}

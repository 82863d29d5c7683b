import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Perm, classCreate, type ClassRow, type Page, type classPageQuery, type classUpdate } from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { NS, classDetailPath, classStateOptions, useCoachOptions, useCourseOptions } from './shared.tsx';

type ClassForm = z.input<typeof classCreate> & z.input<typeof classUpdate>;

export const classResource: ResourceDef<ClassRow, ClassForm, z.input<typeof classPageQuery>> = {
  key: 'courseClass',
  ns: NS,
  name: 'class',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'course/class' },
  perms: { add: Perm.courseClass.add, edit: Perm.courseClass.edit },
  features: { remove: false, batchRemove: false, selection: false, export: false, import: false },
  search: [
    { name: 'keyword', label: 'field.keyword' },
    { name: 'courseId', label: 'field.courseName', type: 'select', useOptions: useCourseOptions },
    { name: 'state', label: 'field.classState', type: 'select', options: classStateOptions },
  ],
  columns: [
    { key: 'name', label: 'field.className', sorter: true },
    { key: 'courseName', label: 'field.courseName' },
    { key: 'coachName', label: 'field.coach' },
    { key: 'priceFen', label: 'field.price', content: 'number', render: (v: number) => yuan(v) },
    { key: 'capacity', label: 'field.capacity', content: 'number', sorter: true },
    { key: 'enrolled', label: 'field.enrolled', content: 'number' },
    { key: 'waitlisted', label: 'field.waitlisted', content: 'number' },
    { key: 'lessons', label: 'field.lessons', content: 'number' },
    { key: 'startDay', label: 'field.startDay', format: 'date', sorter: true },
    { key: 'endDay', label: 'field.endDay', format: 'date' },
    { key: 'state', label: 'field.classState', options: classStateOptions },
  ],
  formColumns: 2,
  form: [
    { name: 'courseId', label: 'field.courseName', type: 'select', useOptions: useCourseOptions, required: true, modes: ['add'] },
    { name: 'name', label: 'field.className', rule: classCreate.shape.name },
    { name: 'capacity', label: 'field.capacity', type: 'integer', rule: classCreate.shape.capacity },
    { name: 'coachId', label: 'field.coach', type: 'select', useOptions: useCoachOptions, required: true },
    { name: 'startDay', label: 'field.startDay', type: 'date', required: true },
    { name: 'endDay', label: 'field.endDay', type: 'date', required: true },
    { name: 'state', label: 'field.classState', type: 'radio', options: classStateOptions, initialValue: 'open' },
  ],
  api: {
    list: (body) => http.post<Page<ClassRow>>(api.sport('course/class/page'), body),
    get: (row) => http.get<ClassRow>(api.sport(`course/class/${row.id}`)),
  },
};

/** sport.course.classes (classManagement): a course's classes with capacity, seats taken and waitlist; the detail has lessons, roster and waitlist. */
export default function ClassListPage() {
  const navigate = useNavigate();
  const def = useMemo<typeof classResource>(
    () => ({ ...classResource, rowActions: [{ key: 'detail', label: 'action.detail', run: (r) => navigate(classDetailPath(r.id)) }] }),
    [navigate],
  );
  return <ListPage def={def} />;
}

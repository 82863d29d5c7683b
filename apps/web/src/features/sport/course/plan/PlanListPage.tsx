import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Perm, type Page, type PlanRow, type planListQuery } from '@venue/contract';
import { api, http } from '../../../../app/request.ts';
import { ListPage, type ResourceDef } from '../../../../kit/index.ts';
import { NS, daysText, planDetailPath, planStateOptions, useClassOptions, usePlanT } from './shared.tsx';

export const planResource: ResourceDef<PlanRow, Record<string, unknown>, z.input<typeof planListQuery>> = {
  key: 'coursePlan',
  ns: NS,
  name: 'plan',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'course/plan' },
  perms: { remove: Perm.coursePlan.delete },
  features: { add: false, edit: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
  search: [
    { name: 'keyword', label: 'field.keyword' },
    { name: 'classId', label: 'field.className', type: 'select', useOptions: useClassOptions },
    { name: 'state', label: 'field.state', type: 'select', options: planStateOptions },
  ],
  columns: [
    { key: 'name', label: 'field.name', sorter: true },
    { key: 'courseName', label: 'field.courseName' },
    { key: 'className', label: 'field.className' },
    { key: 'fromDay', label: 'field.fromDay', format: 'date', sorter: true },
    { key: 'toDay', label: 'field.toDay', format: 'date' },
    { key: 'coachName', label: 'field.coach' },
    { key: 'lessons', label: 'field.lessons', content: 'number' },
    { key: 'state', label: 'field.state', options: planStateOptions },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', sorter: true },
  ],
  api: {
    list: (body) => http.post<Page<PlanRow>>(api.sport('course/plan/list'), body),
    get: (row) => http.get<PlanRow>(api.sport(`course/plan/${row.id}`)),
    remove: (ids) => http.del(api.sport(`course/plan/${ids[0]}`)),
  },
};

/** sport.course.plans (courseSchedulingPlan): a class's recurring lessons; the detail previews and saves them. */
export default function PlanListPage() {
  const navigate = useNavigate();
  const t = usePlanT();
  const def = useMemo<typeof planResource>(
    () => ({
      ...planResource,
      columns: [
        ...planResource.columns.slice(0, 3),
        { key: '$days', label: 'field.dayRule', render: (_: unknown, r: PlanRow) => daysText(t, r.dayRule, r.weekdays) },
        { key: '$time', label: 'field.time', render: (_: unknown, r: PlanRow) => `${r.start}–${r.end}` },
        ...planResource.columns.slice(3),
      ],
      toolbar: [{ key: 'new', label: 'action.add', primary: true, perm: Perm.coursePlan.add, run: () => navigate(planDetailPath('new')) }],
      rowActions: [{ key: 'detail', label: 'action.detail', run: (r) => navigate(planDetailPath(r.id)) }],
    }),
    [navigate, t],
  );
  return <ListPage def={def} />;
}

import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { PlanRow } from '@venue/contract';
import { ListPage } from '../../../../kit/index.ts';
import { planResource } from './PlanListPage.tsx';
import { daysText, planDetailPath, usePlanT } from './shared.tsx';

/** sport.course.classPeriods (classPeriod): the periods of every plan — days, time, dates, sites and coach. */
export default function ClassPeriodPage() {
  const navigate = useNavigate();
  const t = usePlanT();
  const def = useMemo<typeof planResource>(
    () => ({
      ...planResource,
      key: 'coursePeriod',
      features: { ...planResource.features, remove: false },
      columns: [
        { key: 'className', label: 'field.className' },
        { key: 'courseName', label: 'field.courseName' },
        { key: '$days', label: 'field.dayRule', render: (_: unknown, r: PlanRow) => daysText(t, r.dayRule, r.weekdays) },
        { key: 'start', label: 'field.start', content: 'code' },
        { key: 'end', label: 'field.end', content: 'code' },
        { key: 'fromDay', label: 'field.fromDay', format: 'date', sorter: true },
        { key: 'toDay', label: 'field.toDay', format: 'date' },
        { key: '$sites', label: 'field.sites', render: (_: unknown, r: PlanRow) => r.siteNames.join(', ') || '—' },
        { key: 'coachName', label: 'field.coach' },
        { key: 'skipHolidays', label: 'field.skipHolidays', format: 'yesNo' },
        { key: 'name', label: 'field.name' },
      ],
      rowActions: [{ key: 'detail', label: 'action.detail', run: (r) => navigate(planDetailPath(r.id)) }],
    }),
    [navigate, t],
  );
  return <ListPage def={def} />;
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Segmented } from 'antd';
import type { z } from 'zod';
import { Perm, lessonCancel, type LessonCancelled, type LessonItem, type Page, type lessonPageQuery } from '@venue/contract';
import { success } from '../../../../app/feedback.tsx';
import { http } from '../../../../app/request.ts';
import { ListPage, ReasonDialog, rangeIn, useVenueTimeZone, type ListHandle, type ResourceDef } from '../../../../kit/index.ts';
import { useCoachOptions, useCourseOptions } from '../shared.tsx';
import { AdjustDialog } from './AdjustDialog.tsx';
import { DayView } from './DayView.tsx';
import { LessonDrawer } from './LessonDrawer.tsx';
import { NS, lessonStateOptions, lessonUrl, useLessonT, useSiteOptions } from './shared.ts';

type Actions = {
  adjust(rows: LessonItem[]): void;
  cancel(row: LessonItem): void;
  detail(row: LessonItem): void;
  move(row: LessonItem, to: 'suspend' | 'resume'): void;
};

function lessonResource(a: Actions, timeZone: string | undefined): ResourceDef<LessonItem, LessonItem, z.input<typeof lessonPageQuery>> {
  return {
    key: 'courseLesson',
    ns: NS,
    name: 'lesson',
    endpoint: { prefix: 'sport', path: 'course/lesson' },
    features: { add: false, edit: false, remove: false, batchRemove: false, import: false, detail: false, export: true, selection: true },
    perms: { export: Perm.courseLesson.list },
    search: [
      { name: 'date', label: 'field.date', type: 'dateRange', rangeKeys: ['from', 'to'] },
      { name: 'courseId', label: 'field.courseName', type: 'select', useOptions: useCourseOptions },
      { name: 'coachId', label: 'field.coach', type: 'select', useOptions: useCoachOptions },
      { name: 'siteId', label: 'field.site', type: 'select', useOptions: useSiteOptions },
      { name: 'state', label: 'field.state', type: 'select', options: lessonStateOptions },
    ],
    columns: [
      { key: 'startsAt', label: 'field.time', sorter: true, render: (_: unknown, r) => rangeIn(r.startsAt, r.endsAt, timeZone) },
      { key: 'courseName', label: 'field.courseName' },
      { key: 'className', label: 'field.className' },
      { key: 'coachName', label: 'field.coach' },
      { key: 'siteName', label: 'field.site' },
      { key: 'enrolled', label: 'field.enrolled', content: 'number' },
      { key: 'state', label: 'field.state', options: lessonStateOptions },
      {
        key: 'ratingAvg',
        label: 'field.ratingAvg',
        content: 'number',
        render: (v: number | null, r) => (v === null ? '-' : `${v.toFixed(1)} (${r.ratingCount})`),
      },
    ],
    toolbar: [
      { key: 'adjust', label: 'action.adjust', perm: Perm.courseLesson.adjust, primary: true, need: 'some', run: (ctx) => a.adjust(ctx.selectedRows) },
      { key: 'cancel', label: 'action.cancel', perm: Perm.courseLesson.cancel, danger: true, need: 'one', run: (ctx) => a.cancel(ctx.selectedRows[0]!) },
    ],
    rowActions: [
      { key: 'detail', label: 'action.detail', run: (r) => a.detail(r) },
      { key: 'suspend', label: 'action.suspend', perm: Perm.courseLesson.suspend, visible: (r) => r.state === 'scheduled', run: (r) => a.move(r, 'suspend') },
      { key: 'resume', label: 'action.resume', perm: Perm.courseLesson.suspend, visible: (r) => r.state === 'suspended', run: (r) => a.move(r, 'resume') },
    ],
    api: {
      list: (body) => http.post<Page<LessonItem>>(lessonUrl('page'), body),
    },
  };
}

/** sport.course.lessons (totalSchedulingAttempts): every lesson in a list or a day view; batch adjustment, suspend, cancel, ratings. */
export default function LessonsPage() {
  const t = useLessonT();
  const [view, setView] = useState<'list' | 'day'>('list');
  const [adjusting, setAdjusting] = useState<LessonItem[] | null>(null);
  const [cancelling, setCancelling] = useState<LessonItem | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const [tick, setTick] = useState(0);
  // Opened from elsewhere (the booking grid's "view course"): `?date=` shows that day, `?lessonId=` opens the lesson.
  const [params] = useSearchParams();
  const dateParam = params.get('date') ?? undefined;
  const lessonParam = Number(params.get('lessonId')) || null;
  useEffect(() => {
    if (dateParam) setView('day');
    if (lessonParam) setDetail(lessonParam);
  }, [dateParam, lessonParam]);
  const timeZone = useVenueTimeZone();
  const list = useRef<ListHandle<LessonItem>>(null);
  const refresh = () => {
    list.current?.reload();
    setTick((n) => n + 1);
  };
  const def = useMemo(
    () =>
      lessonResource(
        {
          adjust: (rows) => setAdjusting(rows),
          cancel: (row) => setCancelling(row),
          detail: (row) => setDetail(row.id),
          move: (row, to) => {
            void http.post(lessonUrl(`${row.id}/${to}`), { version: row.version }).then(() => {
              success(t(to === 'suspend' ? 'action.suspend' : 'action.resume'));
              refresh();
            });
          },
        },
        timeZone,
      ),
    [t, timeZone],
  );
  const switcher = (
    <Segmented
      data-testid="lesson-view"
      value={view}
      onChange={(v) => setView(v as 'list' | 'day')}
      options={[
        { value: 'list', label: t('view.list') },
        { value: 'day', label: t('view.day') },
      ]}
      style={{ marginBottom: 12 }}
    />
  );
  return (
    <>
      {view === 'list' ? (
        <ListPage def={def} ref={list} header={switcher} />
      ) : (
        <div>
          {switcher}
          <DayView key={dateParam} initialDay={dateParam} refreshKey={tick} onOpen={(id) => setDetail(id)} />
        </div>
      )}
      <AdjustDialog
        lessons={adjusting}
        onClose={() => setAdjusting(null)}
        onDone={(n) => {
          setAdjusting(null);
          success(t('adjust.done', { n }));
          list.current?.clearSelection();
          refresh();
        }}
      />
      <ReasonDialog
        open={cancelling !== null}
        title={t('cancel.title')}
        testId="lesson-cancel"
        label={t('field.reason')}
        rule={lessonCancel.shape.reason}
        confirmText={t('cancel.confirm')}
        onClose={() => setCancelling(null)}
        onSubmit={async (reason) => {
          const r = await http.post<LessonCancelled>(lessonUrl(`${cancelling!.id}/venueCancel`), { version: cancelling!.version, reason });
          const fen = r.refunds.reduce((s, x) => s + x.amountFen, 0);
          success(t('cancel.done', { n: r.refunds.length, yuan: (fen / 100).toFixed(2) }));
          setCancelling(null);
          refresh();
        }}
      />
      <LessonDrawer id={detail} onClose={() => setDetail(null)} onChanged={refresh} />
    </>
  );
}

import { useState } from 'react';
import { Button, Card, DatePicker, Empty, List, Popconfirm, Segmented, Select, Space, Tag, Typography } from 'antd';
import { success } from '../../../../app/feedback.tsx';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { queryClient } from '../../../../app/query.ts';
import { hhmmIn, useVenueTimeZone, venueToday } from '../../../../kit/index.ts';
import { attendanceApi, stateOptions, useAttendanceT } from './shared.tsx';

const colorOf = (v: unknown) => stateOptions.find((o) => o.value === v)?.color;

/**
 * sport.course.coachCheckIn (attendanceRecord/coach): the coach's phone-sized page. Pick a lesson of the
 * day; each member of its roster is one tap to mark present, late, absent or on leave; then finish the lesson.
 */
export default function CoachCheckInPage() {
  const t = useAttendanceT();
  const timeZone = useVenueTimeZone();
  const [day, setDay] = useState<Dayjs>(() => venueToday(timeZone));
  const [lessonId, setLessonId] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const dayText = day.format('YYYY-MM-DD');
  const lessons = useQuery({ queryKey: ['course', 'attendance', 'lessons', dayText], queryFn: () => attendanceApi.lessons(dayText) });
  const picked = lessonId ?? lessons.data?.[0]?.id ?? null;
  const roster = useQuery({ queryKey: ['course', 'attendance', 'roster', picked], queryFn: () => attendanceApi.roster(picked!), enabled: picked !== null });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['course', 'attendance'] });
  const markOne = async (memberId: number, state: string) => {
    setBusy(memberId);
    try {
      await attendanceApi.mark(picked!, memberId, state);
      refresh();
    } finally {
      setBusy(null);
    }
  };
  const finish = async () => {
    const r = await attendanceApi.done(picked!);
    success(t('finished', { absent: r.absent, consumed: r.consumed }));
    refresh();
  };
  return (
    <div data-testid="courseAttendance-coach" style={{ maxWidth: 480, margin: '0 auto' }}>
      <Card variant="borderless" title={t('coachTitle')} styles={{ body: { padding: 12 } }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <DatePicker
            value={day}
            allowClear={false}
            style={{ width: '100%' }}
            onChange={(d) => {
              setDay(d ?? venueToday(timeZone));
              setLessonId(null);
            }}
          />
          <Select
            style={{ width: '100%' }}
            data-testid="courseAttendance-coach-lesson"
            placeholder={t('pickLesson')}
            value={picked ?? undefined}
            loading={lessons.isFetching}
            notFoundContent={t('noLessons')}
            onChange={(v: number) => setLessonId(v)}
            options={(lessons.data ?? []).map((l) => ({ value: l.id, label: `${hhmmIn(l.startsAt, timeZone)} ${l.courseName} · ${l.className}` }))}
          />
        </Space>
      </Card>
      {picked === null ? (
        <Empty style={{ marginTop: 24 }} description={t('noLessons')} />
      ) : (
        <Card variant="borderless" style={{ marginTop: 12 }} styles={{ body: { padding: 0 } }}>
          <List
            data-testid="courseAttendance-coach-roster"
            loading={roster.isFetching}
            locale={{ emptyText: t('noPeople') }}
            dataSource={roster.data?.people ?? []}
            renderItem={(p) => (
              <List.Item data-testid={`courseAttendance-coach-${p.memberId}`} data-state={p.state ?? ''} style={{ padding: '10px 12px' }}>
                <Space direction="vertical" size={4} style={{ width: '100%' }}>
                  <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                    <span>
                      <Typography.Text strong>{p.memberName}</Typography.Text> <Typography.Text type="secondary">{p.memberNo}</Typography.Text>
                    </span>
                    <span>
                      {p.via === 'package' ? <Tag color="purple">{t('viaPackage')}</Tag> : null}
                      {p.lessonsLeft !== null ? <Tag>{t('lessonsLeft', { n: p.lessonsLeft })}</Tag> : null}
                      {p.state ? <Tag color={colorOf(p.state)}>{t.dynamic('state', p.state)}</Tag> : null}
                    </span>
                  </Space>
                  {p.state ? null : (
                    <Segmented
                      block
                      disabled={busy === p.memberId}
                      value=""
                      onChange={(v) => void markOne(p.memberId, String(v))}
                      options={[
                        { value: 'present', label: t('present') },
                        { value: 'late', label: t('late') },
                        { value: 'absent', label: t('absent') },
                        { value: 'leave', label: t('leave') },
                      ]}
                    />
                  )}
                </Space>
              </List.Item>
            )}
          />
          {roster.data && roster.data.lessonState === 'scheduled' && dayjs(roster.data.startsAt).isBefore(dayjs()) ? (
            <div style={{ padding: 12 }}>
              <Popconfirm title={t('finishConfirm')} onConfirm={() => void finish()}>
                <Button block type="primary" data-testid="courseAttendance-coach-finish">
                  {t('finish')}
                </Button>
              </Popconfirm>
            </div>
          ) : null}
        </Card>
      )}
    </div>
  );
}

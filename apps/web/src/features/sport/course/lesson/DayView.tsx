import { useState } from 'react';
import { Card, DatePicker, Empty, Radio, Space, Tooltip, theme } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { LessonItem, Page } from '@venue/contract';
import { http } from '../../../../app/request.ts';
import { LessonStateTag } from './StateTag.tsx';
import { hhmmIn, useVenueTimeZone, venueToday } from '../../../../kit/index.ts';
import { lessonUrl, useLessonT } from './shared.ts';

const HOUR_PX = 72;

/** A day's lessons laid out by time, in a column per coach or per site. */
export function DayView({ initialDay, refreshKey, onOpen }: { initialDay?: string; refreshKey: number; onOpen: (id: number) => void }) {
  const t = useLessonT();
  const { token } = theme.useToken();
  const timeZone = useVenueTimeZone();
  const [day, setDay] = useState<Dayjs>(() => (initialDay && dayjs(initialDay).isValid() ? dayjs(initialDay) : venueToday(timeZone)));
  const [by, setBy] = useState<'coach' | 'site'>('coach');
  const iso = day.format('YYYY-MM-DD');
  const q = useQuery({
    queryKey: ['courseLesson', 'day', iso, refreshKey],
    queryFn: () => http.post<Page<LessonItem>>(lessonUrl('page'), { from: iso, to: iso, pageNum: 1, pageSize: 500 }),
  });
  const lessons = q.data?.data ?? [];
  const groups = new Map<string, { title: string; lessons: LessonItem[] }>();
  for (const l of lessons) {
    const key = by === 'coach' ? `c${l.coachId}` : `s${l.siteId ?? 0}`;
    const title = by === 'coach' ? (l.coachName ?? `#${l.coachId}`) : (l.siteName ?? t('view.noSite'));
    if (!groups.has(key)) groups.set(key, { title, lessons: [] });
    groups.get(key)!.lessons.push(l);
  }
  const minutes = (iso: string) => {
    const d = new Date(iso);
    return d.getHours() * 60 + d.getMinutes();
  };
  const first = lessons.length ? Math.max(0, Math.floor(Math.min(...lessons.map((l) => minutes(l.startsAt))) / 60) - 1) : 8;
  const last = lessons.length ? Math.min(24, Math.ceil(Math.max(...lessons.map((l) => minutes(l.endsAt) || 1440)) / 60) + 1) : 20;
  const hours = Array.from({ length: last - first }, (_, i) => first + i);
  return (
    <Card size="small" variant="borderless" data-testid="lesson-day">
      <Space style={{ marginBottom: 12 }} wrap>
        <DatePicker value={day} onChange={(d) => d && setDay(d)} allowClear={false} data-testid="lesson-day-date" />
        <Radio.Group
          value={by}
          onChange={(e) => setBy(e.target.value as 'coach' | 'site')}
          optionType="button"
          options={[
            { value: 'coach', label: t('view.byCoach') },
            { value: 'site', label: t('view.bySite') },
          ]}
        />
      </Space>
      {!lessons.length ? (
        <Empty description={t('view.empty')} />
      ) : (
        <div style={{ display: 'flex', overflowX: 'auto', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius }}>
          <div style={{ width: 56, flex: 'none', borderRight: `1px solid ${token.colorBorderSecondary}` }}>
            <div style={{ height: 32 }} />
            {hours.map((h) => (
              <div
                key={h}
                style={{
                  height: HOUR_PX,
                  fontSize: 12,
                  color: token.colorTextSecondary,
                  padding: '0 6px',
                  borderTop: `1px solid ${token.colorBorderSecondary}`,
                }}
              >
                {String(h).padStart(2, '0')}:00
              </div>
            ))}
          </div>
          {[...groups.entries()].map(([key, g]) => (
            <div key={key} style={{ minWidth: 180, flex: 1, borderRight: `1px solid ${token.colorBorderSecondary}` }}>
              <div style={{ height: 32, lineHeight: '32px', textAlign: 'center', fontWeight: 500, background: token.colorFillQuaternary }}>{g.title}</div>
              <div style={{ position: 'relative', height: hours.length * HOUR_PX }}>
                {hours.map((h, i) => (
                  <div key={h} style={{ position: 'absolute', top: i * HOUR_PX, left: 0, right: 0, borderTop: `1px solid ${token.colorBorderSecondary}` }} />
                ))}
                {g.lessons.map((l) => {
                  const top = ((minutes(l.startsAt) - first * 60) / 60) * HOUR_PX;
                  const height = Math.max(24, ((new Date(l.endsAt).getTime() - new Date(l.startsAt).getTime()) / 3_600_000) * HOUR_PX - 2);
                  const faded = l.state === 'cancelled';
                  return (
                    <Tooltip key={l.id} title={`${l.courseName} · ${l.className}`}>
                      <div
                        data-testid={`lesson-block-${l.id}`}
                        onClick={() => onOpen(l.id)}
                        style={{
                          position: 'absolute',
                          top: top + 1,
                          left: 4,
                          right: 4,
                          height,
                          overflow: 'hidden',
                          cursor: 'pointer',
                          padding: '2px 6px',
                          fontSize: 12,
                          lineHeight: '18px',
                          borderRadius: token.borderRadiusSM,
                          background: faded ? token.colorFillSecondary : token.colorPrimaryBg,
                          borderLeft: `3px solid ${faded ? token.colorTextDisabled : token.colorPrimary}`,
                          color: faded ? token.colorTextDisabled : token.colorText,
                        }}
                      >
                        <div>
                          {hhmmIn(l.startsAt, timeZone)}-{hhmmIn(l.endsAt, timeZone)} <LessonStateTag value={l.state} />
                        </div>
                        <div style={{ fontWeight: 500 }}>{l.courseName}</div>
                        <div>
                          {l.className} · {by === 'coach' ? (l.siteName ?? t('view.noSite')) : (l.coachName ?? '')}
                        </div>
                      </div>
                    </Tooltip>
                  );
                })}
              </div>
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}

import { Button, Descriptions, Modal, Progress, Tag } from 'antd';
import { useNavigate } from 'react-router';
import type { GridLesson } from '@venue/contract';
import { useBookingT } from './shared.tsx';

/** All lessons (sport.course.lessons, `totalSchedulingAttempts`), opened on a lesson's day with the lesson named. */
export const lessonsPath = (l: Pick<GridLesson, 'lessonId' | 'date'>) =>
  `/sport/views/trainingCourse/totalSchedulingAttempts/index?date=${encodeURIComponent(l.date)}&lessonId=${l.lessonId}`;

const STATE_COLORS: Record<string, string> = { scheduled: 'blue', suspended: 'orange', cancelled: 'default', done: 'green' };

/**
 * The booking grid's "view course" dialog: a cell a course lesson holds (its site claimed for the
 * lesson) shows the course, the class, the coach, the time and the seats taken, with a way to the
 * lesson in all lessons.
 */
export function ViewCourseDialog({ lesson, siteName, onClose }: { lesson: GridLesson | null; siteName?: string; onClose: () => void }) {
  const t = useBookingT();
  const navigate = useNavigate();
  const l = lesson;
  return (
    <Modal
      open={!!l}
      title={l ? t('course.title', { name: l.courseName }) : ''}
      onCancel={onClose}
      destroyOnHidden
      width={520}
      footer={[
        <Button key="close" onClick={onClose} data-testid="view-course-close">
          {t('course.close')}
        </Button>,
        <Button
          key="open"
          type="primary"
          data-testid="view-course-open"
          onClick={() => {
            if (!l) return;
            onClose();
            navigate(lessonsPath(l));
          }}
        >
          {t('course.open')}
        </Button>,
      ]}
    >
      {l ? (
        <Descriptions size="small" column={1} bordered data-testid="view-course" data-lesson={l.lessonId}>
          <Descriptions.Item label={t('course.course')}>
            <span data-testid="view-course-name">{l.courseName}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('course.class')}>
            <span data-testid="view-course-class">{l.className}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('course.coach')}>
            <span data-testid="view-course-coach">{l.coachName ?? '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('course.time')}>
            <span data-testid="view-course-time">
              {l.date} {l.start}–{l.end}
              {siteName ? ` · ${siteName}` : ''}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('course.seats')}>
            <span data-testid="view-course-seats" data-enrolled={l.enrolled} data-capacity={l.capacity}>
              {t('course.seatsValue', { enrolled: l.enrolled, capacity: l.capacity })}
            </span>
            <Progress
              percent={l.capacity ? Math.round((l.enrolled / l.capacity) * 100) : 0}
              size="small"
              showInfo={false}
              aria-label={t('course.seats')}
              style={{ marginBottom: 0 }}
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('course.state')}>
            <Tag color={STATE_COLORS[l.state]} data-testid="view-course-state" data-value={l.state}>
              {t.dynamic('lessonState', l.state)}
            </Tag>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}

import { Descriptions, Rate, Tag } from 'antd';
import { rangeIn } from '../../../../kit/index.ts';
import { ShareFrame, ShareState, ValidUntil, useShareT, useShared } from './shared.tsx';

const STATE_COLOR: Record<string, string> = { scheduled: 'blue', suspended: 'orange', cancelled: 'default', done: 'green' };

/** /share/course/lesson?token=…: a lesson's course scheduling detail, without signing in. */
export default function ShareLessonPage() {
  const t = useShareT();
  const { token, q, data, wrongKind } = useShared('lesson');
  const l = data?.lesson;
  return (
    <ShareFrame testId="share-lesson-page" title={l ? `${l.courseName ?? ''} · ${l.className ?? ''}` : t('kind.lesson')}>
      {l && data ? (
        <>
          <Descriptions column={1} size="small" bordered data-testid="share-lesson">
            <Descriptions.Item label={t('field.course')}>{l.courseName}</Descriptions.Item>
            <Descriptions.Item label={t('field.className')}>{l.className}</Descriptions.Item>
            <Descriptions.Item label={t('field.time')}>
              <span data-testid="share-lesson-time">{rangeIn(l.startsAt, l.endsAt, data?.timeZone)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.coach')}>{l.coachName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.site')}>{l.siteName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.state')}>
              <Tag color={STATE_COLOR[l.state]}>{t.dynamic('lessonState', l.state)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.enrolled')}>{l.enrolled}</Descriptions.Item>
            <Descriptions.Item label={t('field.rating')}>
              {l.ratingAvg === null ? t('none') : <Rate disabled allowHalf value={Math.round(l.ratingAvg * 2) / 2} style={{ fontSize: 14 }} />}
            </Descriptions.Item>
          </Descriptions>
          <ValidUntil at={data.expiresAt} />
        </>
      ) : (
        <ShareState token={token} q={q} wrongKind={wrongKind} />
      )}
    </ShareFrame>
  );
}

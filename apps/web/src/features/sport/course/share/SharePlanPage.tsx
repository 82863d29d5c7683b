import { Descriptions, List, Tag } from 'antd';
import { useLang } from '../../../../app/prefs.ts';
import { rangeIn } from '../../../../kit/index.ts';
import { ShareFrame, ShareState, ValidUntil, useShareT, useShared } from './shared.tsx';

const WEEKDAY = { 'zh-CN': ['一', '二', '三', '四', '五', '六', '日'], 'en-US': ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] };

/** /share/course/plan?token=…: a scheduling plan with its lessons (previewed, or saved), without signing in. */
export default function SharePlanPage() {
  const t = useShareT();
  const { token, q, data, wrongKind } = useShared('plan');
  const p = data?.plan;
  const zh = useLang() === 'zh-CN';
  const days = WEEKDAY[zh ? 'zh-CN' : 'en-US'];
  return (
    <ShareFrame testId="share-plan-page" title={p ? p.name : t('kind.plan')}>
      {p && data ? (
        <>
          <Descriptions column={1} size="small" bordered data-testid="share-plan">
            <Descriptions.Item label={t('field.plan')}>{p.name}</Descriptions.Item>
            <Descriptions.Item label={t('field.course')}>{p.courseName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.className')}>{p.className ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.days')}>{`${p.fromDay} ~ ${p.toDay}`}</Descriptions.Item>
            {p.weekdays.length ? (
              <Descriptions.Item label={t('field.weekdays')}>{p.weekdays.map((w) => days[w - 1] ?? w).join(zh ? '、' : ', ')}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('field.clock')}>{`${p.start}-${p.end}`}</Descriptions.Item>
            <Descriptions.Item label={t('field.coach')}>{p.coachName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.sites')}>{p.siteNames.length ? p.siteNames.join(zh ? '、' : ', ') : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.state')}>
              <Tag color={p.state === 'applied' ? 'green' : 'default'}>{t.dynamic('planState', p.state)}</Tag>
            </Descriptions.Item>
          </Descriptions>
          <List
            style={{ marginTop: 16 }}
            size="small"
            bordered
            header={<b>{`${t('field.planLessons')} (${data.planLessons.length})`}</b>}
            dataSource={data.planLessons}
            locale={{ emptyText: t('none') }}
            data-testid="share-plan-lessons"
            renderItem={(l) => (
              <List.Item
                data-testid="share-plan-lesson"
                extra={
                  l.state ? <Tag>{t.dynamic('lessonState', l.state)}</Tag> : <Tag color={l.ok ? 'green' : 'red'}>{l.ok ? t('lessonOk') : t('lessonTaken')}</Tag>
                }
              >
                {rangeIn(l.startsAt, l.endsAt, data?.timeZone)}
              </List.Item>
            )}
          />
          <ValidUntil at={data.expiresAt} />
        </>
      ) : (
        <ShareState token={token} q={q} wrongKind={wrongKind} />
      )}
    </ShareFrame>
  );
}

import { useState } from 'react';
import { Alert, Button, Descriptions, Input, Rate, Result, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../../app/request.ts';
import { rangeIn } from '../../../../kit/index.ts';
import { ShareFrame, ShareState, ValidUntil, formatTime, shareApi, useShareT, useShared } from './shared.tsx';

/** /share/course/rate?token=…: a member rates a lesson (1–5 stars and a comment), once, without signing in. */
export default function ShareRatePage() {
  const t = useShareT();
  const client = useQueryClient();
  const { token, q, data, wrongKind } = useShared('rating');
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const l = data?.lesson;
  const submit = async () => {
    if (!rating) return setError(t('rate.needStars'));
    setBusy(true);
    setError(undefined);
    try {
      const view = await shareApi.rate({ token, rating, comment: comment.trim() || null });
      client.setQueriesData({ queryKey: ['courseShare', token] }, view);
    } catch (e) {
      if (isApiError(e)) {
        e.showInPlace();
        setError(e.msg || e.message);
      }
    } finally {
      setBusy(false);
    }
  };
  const mine = data?.myRating;
  return (
    <ShareFrame testId="share-rate-page" title={t('rate.title')}>
      {l && data ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {data.member ? <Typography.Text strong>{t('rate.hello', { name: data.member.memberName })}</Typography.Text> : null}
          <Descriptions column={1} size="small" bordered data-testid="share-rate-lesson">
            <Descriptions.Item label={t('field.course')}>{l.courseName}</Descriptions.Item>
            <Descriptions.Item label={t('field.className')}>{l.className}</Descriptions.Item>
            <Descriptions.Item label={t('field.time')}>{rangeIn(l.startsAt, l.endsAt, data?.timeZone)}</Descriptions.Item>
            <Descriptions.Item label={t('field.coach')}>{l.coachName ?? '—'}</Descriptions.Item>
          </Descriptions>
          {mine ? (
            <Result
              status="success"
              title={<span data-testid="share-rate-done">{t('rate.thanks')}</span>}
              subTitle={
                <Space direction="vertical" size={4}>
                  <span>{t('rate.yours')}</span>
                  <Rate disabled value={mine.rating} data-testid="share-rate-mine" data-value={mine.rating} />
                  {mine.comment ? <Typography.Text>{mine.comment}</Typography.Text> : null}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatTime(mine.createTime)}
                  </Typography.Text>
                </Space>
              }
            />
          ) : (
            <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="share-rate-form">
              <Rate value={rating} onChange={setRating} style={{ fontSize: 32 }} data-testid="share-rate-stars" />
              <Input.TextArea
                rows={3}
                maxLength={500}
                showCount
                placeholder={t('field.comment')}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                data-testid="share-rate-comment"
              />
              {error ? <Alert type="error" showIcon message={error} data-testid="share-rate-error" /> : null}
              <Button type="primary" block size="large" loading={busy} onClick={() => void submit()} data-testid="share-rate-submit">
                {t('rate.submit')}
              </Button>
            </Space>
          )}
          <ValidUntil at={data.expiresAt} />
        </Space>
      ) : (
        <ShareState token={token} q={q} wrongKind={wrongKind} />
      )}
    </ShareFrame>
  );
}

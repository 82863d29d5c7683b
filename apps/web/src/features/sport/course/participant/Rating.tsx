import { Rate, Space, Typography } from 'antd';
import { useParticipantT } from './shared.tsx';

/** Members' average lesson rating and how many ratings it is of (the course detail). */
export function RatingSummary({ avg, count, testId }: { avg: number | null | undefined; count: number | undefined; testId?: string }) {
  const t = useParticipantT();
  return (
    <Space data-testid={testId} align="center" wrap>
      <Typography.Text strong>{t('rating.title')}</Typography.Text>
      {avg == null ? (
        <Typography.Text type="secondary">{t('rating.none')}</Typography.Text>
      ) : (
        <>
          <Rate disabled allowHalf value={Math.round(avg * 2) / 2} style={{ fontSize: 14 }} />
          <Typography.Text data-testid={testId ? `${testId}-avg` : undefined}>{avg.toFixed(1)}</Typography.Text>
          <Typography.Text type="secondary">{t('rating.count', { n: count ?? 0 })}</Typography.Text>
        </>
      )}
    </Space>
  );
}

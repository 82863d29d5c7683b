import { Typography } from 'antd';
import dayjs from 'dayjs';
import type { StatsT } from './shared.ts';

/**
 * "数据截至 HH:mm:ss" beside figures: the time their data is as of, from the answers' `X-Data-As-Of`.
 * Shown whatever the server reads (a replica's data may be seconds old; the primary's is the answer's
 * own time, which on a live dashboard says when it last refreshed).
 */
export function AsOf({ t, at, testId = 'stats-as-of' }: { t: StatsT; at: string | null | undefined; testId?: string }) {
  if (!at) return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={testId}>
      {t('asOf', { time: dayjs(at).format('HH:mm:ss') })}
    </Typography.Text>
  );
}

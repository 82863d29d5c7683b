import { Typography } from 'antd';
import { useLang } from '../../app/prefs.ts';
import { formatFireTime } from './time.ts';

/** A fire time with its clock time in both languages ('-' when there is none). */
export function FireTime({ value }: { value: string | null | undefined }) {
  const lang = useLang();
  return value ? <span style={{ whiteSpace: 'nowrap' }}>{formatFireTime(value, lang)}</span> : <Typography.Text type="secondary">-</Typography.Text>;
}

import { Tag } from 'antd';
import { useLabelT } from '../../../../kit/index.ts';
import { NS, lessonStateOptions } from './shared.ts';

/** A lesson's state as a coloured tag. */
export function LessonStateTag({ value }: { value: string }) {
  const label = useLabelT(NS);
  const o = lessonStateOptions.find((x) => x.value === value);
  return <Tag color={o?.color}>{o ? label(o.label) : value}</Tag>;
}

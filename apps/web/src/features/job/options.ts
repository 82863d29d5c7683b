import type { Option } from '../../kit/index.ts';

/** Coded values of the job screens (labels are keys of the job namespace). */
export const jobStatusOptions: Option[] = [
  { value: 0, label: 'status.normal', color: 'green' },
  { value: 1, label: 'status.paused', color: 'orange' },
];

export const jobTypeOptions: Option[] = [
  { value: 'bean', label: 'jobType.bean', color: 'blue' },
  { value: 'http', label: 'jobType.http', color: 'purple' },
];

/** Spec 3: normal, complete, error, block, success, fail, as coloured tags. */
export const resultOptions: Option[] = [
  { value: 'normal', label: 'result.normal', color: 'processing' },
  { value: 'success', label: 'result.success', color: 'success' },
  { value: 'complete', label: 'result.complete', color: 'cyan' },
  { value: 'fail', label: 'result.fail', color: 'error' },
  { value: 'error', label: 'result.error', color: 'magenta' },
  { value: 'block', label: 'result.block', color: 'warning' },
];

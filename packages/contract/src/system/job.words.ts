import { without, type ContractWords } from '../module.ts';
import { jobPermissions } from './job.screens.ts';

/** What the job module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels and its screens' menu buttons. */
export const jobWords = {
  name: 'job',
  logLabels: {
    job: { 'zh-CN': '任务管理', 'en-US': 'Jobs' },
    jobStream: { 'zh-CN': '任务流', 'en-US': 'Job streams' },
  },
  screenButtons: {
    'job.manager': without(jobPermissions.job, 'list', 'log'),
    'job.stream': without(jobPermissions.jobStream, 'list'),
  },
} as const satisfies ContractWords;

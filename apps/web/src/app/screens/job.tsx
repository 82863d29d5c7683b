import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the job module's screens (its contract file lists the screens). */
export const jobScreens: ScreenComponents<'job'> = {
  'job.manager': lazyScreen('jobManager', () => import('../../features/job/JobManagerPage.tsx')),
  'job.stream': lazyScreen('jobStream', () => import('../../features/job/JobStreamPage.tsx')),
  'job.log': lazyScreen('jobLog', () => import('../../features/job/DispatchRecordPage.tsx')),
};

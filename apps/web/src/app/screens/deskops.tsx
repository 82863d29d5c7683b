import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/desk-ops module's screens (its contract file lists the screens). */
export const deskOpsScreens: ScreenComponents<'sport/desk-ops'> = {
  'sport.deskops.feedback': lazyScreen('deskFeedback', () => import('../../features/sport/desk-ops/FeedbackPage.tsx')),
  'sport.deskops.workOrder': lazyScreen('deskWorkOrder', () => import('../../features/sport/desk-ops/WorkOrderPage.tsx')),
  'sport.deskops.incident': lazyScreen('deskIncident', () => import('../../features/sport/desk-ops/IncidentPage.tsx')),
  'sport.deskops.queue': lazyScreen('deskQueue', () => import('../../features/sport/desk-ops/QueuePage.tsx')),
  'sport.deskops.queueDisplay': lazyScreen('deskQueueDisplay', () => import('../../features/sport/desk-ops/QueueDisplayPage.tsx')),
  'sport.deskops.pageSettings': lazyScreen('deskPageSettings', () => import('../../features/sport/desk-ops/PageSettingsPage.tsx')),
};

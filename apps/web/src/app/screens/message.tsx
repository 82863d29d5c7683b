import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the message module's screens (its contract file lists the screens). */
export const messageScreens: ScreenComponents<'message'> = {
  'message.business': lazyScreen('messageBusiness', () => import('../../features/system/message/BusinessPage.tsx')),
  'message.channel': lazyScreen('messageChannel', () => import('../../features/system/message/ChannelPage.tsx')),
  'message.template': lazyScreen('messageTemplate', () => import('../../features/system/message/TemplatePage.tsx')),
  'message.log': lazyScreen('messageLog', () => import('../../features/system/message/LogPage.tsx')),
  'message.test': lazyScreen('messageTest', () => import('../../features/system/message/TestPage.tsx')),
  'message.station': lazyScreen('messageStation', () => import('../../features/system/message/station/StationPage.tsx')),
  'message.backlog': lazyScreen('messageBacklog', () => import('../../features/system/message/backlog/BacklogPage.tsx')),
};

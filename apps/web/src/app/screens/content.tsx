import type { ContentType } from '@venue/contract';
import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** One screen of one content type: the shared list and editor, parameterised by the type. */
const typeScreen = (type: ContentType, adding = false) =>
  lazyScreen<object>(`content-${type}${adding ? '-add' : ''}`, () =>
    import('../../features/sport/content/ContentListPage.tsx').then((m) => ({ default: m.contentScreen(type, adding) })),
  );

/** The console components of the sport/content module's screens (its contract file lists the screens). */
export const contentScreens: ScreenComponents<'sport/content'> = {
  'sport.content.advertising': typeScreen('advertising'),
  'sport.content.games': typeScreen('games'),
  'sport.content.material': typeScreen('material'),
  'sport.content.sportsNews': typeScreen('sportsNews'),
  'sport.content.comments': lazyScreen('contentComments', () => import('../../features/sport/content/CommentsPage.tsx')),
  'sport.content.help': typeScreen('help'),
  'sport.content.protocol': typeScreen('protocol'),
  'sport.content.announcement': typeScreen('announcement'),
  'sport.content.merchantRecommendation': typeScreen('merchantRecommendation'),
  'sport.content.serviceInformation': typeScreen('serviceInformation'),
  'sport.content.cooperationOpportunity': typeScreen('cooperationOpportunity'),
  'sport.content.centralService': typeScreen('centralService'),
  'sport.content.sportsPromise': typeScreen('sportsPromise'),
  'sport.content.banner': lazyScreen('contentBanner', () => import('../../features/sport/content/BannerPage.tsx')),
  'sport.content.systemRule': typeScreen('systemRule'),
  'sport.content.platformAgreement': lazyScreen('contentAgreement', () => import('../../features/sport/content/AgreementPage.tsx')),
  'sport.notification.news': typeScreen('news'),
  'sport.notification.notices': typeScreen('notice'),
  'sport.notification.newsAdd': typeScreen('news', true),
  'sport.notification.noticesAdd': typeScreen('notice', true),
};

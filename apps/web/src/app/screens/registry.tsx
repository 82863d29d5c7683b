import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the registry module's screens (its contract file lists the screens). */
export const registryScreens: ScreenComponents<'registry'> = {
  'registry.app': lazyScreen('registryApp', () => import('../../features/system/registry/AppPage.tsx')),
  'registry.env': lazyScreen('registryEnv', () => import('../../features/system/registry/EnvPage.tsx')),
  'registry.service': lazyScreen('registryService', () => import('../../features/system/registry/ServicePage.tsx')),
  'registry.translation': lazyScreen('registryTranslation', () => import('../../features/system/registry/TranslationPage.tsx')),
};

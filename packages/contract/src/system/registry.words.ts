import { without, type ContractWords } from '../module.ts';
import { registryPermissions } from './registry.screens.ts';

/** What the registry module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels and its screens' menu buttons. */
export const registryWords = {
  name: 'registry',
  logLabels: {
    registry: { 'zh-CN': '服务注册', 'en-US': 'Service registry' },
  },
  screenButtons: {
    'registry.app': without(registryPermissions.registryApp, 'list'),
    'registry.env': without(registryPermissions.registryEnv, 'list'),
    'registry.service': without(registryPermissions.registryService, 'list'),
    'registry.translation': without(registryPermissions.registryTranslation, 'list'),
  },
} as const satisfies ContractWords;

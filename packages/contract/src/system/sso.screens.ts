import type { ContractModule } from '../module.ts';

/** What single sign-on brings to the console: no screen of its own (its screen is auth's ssologin); its operation-log label is in sso.words.ts. */
export const ssoModule = {
  name: 'sso',
  permissions: {},
  screens: [],
} as const satisfies ContractModule;

import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/sparring module (a group per resource, merged into `Perm`). */
export const sparringPermissions = {} as const;

/** What the sport/sparring module brings to the console: permissions, menu directories, screens (in menu order), operation-log labels. */
export const sparringModule = {
  name: 'sport/sparring',
  permissions: sparringPermissions,
  screens: [],
  logLabels: {},
} as const satisfies ContractModule;

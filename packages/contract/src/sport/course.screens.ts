import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/course module (a group per resource, merged into `Perm`). */
export const coursePermissions = {} as const;

/** What the sport/course module brings to the console: permissions, menu directories, screens (in menu order), operation-log labels. */
export const courseModule = {
  name: 'sport/course',
  permissions: coursePermissions,
  screens: [],
  logLabels: {},
} as const satisfies ContractModule;

import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/coach module (a group per resource, merged into `Perm`). */
export const coachPermissions = {} as const;

/** What the sport/coach module brings to the console: permissions, menu directories, screens (in menu order), operation-log labels. */
export const coachModule = {
  name: 'sport/coach',
  permissions: coachPermissions,
  screens: [],
  logLabels: {},
} as const satisfies ContractModule;

import { CONTRACT_MODULES } from './modules.ts';

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type ModulePermissions = UnionToIntersection<(typeof CONTRACT_MODULES)[number]['permissions']>;

/**
 * Permission codes: one constant per action, carried by menu type 2 entries and declared by every
 * API route; the console uses the same constants to show actions. Each module declares its groups
 * in its own contract file (modules.ts lists them); `authenticated` (any signed-in user) is the
 * only code of no module.
 */
export const Perm = Object.assign({ authenticated: '' as const }, ...CONTRACT_MODULES.map((m) => m.permissions)) as {
  readonly authenticated: '';
} & ModulePermissions;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
export type PermissionCode = Leaves<typeof Perm>;

/** Role code of a user who holds no role (spec section 3). */
export const ROLE_DEFAULT = 'ROLE_DEFAULT';
/** Role code that holds every permission. */
export const ROLE_ADMIN = 'ROLE_ADMIN';

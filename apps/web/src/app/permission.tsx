import type { ReactNode } from 'react';
import { ROLE_ADMIN } from '@venue/contract';
import { sessionStore, useSession } from './session.ts';

/**
 * Permission checks for actions (menu type 2 codes). Hiding a button is never the
 * protection: the server checks every call.
 */

export function hasPermission(perms: ReadonlySet<string>, roles: readonly string[], code: string | string[] | undefined): boolean {
  if (code === undefined || code === '') return true;
  if (roles.includes(ROLE_ADMIN) || perms.has('*:*:*')) return true;
  const codes = Array.isArray(code) ? code : [code];
  return codes.some((c) => c === '' || perms.has(c));
}

/** Outside React. */
export function can(code: string | string[]): boolean {
  const s = sessionStore.get();
  return hasPermission(s.permissions, s.roles, code);
}

/** True when the user holds the code (or any of the codes). */
export function usePermission(code: string | string[] | undefined): boolean {
  const perms = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  return hasPermission(perms, roles, code);
}

/** Renders children only with the permission: <Access code={Perm.user.add}><Button/></Access>. */
export function Access({ code, children, fallback = null }: { code: string | string[]; children: ReactNode; fallback?: ReactNode }) {
  return usePermission(code) ? <>{children}</> : <>{fallback}</>;
}

import { ROLE_ADMIN } from '@venue/contract';
import { useSession } from './session.ts';

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

/** True when the user holds the code (or any of the codes). */
export function usePermission(code: string | string[] | undefined): boolean {
  const perms = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  return hasPermission(perms, roles, code);
}

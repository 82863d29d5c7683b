import { hasPermission } from '../app/permission.tsx';
import { useSession } from '../app/session.ts';

/** One hook for many checks: `const can = useCan(); can(Perm.user.add)`. */
export function useCan(): (code: string | string[] | undefined) => boolean {
  const perms = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  return (code) => hasPermission(perms, roles, code);
}

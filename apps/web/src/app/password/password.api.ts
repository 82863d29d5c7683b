import { useQuery } from '@tanstack/react-query';
import type { PasswordStrategy } from '@venue/contract';
import { api, http } from '../request.ts';

// The password policy and the own-password change: the shell's, used by the password dialog, the
// sign-in and recovery pages, the profile and user administration.

export interface ChangePasswordBody {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The password policy (public; GET {systemPrefix}strategy/passwordStrategy). */
export function usePasswordStrategy() {
  return useQuery({
    queryKey: ['passwordStrategy'],
    queryFn: () => http.get<PasswordStrategy>(api.system('strategy/passwordStrategy'), undefined, { silent: true }),
    staleTime: 5 * 60_000,
  });
}

export function changeOwnPassword(body: ChangePasswordBody): Promise<unknown> {
  return http.put(api.system('user/password'), body);
}

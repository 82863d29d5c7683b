import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ownPasswordBody, PasswordStrategy } from '@venue/contract';
import { api, http } from '../request.ts';

// The password policy and the own-password change: the shell's, used by the password dialog, the
// sign-in and recovery pages, the profile and user administration.

/** `PUT {systemPrefix}user/password`: the contract's body. */
export type ChangePasswordBody = z.input<typeof ownPasswordBody>;

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

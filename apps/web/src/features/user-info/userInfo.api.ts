import { useQuery } from '@tanstack/react-query';
import type { PasswordStrategy } from '@venue/contract';
import { api, http } from '../../app/request.ts';

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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasswordStrategy, StrategyView } from '@venue/contract';
import { api, http } from '../../../app/request.ts';

/** The strategy as the strategy screen sees it (with version and sealed flag; the default password never comes back): the contract's answer. */
export type { StrategyView } from '@venue/contract';

export const STRATEGY_KEY = ['strategy', 'admin'] as const;

/** GET {systemPrefix}strategy/passwordStrategy. */
export function useStrategy() {
  return useQuery({
    queryKey: STRATEGY_KEY,
    queryFn: () => http.get<StrategyView>(api.system('strategy/passwordStrategy')),
  });
}

/**
 * PUT {systemPrefix}strategy/passwordStrategy with both parts (login and password): the
 * server checks the merged whole against the contract's schema.
 */
export function useSaveStrategy() {
  const qc = useQueryClient();
  return useMutation({
    // An empty default password keeps the stored one.
    mutationFn: (body: PasswordStrategy & { version: number }) => http.put<StrategyView>(api.system('strategy/passwordStrategy'), body),
    onSuccess: (saved) => {
      qc.setQueryData(STRATEGY_KEY, saved);
      // The login page and the password dialogs read the public strategy.
      void qc.invalidateQueries({ queryKey: ['passwordStrategy'] });
    },
  });
}

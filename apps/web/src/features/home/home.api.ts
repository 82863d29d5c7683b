import { useQuery } from '@tanstack/react-query';
import type { HomeSummary } from '@venue/contract';
import { api, http } from '../../app/request.ts';

/** GET {systemPrefix}home/summary: counts for the home screen. */
export function useHomeSummary() {
  return useQuery({
    queryKey: ['home', 'summary'],
    queryFn: () => http.get<HomeSummary>(api.system('home/summary')),
  });
}

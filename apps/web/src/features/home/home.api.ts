import { useQuery } from '@tanstack/react-query';
import { api, http } from '../../app/request.ts';

export interface HomeSummary {
  users: number;
  orgs: number;
  sessions: number;
}

/** GET {systemPrefix}home/summary: counts for the home screen. */
export function useHomeSummary() {
  return useQuery({
    queryKey: ['home', 'summary'],
    queryFn: () => http.get<HomeSummary>(api.system('home/summary')),
  });
}

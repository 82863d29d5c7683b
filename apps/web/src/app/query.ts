import { QueryClient } from '@tanstack/react-query';

/**
 * One QueryClient for the console. The request layer already shows errors, so queries do
 * not retry (a retry would show the same popup twice) and do not refetch on focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

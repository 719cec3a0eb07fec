import { QueryClient } from '@tanstack/react-query';
import { getJson } from './api.ts';

/** docs/product.md section 7: no retry, no refetch on focus, no polling, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        queryFn: ({ queryKey }) => getJson(String(queryKey[0])),
      },
      mutations: { retry: false },
    },
  });
}

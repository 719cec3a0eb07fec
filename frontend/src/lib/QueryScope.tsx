import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from './query-client.ts';

/**
 * The query client for every screen but the landing page (which needs none on its first view).
 * One client for the whole visit, so its cache survives navigation between screens.
 */
const queryClient = createQueryClient();

export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

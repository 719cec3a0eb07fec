import { useQuery } from '@tanstack/react-query';
import type { StatePricing } from '../../../shared/states.ts';

/** GET /api/states: every state's pricing, sorted by name. */
export function useStates() {
  return useQuery<StatePricing[]>({ queryKey: ['/api/states'] });
}

/** GET /api/state-pricing/{code}. */
export function useStatePricing(code: string | undefined) {
  return useQuery<Omit<StatePricing, 'code'>>({
    queryKey: [`/api/state-pricing/${encodeURIComponent(code ?? '')}`],
    enabled: Boolean(code),
  });
}

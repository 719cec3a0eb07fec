import type { StatePricing } from '#shared/states.ts';
import { useSharedGet } from './shared-get.ts';

/** GET /api/states: every state's pricing, sorted by name. */
export function useStates() {
  return useSharedGet<StatePricing[]>('/api/states');
}

/** GET /api/state-pricing/{code}. */
export function useStatePricing(code: string | undefined) {
  return useSharedGet<Omit<StatePricing, 'code'>>(code ? `/api/state-pricing/${encodeURIComponent(code)}` : null);
}

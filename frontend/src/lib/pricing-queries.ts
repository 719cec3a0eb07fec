import { apiUrl, type ResponseOf } from './api-client.ts';
import { useSharedGet } from './shared-get.ts';

/** GET /api/states: every state's pricing, sorted by name. */
export function useStates() {
  return useSharedGet<ResponseOf<'GET /api/states'>>(apiUrl('GET /api/states'));
}

/** GET /api/state-pricing/{stateCode}. */
export function useStatePricing(code: string | undefined) {
  return useSharedGet<ResponseOf<'GET /api/state-pricing/{stateCode}'>>(
    code ? apiUrl('GET /api/state-pricing/{stateCode}', { params: { stateCode: code } }) : null,
  );
}

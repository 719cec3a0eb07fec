import type { OperatorSettingsView } from '#shared/api/staff-responses.schema.ts';
import { apiUrl } from './api-client.ts';
import { refreshSharedGet, useSharedGet } from './shared-get.ts';

export type { OperatorSettingsView };

/** The shared cache's key of the operator's settings (refreshed after the owner saves them). */
export const OPERATOR_SETTINGS_URL = apiUrl('GET /api/operator-settings');

/**
 * The operator's settings (GET /api/operator-settings), fetched once per visit and shared by the
 * footer, the legal pages and the staff screens. Until it answers, and if it fails, nothing about
 * the operator is shown: never a placeholder.
 */
export function useOperatorSettings(): OperatorSettingsView | undefined {
  const { data } = useSharedGet<OperatorSettingsView>(OPERATOR_SETTINGS_URL);
  return data && typeof data === 'object' && 'version' in data ? data : undefined;
}

export const refreshOperatorSettings = () => refreshSharedGet(OPERATOR_SETTINGS_URL);

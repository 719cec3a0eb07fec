import { useQuery } from '@tanstack/react-query';
import { staffCall } from '../../lib/staff-session.ts';

/**
 * The customer's payer list in the application modal (docs/decisions/0437), read-only: staff never
 * change it. Keyed under ['staff'], so every staff change refreshes it with the rest.
 */
export function useStaffPayers(id: string) {
  return useQuery({
    queryKey: ['staff', 'payers', id],
    queryFn: () => staffCall('GET /api/staff/applications/{id}/payers', { params: { id } }),
  });
}

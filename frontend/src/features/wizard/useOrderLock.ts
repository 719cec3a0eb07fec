import { useQuery } from '@tanstack/react-query';
import { isSettledPayment } from '#shared/payments/methods.ts';
import { apiCall, apiUrl } from '../../lib/api-client.ts';
import { loadApplicationId } from '../../lib/wizard-storage.ts';

/**
 * Whether this browser's application is paid (or otherwise settled): then the wizard shows it
 * read-only, with the way to ask for a change. Until payment starts everything stays editable;
 * a change while a payment is open cancels that payment on the server.
 */
export function useOrderLock(): { locked: boolean; applicationId?: string } {
  const applicationId = loadApplicationId();
  const status = useQuery({
    queryKey: [apiUrl('GET /api/payment-status/{applicationId}', { params: { applicationId: applicationId ?? '' } })],
    queryFn: () => apiCall('GET /api/payment-status/{applicationId}', { params: { applicationId: applicationId ?? '' } }),
    enabled: Boolean(applicationId),
    retry: false,
  });
  return { locked: isSettledPayment(status.data?.paymentStatus), applicationId };
}

import { json, route } from '../../lib/http.ts';
import { availablePaymentMethods } from '../../payments/availability.ts';

export const handler = route('GET /api/payment-methods', async () => json(200, await availablePaymentMethods()));

import { httpHandler, json } from '../../lib/http.ts';
import { availablePaymentMethods } from '../../payments/availability.ts';

export const handler = httpHandler(async () => json(200, await availablePaymentMethods()));

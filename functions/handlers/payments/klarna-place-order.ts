import { klarnaPlaceOrderSchema } from '#shared/payments/requests.schema.ts';
import { json, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { placeKlarnaOrderFor } from '../../payments/klarna-payment.ts';

export const handler = route('POST /api/klarna/place-order', async (event) =>
  json(200, await placeKlarnaOrderFor(requestBody(event, klarnaPlaceOrderSchema), resumeSecret(event))),
);

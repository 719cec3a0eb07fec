import { klarnaPlaceOrderSchema } from '#shared/payments/requests.schema.ts';
import { httpHandler, json, resumeSecret, validate } from '../../lib/http.ts';
import { placeKlarnaOrderFor } from '../../payments/klarna-payment.ts';

export const handler = httpHandler(async (event) =>
  json(200, await placeKlarnaOrderFor(validate(klarnaPlaceOrderSchema, event.jsonBody), resumeSecret(event))),
);

import { applePayValidateSchema } from '#shared/payments/requests.schema.ts';
import { httpHandler, json, resumeSecret, validate } from '../../lib/http.ts';
import { validateApplePayMerchant } from '../../payments/apple-pay-merchant.ts';

export const handler = httpHandler(async (event) =>
  json(200, await validateApplePayMerchant(validate(applePayValidateSchema, event.jsonBody), resumeSecret(event))),
);

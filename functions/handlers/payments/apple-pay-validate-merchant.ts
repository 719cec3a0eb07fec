import { applePayValidateSchema } from '#shared/payments/requests.schema.ts';
import { json, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { validateApplePayMerchant } from '../../payments/apple-pay-merchant.ts';

export const handler = route('POST /api/apple-pay/validate-merchant', async (event) =>
  json(200, await validateApplePayMerchant(requestBody(event, applePayValidateSchema), resumeSecret(event))),
);

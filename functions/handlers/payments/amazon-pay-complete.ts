import { amazonPayCompleteSchema } from '#shared/payments/requests.schema.ts';
import { json, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { completeAmazonPayCheckout } from '../../payments/amazon-pay-payment.ts';

export const handler = route('POST /api/amazon-pay/complete-checkout', async (event) =>
  json(200, await completeAmazonPayCheckout(requestBody(event, amazonPayCompleteSchema), resumeSecret(event))),
);

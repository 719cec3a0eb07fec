import { amazonPayCompleteSchema } from '#shared/payments/requests.schema.ts';
import { httpHandler, json, resumeSecret, validate } from '../../lib/http.ts';
import { completeAmazonPayCheckout } from '../../payments/amazon-pay-payment.ts';

export const handler = httpHandler(async (event) =>
  json(200, await completeAmazonPayCheckout(validate(amazonPayCompleteSchema, event.jsonBody), resumeSecret(event))),
);

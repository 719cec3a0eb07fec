import { amazonPaySessionSchema } from '#shared/payments/requests.schema.ts';
import { httpHandler, json, resumeSecret, validate } from '../../lib/http.ts';
import { startAmazonPaySession } from '../../payments/amazon-pay-payment.ts';

export const handler = httpHandler(async (event) =>
  json(200, await startAmazonPaySession(validate(amazonPaySessionSchema, event.jsonBody), resumeSecret(event))),
);

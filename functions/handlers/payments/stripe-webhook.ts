import { json, route } from '../../lib/http.ts';
import { handleStripeEvent } from '../../payments/stripe-webhook.ts';

/** Raw body: the signature is computed over the exact bytes (base64-decoded when API Gateway encoded them). */
export const handler = route('POST /api/webhook/stripe', async (event) => {
  const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  return json(200, await handleStripeEvent(raw, event.headers?.['stripe-signature']));
});

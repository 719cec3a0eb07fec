import type { PaymentMethodsResponse } from '#shared/api/responses.schema.ts';
import { cardMode } from '../lib/card-mode.ts';
import { config } from '../lib/config.ts';
import { getSecret } from '../lib/secrets.ts';
import { amazonPayCredentials } from './amazon-pay-credentials.ts';
import { applePayCredentials } from './apple-pay.ts';
import { klarnaCredentials } from './klarna.ts';

/** GET /api/payment-methods: which methods have credentials, so the SPA shows only those tabs. */
export async function availablePaymentMethods(): Promise<PaymentMethodsResponse> {
  const mode = await cardMode();
  const publishableKey = config().STRIPE_PUBLISHABLE_KEY;
  // Only whether a Stripe key exists matters here: the SDK itself is not needed (or bundled).
  const [klarna, amazonPay, applePay, stripe] = await Promise.all([
    klarnaCredentials(),
    amazonPayCredentials(),
    applePayCredentials(),
    getSecret('stripeSecretKey'),
  ]);
  return {
    card: mode === 'test' ? { mode: 'test' } : mode === 'stripe' && publishableKey ? { mode: 'stripe', publishableKey } : null,
    amazonPay: Boolean(amazonPay),
    klarna: Boolean(klarna),
    // Apple Pay tokens are charged through Stripe, so both must be configured.
    applePay: Boolean(applePay && stripe),
    cashApp: false,
  };
}

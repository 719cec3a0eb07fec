import { randomUUID } from 'node:crypto';
import { beginPayment } from '../data/applications/payments.ts';
import { NotConfiguredError, UpstreamError, ValidationError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { ApplePayError, applePayCredentials, isApplePayGatewayUrl, requestMerchantSession } from './apple-pay.ts';
import { loadPayable } from './payable.ts';

// Kept apart from the payment step so the merchant-validation function does not bundle Stripe.
export const APPLE_PAY_NOT_CONFIGURED = 'Apple Pay is not configured yet. Please use card payment.';

/** POST /api/apple-pay/validate-merchant: only Apple's gateway hosts, then mutual TLS. */
export async function validateApplePayMerchant(input: { validationURL: string; applicationId: string }, secret: string | undefined) {
  if (!isApplePayGatewayUrl(input.validationURL))
    throw new ValidationError('validationURL must be an https URL on an Apple Pay gateway host', undefined, 'invalid_validation_url');
  const creds = await applePayCredentials();
  if (!creds) throw new NotConfiguredError(APPLE_PAY_NOT_CONFIGURED);
  const { app, order } = await loadPayable(input.applicationId, secret);
  try {
    const session = await requestMerchantSession(creds, input.validationURL);
    // The payment sheet opens for this total: the order is frozen now.
    await beginPayment(app, order, { id: `apple-pay:${randomUUID()}`, provider: 'apple-pay' });
    return session;
  } catch (err) {
    if (err instanceof ApplePayError) {
      logger.error('Apple Pay merchant validation failed', { error: err });
      throw new UpstreamError('Unable to start Apple Pay session');
    }
    throw err;
  }
}

import { HttpError } from '../lib/http.ts';
import { logger } from '../lib/logger.ts';
import { ApplePayError, applePayCredentials, isApplePayGatewayUrl, requestMerchantSession } from './apple-pay.ts';
import { loadPayable } from './payable.ts';

// Kept apart from the payment step so the merchant-validation function does not bundle Stripe.
export const APPLE_PAY_NOT_CONFIGURED = 'Apple Pay is not configured yet. Please use card payment.';

/** POST /api/apple-pay/validate-merchant: only Apple's gateway hosts, then mutual TLS. */
export async function validateApplePayMerchant(input: { validationURL: string; applicationId: string }) {
  if (!isApplePayGatewayUrl(input.validationURL)) throw new HttpError(400, 'validationURL must be an https URL on an Apple Pay gateway host');
  const creds = await applePayCredentials();
  if (!creds) throw new HttpError(503, APPLE_PAY_NOT_CONFIGURED);
  await loadPayable(input.applicationId);
  try {
    return await requestMerchantSession(creds, input.validationURL);
  } catch (err) {
    if (err instanceof ApplePayError) {
      logger.error('Apple Pay merchant validation failed', { error: err });
      throw new HttpError(502, 'Unable to start Apple Pay session');
    }
    throw err;
  }
}

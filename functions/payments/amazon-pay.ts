import { WebStoreClient } from '@amazonpay/amazon-pay-api-sdk-nodejs';
import { type ApplicationOrder, centsToDecimalString } from '#shared/payments/order.ts';
import { amazonPayApiBase, config } from '../lib/config.ts';
import { PaymentRequiredError, UpstreamError } from '../lib/errors.ts';
import type { AmazonPayCredentials } from './amazon-pay-credentials.ts';

/**
 * Amazon Pay (API v2). Signing (button payload and request headers) is done by Amazon Pay's own
 * Node SDK; the requests are sent with fetch so the base URL can point at a local fake in tests
 * (AMAZON_PAY_API_BASE, honoured only when running locally). The SDK is bundled into the function:
 * it is not part of the Lambda runtime.
 */
const API_HOSTS = {
  na: 'pay-api.amazon.com',
  us: 'pay-api.amazon.com',
  eu: 'pay-api.amazon.eu',
  de: 'pay-api.amazon.eu',
  uk: 'pay-api.amazon.eu',
  jp: 'pay-api.amazon.jp',
} as const;

function sdk(creds: AmazonPayCredentials) {
  return new WebStoreClient({
    publicKeyId: creds.publicKeyId,
    privateKey: creds.privateKey,
    region: creds.region,
    sandbox: creds.sandbox,
    algorithm: 'AMZN-PAY-RSASSA-PSS-V2',
  });
}

/**
 * The button's createCheckoutSessionConfig: payload JSON for the server-computed amount, its
 * signature and the public key id. Amazon Pay returns the buyer to `returnUrl` with
 * `amazonCheckoutSessionId`.
 */
export function checkoutSessionConfig(creds: AmazonPayCredentials, order: ApplicationOrder, applicationId: string, returnUrl: string) {
  const payload = {
    webCheckoutDetails: { checkoutResultReturnUrl: returnUrl, checkoutMode: 'ProcessOrder' },
    storeId: creds.storeId,
    chargePermissionType: 'OneTime',
    scopes: ['name', 'email'],
    paymentDetails: {
      paymentIntent: 'AuthorizeWithCapture',
      chargeAmount: { amount: centsToDecimalString(order.totalCents), currencyCode: 'USD' },
      presentmentCurrency: 'USD',
    },
    merchantMetadata: { merchantReferenceId: applicationId, merchantStoreName: 'Creator LLC', noteToBuyer: `LLC formation in ${order.state.name}` },
  };
  const payloadJSON = JSON.stringify(payload);
  return {
    payloadJSON,
    signature: sdk(creds).generateButtonSignature(payloadJSON),
    publicKeyId: creds.publicKeyId,
    algorithm: 'AMZN-PAY-RSASSA-PSS-V2',
    merchantId: creds.merchantId,
    sandbox: creds.sandbox,
    ledgerCurrency: 'USD',
    checkoutLanguage: 'en_US',
    productType: 'PayOnly',
    placement: 'Checkout',
  };
}

interface CompletedCheckoutSession {
  checkoutSessionId: string;
  chargeId?: string;
  chargePermissionId?: string;
  statusDetails?: { state?: string; reasonCode?: string };
  merchantMetadata?: { merchantReferenceId?: string };
  chargeAmount?: { amount: string; currencyCode: string };
}

/** Completes a checkout session for exactly the server's amount (Amazon refuses a different one). */
export async function completeCheckoutSession(
  creds: AmazonPayCredentials,
  checkoutSessionId: string,
  order: ApplicationOrder,
): Promise<CompletedCheckoutSession> {
  const options = {
    method: 'POST',
    urlFragment: `checkoutSessions/${encodeURIComponent(checkoutSessionId)}/complete`,
    payload: JSON.stringify({ chargeAmount: { amount: centsToDecimalString(order.totalCents), currencyCode: 'USD' } }),
    headers: { 'x-amz-pay-idempotency-key': `complete-${checkoutSessionId}`.slice(0, 64) },
  };
  // getSignedHeaders prefixes the version path (v2/, sandbox/v2/ or live/v2/) onto urlFragment.
  const headers = sdk(creds).getSignedHeaders(options);
  const base = (config().DEPLOYMENT === 'local' && amazonPayApiBase()) || `https://${API_HOSTS[creds.region]}`;
  const res = await fetch(`${base.replace(/\/$/, '')}/${options.urlFragment}`, {
    method: 'POST',
    headers,
    body: options.payload,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  if (!res.ok) {
    let message = `Amazon Pay answered ${res.status}`;
    try {
      const body = JSON.parse(text) as { reasonCode?: string; message?: string };
      if (body.reasonCode || body.message) message = `Amazon Pay: ${[body.reasonCode, body.message].filter(Boolean).join(' - ')}`;
    } catch {}
    // Amazon's refusals (a canceled or declined checkout) are the payer's to read; its outages are ours.
    throw res.status >= 500 ? new UpstreamError(message) : new PaymentRequiredError(message);
  }
  return JSON.parse(text) as CompletedCheckoutSession;
}

export { amazonPayCredentials } from './amazon-pay-credentials.ts';

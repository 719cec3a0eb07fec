import { request } from 'node:https';
import { applePayGatewayCaPem, applePayGatewayOrigin, config } from '../lib/config.ts';
import { getJsonSecret } from '../lib/secrets.ts';
import { type ApplePayCredentials, applePayCredentialsSchema } from './credentials.schema.ts';

/**
 * Apple Pay on the web: merchant validation with the merchant identity certificate (mutual TLS),
 * and the payment token charged through Stripe (see apple-pay-payment.ts).
 */

export async function applePayCredentials(): Promise<ApplePayCredentials | undefined> {
  const parsed = applePayCredentialsSchema.safeParse(await getJsonSecret('applePay'));
  return parsed.success ? parsed.data : undefined;
}

/**
 * Apple's merchant validation hosts (production, China, the regional pods, and the sandbox).
 * The validation URL comes from the browser, so anything else is refused: the server must not
 * be made to send its client certificate, or any request, to a host of the caller's choosing.
 */
const APPLE_GATEWAY_HOST = /^(cn-)?apple-pay-gateway(-(nc|pr)-pod\d{1,2}|-cert)?\.apple\.com$/;

export function isApplePayGatewayUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.username && !url.password && (url.port === '' || url.port === '443') && APPLE_GATEWAY_HOST.test(url.hostname);
}

export class ApplePayError extends Error {}

/**
 * Requests an Apple Pay merchant session. Locally (tests), APPLE_PAY_GATEWAY_ORIGIN reroutes the
 * already-validated request to a fake gateway, trusted through APPLE_PAY_GATEWAY_CA_PEM.
 */
export function requestMerchantSession(creds: ApplePayCredentials, validationUrl: string): Promise<Record<string, unknown>> {
  if (!isApplePayGatewayUrl(validationUrl)) throw new ApplePayError('Not an Apple Pay validation URL');
  const local = config().DEPLOYMENT === 'local';
  const origin = local ? applePayGatewayOrigin() : undefined;
  const target = new URL(validationUrl);
  const to = origin ? new URL(target.pathname + target.search, origin) : target;
  const body = JSON.stringify({
    merchantIdentifier: creds.merchantIdentifier,
    displayName: creds.displayName,
    initiative: 'web',
    initiativeContext: creds.domain,
  });
  return new Promise((resolve, reject) => {
    const req = request(
      to,
      {
        method: 'POST',
        cert: creds.certificatePem,
        key: creds.keyPem,
        ...(origin && applePayGatewayCaPem() ? { ca: applePayGatewayCaPem(), servername: 'localhost' } : {}),
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 500) >= 300) return reject(new ApplePayError(`Apple Pay merchant validation answered ${res.statusCode}`));
          try {
            resolve(JSON.parse(text) as Record<string, unknown>);
          } catch {
            reject(new ApplePayError('Apple Pay merchant validation returned no session'));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new ApplePayError('Apple Pay merchant validation timed out')));
    req.on('error', (err) => reject(err instanceof ApplePayError ? err : new ApplePayError(`Apple Pay merchant validation failed: ${err.message}`)));
    req.end(body);
  });
}

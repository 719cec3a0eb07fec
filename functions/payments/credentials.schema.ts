import * as z from '#shared/zod.ts';

// The payment providers' credentials as stored in their secrets (functions/secrets-catalog.ts).
// A secret that does not match leaves the provider unconfigured (its method is not offered).

export const amazonPayCredentialsSchema = z.object({
  publicKeyId: z.string().check(z.minLength(1)),
  privateKey: z.string().check(z.minLength(1)),
  storeId: z.string().check(z.minLength(1)),
  merchantId: z.optional(z.string().check(z.minLength(1))),
  region: z._default(z.enum(['us', 'na', 'eu', 'de', 'uk', 'jp']), 'us'),
  sandbox: z._default(
    z.union([
      z.boolean(),
      z.pipe(
        z.enum(['true', 'false']),
        z.transform((v) => v === 'true'),
      ),
    ]),
    false,
  ),
});
export type AmazonPayCredentials = z.infer<typeof amazonPayCredentialsSchema>;

/** Apple Pay: the merchant identity certificate (mutual TLS with Apple) and what the sheet shows. */
export const applePayCredentialsSchema = z.object({
  merchantIdentifier: z.string().check(z.minLength(1)),
  displayName: z.string().check(z.minLength(1)),
  domain: z.string().check(z.minLength(1)),
  certificatePem: z.string().check(z.includes('BEGIN CERTIFICATE')),
  keyPem: z.string().check(z.includes('PRIVATE KEY')),
});
export type ApplePayCredentials = z.infer<typeof applePayCredentialsSchema>;

/** Klarna: the API username and password, and the regional base URL (e.g. https://api-na.playground.klarna.com). */
export const klarnaCredentialsSchema = z.object({ username: z.string().check(z.minLength(1)), password: z.string().check(z.minLength(1)), baseUrl: z.url() });
export type KlarnaCredentials = z.infer<typeof klarnaCredentialsSchema>;

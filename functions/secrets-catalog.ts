/**
 * Secrets the handlers may read. Locally each comes from its environment variable;
 * on AWS the stack sets `<envVar>_ARN` to a Secrets Manager secret instead, never the value.
 */
export const SECRETS = {
  stripeSecretKey: { envVar: 'STRIPE_SECRET_KEY', description: 'Stripe secret API key (sk_live_... or sk_test_...)' },
  stripeWebhookSecret: { envVar: 'STRIPE_WEBHOOK_SECRET', description: 'Stripe webhook signing secret (whsec_...)' },
  staffPasswordHash: { envVar: 'STAFF_PASSWORD_HASH', description: 'scrypt hash of the staff password' },
  klarna: { envVar: 'KLARNA_CREDENTIALS', description: 'Klarna JSON: {"username","password","baseUrl"}' },
  amazonPay: { envVar: 'AMAZON_PAY_CREDENTIALS', description: 'Amazon Pay JSON: {"publicKeyId","privateKey","storeId","merchantId","region","sandbox"}' },
  applePay: { envVar: 'APPLE_PAY_CREDENTIALS', description: 'Apple Pay JSON: {"merchantIdentifier","displayName","domain","certificatePem","keyPem"}' },
  linkSigningKey: { envVar: 'LINK_SIGNING_KEY', description: 'HMAC key that signs the order links sent by email (32+ random bytes, base64)' },
  crmWebhookUrl: { envVar: 'CRM_WEBHOOK_URL', description: 'URL that receives wizard leads (optional)' },
  originVerify: { envVar: 'ORIGIN_VERIFY_SECRET', description: 'Shared value CloudFront sends as x-origin-verify on /api/* requests (generated at deploy)' },
} as const;

export type SecretKey = keyof typeof SECRETS;
export const SECRET_KEYS = Object.keys(SECRETS) as SecretKey[];

/**
 * Secrets the stack generates itself instead of an operator typing them in: CloudFront reads
 * originVerify at deploy time, so a value set afterwards would not reach the distribution.
 */
export const GENERATED_SECRET_KEYS: readonly SecretKey[] = ['originVerify', 'linkSigningKey'];
/** The secrets `npm run secrets:set` asks for. */
export const OPERATOR_SECRET_KEYS = SECRET_KEYS.filter((k) => !GENERATED_SECRET_KEYS.includes(k));

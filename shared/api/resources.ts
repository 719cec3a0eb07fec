/**
 * The names of what a route may touch, as the contract grants them (`tables`, `secrets`): the
 * product's DynamoDB tables and its secrets, one key each. The contract needs only the names; what
 * each one is (a table's keys and indexes, a secret's environment variable) is defined in
 * functions/tables.ts and functions/secrets-catalog.ts, which are checked against these lists
 * (`satisfies Record<TableKey, ...>`), so a key added or removed on one side fails to compile
 * until the other has it too.
 */

/** Every DynamoDB table of the product (functions/tables.ts defines each). */
export const TABLE_KEYS = [
  'applications',
  'leads',
  'activity',
  'counters',
  'sessions',
  'rateLimits',
  'tickets',
  'content',
  'paymentEvents',
  'outbox',
  'emailSuppressions',
  'staff',
  'audit',
  'searchIndex',
  'operatorSettings',
  'reminders',
] as const;
export type TableKey = (typeof TABLE_KEYS)[number];

/** Every secret a function may read (functions/secrets-catalog.ts says what each is). */
export const SECRET_KEYS = [
  'stripeSecretKey',
  'stripeWebhookSecret',
  'staffPasswordHash',
  'klarna',
  'amazonPay',
  'applePay',
  'linkSigningKey',
  'crmWebhookUrl',
  'originVerify',
] as const;
export type SecretKey = (typeof SECRET_KEYS)[number];

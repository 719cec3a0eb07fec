/** The checkout's payment methods, in tab order (docs/product.md "Checkout"). */
export const PAYMENT_METHODS = [
  { id: 'card', label: 'Card' },
  { id: 'amazonPay', label: 'Amazon Pay' },
  { id: 'cashApp', label: 'Cash App Pay' },
  { id: 'klarna', label: 'Klarna' },
  { id: 'applePay', label: 'Apple Pay' },
] as const;
export type PaymentMethodId = (typeof PAYMENT_METHODS)[number]['id'];

/** Providers recorded on a paid application. */
export const PAYMENT_PROVIDERS = ['stripe', 'test', 'klarna', 'amazon-pay', 'apple-pay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** An application's payment status: the one list for the wizard, checkout, success page, staff and the handlers. */
export const PAYMENT_STATUSES = ['unpaid', 'pending', 'failed', 'paid', 'refunded', 'needs_review', 'disputed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Money has arrived (paid, refunded since, held for review, or disputed by the payer's bank since): the order is settled and its
 * visitor can no longer change it or pay again (docs/product.md section 10).
 */
export const SETTLED_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'refunded', 'needs_review', 'disputed'];
export function isSettledPayment(status: string | undefined | null): boolean {
  return (SETTLED_PAYMENT_STATUSES as readonly string[]).includes(status ?? '');
}

/** Apple Pay request constants (docs/product.md section 9). */
export const APPLE_PAY_REQUEST = {
  countryCode: 'US',
  currencyCode: 'USD',
  supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
  merchantCapabilities: ['supports3DS'],
} as const;

/**
 * Provider scripts the checkout loads at run time. The site's Content-Security-Policy
 * (infra/web-security.ts) must allow each one's origin; infra/product.test.ts checks it.
 */
export const PROVIDER_SCRIPTS = {
  klarna: 'https://x.klarnacdn.net/kp/lib/v1/api.js',
  amazonPay: 'https://static-na.payments-amazon.com/checkout.js',
} as const;

/** How a receipt (email and order page) names the way the customer paid, by provider. */
export const PROVIDER_RECEIPT_NAMES: Record<string, string> = {
  stripe: 'card',
  test: 'test card',
  klarna: 'Klarna',
  'amazon-pay': 'Amazon Pay',
  'apple-pay': 'Apple Pay',
};

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
export type PaymentProvider = 'stripe' | 'test' | 'klarna' | 'amazon-pay' | 'apple-pay';

/** GET /api/payment-methods: what the server has credentials for. */
export interface PaymentMethodsResponse {
  /** `test`: offline test-card form (local only); `stripe`: Stripe Elements; null: card not configured. */
  card: { mode: 'test' | 'stripe'; publishableKey?: string } | null;
  amazonPay: boolean;
  klarna: boolean;
  applePay: boolean;
  /** Never available: shown as coming soon. */
  cashApp: false;
}

export type PaymentStatus = 'unpaid' | 'pending' | 'failed' | 'paid' | 'refunded';

/** GET /api/payment-status/{applicationId}: what the success page polls. */
export interface PaymentStatusResponse {
  applicationId: string;
  paymentStatus: PaymentStatus;
  amountPaidCents?: number;
  paidAt?: string;
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

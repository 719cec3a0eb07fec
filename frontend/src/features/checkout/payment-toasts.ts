import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

/** docs/product.md section 8, payment messages. */
export const PAYMENT_TOASTS = {
  missingApplication: ['Missing Application', 'No application found. Redirecting to wizard...'],
  setupFailed: ['Payment Setup Failed', 'Unable to initialize payments. Please refresh and try again.'],
  unexpected: ['Payment Error', 'An unexpected error occurred. Please try again.'],
  applePayUnavailable: ['Apple Pay Unavailable', 'Apple Pay is not supported on this device or browser.'],
  applePayNotConfigured: ['Apple Pay Error', 'Apple Pay is not configured yet. Please use card payment.'],
  applePaySession: ['Apple Pay Error', 'Unable to start Apple Pay session'],
  applePayProcessing: ['Payment Error', 'An error occurred processing your payment'],
  saveFailed: ['Error', 'Failed to save your application. Please try again.'],
} as const;

export function showToast(which: keyof typeof PAYMENT_TOASTS): void {
  const [title, description] = PAYMENT_TOASTS[which];
  toast(title, description, 'error');
}

/** 'Payment Failed' with the provider's message on a decline (402); 'Payment Error' otherwise. */
export function showPaymentError(err: unknown): void {
  if (err instanceof ApiError && (err.status === 402 || err.status === 409) && err.serverError) {
    toast('Payment Failed', err.serverError, 'error');
    return;
  }
  showToast('unexpected');
}

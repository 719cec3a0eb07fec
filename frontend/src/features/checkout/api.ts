import { useQuery } from '@tanstack/react-query';
import type { PaymentMethodsResponse, PaymentStatusResponse } from '#shared/payments/methods.ts';
import type { TestCard } from '#shared/payments/test-cards.ts';
import type { AddOnKey } from '#shared/pricing.ts';
import type { StatePricing } from '#shared/states.ts';
import { ApiError, apiJson } from '../../lib/api.ts';

/** The application fields the checkout reads (GET /api/llc-applications/{id}). */
export interface CheckoutApplication {
  id: string;
  state?: string;
  businessName?: string;
  status?: string;
  paymentStatus?: string;
  expeditedFiling?: boolean;
  feinFiling?: boolean;
  operatingAgreement?: boolean;
}

export interface ApplicationWithPricing {
  application: CheckoutApplication;
  pricing: StatePricing;
}

import { STORAGE_KEYS } from '../../lib/storage-keys.ts';

/** Browser storage key of the saved application id (docs/product.md section 9). */
export const APPLICATION_ID_KEY = STORAGE_KEYS.applicationId;

export const applicationUrl = (id: string) => `/api/llc-applications/${encodeURIComponent(id)}`;

export function useApplication(id: string | null) {
  return useQuery<ApplicationWithPricing>({ queryKey: [applicationUrl(id ?? '')], enabled: Boolean(id) });
}

export function usePaymentMethods() {
  return useQuery<PaymentMethodsResponse>({ queryKey: ['/api/payment-methods'] });
}

export function saveAddOn(id: string, key: AddOnKey, value: boolean): Promise<unknown> {
  return apiJson('PATCH', applicationUrl(id), { [key]: value });
}

export function createPaymentIntent(applicationId: string, amountCents: number): Promise<{ clientSecret: string }> {
  return apiJson('POST', '/api/create-payment-intent', { amount: amountCents, applicationId, provider: 'stripe' });
}

export function confirmTestPayment(applicationId: string, clientSecret: string, card: TestCard): Promise<{ status: string }> {
  return apiJson('POST', '/api/test-payments/confirm', { applicationId, clientSecret, card });
}

export const paymentStatusUrl = (id: string) => `/api/payment-status/${encodeURIComponent(id)}`;
export type { PaymentStatusResponse };

/** The server's amount from a 409 "amount changed" answer, if that is what this error is. */
export function changedAmount(err: unknown): number | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  try {
    const body = JSON.parse(err.bodyText) as { amount?: unknown };
    return typeof body.amount === 'number' ? body.amount : undefined;
  } catch {
    return undefined;
  }
}

export function successUrl(provider: string, applicationId: string): string {
  return `/success?provider=${encodeURIComponent(provider)}&applicationId=${encodeURIComponent(applicationId)}`;
}

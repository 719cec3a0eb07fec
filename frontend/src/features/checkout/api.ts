import { useQuery } from '@tanstack/react-query';
import type { AddOnKey } from '#shared/catalog/catalog.ts';
import type { TestCard } from '#shared/payments/test-cards.ts';
import type { OwnersUsPersons } from '#shared/tax/s-corporation-owners.ts';
import { ApiError } from '../../lib/api.ts';
import { apiCall, apiUrl, type BodyOf, type ResponseOf } from '../../lib/api-client.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';

/** GET /api/llc-applications/{id}: the application, its filing state's price and the order. */
export type ApplicationWithPricing = ResponseOf<'GET /api/llc-applications/{id}'>;

/** Browser storage key of the saved application id (docs/product.md section 9). */
export const APPLICATION_ID_KEY = STORAGE_KEYS.applicationId;

/** The query key (and URL) of an application, so a save can refresh it. */
export const applicationUrl = (id: string) => apiUrl('GET /api/llc-applications/{id}', { params: { id } });

export function useApplication(id: string | null) {
  // Through the typed client, which sends the application's resume secret (a holder route).
  return useQuery<ApplicationWithPricing>({
    queryKey: [applicationUrl(id ?? '')],
    queryFn: () => apiCall('GET /api/llc-applications/{id}', { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });
}

/**
 * GET /api/state-costs/{stateCode}?residence=: the first three years of the order's state for the
 * owner's home state, from the server's cost function. The checkout asks for its one state rather
 * than download every state's fee and tax data to compute it (docs/decisions/0172).
 */
/** A state's three-year figures for an owner living in `residence`; asked for once the state is known. */
export function useStateCosts(state: string | undefined, residence?: string | null) {
  return useQuery<ResponseOf<'GET /api/state-costs/{stateCode}'>>({
    queryKey: [apiUrl('GET /api/state-costs/{stateCode}', { params: { stateCode: state ?? '' }, query: { residence: residence || undefined } })],
    enabled: Boolean(state),
  });
}

export function usePaymentMethods() {
  return useQuery<ResponseOf<'GET /api/payment-methods'>>({ queryKey: [apiUrl('GET /api/payment-methods')] });
}

export function saveAddOn(id: string, key: AddOnKey, value: boolean): Promise<unknown> {
  return apiCall('PATCH /api/llc-applications/{id}', { params: { id }, body: { [key]: value } });
}

/** The Form 2553 owners question answered at the checkout (shared/tax/s-corporation-owners.ts). */
export function saveOwnersAnswer(id: string, ownersUsPersons: OwnersUsPersons): Promise<unknown> {
  return apiCall('PATCH /api/llc-applications/{id}', { params: { id }, body: { ownersUsPersons } });
}

/**
 * `saveCardForRenewal`: the customer ticked "Keep this card for the registered agent renewal";
 * `annualReports`: they agreed to the annual reports filed for them (docs/decisions/0434).
 */
export function createPaymentIntent(applicationId: string, amountCents: number, saveCardForRenewal = false, annualReports = false) {
  return apiCall('POST /api/create-payment-intent', {
    body: {
      amount: amountCents,
      applicationId,
      provider: 'stripe',
      ...(saveCardForRenewal ? { saveCardForRenewal: true } : {}),
      ...(annualReports ? { annualReports: true } : {}),
    },
  });
}

export function confirmTestPayment(applicationId: string, clientSecret: string, card: TestCard) {
  return apiCall('POST /api/test-payments/confirm', { body: { applicationId, clientSecret, card } });
}

export function createKlarnaSession(applicationId: string, amountCents: number) {
  return apiCall('POST /api/klarna/create-session', { body: { amount: amountCents, applicationId } });
}

/** Amazon Pay takes the total as a dollar string. */
export function createAmazonPaySession(applicationId: string, total: number) {
  return apiCall('POST /api/amazon-pay/create-session', { body: { amount: String(total), applicationId } });
}

export function placeKlarnaOrder(applicationId: string, authorizationToken: string) {
  return apiCall('POST /api/klarna/place-order', { body: { applicationId, authorizationToken } });
}

export function validateApplePayMerchant(applicationId: string, validationURL: string) {
  return apiCall('POST /api/apple-pay/validate-merchant', { body: { validationURL, applicationId } });
}

/** The parts of Apple's ApplePayPayment the server charges with; the object goes as Apple gave it. */
export type ApplePayPayment = BodyOf<'POST /api/apple-pay/process-payment'>['payment'];

export function processApplePayPayment(applicationId: string, payment: ApplePayPayment) {
  return apiCall('POST /api/apple-pay/process-payment', { body: { payment, applicationId } });
}

/** The server's amount from a 409 "amount changed" answer, if that is what this error is. */
export function changedAmount(err: unknown): number | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  const amount = err.body?.amount;
  return typeof amount === 'number' ? amount : undefined;
}

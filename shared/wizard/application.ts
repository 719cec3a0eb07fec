import type { ApplicationStatus } from '../application-status.ts';
import type { OrderPrice } from '../pricing.ts';
import type { StatePricing } from '../states.ts';
import type { WizardData } from './schema.ts';

export type PaymentStatus = 'unpaid' | 'paid' | (string & {});

/**
 * One application as GET /api/llc-applications/{id} returns it: the wizard data plus its public
 * bookkeeping. Internal fields (listPartition, nameKey, paymentIntentId, staff notes, Sunbiz
 * document keys) are never included.
 */
export interface PublicApplication extends WizardData {
  id: string;
  status: ApplicationStatus;
  paymentStatus: PaymentStatus;
  createdAt: string;
  updatedAt: string;
  submittedAt?: string;
  paidAt?: string;
  amountPaidCents?: number;
  paymentProvider?: string;
}

/**
 * GET /api/llc-applications/{id} -> 200
 * {
 *   application: PublicApplication,          // add-on flags: expeditedFiling, feinFiling, operatingAgreement
 *   pricing: { code, name, filingFee, serviceFee, totalCost, processingTime },  // the filing state
 *   order: { lines: [{ key, label, amount }], total, totalCents }  // priceOrder(pricing, add-ons)
 * }
 * 400 { error } malformed id (not a UUID); 404 { error } unknown id.
 */
export interface ApplicationResponse {
  application: PublicApplication;
  pricing: StatePricing;
  order: OrderPrice;
}

/** POST /api/llc-applications -> 201 */
export interface CreatedApplication {
  id: string;
}

/** The item attributes GET may return; anything else stays on the server. */
export const PUBLIC_APPLICATION_FIELDS = [
  'id',
  'status',
  'paymentStatus',
  'createdAt',
  'updatedAt',
  'submittedAt',
  'paidAt',
  'amountPaidCents',
  'paymentProvider',
  'userId',
  'firstName',
  'lastName',
  'email',
  'phone',
  'state',
  'residenceState',
  'hasInventory',
  'priority',
  'contentTypes',
  'platforms',
  'businessName',
  'annualIncome',
  'monthlyExpenses',
  'estimatedSavings',
  'expeditedFiling',
  'feinFiling',
  'operatingAgreement',
  'currentStep',
  'completed',
] as const satisfies readonly (keyof PublicApplication)[];

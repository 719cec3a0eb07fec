import type { ApplicationStatus } from '../application-status.ts';
import { ADD_ON_KEYS } from '../catalog/catalog.ts';
import type { PaymentProvider, PaymentStatus } from '../payments/methods.ts';
import type { WizardData } from './data.schema.ts';

export type { PaymentStatus };

/**
 * An application's public fields: the wizard data plus its public bookkeeping. Internal fields
 * (listPartition, nameKey, paymentIntentId, staff notes, document keys) are never
 * included. GET /api/llc-applications/{id} answers with what is saved so far (a draft may lack
 * wizard fields): its schema is publicApplicationSchema in shared/api/responses.schema.ts.
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
  paymentProvider?: PaymentProvider;
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
  ...ADD_ON_KEYS,
  'dbaName',
  'dbaCounty',
  'ownersUsPersons',
  'currentStep',
  'completed',
] as const satisfies readonly (keyof PublicApplication)[];

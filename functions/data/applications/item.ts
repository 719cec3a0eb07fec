import type { ApplicationResponse } from '#shared/api/responses.schema.ts';
import { normaliseStatus } from '#shared/application-status.ts';
import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import type { DocumentKind } from '#shared/orders/documents.ts';
import { PAYMENT_STATUSES, type PaymentProvider, type PaymentStatus } from '#shared/payments/methods.ts';
import { type ApplicationOrder, orderForApplication } from '#shared/payments/order.ts';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import { PUBLIC_APPLICATION_FIELDS, type PublicApplication } from '#shared/wizard/application.ts';
import type { WizardData } from '#shared/wizard/data.schema.ts';
import type { SealedValue } from '../../lib/crypto/sealed.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';

/**
 * One item of the applications table, whoever wrote it: the wizard data (docs/product.md
 * section 3), its bookkeeping, the payment fields and the staff fields. Only ./store.ts reads
 * and writes the table; everything else sees an item through the projections below.
 */
export interface ApplicationItem extends Partial<WizardData> {
  id: string;
  /** Missing on old items: counts as submitted (MISSING_STATUS_MEANS). */
  status?: string;
  paymentStatus?: PaymentStatus;
  createdAt?: string;
  updatedAt?: string;
  submittedAt?: string;
  /** +1 on every write (new items start at 1); an item without one counts as 0. */
  version?: number;
  /** LIST_PARTITION once the status leaves draft: the staff list's byList index. */
  listPartition?: typeof LIST_PARTITION;
  /** The business name's collision key: byNameKey, name availability. */
  nameKey?: string;

  /** The open payment intent / session at the provider and the amount it was made for. */
  paymentIntentId?: string;
  paymentIntentAmountCents?: number;
  paymentIntentProvider?: PaymentProvider;
  /** Test mode only: SHA-256 of the test intent's client secret. */
  paymentIntentSecretHash?: string;
  paymentProvider?: PaymentProvider;
  paymentReference?: string;
  paymentCurrency?: string;
  amountPaidCents?: number;
  paidAt?: string;
  paymentError?: string;
  lastFailedPaymentReference?: string;
  amountRefundedCents?: number;
  refundedAt?: string;

  /** SHA-256 of the resume secret the creating browser holds (shared/api/routes.ts, holder routes). */
  resumeSecretHash?: string;
  /** Epoch seconds after which DynamoDB deletes an abandoned draft or unpaid application. */
  expiresAt?: number;
  /** The order as priced when payment started: what a payment must match to count. */
  pricedOrder?: PricedOrder;
  /** The Terms of Service version the customer agreed to when payment started (shared/legal/versions.ts). */
  termsVersion?: string;
  /** Test mode: the intent whose confirmation is under way (no visitor change may cancel it now). */
  paymentConfirming?: string;
  /** A payment that did not match the frozen order: held for staff, never recorded as paid. */
  review?: PaymentReview;
  /** The provider reference of a refund, even one that arrived before its payment's success. */
  refundedReference?: string;
  /** Mark Filed: the state's file number and the filing date. */
  fileNumber?: string;
  filedOn?: string;
  /** When staff moved the order to processing, filed, completed (the order page's timeline). */
  processingAt?: string;
  filedAt?: string;
  completedAt?: string;

  /** The filing details the customer gave on the order page (tax id as last four only). */
  filingDetails?: StoredFilingDetails;
  /** When the details were last completed (Start Processing needs them). */
  detailsCompletedAt?: string;
  /** The responsible party's SSN/ITIN, envelope-encrypted (functions/lib/crypto/sealed.ts); removed once the EIN letter is recorded. */
  sealedTaxId?: SealedValue;
  /** SHA-256 of the secrets handed out by signed order links (POST /api/orders/{id}/access), newest last. */
  orderAccessHashes?: string[];

  /** When the customer cancelled the registered agent renewal they had agreed to (the order page's one step). */
  renewalCancelledAt?: string;
  /** When the customer turned off the compliance calendar's deadline reminders (the emails' unsubscribe link). */
  remindersUnsubscribedAt?: string;

  notes?: string;

  /** The order's documents, every version (generated at Start Processing, uploaded by staff): ./store.ts recordDocuments. */
  documents?: StoredDocument[];
}

/** A document recorded on the order (shared/orders/documents.ts): what it is and its object in the documents bucket. */
export interface StoredDocument {
  id: string;
  kind: DocumentKind;
  title: string;
  /** The object's key in the documents bucket: one key per version, never overwritten. */
  key: string;
  /** ASCII name the download is saved under. */
  fileName: string;
  /** 1 for the first document of its kind, then 2, 3... */
  version: number;
  createdAt: string;
  origin: 'generated' | 'uploaded';
  /** The version filed with the state (set when staff record the approved document). */
  filed?: boolean;
  size: number;
  /** The state's file number, on the approved document. */
  fileNumber?: string;
  /** The staff email of who generated or uploaded it. */
  createdBy?: string;
}

export interface PricedOrder {
  totalCents: number;
  state: string;
  expeditedFiling: boolean;
  feinFiling: boolean;
  operatingAgreement: boolean;
  pricedAt: string;
}

export interface PaymentReview {
  reason: string;
  provider: PaymentProvider;
  reference: string;
  amountCents: number;
  currency: string;
  at: string;
}

/** Partition value of the byList index: every application that is not a draft. */
export const LIST_PARTITION = 'ALL';

/** The table's secondary indexes (functions/tables.ts). */
export const APPLICATION_INDEXES = { byStatus: 'byStatus', byList: 'byList', byNameKey: 'byNameKey' } as const;

/** A payment for an application that is already paid (or refunded). */
export const alreadyPaid = () => new ConflictError('This application has already been paid', 'already_paid');

export const versionOf = (item: Pick<ApplicationItem, 'version'>): number => (typeof item.version === 'number' ? item.version : 0);

/** How staff and the activity feed name an application. */
export function displayName(app: Pick<ApplicationItem, 'id' | 'businessName' | 'firstName' | 'lastName'>): string {
  return app.businessName || `${app.firstName ?? ''} ${app.lastName ?? ''}`.trim() || app.id.slice(0, 8);
}

// ---- Visitor view ----------------------------------------------------------------------------

/** GET /api/llc-applications/{id}'s application: no internal attributes; `version` for later writes. */
function toPublicApplication(item: ApplicationItem): PublicApplication & { version: number } {
  const out: Record<string, unknown> = {};
  for (const field of PUBLIC_APPLICATION_FIELDS) if (item[field] !== undefined) out[field] = item[field];
  return { ...(out as unknown as PublicApplication), version: versionOf(item) };
}

/**
 * What the application costs, through the one price function (shared/payments/order.ts). An
 * unknown filing state has no price: a 400 sending the visitor back to the wizard.
 */
export function priceApplication(item: ApplicationItem): ApplicationOrder {
  const order = orderForApplication(item);
  if (!order) throw new ValidationError('The application has no valid filing state: go back to the wizard and choose one', undefined, 'invalid_filing_state');
  return order;
}

/** GET /api/llc-applications/{id}: the public application, its filing state's pricing and the order total. */
export function applicationView(item: ApplicationItem): ApplicationResponse {
  const { state: pricing, processingTime: _addOnTime, ...order } = priceApplication(item);
  return { application: toPublicApplication(item), pricing, order };
}

// ---- Payment view ----------------------------------------------------------------------------

const PAYMENT_FIELDS = [
  'id',
  'status',
  'state',
  // The home state's deadlines join the compliance calendar's reminder rows written with the payment.
  'residenceState',
  'businessName',
  'firstName',
  'lastName',
  'email',
  'expeditedFiling',
  'feinFiling',
  'operatingAgreement',
  'paymentStatus',
  'paymentIntentId',
  'paymentIntentAmountCents',
  'paymentIntentProvider',
  'paymentIntentSecretHash',
  'paymentProvider',
  'paymentReference',
  'amountPaidCents',
  'paidAt',
  'pricedOrder',
  'paymentConfirming',
  'review',
  'refundedReference',
] as const satisfies readonly (keyof ApplicationItem)[];

/** The application fields payments read, and the version they were read at. */
export type PaymentApplication = Pick<ApplicationItem, (typeof PAYMENT_FIELDS)[number]> & { version: number };

export function toPaymentApplication(item: ApplicationItem): PaymentApplication {
  const out: Record<string, unknown> = {};
  for (const field of PAYMENT_FIELDS) if (item[field] !== undefined) out[field] = item[field];
  return { ...(out as Pick<ApplicationItem, (typeof PAYMENT_FIELDS)[number]>), id: item.id, version: versionOf(item) };
}

// ---- Staff view ------------------------------------------------------------------------------

export type StaffApplicationView = StaffApplication & { version: number };

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strList = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const optStr = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const paymentStatus = (v: unknown) => ((PAYMENT_STATUSES as readonly unknown[]).includes(v) ? (v as PaymentStatus) : undefined);

/** Staff see every item, however old: each attribute is checked rather than trusted. */
export function toStaffApplication(raw: ApplicationItem): StaffApplicationView {
  return {
    id: str(raw.id),
    firstName: str(raw.firstName),
    lastName: str(raw.lastName),
    email: str(raw.email),
    phone: str(raw.phone),
    state: str(raw.state),
    businessName: str(raw.businessName),
    annualIncome: typeof raw.annualIncome === 'number' ? raw.annualIncome : null,
    contentTypes: strList(raw.contentTypes),
    platforms: strList(raw.platforms),
    notes: str(raw.notes),
    status: normaliseStatus(optStr(raw.status)),
    createdAt: str(raw.createdAt),
    submittedAt: optStr(raw.submittedAt),
    expeditedFiling: raw.expeditedFiling === true,
    feinFiling: raw.feinFiling === true,
    operatingAgreement: raw.operatingAgreement === true,
    paymentStatus: paymentStatus(raw.paymentStatus),
    amountPaidCents: typeof raw.amountPaidCents === 'number' ? raw.amountPaidCents : undefined,
    paymentProvider: optStr(raw.paymentProvider),
    paidAt: optStr(raw.paidAt),
    fileNumber: optStr(raw.fileNumber),
    filedOn: optStr(raw.filedOn),
    reviewReason: optStr(raw.review?.reason),
    amountRefundedCents: typeof raw.amountRefundedCents === 'number' ? raw.amountRefundedCents : undefined,
    detailsCompletedAt: optStr(raw.detailsCompletedAt),
    filingDetails: raw.filingDetails && typeof raw.filingDetails === 'object' ? raw.filingDetails : undefined,
    taxIdOnFile: Boolean(raw.sealedTaxId),
    termsVersion: optStr(raw.termsVersion),
    version: versionOf(raw),
  };
}

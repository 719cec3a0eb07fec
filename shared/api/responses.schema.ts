import { APPLICATION_STATUSES } from '../application-status.ts';
import { CONTENT_TYPES } from '../content/content-item.schema.ts';
import type { StoredFilingDetails } from '../filing/details.schema.ts';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '../payments/methods.ts';
import type { AddOnKey } from '../pricing.ts';
import { EXPENSE_CATEGORIES, type ExpenseKey } from '../savings.ts';
import { ACTIVITY_CATEGORIES } from '../staff/activity.ts';
import { TICKET_STATUSES } from '../staff/tickets.schema.ts';
import { CONTENT_TYPES as CREATOR_CONTENT_TYPES, PLATFORMS, PRIORITIES } from '../wizard/options.ts';
import * as z from '../zod.ts';

/**
 * What each route answers on success, as zod schemas: the API contract's response half
 * (./contract.ts says which route answers which). The response types of the whole code base are
 * inferred from these, and every handler test checks real answers against them.
 *
 * Plain `z.object`s: a client ignores fields it does not know, while the handler tests
 * (tests/helpers/events.ts) report any field a handler sends that is not declared here.
 * Payloads passed through from a payment provider are `looseObject`s.
 */

const int = () => z.number().check(z.int());
const cents = () => z.number().check(z.int(), z.nonnegative());
const dollars = () => z.number().check(z.nonnegative());
/** ISO 8601 timestamps, as the server writes them. */
const timestamp = () => z.string();

// ---- Pricing and the calculator --------------------------------------------------------------

/** A state's price (docs/product.md section 3, "State"): dollars. */
export const statePricingSchema = z.object({
  code: z.string().check(z.length(2)),
  name: z.string(),
  filingFee: dollars(),
  serviceFee: dollars(),
  totalCost: dollars(),
  processingTime: z.string(),
});
export type StatePricing = z.infer<typeof statePricingSchema>;

/** GET /api/state-pricing/{stateCode}: the state's price without its code (the path has it). */
export const statePriceSchema = z.omit(statePricingSchema, { code: true });
export type StatePrice = z.infer<typeof statePriceSchema>;

// Every add-on is a price line: `satisfies` fails to compile when one is missing or extra.
// `stateExpediteFee` is the state's own expedite fee, added with the expedited-filing add-on.
const PRICE_LINE_KEYS = {
  filingFee: 'filingFee',
  serviceFee: 'serviceFee',
  expeditedFiling: 'expeditedFiling',
  stateExpediteFee: 'stateExpediteFee',
  feinFiling: 'feinFiling',
  operatingAgreement: 'operatingAgreement',
} as const satisfies { [K in 'filingFee' | 'serviceFee' | 'stateExpediteFee' | AddOnKey]: K };

export const priceLineSchema = z.object({ key: z.enum(PRICE_LINE_KEYS), label: z.string(), amount: dollars() });
export type PriceLine = z.infer<typeof priceLineSchema>;

/** An order's lines and total; `totalCents` is what a payment provider is asked to charge. */
export const orderPriceSchema = z.object({ lines: z.array(priceLineSchema), total: dollars(), totalCents: cents() });
export type OrderPrice = z.infer<typeof orderPriceSchema>;

export const calculatorResultSchema = z.object({
  monthlyExpenses: dollars(),
  annualExpenses: dollars(),
  estimatedSavings: dollars(),
  /** Percent. */
  taxRate: z.number(),
});
export type CalculatorResult = z.infer<typeof calculatorResultSchema>;

// ---- The wizard --------------------------------------------------------------------------------

export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);

const monthlyExpensesSchema = z.object(Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c.key, dollars()])) as Record<ExpenseKey, z.ZodMiniNumber>);

/**
 * One application as GET /api/llc-applications/{id} returns it: the wizard data saved so far
 * (a draft has only what was typed, so every wizard field is optional) plus its public
 * bookkeeping. Internal fields (index keys, payment intent, staff notes, document keys) never
 * leave the server.
 */
export const publicApplicationSchema = z.object({
  id: z.string(),
  status: applicationStatusSchema,
  paymentStatus: paymentStatusSchema,
  createdAt: timestamp(),
  updatedAt: timestamp(),
  submittedAt: z.optional(timestamp()),
  paidAt: z.optional(timestamp()),
  amountPaidCents: z.optional(cents()),
  paymentProvider: z.optional(paymentProviderSchema),
  userId: z.optional(z.string()),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  email: z.optional(z.string()),
  phone: z.optional(z.string()),
  state: z.optional(z.string()),
  residenceState: z.optional(z.string()),
  hasInventory: z.optional(z.boolean()),
  priority: z.optional(z.union([z.literal(''), z.enum(PRIORITIES)])),
  contentTypes: z.optional(z.array(z.enum(CREATOR_CONTENT_TYPES))),
  platforms: z.optional(z.array(z.enum(PLATFORMS))),
  businessName: z.optional(z.string()),
  annualIncome: z.optional(dollars()),
  monthlyExpenses: z.optional(monthlyExpensesSchema),
  estimatedSavings: z.optional(dollars()),
  expeditedFiling: z.optional(z.boolean()),
  feinFiling: z.optional(z.boolean()),
  operatingAgreement: z.optional(z.boolean()),
  currentStep: z.optional(int()),
  completed: z.optional(z.boolean()),
  /** The item's version, for a later conditional write. */
  version: z.optional(int()),
});
export type PublicApplicationView = z.infer<typeof publicApplicationSchema>;

/** GET /api/llc-applications/{id}: the application, its filing state's price and the order (priceOrder of both). */
export const applicationResponseSchema = z.object({ application: publicApplicationSchema, pricing: statePricingSchema, order: orderPriceSchema });
export type ApplicationResponse = z.infer<typeof applicationResponseSchema>;

/** POST /api/llc-applications: the id and the resume secret, returned once: the browser keeps it and sends it on every holder route. */
export const createdApplicationSchema = z.object({ id: z.string(), resumeSecret: z.string() });
export type CreatedApplication = z.infer<typeof createdApplicationSchema>;

/** PATCH /api/llc-applications/{id}: `status` only when this save submitted the application. */
export const savedApplicationSchema = z.object({ id: z.string(), status: z.optional(z.enum(['draft', 'submitted', 'processing', 'filed', 'completed'])) });
export type SavedApplication = z.infer<typeof savedApplicationSchema>;

/** Lead webhooks: the stage stored, and whether the CRM got it. */
export const leadResultSchema = z.object({
  ok: z.literal(true),
  stage: z.union([z.literal(1), z.literal(2)]),
  crm: z.enum(['sent', 'skipped', 'failed']),
});
export type LeadResult = z.infer<typeof leadResultSchema>;

export const nameSuggestionSchema = z.object({ name: z.string(), category: z.string() });
export type NameSuggestion = z.infer<typeof nameSuggestionSchema>;

export const nameAvailabilitySchema = z.object({
  available: z.boolean(),
  /** The name as it would be filed (with its designator). */
  name: z.string(),
  reason: z.optional(z.string()),
});
export type NameAvailability = z.infer<typeof nameAvailabilitySchema>;

// ---- Payments ----------------------------------------------------------------------------------

/** GET /api/payment-methods: what the server has credentials for. */
export const paymentMethodsSchema = z.object({
  /** `test`: offline test-card form (local only); `stripe`: Stripe Elements; null: card not configured. */
  card: z.nullable(z.object({ mode: z.enum(['test', 'stripe']), publishableKey: z.optional(z.string()) })),
  amazonPay: z.boolean(),
  klarna: z.boolean(),
  applePay: z.boolean(),
  /** Never available: shown as coming soon. */
  cashApp: z.literal(false),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsSchema>;

/** GET /api/payment-status/{applicationId}: what the success page polls. */
export const paymentStatusResponseSchema = z.object({
  applicationId: z.string(),
  paymentStatus: paymentStatusSchema,
  amountPaidCents: z.optional(cents()),
  paidAt: z.optional(timestamp()),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

export const paymentIntentSchema = z.object({ clientSecret: z.string() });
export const testPaymentResultSchema = z.object({ status: z.literal('succeeded') });

/** A Klarna Payments session for the server's total (`amount`, cents); categories as Klarna sends them. */
export const klarnaSessionSchema = z.object({
  session_id: z.string(),
  client_token: z.string(),
  payment_method_categories: z.array(z.looseObject({ identifier: z.string(), name: z.string() })),
  amount: cents(),
});
export type KlarnaSession = z.infer<typeof klarnaSessionSchema>;

/** What Amazon's button needs: the signed checkout session payload and the merchant's keys. */
export const amazonPaySessionSchema = z.object({
  payloadJSON: z.string(),
  signature: z.string(),
  publicKeyId: z.string(),
  algorithm: z.string(),
  merchantId: z.optional(z.string()),
  sandbox: z.boolean(),
  ledgerCurrency: z.string(),
  checkoutLanguage: z.string(),
  productType: z.string(),
  placement: z.string(),
});
export type AmazonPaySessionConfig = z.infer<typeof amazonPaySessionSchema>;

export const paymentDoneSchema = z.object({ success: z.literal(true) });
export const klarnaOrderSchema = z.object({ success: z.literal(true), orderId: z.string() });

/** Apple's merchant session, passed to the browser untouched. */
export const applePayMerchantSessionSchema = z.record(z.string(), z.unknown());

/** Stripe webhook receipt: what became of the event. */
export const stripeWebhookReceiptSchema = z.object({
  received: z.literal(true),
  ignored: z.optional(z.literal(true)),
  duplicate: z.optional(z.literal(true)),
  result: z.optional(z.string()),
});

// ---- Staff -------------------------------------------------------------------------------------

export const staffSessionSchema = z.object({ token: z.string(), expiresAt: timestamp() });

/** An activity entry; `category` says what it is about (shared/staff/activity.ts). */
export const activityItemSchema = z.object({
  id: z.string(),
  action: z.string(),
  category: z.enum(ACTIVITY_CATEGORIES),
  description: z.string(),
  createdAt: timestamp(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const dashboardStatsSchema = z.object({
  totalApplications: int(),
  pendingApplications: int(),
  completedApplications: int(),
  openTickets: int(),
  /** Money, filing and support entries, newest first, at most 20: leads never push these out. */
  recentActivity: z.array(activityItemSchema),
  /** Leads captured by the wizard, newest first, at most 10: listed apart from recentActivity. */
  recentLeads: z.array(activityItemSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** The staff view of an application (docs/product.md section 3) plus add-ons, payment and filing fields. */
export const staffApplicationSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  state: z.string(),
  businessName: z.string(),
  annualIncome: z.nullable(z.number()),
  contentTypes: z.array(z.string()),
  platforms: z.array(z.string()),
  notes: z.string(),
  status: z.string(),
  createdAt: timestamp(),
  submittedAt: z.optional(timestamp()),
  expeditedFiling: z.boolean(),
  feinFiling: z.boolean(),
  operatingAgreement: z.boolean(),
  paymentStatus: z.optional(paymentStatusSchema),
  amountPaidCents: z.optional(cents()),
  paymentProvider: z.optional(z.string()),
  paidAt: z.optional(timestamp()),
  /** Mark Filed: the state's file number and the filing date. */
  fileNumber: z.optional(z.string()),
  filedOn: z.optional(z.string()),
  /** Why a payment was held for review (paymentStatus needs_review), for staff to refund. */
  reviewReason: z.optional(z.string()),
  amountRefundedCents: z.optional(cents()),
  /** When the customer completed the filing details (Start Processing needs them). */
  detailsCompletedAt: z.optional(timestamp()),
  /** The filing details, the tax id as its last four digits only (shared/filing/details.schema.ts). */
  filingDetails: z.optional(z.looseObject({}) as unknown as z.ZodMiniType<StoredFilingDetails>),
  /** A sealed SSN/ITIN is on file: an owner may reveal it (POST /api/staff/applications/{id}/tax-id/reveal). */
  taxIdOnFile: z.optional(z.boolean()),
  /** The Terms of Service version agreed to at payment (shared/legal/versions.ts). */
  termsVersion: z.optional(z.string()),
  /** The item's version, for a later conditional write. */
  version: z.optional(int()),
});
export type StaffApplication = z.infer<typeof staffApplicationSchema>;

export const supportTicketSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.string(),
  customerEmail: z.string(),
  customerName: z.string(),
  message: z.string(),
  priority: z.string(),
  createdAt: timestamp(),
  /** A change request from an order page: the order it is about. */
  applicationId: z.optional(z.string()),
  /** Staff replies, oldest first (each was emailed to the customer). */
  replies: z.optional(z.array(z.object({ message: z.string(), from: z.string(), at: timestamp() }))),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/** A page of a staff list, newest first; `nextCursor` null on the last page. */
const page = <T extends z.ZodMiniType>(item: T) => z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });
export const staffApplicationPageSchema = page(staffApplicationSchema);
export const supportTicketPageSchema = page(supportTicketSchema);
export type Page<T> = { items: T[]; nextCursor: string | null };

export const createdTicketSchema = z.object({ id: z.string(), status: z.enum(TICKET_STATUSES) });

// ---- Site content ------------------------------------------------------------------------------

export const contentItemSchema = z.object({
  id: z.string(),
  page: z.string(),
  section: z.string(),
  content: z.string(),
  contentType: z.enum(CONTENT_TYPES),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

// ---- This API's description --------------------------------------------------------------------

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

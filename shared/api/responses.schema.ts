import { APPLICATION_STATUSES } from '../application-status.ts';
import { addOnFlagShape } from '../catalog/flags.schema.ts';
import { cents, dollars, int, timestamp } from '../common.schema.ts';
import { annualReportOfferSchema } from '../compliance/annual-report.schema.ts';
import { contentItemSchema } from '../content/content-item.schema.ts';
import { paymentProviderSchema, paymentStatusSchema } from '../payments/methods.schema.ts';
import { addOnPricesSchema, orderPriceSchema, priceLineSchema } from '../pricing.schema.ts';
import { calculatorResultSchema } from '../savings.schema.ts';
import { EXPENSE_CATEGORIES, type ExpenseKey } from '../savings.ts';
import { ACTIVITY_CATEGORIES } from '../staff/activity.ts';
import { staffApplicationSchema } from '../staff/applications.schema.ts';
import { supportTicketSchema, TICKET_STATUSES } from '../staff/tickets.schema.ts';
import { statePricingSchema } from '../states.schema.ts';
import { nameAvailabilitySchema, nameSuggestionSchema } from '../wizard/names.schema.ts';
import { CONTENT_TYPES as CREATOR_CONTENT_TYPES, PLATFORMS, PRIORITIES } from '../wizard/options.ts';
import * as z from '../zod.ts';

/**
 * What each route answers on success, as zod schemas: the API contract's response half
 * (./contract.ts says which route answers which), and every handler test checks real answers
 * against them. The domain's own nouns (a state's price, an order's price lines, a savings
 * estimate, a content item, a support ticket, the staff view of an application, the name ideas)
 * are defined in their domain modules with their schemas; this module composes them into answers.
 *
 * Plain `z.object`s: a client ignores fields it does not know, while the handler tests
 * (tests/helpers/events.ts) report any field a handler sends that is not declared here.
 * Payloads passed through from a payment provider are `looseObject`s.
 */

export {
  calculatorResultSchema,
  contentItemSchema,
  nameAvailabilitySchema,
  nameSuggestionSchema,
  orderPriceSchema,
  paymentProviderSchema,
  paymentStatusSchema,
  priceLineSchema,
  staffApplicationSchema,
  statePricingSchema,
  supportTicketSchema,
};

// ---- Pricing -----------------------------------------------------------------------------------

/** GET /api/state-pricing/{stateCode}: the state's price without its code (the path has it). */
export const statePriceSchema = z.omit(statePricingSchema, { code: true });
export type StatePrice = z.infer<typeof statePriceSchema>;

// ---- The wizard --------------------------------------------------------------------------------

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
  ...addOnFlagShape(() => z.optional(z.boolean())),
  dbaName: z.optional(z.string()),
  dbaCounty: z.optional(z.string()),
  ownersUsPersons: z.optional(z.string()),
  currentStep: z.optional(int()),
  completed: z.optional(z.boolean()),
  /** The item's version, for a later conditional write. */
  version: z.optional(int()),
});
export type PublicApplicationView = z.infer<typeof publicApplicationSchema>;

/**
 * GET /api/llc-applications/{id}: the application, its filing state's price, the order (priceOrder
 * of both) and the add-on prices it is priced at (the operator's, or those frozen at payment).
 */
export const applicationResponseSchema = z.object({
  application: publicApplicationSchema,
  pricing: statePricingSchema,
  order: orderPriceSchema,
  addOnPrices: addOnPricesSchema,
  /** The annual reports filed for the customer, as the checkout offers them (docs/decisions/0434). */
  annualReports: z.optional(annualReportOfferSchema),
});
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
  /** Only on the write that created the lead: the secret later writes of this wizard session send in the body. */
  leadSecret: z.optional(z.string()),
});
export type LeadResult = z.infer<typeof leadResultSchema>;

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

/** A page of a staff list, newest first; `nextCursor` null on the last page. */
const page = <T extends z.ZodMiniType>(item: T) => z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });
export const staffApplicationPageSchema = page(staffApplicationSchema);
export const supportTicketPageSchema = page(supportTicketSchema);
export type Page<T> = { items: T[]; nextCursor: string | null };

export const createdTicketSchema = z.object({ id: z.string(), status: z.enum(TICKET_STATUSES) });

// ---- This API's description --------------------------------------------------------------------

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

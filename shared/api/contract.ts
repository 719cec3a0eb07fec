import type { SecretKey } from '../../functions/secrets-catalog.ts';
import type { TableKey } from '../../functions/tables.ts';
import {
  orderCalendarSchema,
  remindersBodySchema,
  remindersStateSchema,
  renewalCancelledSchema,
  renewalPaymentBodySchema,
  renewalPaymentSchema,
  stateCostsQuerySchema,
  stateCostsSchema,
  unsubscribeBodySchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from '../compliance/api.schema.ts';
import { createContentSchema, updateContentSchema } from '../content/content-item.schema.ts';
import { filingDetailsBodySchema } from '../filing/details.schema.ts';
import { agentOfficeGapsSchema, operatorSettingsUpdateSchema } from '../operator/settings.schema.ts';
import { orderConversationSchema } from '../orders/conversation.schema.ts';
import {
  documentIdSchema,
  documentLinkSchema,
  recordEinSchema,
  recordUploadSchema,
  staffDocumentsSchema,
  sunbizResultSchema,
  uploadIdSchema,
  uploadRequestSchema,
  uploadTicketSchema,
} from '../orders/documents.schema.ts';
import { changeRequestSchema, continueLinkRequestSchema, orderAccessSchema, orderLinkRequestSchema, orderLookupSchema } from '../orders/requests.schema.ts';
import { changeRequestResultSchema, orderAccessResultSchema, orderLinkSentSchema, orderViewSchema, revealedTaxIdSchema } from '../orders/view.schema.ts';
import {
  amazonPayCompleteSchema,
  amazonPaySessionSchema as amazonPaySessionRequestSchema,
  applePayProcessSchema,
  applePayValidateSchema,
  createPaymentIntentSchema,
  klarnaPlaceOrderSchema,
  klarnaSessionSchema as klarnaSessionRequestSchema,
  testConfirmSchema,
} from '../payments/requests.schema.ts';
import { savedTaxPlanBodySchema } from '../saved-tax-plan.schema.ts';
import { calculatorInputSchema } from '../savings.schema.ts';
import type { StaffPermission, StaffRole } from '../staff/accounts.ts';
import { ACTION_PERMISSIONS, ACTION_ROLES } from '../staff/actions.ts';
import { applicationListQuerySchema, applicationUpdateSchema, reopenSchema } from '../staff/applications.schema.ts';
import { assigneesSchema, assignSchema, bulkActionSchema, bulkResultSchema } from '../staff/assignment.schema.ts';
import { auditQuerySchema } from '../staff/audit-query.schema.ts';
import {
  customerEmailCorrectionSchema,
  emailRetrySchema,
  orderLinkResentSchema,
  resendOrderLinkSchema,
  staffEmailListSchema,
  staffEmailSchema,
  staffFilingDetailsBodySchema,
} from '../staff/email-delivery.schema.ts';
import { exportRequestSchema, exportResultSchema } from '../staff/exports.schema.ts';
import { renewalsDueSchema, unmatchedPaymentsQuerySchema, unmatchedPaymentsSchema } from '../staff/lists.schema.ts';
import {
  acceptInvitationSchema,
  addSecondFactorSchema,
  inviteSchema,
  openInvitationSchema,
  passwordAgainSchema,
  personChangeSchema,
  secondFactorSchema,
  staffIdSchema,
} from '../staff/people.schema.ts';
import { refundRequestSchema } from '../staff/refund.schema.ts';
import { staffLoginSchema, staffLogoutSchema } from '../staff/session.schema.ts';
import { contactFormSchema, ticketListQuerySchema, ticketReplySchema, ticketUpdateSchema } from '../staff/tickets.schema.ts';
import { workQueueQuerySchema, workQueueSchema } from '../staff/work-queue.schema.ts';
import { taxPlanInputSchema, taxPlanSchema } from '../tax-plan.schema.ts';
import { wizardPatchSchema } from '../wizard/data.schema.ts';
import { stage1LeadSchema, stage2LeadSchema } from '../wizard/leads.schema.ts';
import { checkNameSchema, generateNamesSchema } from '../wizard/names.schema.ts';
import * as z from '../zod.ts';
import { AMOUNT_CHANGED, applePayFailure, type DocumentedError, rateLimited, STATUS_CONFLICT } from './errors.schema.ts';
import { applicationIdSchema, recordIdSchema, stateCodeParamSchema } from './params.schema.ts';
import {
  amazonPaySessionSchema,
  applePayMerchantSessionSchema,
  applicationResponseSchema,
  calculatorResultSchema,
  contentItemSchema,
  createdApplicationSchema,
  createdTicketSchema,
  dashboardStatsSchema,
  klarnaOrderSchema,
  klarnaSessionSchema,
  leadResultSchema,
  nameAvailabilitySchema,
  nameSuggestionSchema,
  openApiDocumentSchema,
  paymentDoneSchema,
  paymentIntentSchema,
  paymentMethodsSchema,
  paymentStatusResponseSchema,
  savedApplicationSchema,
  staffApplicationPageSchema,
  staffApplicationSchema,
  statePriceSchema,
  statePricingSchema,
  stripeWebhookReceiptSchema,
  supportTicketPageSchema,
  supportTicketSchema,
  testPaymentResultSchema,
} from './responses.schema.ts';
import type { HttpMethod } from './routes.ts';
import {
  auditPageSchema,
  enrolmentSchema,
  loginResultSchema,
  openedInvitationSchema,
  operatorSettingsViewSchema,
  recoveryCodesSchema,
  signedInSchema,
  staffAccountSchema,
  staffPeopleSchema,
  staffPersonSchema,
} from './staff-responses.schema.ts';

/**
 * The API contract: one entry per route, the only place a route is written. The entry's key is
 * the route key (`"METHOD /api/path"`, `{name}` for a path parameter, as API Gateway spells it);
 * the entry holds everything else about the route:
 *
 * - what it is: operationId, summary, description, tag (the OpenAPI document's words);
 * - who may call it: `access` (`staff` routes need a valid `staff-token` header), `role` (the least
 *   role of the staff: `support`, `processor` or `owner`; a staff route without one is the owner's),
 *   `permission` (one the owner can grant to open the route below its role), and
 *   `holder` (only the browser holding the application's resume secret, sent in the
 *   RESUME_SECRET_HEADER header, never in a URL; without it, or with another, the application is
 *   "not found": an id alone reveals nothing);
 * - what it takes and answers: params (one schema per `{name}`), query (every parameter it accepts;
 *   any other is a 400), body, the answer of each success status, and the error bodies it documents
 *   beyond the common one (./errors.schema.ts);
 * - what it touches, which the CDK stack grants and nothing more: tables, bucket, secrets, kms (the
 *   PII key of sealed tax ids: `encrypt` seals only, `decrypt` also opens). `append` (the audit
 *   table) is PutItem only: no function may change or delete an entry;
 * - how the server runs it: rawBody (the body reaches the handler untouched, as webhook signatures
 *   are computed over its bytes), rateLimit (requests a minute from one address, counted per
 *   bucket, enforced by the middleware before the handler; such a route lists
 *   `rateLimits: 'write'`), memoryMb, timeoutSeconds;
 * - handler: its module under functions/handlers/, exporting `handler = route('<key>', ...)`.
 *
 * From this the SPA's client is typed (frontend/src/lib/api-client.ts), each handler is typed
 * (functions/lib/http.ts `route`), handler tests check every answer (tests/helpers/events.ts),
 * the route table is derived (functions/routes.ts: the CDK API, the local server and the
 * middleware read it), and the OpenAPI document is generated (./openapi.ts). The browser imports
 * this module for its types only: its schemas would outweigh the landing page's script.
 */

export type SuccessStatus = 200 | 201 | 204;
export type ApiTag = 'Pricing' | 'Wizard' | 'Payments' | 'Orders' | 'Staff' | 'Support' | 'Content' | 'Meta';
export type Access = 'public' | 'staff';
export type Grant = 'read' | 'write' | 'append';

export interface RateLimit {
  bucket: string;
  perMinute: number;
}

type AnyObject = z.ZodMiniObject<z.core.$ZodShape, z.core.$ZodObjectConfig>;

export interface RouteContract {
  /** Module under functions/handlers/ (without `.ts`) exporting `handler`. */
  handler: string;
  /** Stable operation name (OpenAPI operationId). */
  operationId: string;
  summary: string;
  description?: string;
  tag: ApiTag;
  access: Access;
  /**
   * Staff routes: the least role the signed-in person needs (shared/staff/accounts.ts: support <
   * processor < owner; owner-only when absent).
   */
  role?: StaffRole;
  /** Staff routes: a permission the owner can grant that also opens the route to a person below its role. */
  permission?: StaffPermission;
  /** Only the application's holder may call it (the resume secret header). */
  holder?: boolean;
  /** One schema per `{name}` of the path. */
  params?: AnyObject;
  /** Every parameter the route accepts; any other is a 400. */
  query?: AnyObject;
  body?: z.ZodMiniType;
  /** Success answers by status; `null`: no body (204). */
  responses: { 200?: z.ZodMiniType; 201?: z.ZodMiniType; 204?: null };
  /** The success answer's media type when it is not JSON (its schema then checks the body's text). */
  produces?: 'text/calendar';
  /** Error codes whose body has more than the common error body (by code). */
  errors?: Record<string, DocumentedError>;
  tables?: Partial<Record<TableKey, Grant>>;
  bucket?: Grant;
  secrets?: readonly SecretKey[];
  kms?: 'encrypt' | 'decrypt';
  rawBody?: boolean;
  rateLimit?: RateLimit;
  memoryMb?: number;
  timeoutSeconds?: number;
}

/**
 * Per-address limits of the anonymous write routes, in requests a minute from one address (an
 * IPv6 /64): the one place they are set. Far above what a visitor does, far below a flood.
 */
export const RATE_LIMITS = {
  /** POST /api/llc-applications: one draft per wizard started. */
  drafts: 20,
  /** PATCH /api/llc-applications/{id}: autosave 2 s after typing stops (at most 30 a minute), add-on toggles, submission. */
  applicationSaves: 120,
  /** Lead stages 1 and 2 together: one of each per wizard. */
  leads: 30,
  /** Name ideas and availability checks together. */
  businessNames: 60,
  /** The contact form (created tickets are also limited to 5 an hour: shared/staff/tickets.ts). */
  supportTickets: 10,
  /** Each payment route on its own: the checkout opens a session per method, and again for each new total. */
  paymentStarts: 20,
  /** Opening and accepting a staff invitation link, together. */
  staffInvitations: 20,
  /** Saving the order's filing details (each save is a whole form). */
  orderDetails: 30,
  /** Opening an emailed order link, and asking for a new one. */
  orderLinks: 10,
  /** One-click unsubscribes (mail providers send them from shared addresses). */
  unsubscribes: 120,
} as const;

// Every staff route reads the sessions table for the token check.
const staffSession = { sessions: 'read' } as const;

/**
 * Routes that write the order's PDFs (functions/documents/): memory for fontkit and time for a
 * packet. Their bundles ship the fonts folder because they import it (infra/lambda-bundle.ts FUNCTION_ASSETS).
 */
const DOCUMENT_GENERATION = { memoryMb: 1024, timeoutSeconds: 29 } as const;

const idParam = z.strictObject({ id: applicationIdSchema });
const recordParam = z.strictObject({ id: recordIdSchema });
const stateCodeParam = z.strictObject({ stateCode: stateCodeParamSchema });
const applicationIdParam = z.strictObject({ applicationId: applicationIdSchema });
const orderDocumentParam = z.strictObject({ id: applicationIdSchema, documentId: documentIdSchema });

/** The per-address limit of an anonymous write route (`rateLimit`). */
const TOO_MANY_REQUESTS = rateLimited('Too many requests from this network');

/** Stripe's event, verified against the Stripe-Signature header over the raw bytes. */
const stripeEventSchema = z.looseObject({ id: z.string(), type: z.string() });

export const CONTRACT = {
  // Pricing and the calculator (static data, no tables).
  'GET /api/states': {
    handler: 'states/list',
    operationId: 'listStates',
    summary: "Every state's filing fee, service fee, total and processing time, sorted by name",
    tag: 'Pricing',
    access: 'public',
    responses: { 200: z.array(statePricingSchema) },
  },
  'GET /api/state-pricing/{stateCode}': {
    handler: 'states/get-pricing',
    operationId: 'getStatePricing',
    summary: "One state's price",
    tag: 'Pricing',
    access: 'public',
    params: stateCodeParam,
    responses: { 200: statePriceSchema },
  },
  'POST /api/calculate-savings': {
    handler: 'savings/calculate',
    operationId: 'calculateSavings',
    summary: 'Estimated yearly tax savings from monthly business expenses',
    tag: 'Pricing',
    access: 'public',
    body: calculatorInputSchema,
    responses: { 200: calculatorResultSchema },
  },
  'POST /api/tax-plan': {
    handler: 'tax-plan/compute',
    operationId: 'computeTaxPlan',
    summary: "A creator's 2026 federal tax as a sole proprietor and as an S-corporation owner with a salary",
    description:
      'Self-employment tax, income tax and the qualified-business-income deduction as a sole proprietor or single-member LLC; with a `salary`, the same as an S-corporation owner (payrollTax counts the employee and employer halves; runningCosts are the default estimates), the savings of the election and its break-even profit at that salary share; the four quarterly estimates under the 90% safe harbour. Whole dollars; `sources` names where each figure comes from. An estimate, not tax advice.',
    tag: 'Pricing',
    access: 'public',
    body: taxPlanInputSchema,
    responses: { 200: taxPlanSchema },
  },

  // The wizard.
  'POST /api/llc-applications': {
    handler: 'applications/create',
    operationId: 'createApplication',
    summary: 'First save of the wizard: creates a draft application; the server makes the id',
    tag: 'Wizard',
    access: 'public',
    body: wizardPatchSchema,
    responses: { 201: createdApplicationSchema },
    tables: { applications: 'write', rateLimits: 'write' },
    rateLimit: { bucket: 'drafts', perMinute: RATE_LIMITS.drafts },
  },
  'PATCH /api/llc-applications/{id}': {
    handler: 'applications/update',
    operationId: 'saveApplication',
    summary: 'Saves any subset of the wizard data; with `completed: true` the whole data, and the application is submitted',
    description: 'A paid application can no longer be changed (409).',
    tag: 'Wizard',
    access: 'public',
    holder: true,
    params: idParam,
    body: wizardPatchSchema,
    responses: { 200: savedApplicationSchema },
    tables: { applications: 'write', searchIndex: 'write', counters: 'write', activity: 'write', rateLimits: 'write' },
    rateLimit: { bucket: 'application-saves', perMinute: RATE_LIMITS.applicationSaves },
  },
  'GET /api/llc-applications/{id}': {
    handler: 'applications/get',
    operationId: 'getApplication',
    summary: "An application with its filing state's price and the order total",
    tag: 'Wizard',
    access: 'public',
    holder: true,
    params: idParam,
    responses: { 200: applicationResponseSchema },
    tables: { applications: 'read', operatorSettings: 'read' },
  },
  'POST /api/webhook/stage1': {
    handler: 'leads/stage1',
    operationId: 'captureLeadStage1',
    summary: 'Lead sent by the wizard after step 2 (creator profile)',
    description:
      'The first write of a wizard session creates the lead and answers its `leadSecret`; later writes of the session send it in the body. Without it (or with another) an existing lead is refused: 403 `lead_secret_required`.',
    tag: 'Wizard',
    access: 'public',
    body: stage1LeadSchema,
    responses: { 200: leadResultSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
    tables: { leads: 'write', activity: 'write', rateLimits: 'write' },
    secrets: ['crmWebhookUrl'],
    rateLimit: { bucket: 'leads', perMinute: RATE_LIMITS.leads },
  },
  'POST /api/webhook/stage2': {
    handler: 'leads/stage2',
    operationId: 'captureLeadStage2',
    summary: 'Lead sent by the wizard after step 3 (business setup)',
    description:
      'The first write of a wizard session creates the lead and answers its `leadSecret`; later writes of the session send it in the body. Without it (or with another) an existing lead is refused: 403 `lead_secret_required`.',
    tag: 'Wizard',
    access: 'public',
    body: stage2LeadSchema,
    responses: { 200: leadResultSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
    tables: { leads: 'write', activity: 'write', rateLimits: 'write' },
    secrets: ['crmWebhookUrl'],
    rateLimit: { bucket: 'leads', perMinute: RATE_LIMITS.leads },
  },
  'POST /api/business-names/generate': {
    handler: 'business-names/generate',
    operationId: 'generateBusinessNames',
    summary: 'Business name ideas from keywords and a category',
    tag: 'Wizard',
    access: 'public',
    body: generateNamesSchema,
    responses: { 200: z.array(nameSuggestionSchema) },
    errors: { rate_limited: TOO_MANY_REQUESTS },
    tables: { applications: 'read', rateLimits: 'write' },
    rateLimit: { bucket: 'business-names', perMinute: RATE_LIMITS.businessNames },
  },
  'POST /api/business-names/check-availability': {
    handler: 'business-names/check-availability',
    operationId: 'checkBusinessName',
    summary: 'Whether a business name is free with us and meets the filing state’s naming rules',
    tag: 'Wizard',
    access: 'public',
    body: checkNameSchema,
    responses: { 200: nameAvailabilitySchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
    tables: { applications: 'read', rateLimits: 'write' },
    rateLimit: { bucket: 'business-names', perMinute: RATE_LIMITS.businessNames },
  },

  // Payments. Every path that marks an application paid writes applications + counters + activity.
  'GET /api/payment-methods': {
    handler: 'payments/methods',
    operationId: 'listPaymentMethods',
    summary: 'The payment methods the server has credentials for',
    tag: 'Payments',
    access: 'public',
    responses: { 200: paymentMethodsSchema },
    secrets: ['stripeSecretKey', 'klarna', 'amazonPay', 'applePay'],
  },
  'GET /api/payment-status/{applicationId}': {
    handler: 'payments/status',
    operationId: 'getPaymentStatus',
    summary: "An application's payment status (the success page polls it)",
    tag: 'Payments',
    access: 'public',
    holder: true,
    params: applicationIdParam,
    responses: { 200: paymentStatusResponseSchema },
    tables: { applications: 'read' },
  },
  'POST /api/create-payment-intent': {
    handler: 'payments/create-payment-intent',
    operationId: 'createPaymentIntent',
    summary: "A Stripe PaymentIntent for the server's total of the application",
    description: "`amount` must be the server's total in cents; otherwise 409 with the server's `amount` and nothing is charged.",
    tag: 'Payments',
    access: 'public',
    holder: true,
    body: createPaymentIntentSchema,
    responses: { 200: paymentIntentSchema },
    errors: { amount_changed: AMOUNT_CHANGED },
    tables: { applications: 'write', searchIndex: 'write', rateLimits: 'write', operatorSettings: 'read' },
    secrets: ['stripeSecretKey'],
    rateLimit: { bucket: 'payment-intent', perMinute: RATE_LIMITS.paymentStarts },
  },
  'POST /api/test-payments/confirm': {
    handler: 'payments/test-confirm',
    operationId: 'confirmTestPayment',
    summary: 'Offline test mode (local only): pays with a test card',
    tag: 'Payments',
    access: 'public',
    holder: true,
    body: testConfirmSchema,
    responses: { 200: testPaymentResultSchema },
    tables: { applications: 'write', searchIndex: 'write', counters: 'write', activity: 'write', rateLimits: 'write', outbox: 'write', reminders: 'write' },
    rateLimit: { bucket: 'test-payment', perMinute: RATE_LIMITS.paymentStarts },
  },
  'POST /api/webhook/stripe': {
    handler: 'payments/stripe-webhook',
    operationId: 'stripeWebhook',
    summary: 'Stripe events (payment succeeded, failed, refunded, disputed)',
    description: 'The body is verified against the Stripe-Signature header over its exact bytes; each event id is processed once.',
    tag: 'Payments',
    access: 'public',
    body: stripeEventSchema,
    responses: { 200: stripeWebhookReceiptSchema },
    rawBody: true,
    tables: {
      applications: 'write',
      searchIndex: 'write',
      paymentEvents: 'write',
      counters: 'write',
      activity: 'write',
      outbox: 'write',
      reminders: 'write',
      audit: 'append',
      staff: 'read',
    },
    secrets: ['stripeSecretKey', 'stripeWebhookSecret'],
  },
  'POST /api/amazon-pay/create-session': {
    handler: 'payments/amazon-pay-create-session',
    operationId: 'createAmazonPaySession',
    summary: "A signed Amazon Pay checkout session for the server's total",
    tag: 'Payments',
    access: 'public',
    holder: true,
    body: amazonPaySessionRequestSchema,
    responses: { 200: amazonPaySessionSchema },
    errors: { amount_changed: AMOUNT_CHANGED },
    tables: { applications: 'read', rateLimits: 'write', operatorSettings: 'read' },
    secrets: ['amazonPay'],
    rateLimit: { bucket: 'amazon-pay-session', perMinute: RATE_LIMITS.paymentStarts },
  },
  'POST /api/amazon-pay/complete-checkout': {
    handler: 'payments/amazon-pay-complete',
    operationId: 'completeAmazonPayCheckout',
    summary: 'Completes the Amazon Pay checkout session the buyer returned with',
    tag: 'Payments',
    access: 'public',
    holder: true,
    body: amazonPayCompleteSchema,
    responses: { 200: paymentDoneSchema },
    tables: { applications: 'write', searchIndex: 'write', counters: 'write', activity: 'write', rateLimits: 'write', outbox: 'write', reminders: 'write' },
    secrets: ['amazonPay'],
    rateLimit: { bucket: 'amazon-pay-checkout', perMinute: RATE_LIMITS.paymentStarts },
  },
  'POST /api/klarna/create-session': {
    handler: 'payments/klarna-create-session',
    operationId: 'createKlarnaSession',
    summary: "A Klarna Payments session for the server's total",
    tag: 'Payments',
    access: 'public',
    holder: true,
    body: klarnaSessionRequestSchema,
    responses: { 200: klarnaSessionSchema },
    errors: { amount_changed: AMOUNT_CHANGED },
    tables: { applications: 'write', searchIndex: 'write', rateLimits: 'write', operatorSettings: 'read' },
    secrets: ['klarna'],
    rateLimit: { bucket: 'klarna-session', perMinute: RATE_LIMITS.paymentStarts },
  },
  'POST /api/klarna/place-order': {
    handler: 'payments/klarna-place-order',
    operationId: 'placeKlarnaOrder',
    summary: 'Places the authorised Klarna order',
    tag: 'Payments',
    access: 'public',
    holder: true,
    body: klarnaPlaceOrderSchema,
    responses: { 200: klarnaOrderSchema },
    tables: { applications: 'write', searchIndex: 'write', counters: 'write', activity: 'write', rateLimits: 'write', outbox: 'write', reminders: 'write' },
    secrets: ['klarna'],
    rateLimit: { bucket: 'klarna-order', perMinute: RATE_LIMITS.paymentStarts },
  },
  'POST /api/apple-pay/validate-merchant': {
    handler: 'payments/apple-pay-validate-merchant',
    operationId: 'validateApplePayMerchant',
    summary: "Apple Pay merchant validation: Apple's merchant session for the browser",
    tag: 'Payments',
    access: 'public',
    holder: true,
    body: applePayValidateSchema,
    responses: { 200: applePayMerchantSessionSchema },
    tables: { applications: 'read', rateLimits: 'write', operatorSettings: 'read' },
    secrets: ['applePay'],
    rateLimit: { bucket: 'apple-pay-merchant', perMinute: RATE_LIMITS.paymentStarts },
  },
  'POST /api/apple-pay/process-payment': {
    handler: 'payments/apple-pay-process-payment',
    operationId: 'processApplePayPayment',
    summary: 'Charges an authorised Apple Pay payment',
    tag: 'Payments',
    access: 'public',
    holder: true,
    body: applePayProcessSchema,
    responses: { 200: paymentDoneSchema },
    errors: {
      payment_declined: applePayFailure(402, 'The payment was declined'),
      provider_error: applePayFailure(502, 'The payment provider failed'),
      not_configured: applePayFailure(503, 'Apple Pay is not configured'),
    },
    tables: { applications: 'write', searchIndex: 'write', counters: 'write', activity: 'write', rateLimits: 'write', outbox: 'write', reminders: 'write' },
    secrets: ['stripeSecretKey', 'applePay'],
    rateLimit: { bucket: 'apple-pay-payment', perMinute: RATE_LIMITS.paymentStarts },
  },

  // The customer's order page (after payment).
  'GET /api/orders/{id}': {
    handler: 'orders/get',
    operationId: 'getOrder',
    summary: "The customer's order page: timeline, receipt, filing details, documents and what happens next",
    tag: 'Orders',
    access: 'public',
    holder: true,
    params: idParam,
    responses: { 200: orderViewSchema },
    tables: { applications: 'read' },
  },
  'PUT /api/orders/{id}/filing-details': {
    handler: 'orders/save-details',
    operationId: 'saveFilingDetails',
    summary:
      'The filing details the state needs, validated for the order’s filing state and add-ons; the SSN/ITIN is encrypted and kept as its last four digits',
    description: 'Accepted once the order is paid and until staff start processing (409 order_not_paid, details_locked).',
    tag: 'Orders',
    access: 'public',
    holder: true,
    params: idParam,
    body: filingDetailsBodySchema,
    responses: { 200: orderViewSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
    tables: { applications: 'write', activity: 'write', rateLimits: 'write', operatorSettings: 'read' },
    kms: 'encrypt',
    rateLimit: { bucket: 'order-details', perMinute: RATE_LIMITS.orderDetails },
  },
  'POST /api/orders/{id}/access': {
    handler: 'orders/access',
    operationId: 'openOrderLink',
    summary: 'Exchanges the signed token of an emailed order link for a secret that opens the order in this browser',
    description: '403 link_expired when the link is too old (ask for a new one); 404 when the token is not this order’s.',
    tag: 'Orders',
    access: 'public',
    params: idParam,
    body: orderAccessSchema,
    responses: { 200: orderAccessResultSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
    tables: { applications: 'write', rateLimits: 'write' },
    secrets: ['linkSigningKey'],
    rateLimit: { bucket: 'order-access', perMinute: RATE_LIMITS.orderLinks },
  },
  'POST /api/orders/{id}/links': {
    handler: 'orders/send-link',
    operationId: 'sendOrderLink',
    summary: 'Emails a new order-page link to the address the order was placed with',
    description: 'The answer is the same whether or not the order exists.',
    tag: 'Orders',
    access: 'public',
    params: idParam,
    body: orderLinkRequestSchema,
    responses: { 200: orderLinkSentSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
    tables: { applications: 'read', outbox: 'write', rateLimits: 'write' },
    rateLimit: { bucket: 'order-links', perMinute: RATE_LIMITS.orderLinks },
  },
  'POST /api/order-lookups': {
    handler: 'orders/find',
    operationId: 'findOrders',
    summary: 'Find my order: emails a link to each order (and unpaid application) placed with the address',
    description: 'The answer is the same whether or not the address has orders; each address gets at most a few such emails an hour.',
    tag: 'Orders',
    access: 'public',
    body: orderLookupSchema,
    responses: { 200: orderLinkSentSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
    tables: { applications: 'read', outbox: 'write', rateLimits: 'write' },
    rateLimit: { bucket: 'order-lookups', perMinute: RATE_LIMITS.orderLinks },
  },
  'POST /api/llc-applications/{id}/continue-links': {
    handler: 'applications/continue-link',
    operationId: 'emailContinueLink',
    summary: 'Emails the application’s address a link that continues the unpaid application in any browser',
    description: '409 application_locked once paid (the order page has its own links); 400 no_email before the wizard has one.',
    tag: 'Wizard',
    access: 'public',
    holder: true,
    params: idParam,
    body: continueLinkRequestSchema,
    responses: { 200: orderLinkSentSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
    tables: { applications: 'read', outbox: 'write', rateLimits: 'write' },
    rateLimit: { bucket: 'order-links', perMinute: RATE_LIMITS.orderLinks },
  },
  'POST /api/orders/{id}/change-requests': {
    handler: 'orders/change-request',
    operationId: 'requestOrderChange',
    summary: 'A message on the order’s conversation: the first opens a ticket about the order, later ones are added to it',
    description:
      'Each message is acknowledged by email with the thread’s reference (the order number). 409 `conversation_full` once the thread holds its most messages.',
    tag: 'Orders',
    access: 'public',
    holder: true,
    params: idParam,
    body: changeRequestSchema,
    responses: { 201: changeRequestResultSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
    tables: { applications: 'read', tickets: 'write', counters: 'write', activity: 'write', rateLimits: 'write', outbox: 'write', searchIndex: 'write' },
    rateLimit: { bucket: 'support-tickets', perMinute: RATE_LIMITS.supportTickets },
  },
  'GET /api/orders/{id}/conversation': {
    handler: 'orders/conversation',
    operationId: 'getOrderConversation',
    summary: 'The order’s conversation: the customer’s messages and our replies (each quoting what it answers), oldest first',
    tag: 'Orders',
    access: 'public',
    holder: true,
    params: idParam,
    responses: { 200: orderConversationSchema },
    tables: { applications: 'read', tickets: 'read' },
  },
  'GET /api/orders/{id}/documents/{documentId}': {
    handler: 'orders/document-link',
    operationId: 'getOrderDocumentLink',
    summary: 'A 5-minute download link to one document of the order’s vault (always a PDF attachment)',
    description:
      '404 `document_not_found` for a document that is not in this order’s vault. A receipt is written the first time it is asked for (409 `seller_not_set` while the operator’s legal name and address are unset). The store refuses the link once it has expired.',
    tag: 'Orders',
    access: 'public',
    holder: true,
    params: orderDocumentParam,
    responses: { 200: documentLinkSchema },
    tables: { applications: 'read', operatorSettings: 'read' },
    bucket: 'write',
    // A receipt's PDF is written when first asked for (fonts loaded): the document generators' size.
    memoryMb: 1024,
    timeoutSeconds: 29,
  },

  // Staff back office.
  'POST /api/staff/login': {
    handler: 'staff-access/login',
    operationId: 'staffLogin',
    summary: 'Staff sign-in, in two steps: email and password, then the step’s ticket and the authenticator app’s code (or a recovery code)',
    description:
      'The first step answers `signed_in` with the token for the staff-token header, `second_factor` with a ticket for the second step, or `enrol` (the stage requires a second factor and the person has none yet) with an authenticator-app secret whose first code the second step takes. The second step answers `signed_in`.',
    tag: 'Staff',
    access: 'public',
    body: z.union([staffLoginSchema, secondFactorSchema]),
    responses: { 200: loginResultSchema },
    errors: { login_locked: rateLimited('Too many failed sign-ins for the account (the wait grows with each, up to a minute) or from this network') },
    tables: { sessions: 'write', rateLimits: 'write', staff: 'write', audit: 'append' },
    secrets: ['staffPasswordHash'],
  },
  'POST /api/staff/logout': {
    handler: 'staff-access/logout',
    operationId: 'staffLogout',
    summary: 'Ends the session of the staff-token header (or of the body’s token)',
    tag: 'Staff',
    access: 'public',
    body: staffLogoutSchema,
    responses: { 204: null },
    tables: { sessions: 'write', staff: 'write', audit: 'append' },
  },
  'GET /api/staff/dashboard': {
    handler: 'staff/dashboard',
    operationId: 'getStaffDashboard',
    summary: 'Application and ticket counts, the 20 newest money, filing and support entries, and the 10 newest leads',
    tag: 'Staff',
    access: 'staff',
    role: 'support',
    responses: { 200: dashboardStatsSchema },
    tables: { ...staffSession, counters: 'read', activity: 'read' },
  },
  'GET /api/staff/applications': {
    handler: 'staff/list-applications',
    operationId: 'listStaffApplications',
    summary:
      'Applications, newest first, 25 a page (drafts only when asked): searched by order number, name, email, business name or file number, and filtered by status, payment, state, add-on and assignee',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    query: applicationListQuerySchema,
    responses: { 200: staffApplicationPageSchema },
    tables: { ...staffSession, applications: 'read', searchIndex: 'read' },
  },
  'GET /api/staff/applications/{id}': {
    handler: 'staff/get-application',
    operationId: 'getStaffApplication',
    summary: 'One application as the staff modal shows it (opened from a ticket about the order)',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    params: idParam,
    responses: { 200: staffApplicationSchema },
    tables: { ...staffSession, applications: 'read' },
  },
  'GET /api/staff/applications/{id}/emails': {
    handler: 'staff-support/order-emails',
    operationId: 'listOrderEmails',
    summary: 'The order’s email history, newest first: kind, to, sent / parked / bounced / suppressed, when',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.answerTickets,
    params: idParam,
    responses: { 200: staffEmailListSchema },
    tables: { ...staffSession, outbox: 'read' },
  },
  'POST /api/staff/applications/{id}/email': {
    handler: 'staff-support/correct-email',
    operationId: 'correctCustomerEmail',
    summary: 'Corrects the customer’s email address, with a reason (audited); the old address is told, the new one gets the order link',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.answerTickets,
    params: idParam,
    body: customerEmailCorrectionSchema,
    responses: { 200: staffApplicationSchema },
    tables: { ...staffSession, applications: 'write', outbox: 'write', activity: 'write', audit: 'append', searchIndex: 'write' },
  },
  'POST /api/staff/applications/{id}/order-link': {
    handler: 'staff-support/resend-order-link',
    operationId: 'resendOrderLink',
    summary: 'Emails the order link to the address on file again (audited)',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.answerTickets,
    params: idParam,
    body: resendOrderLinkSchema,
    responses: { 200: orderLinkResentSchema },
    tables: { ...staffSession, applications: 'read', outbox: 'write', audit: 'append' },
  },
  'GET /api/staff/applications/{id}/order-view': {
    handler: 'staff/order-view',
    operationId: 'getStaffOrderView',
    summary: 'The order as its page shows it, for the staff editor of the filing details',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.workOrders,
    params: idParam,
    responses: { 200: orderViewSchema },
    tables: { ...staffSession, applications: 'read' },
  },
  'PUT /api/staff/applications/{id}/filing-details': {
    handler: 'staff/edit-details',
    operationId: 'editFilingDetailsByStaff',
    summary: 'Staff change the filing details while the order is processing, with a reason (audited; the customer is emailed what changed)',
    description: '409 `status_conflict` unless the order is paid and processing; 409 `details_unchanged` when nothing changed.',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.workOrders,
    params: idParam,
    body: staffFilingDetailsBodySchema,
    responses: { 200: orderViewSchema },
    errors: { status_conflict: STATUS_CONFLICT },
    tables: { ...staffSession, applications: 'write', activity: 'write', outbox: 'write', audit: 'append', operatorSettings: 'read' },
    kms: 'encrypt',
  },
  'GET /api/staff/emails': {
    handler: 'staff-support/undelivered-emails',
    operationId: 'listUndeliveredEmails',
    summary: 'Messages that did not reach their customer (parked, suppressed, bounced), newest first, with the reason',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.answerTickets,
    responses: { 200: staffEmailListSchema },
    tables: { ...staffSession, outbox: 'read' },
  },
  'POST /api/staff/emails/retries': {
    handler: 'staff-support/email-retry',
    operationId: 'retryEmail',
    summary: 'Sends an undelivered message again, to the order’s address as it is now, with a reason (audited; lifts that address’s suppression)',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.answerTickets,
    body: emailRetrySchema,
    responses: { 200: staffEmailSchema },
    errors: { status_conflict: STATUS_CONFLICT },
    tables: { ...staffSession, outbox: 'write', applications: 'read', emailSuppressions: 'write', audit: 'append' },
  },
  'GET /api/staff/queue': {
    handler: 'staff/work-queue',
    operationId: 'getWorkQueue',
    summary: 'What needs a person, oldest first: ready to start, payments held for review, processing for 3 days, filed not completed (or the unpaid list)',
    description:
      'Without `stage`, the first 25 of every work stage; with `stage` (and the `nextCursor` it answered), that stage alone. Each stage is one DynamoDB Query of the byQueue index.',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    query: workQueueQuerySchema,
    responses: { 200: workQueueSchema },
    tables: { ...staffSession, applications: 'read' },
  },
  'GET /api/staff/tickets': {
    handler: 'staff-support/list-tickets',
    operationId: 'listSupportTickets',
    summary: 'Support tickets, newest first, 50 a page: every one, or the open or closed ones; or those a search finds',
    description:
      'With `q`: the tickets whose order number or id, customer email, customer name or subject starts with it (any case), one page of at most 100, newest first: one Query of the search index per kind the term can be and one BatchGetItem, whatever the table holds.',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.answerTickets,
    query: ticketListQuerySchema,
    responses: { 200: supportTicketPageSchema },
    tables: { ...staffSession, tickets: 'read', searchIndex: 'read' },
  },
  'PATCH /api/staff/tickets/{id}': {
    handler: 'staff-support/update-ticket',
    operationId: 'setTicketStatus',
    summary: 'Closes or reopens a support ticket, assigns it to the signed-in person (or nobody), or ties it to its order',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.answerTickets,
    params: recordParam,
    body: ticketUpdateSchema,
    responses: { 200: supportTicketSchema },
    errors: { status_conflict: STATUS_CONFLICT },
    tables: { ...staffSession, tickets: 'write', counters: 'write', activity: 'write', audit: 'append', applications: 'read', searchIndex: 'write' },
  },
  // Start Processing also generates the order's documents (functions/order-documents/generate.ts).
  'PATCH /api/staff/applications/{id}': {
    handler: 'staff/update-application',
    operationId: 'updateStaffApplication',
    summary: 'Moves an application to its next status and/or saves staff notes',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    params: idParam,
    body: applicationUpdateSchema,
    responses: { 200: staffApplicationSchema },
    errors: { status_conflict: STATUS_CONFLICT },
    tables: {
      ...staffSession,
      applications: 'write',
      searchIndex: 'write',
      counters: 'write',
      activity: 'write',
      outbox: 'write',
      reminders: 'write',
      audit: 'append',
      operatorSettings: 'read',
    },
    bucket: 'write',
    ...DOCUMENT_GENERATION,
  },
  'PUT /api/staff/applications/{id}/assignee': {
    handler: 'staff/assign',
    operationId: 'assignStaffApplication',
    summary: 'Gives an order to a person on the staff (or to nobody), at the version the caller saw',
    description:
      '409 `version_conflict` when the order changed since that version (someone else may have taken it); 404 `person_not_found` for a removed or unknown person.',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    params: idParam,
    body: assignSchema,
    responses: { 200: staffApplicationSchema },
    tables: { ...staffSession, applications: 'write', searchIndex: 'write', staff: 'read', audit: 'append' },
  },
  'GET /api/staff/assignees': {
    handler: 'staff/assignees',
    operationId: 'listAssignees',
    summary: 'The people an order can be assigned to (everyone active on the staff)',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    responses: { 200: assigneesSchema },
    tables: { ...staffSession, staff: 'read' },
  },
  // Start Processing also generates each order's documents, as the single move does.
  'POST /api/staff/bulk-actions': {
    handler: 'staff/bulk-action',
    operationId: 'bulkStaffAction',
    summary: 'Assigns, or starts processing, up to 25 orders: each its own conditional write',
    description:
      'Answers 200 with the orders changed (`done`) and each order not changed with its error code and sentence (`failed`), as the single action would have answered.',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    body: bulkActionSchema,
    responses: { 200: bulkResultSchema },
    tables: {
      ...staffSession,
      applications: 'write',
      searchIndex: 'write',
      staff: 'read',
      counters: 'write',
      activity: 'write',
      outbox: 'write',
      reminders: 'write',
      audit: 'append',
      operatorSettings: 'read',
    },
    bucket: 'write',
    ...DOCUMENT_GENERATION,
  },
  'POST /api/staff/exports': {
    handler: 'staff/export',
    operationId: 'exportCsv',
    summary: 'Owner: a CSV of the orders the list’s search and filters select, or of the payments received between two days',
    description:
      'Written to the documents bucket as it is read (memory stays flat), and answered as a 5-minute download link. Orders: amounts, fees, add-ons and status dates. Payments: each payment received in the range with its fees and refunds. Audited.',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.exportData,
    body: exportRequestSchema,
    responses: { 200: exportResultSchema },
    tables: { ...staffSession, applications: 'read', searchIndex: 'read', activity: 'read', audit: 'append' },
    bucket: 'write',
    memoryMb: 512,
    timeoutSeconds: 29,
  },
  'GET /api/staff/renewals-due': {
    handler: 'staff/renewals-due',
    operationId: 'listRenewalsDue',
    summary: 'Registered agent renewals due in the next 60 days, soonest first, each with the customer’s choice and any charge tried',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.workOrders,
    responses: { 200: renewalsDueSchema },
    tables: { ...staffSession, reminders: 'read', applications: 'read' },
  },
  'GET /api/staff/unmatched-payments': {
    handler: 'staff/unmatched-payments',
    operationId: 'listUnmatchedPayments',
    summary: 'Payments the provider took that no order recorded (the payment named no order, or one we do not have), newest first, 50 a page',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.workOrders,
    query: unmatchedPaymentsQuerySchema,
    responses: { 200: unmatchedPaymentsSchema },
    tables: { ...staffSession, activity: 'read' },
  },
  'GET /api/staff/applications/{id}/documents': {
    handler: 'staff/documents',
    operationId: 'listOrderDocuments',
    summary: 'Every version of every document of an order, newest first, and the kinds it still lacks',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    params: idParam,
    responses: { 200: staffDocumentsSchema },
    tables: { ...staffSession, applications: 'read' },
  },
  'POST /api/staff/applications/{id}/documents': {
    handler: 'staff/documents-generate',
    operationId: 'generateOrderDocuments',
    summary: 'Generates the filing packet, and the operating agreement and EIN worksheet as bought, as new versions',
    description:
      'For a paid order with complete filing details, in processing or later (409 `order_not_paid`, `documents_unavailable`). 409 `documents_incomplete` names what to fix (e.g. no registered-agent office of ours in the filing state) when a document the customer sees would have a gap: nothing is stored then. Earlier versions are kept.',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    params: idParam,
    responses: { 200: staffDocumentsSchema },
    tables: { ...staffSession, applications: 'write', activity: 'write', audit: 'append', operatorSettings: 'read' },
    bucket: 'write',
    ...DOCUMENT_GENERATION,
  },
  'GET /api/staff/applications/{id}/documents/{documentId}': {
    handler: 'staff/document-link',
    operationId: 'getStaffDocumentLink',
    summary: 'A 5-minute download link to any version of an order’s document',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    params: orderDocumentParam,
    responses: { 200: documentLinkSchema },
    tables: { ...staffSession, applications: 'read', operatorSettings: 'read' },
    bucket: 'write',
    // A receipt's PDF is written when first asked for (fonts loaded): the document generators' size.
    memoryMb: 1024,
    timeoutSeconds: 29,
  },
  'POST /api/staff/applications/{id}/uploads': {
    handler: 'staff/upload-start',
    operationId: 'startDocumentUpload',
    summary: 'A presigned PUT (10 minutes) for one PDF of at most 10 MB',
    description: 'PUT the file to `url` with exactly `headers`, then record it (…/uploads/{uploadId}/record). 409 `order_not_paid`.',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    params: idParam,
    body: uploadRequestSchema,
    responses: { 200: uploadTicketSchema },
    tables: { ...staffSession, applications: 'read' },
    bucket: 'write',
  },
  'POST /api/staff/applications/{id}/uploads/{uploadId}/record': {
    handler: 'staff/upload-record',
    operationId: 'recordDocumentUpload',
    summary: 'Checks the uploaded file and records it as a document of the order, with its kind and the state’s file number',
    description:
      '400 `not_a_pdf` or `file_too_large` (the file is removed), 409 `upload_missing` when nothing was uploaded. The approved document marks the filed version; the EIN letter deletes the stored SSN/ITIN. Recording the same upload again changes nothing.',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    params: z.strictObject({ id: applicationIdSchema, uploadId: uploadIdSchema }),
    body: recordUploadSchema,
    responses: { 200: staffDocumentsSchema },
    tables: { ...staffSession, applications: 'write', activity: 'write', outbox: 'write', audit: 'append', reminders: 'write' },
    bucket: 'write',
  },

  'POST /api/staff/applications/{id}/ein': {
    handler: 'staff/record-ein',
    operationId: 'recordEin',
    summary: 'Records the EIN the IRS assigned with its confirmation letter (an upload), and deletes the stored SSN/ITIN',
    description:
      'Upload the letter first (POST …/uploads), then send its uploadId with the EIN: 9 digits with a prefix the IRS issues (400 otherwise). One write sets the EIN, records the letter, deletes the sealed tax id and queues the customer’s email. 409 `order_not_paid`, `ein_not_bought`, `upload_missing`.',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    params: idParam,
    body: recordEinSchema,
    responses: { 200: staffDocumentsSchema },
    tables: { ...staffSession, applications: 'write', activity: 'write', outbox: 'write', audit: 'append' },
    bucket: 'write',
  },
  'POST /api/staff/sunbiz/{id}': {
    handler: 'staff/sunbiz',
    operationId: 'generateSunbiz',
    summary: 'Generate Sunbiz: the Florida Articles of Organization as Sunbiz takes them, a new version, with a 5-minute download link',
    description:
      'For a Florida order in processing (the original brief’s staff action). 409 `not_florida` for another state, `status_conflict` outside processing, `documents_incomplete` when a value is missing.',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    params: idParam,
    responses: { 200: sunbizResultSchema },
    errors: { status_conflict: STATUS_CONFLICT },
    tables: { ...staffSession, applications: 'write', activity: 'write', audit: 'append', operatorSettings: 'read' },
    bucket: 'write',
    ...DOCUMENT_GENERATION,
  },
  'POST /api/staff/applications/{id}/reopen': {
    handler: 'staff/reopen',
    operationId: 'reopenApplication',
    summary: 'Moves a completed order back to filed, with the reason (owners only; audited)',
    description: '409 `status_conflict` when the order is not completed.',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.reopen,
    params: idParam,
    body: reopenSchema,
    responses: { 200: staffApplicationSchema },
    errors: { status_conflict: STATUS_CONFLICT },
    tables: { ...staffSession, applications: 'write', counters: 'write', activity: 'write', audit: 'append' },
  },

  'POST /api/staff/applications/{id}/refund': {
    handler: 'staff/refund',
    operationId: 'refundApplication',
    summary: 'Refunds part or all of the payment of a paid order, or of a payment held for review, with a reason; records it and emails the customer',
    description:
      'At most what is not refunded yet (409 `refund_amount`). Once processing started the state fee is spent: an amount that reaches into it needs `includeStateFee: true` (409 `state_fee_spent`). Two requests made on the same read refund once. Card and Apple Pay payments are refunded through Stripe; Klarna and Amazon Pay payments are refunded in their merchant portals (409 refund_in_provider_portal).',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.refund,
    params: idParam,
    body: refundRequestSchema,
    responses: { 200: staffApplicationSchema },
    tables: { ...staffSession, applications: 'write', counters: 'write', activity: 'write', audit: 'append', outbox: 'write' },
    secrets: ['stripeSecretKey'],
  },

  'POST /api/staff/applications/{id}/tax-id/reveal': {
    handler: 'staff/reveal-tax-id',
    operationId: 'revealTaxId',
    summary: "The responsible party's full SSN/ITIN, for the EIN application; every reveal is recorded",
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.revealTaxId,
    permission: ACTION_PERMISSIONS.revealTaxId,
    params: idParam,
    responses: { 200: revealedTaxIdSchema },
    tables: { ...staffSession, applications: 'read', activity: 'write', audit: 'append' },
    kms: 'decrypt',
  },
  'POST /api/staff/tickets/{id}/replies': {
    handler: 'staff-support/reply-ticket',
    operationId: 'replyToTicket',
    summary: 'A staff reply quoting the customer message it answers, kept on the ticket and emailed to the customer',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.answerTickets,
    params: recordParam,
    body: ticketReplySchema,
    responses: { 200: supportTicketSchema },
    tables: { ...staffSession, tickets: 'write', activity: 'write', outbox: 'write', audit: 'append', applications: 'read' },
  },

  // Staff accounts (functions/data/staff-accounts.ts, sign-in.ts), the audit trail, the operator's settings.
  'POST /api/staff/invitations': {
    handler: 'staff-access/invitation',
    operationId: 'staffInvitation',
    summary: 'An invitation link, in two steps: the token alone opens it; with the step’s ticket, a password and the enrolled app’s first code it is accepted',
    description:
      'Opening answers who is invited and an authenticator-app secret to enrol; accepting answers signed in. 403 invitation_expired, 404 invitation_invalid (used, replaced or withdrawn).',
    tag: 'Staff',
    access: 'public',
    body: z.union([openInvitationSchema, acceptInvitationSchema]),
    responses: { 200: z.union([openedInvitationSchema, signedInSchema]) },
    errors: { rate_limited: TOO_MANY_REQUESTS },
    tables: { staff: 'write', sessions: 'write', rateLimits: 'write', audit: 'append' },
    secrets: ['linkSigningKey'],
    rateLimit: { bucket: 'staff-invitations', perMinute: RATE_LIMITS.staffInvitations },
  },
  'GET /api/staff/account': {
    handler: 'staff-access/account',
    operationId: 'getStaffAccount',
    summary: 'The signed-in person: role, second factor and live sessions',
    tag: 'Staff',
    access: 'staff',
    role: 'support',
    responses: { 200: staffAccountSchema },
    tables: { ...staffSession, staff: 'read' },
  },
  'POST /api/staff/account/second-factor': {
    handler: 'staff-access/account-factor',
    operationId: 'addStaffSecondFactor',
    summary:
      'With the password typed again: a new authenticator-app secret (and its QR code), to add an app or replace the one the account has; with its ticket and the app’s first code: the account gets the app',
    description: '403 password_required without the password, wrong_password with a wrong one (counted by the sign-in slow-down).',
    tag: 'Staff',
    access: 'staff',
    role: 'support',
    body: z.optional(z.union([passwordAgainSchema, addSecondFactorSchema])),
    responses: { 200: z.union([enrolmentSchema, staffAccountSchema]) },
    errors: { login_locked: rateLimited('Too many wrong passwords for the account from this network') },
    tables: { ...staffSession, staff: 'write', rateLimits: 'write', audit: 'append' },
  },
  'POST /api/staff/account/second-factor/removal': {
    handler: 'staff-access/account-factor-remove',
    operationId: 'removeStaffSecondFactor',
    summary: 'Removes the signed-in person’s authenticator app, with the password typed again',
    description:
      '403 password_required or wrong_password; 409 factor_required where the stage requires a second factor of everyone (replace the app instead), no_factor without one.',
    tag: 'Staff',
    access: 'staff',
    role: 'support',
    body: z.optional(passwordAgainSchema),
    responses: { 200: staffAccountSchema },
    errors: { login_locked: rateLimited('Too many wrong passwords for the account from this network') },
    tables: { ...staffSession, staff: 'write', rateLimits: 'write', audit: 'append' },
  },
  'POST /api/staff/account/recovery-codes': {
    handler: 'staff-access/account-recovery-codes',
    operationId: 'newStaffRecoveryCodes',
    summary: 'Ten new one-time recovery codes for the signed-in person (the old ones stop working), with the password typed again',
    description: '403 password_required or wrong_password; 409 no_factor without an authenticator app. Shown once: only their hashes are kept.',
    tag: 'Staff',
    access: 'staff',
    role: 'support',
    body: z.optional(passwordAgainSchema),
    responses: { 200: recoveryCodesSchema },
    errors: { login_locked: rateLimited('Too many wrong passwords for the account from this network') },
    tables: { ...staffSession, staff: 'write', rateLimits: 'write', audit: 'append' },
  },
  'DELETE /api/staff/account/sessions/{id}': {
    handler: 'staff-access/account-end-session',
    operationId: 'endStaffSession',
    summary: 'Ends one of the signed-in person’s sessions',
    tag: 'Staff',
    access: 'staff',
    role: 'support',
    params: z.strictObject({ id: staffIdSchema }),
    responses: { 204: null },
    tables: { sessions: 'write', staff: 'write', audit: 'append' },
  },
  'GET /api/staff/people': {
    handler: 'staff-access/people-list',
    operationId: 'listStaffPeople',
    summary: 'Owner: everyone invited or active, with their second factor and live sessions',
    tag: 'Staff',
    access: 'staff',
    role: 'owner',
    responses: { 200: staffPeopleSchema },
    tables: { ...staffSession, staff: 'read' },
  },
  'POST /api/staff/people': {
    handler: 'staff-access/people-invite',
    operationId: 'inviteStaffPerson',
    summary: 'Owner: invites a person by email (a link valid 72 hours)',
    description: '409 email_taken when the address is already on the staff.',
    tag: 'Staff',
    access: 'staff',
    role: 'owner',
    body: inviteSchema,
    responses: { 201: staffPersonSchema },
    tables: { ...staffSession, staff: 'write', outbox: 'write', audit: 'append' },
  },
  'PATCH /api/staff/people/{id}': {
    handler: 'staff-access/people-change',
    operationId: 'changeStaffPerson',
    summary: 'Owner: a person’s role (owner, processor, support) and the owner actions granted them (revealTaxId)',
    description:
      'Audited; the person’s live sessions carry the change from their next request. 409 last_owner when the only active owner would stop being one.',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.manageStaff,
    params: z.strictObject({ id: staffIdSchema }),
    body: personChangeSchema,
    responses: { 200: staffPersonSchema },
    tables: { sessions: 'write', staff: 'write', audit: 'append' },
  },
  'DELETE /api/staff/people/{id}': {
    handler: 'staff-access/people-remove',
    operationId: 'removeStaffPerson',
    summary: 'Owner: removes a person; their sessions end at once',
    tag: 'Staff',
    access: 'staff',
    role: 'owner',
    params: z.strictObject({ id: staffIdSchema }),
    responses: { 204: null },
    tables: { sessions: 'write', staff: 'write', audit: 'append' },
  },
  'POST /api/staff/people/{id}/reset': {
    handler: 'staff-access/people-reset',
    operationId: 'resetStaffSignIn',
    summary: 'Owner: clears a person’s password and second factor, ends their sessions and sends a new invitation',
    tag: 'Staff',
    access: 'staff',
    role: 'owner',
    params: z.strictObject({ id: staffIdSchema }),
    responses: { 200: staffPersonSchema },
    tables: { sessions: 'write', staff: 'write', outbox: 'write', audit: 'append' },
  },
  'GET /api/staff/audit': {
    handler: 'staff-access/audit',
    operationId: 'listAuditTrail',
    summary: 'The audit trail, newest first, 50 a page, by person, order and action',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    query: auditQuerySchema,
    responses: { 200: auditPageSchema },
    tables: { ...staffSession, audit: 'read', searchIndex: 'read' },
  },
  'GET /api/operator-settings': {
    handler: 'operator/settings',
    operationId: 'getOperatorSettings',
    summary: 'The operator’s legal name, address, support contacts, registered-agent renewal price, refund terms and links (null: not set)',
    tag: 'Meta',
    access: 'public',
    responses: { 200: operatorSettingsViewSchema },
    tables: { operatorSettings: 'read' },
  },
  'PUT /api/staff/operator-settings': {
    handler: 'staff-access/operator-settings',
    operationId: 'saveOperatorSettings',
    summary: 'Owner: saves every operator setting at the version read',
    description: '409 settings_changed when someone saved since.',
    tag: 'Staff',
    access: 'staff',
    role: 'owner',
    body: operatorSettingsUpdateSchema,
    responses: { 200: operatorSettingsViewSchema },
    tables: { ...staffSession, operatorSettings: 'write', audit: 'append' },
  },
  'GET /api/staff/registered-agent-gaps': {
    handler: 'staff/agent-office-gaps',
    operationId: 'getRegisteredAgentGaps',
    summary: 'States with open orders and no registered-agent office of ours, and how many of those orders chose our agent',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    responses: { 200: agentOfficeGapsSchema },
    tables: { ...staffSession, operatorSettings: 'read', applications: 'read' },
  },

  // Contact form: support tickets staff see in the tickets tab.
  'POST /api/support-tickets': {
    handler: 'support/create-ticket',
    operationId: 'createSupportTicket',
    summary: 'The contact form: opens a support ticket (5 an hour from one network)',
    tag: 'Support',
    access: 'public',
    body: contactFormSchema,
    responses: { 201: createdTicketSchema },
    errors: { rate_limited: rateLimited('Too many messages or requests from this network') },
    tables: { tickets: 'write', counters: 'write', activity: 'write', rateLimits: 'write', searchIndex: 'write' },
    rateLimit: { bucket: 'support-tickets', perMinute: RATE_LIMITS.supportTickets },
  },

  // Site content.
  'GET /api/content': {
    handler: 'content/list',
    operationId: 'listContent',
    summary: "The site's editable texts, by page and section",
    tag: 'Content',
    access: 'public',
    responses: { 200: z.array(contentItemSchema) },
    tables: { content: 'read' },
  },
  'POST /api/content': {
    handler: 'content/create',
    operationId: 'createContent',
    summary: 'Creates the text of a page section (one per page and section)',
    tag: 'Content',
    access: 'staff',
    role: 'processor',
    body: createContentSchema,
    responses: { 201: contentItemSchema },
    tables: { ...staffSession, content: 'write', audit: 'append' },
  },
  'PATCH /api/content/{id}': {
    handler: 'content/update',
    operationId: 'updateContent',
    summary: 'Changes a content item’s text or type',
    tag: 'Content',
    access: 'staff',
    role: 'processor',
    params: recordParam,
    body: updateContentSchema,
    responses: { 200: contentItemSchema },
    tables: { ...staffSession, content: 'write', audit: 'append' },
  },
  'DELETE /api/content/{id}': {
    handler: 'content/delete',
    operationId: 'deleteContent',
    summary: 'Deletes a content item (the site falls back to its built-in text)',
    tag: 'Content',
    access: 'staff',
    role: 'processor',
    params: recordParam,
    responses: { 204: null },
    tables: { ...staffSession, content: 'write', audit: 'append' },
  },

  // The true cost (static data), the compliance calendar and its reminders.
  'GET /api/state-costs/{stateCode}': {
    handler: 'state-costs/get',
    operationId: 'getStateCosts',
    summary: "An LLC's itemised first three years in a state, whole dollars, every line with its source",
    description:
      'With `residence` (the state the owner lives and works in), also that state’s foreign registration fee and its own yearly obligations. `total` is the sum of the lines. An unknown code is a 404.',
    tag: 'Pricing',
    access: 'public',
    params: stateCodeParam,
    query: stateCostsQuerySchema,
    responses: { 200: stateCostsSchema },
    tables: { operatorSettings: 'read' },
  },
  'GET /api/orders/{id}/calendar': {
    handler: 'compliance/calendar',
    operationId: 'getOrderCalendar',
    summary: "A paid order's compliance calendar: state deadlines, the registered agent renewal and federal dates",
    description: 'A rule the state data cannot read into a date is an undated event ("check with the state"). 409 `order_not_paid` before payment.',
    tag: 'Orders',
    access: 'public',
    holder: true,
    params: idParam,
    responses: { 200: orderCalendarSchema },
    tables: { applications: 'read' },
  },
  'GET /api/orders/{id}/calendar.ics': {
    handler: 'compliance/calendar-ics',
    operationId: 'getOrderCalendarIcs',
    summary: 'The same calendar as an iCalendar file (RFC 5545), for any calendar app',
    tag: 'Orders',
    access: 'public',
    holder: true,
    params: idParam,
    responses: { 200: z.string().check(z.startsWith('BEGIN:VCALENDAR')) },
    produces: 'text/calendar',
    tables: { applications: 'read' },
  },
  'POST /api/orders/{id}/registered-agent/cancel-renewal': {
    handler: 'compliance/cancel-renewal',
    operationId: 'cancelRegisteredAgentRenewal',
    summary: 'Cancels the yearly registered agent renewal the customer agreed to (one step, no charge follows)',
    description: 'Cancelling twice answers the same cancellation. 409 `no_renewal` when there is no agreed renewal to cancel.',
    tag: 'Orders',
    access: 'public',
    holder: true,
    params: idParam,
    responses: { 200: renewalCancelledSchema },
    tables: { applications: 'write', activity: 'write', rateLimits: 'write' },
    rateLimit: { bucket: 'order-details', perMinute: RATE_LIMITS.orderDetails },
  },
  'POST /api/orders/{id}/registered-agent/resume-renewal': {
    handler: 'compliance/resume-renewal',
    operationId: 'resumeRegisteredAgentRenewal',
    summary: 'Undoes the cancellation of the registered agent renewal, until the service ends',
    description:
      'The renewal agreed before stands again, at the agreed price. Undoing twice answers the same renewal. 409 `not_cancelled` when it is not cancelled, `service_ended` once the service year is over.',
    tag: 'Orders',
    access: 'public',
    holder: true,
    params: idParam,
    responses: { 200: renewalCancelledSchema },
    tables: { applications: 'write', activity: 'write', rateLimits: 'write' },
    rateLimit: { bucket: 'order-details', perMinute: RATE_LIMITS.orderDetails },
  },
  'PUT /api/orders/{id}/reminders': {
    handler: 'compliance/reminders',
    operationId: 'setOrderReminders',
    summary: "Turns an order's deadline reminder emails on or off from the order page",
    description: 'For the holder of the order. Repeating it is harmless.',
    tag: 'Orders',
    access: 'public',
    holder: true,
    params: idParam,
    body: remindersBodySchema,
    responses: { 200: remindersStateSchema },
    tables: { applications: 'write', rateLimits: 'write' },
    rateLimit: { bucket: 'order-details', perMinute: RATE_LIMITS.orderDetails },
  },
  'POST /api/orders/{id}/registered-agent/renewal-payment': {
    handler: 'compliance/renewal-payment',
    operationId: 'payRegisteredAgentRenewal',
    summary: 'Pays the registered agent renewal whose charge failed, at the agreed price, before the grace period ends',
    description:
      'The emailed payment link opens the order page, which calls this. Local test mode: `card` (a test card) pays at once (`paid`). Stripe: answers a PaymentIntent for the agreed price (`requires_payment`) the page confirms; the webhook records it. 409 `no_renewal_payment_due` when nothing is due; 402 when the test card is declined.',
    tag: 'Orders',
    access: 'public',
    holder: true,
    params: idParam,
    body: renewalPaymentBodySchema,
    responses: { 200: renewalPaymentSchema },
    tables: { applications: 'write', activity: 'write', audit: 'append', outbox: 'write', reminders: 'write', rateLimits: 'write' },
    secrets: ['stripeSecretKey'],
    rateLimit: { bucket: 'payment-intent', perMinute: RATE_LIMITS.paymentStarts },
  },
  'PUT /api/orders/{id}/tax-plan': {
    handler: 'orders/save-tax-plan',
    operationId: 'saveOrderTaxPlan',
    summary: "Saves the creator's tax plan on the paid order: the quarterly estimates on its calendar, reminders and year-end summary",
    description:
      "`plan` is POST /api/tax-plan's input, validated by the same schema; `runningCosts` and `incomeMap` are optional. Only the inputs are kept (replacing the plan saved before); the server computes the amounts. A 400 names the field (`plan.profit`). 409 `order_not_paid` before payment, `version_conflict` when the order changed meanwhile.",
    tag: 'Orders',
    access: 'public',
    holder: true,
    params: idParam,
    body: savedTaxPlanBodySchema,
    responses: { 200: orderViewSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
    tables: { applications: 'write', reminders: 'write', rateLimits: 'write' },
    // The summary PDF of the plan it replaces is deleted.
    bucket: 'write',
    rateLimit: { bucket: 'order-details', perMinute: RATE_LIMITS.orderDetails },
  },
  'DELETE /api/orders/{id}/tax-plan': {
    handler: 'orders/remove-tax-plan',
    operationId: 'removeOrderTaxPlan',
    summary: 'Removes the tax plan saved on the order, and its year-end summary',
    description:
      'The estimated-tax dates then say no plan is saved. Removing when none is saved answers the order page as it is. 409 `version_conflict` when the order changed meanwhile.',
    tag: 'Orders',
    access: 'public',
    holder: true,
    params: idParam,
    responses: { 200: orderViewSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
    tables: { applications: 'write', rateLimits: 'write' },
    bucket: 'write',
    rateLimit: { bucket: 'order-details', perMinute: RATE_LIMITS.orderDetails },
  },
  // A generous limit: mail providers send one-click unsubscribes from shared addresses; the token is signed.
  'POST /api/reminders/unsubscribe': {
    handler: 'compliance/unsubscribe',
    operationId: 'unsubscribeFromReminders',
    summary: "Turns off an order's deadline reminder emails (the signed link in each reminder)",
    description:
      'The token comes in the JSON body, or in the query with the `List-Unsubscribe=One-Click` form body mail clients send (RFC 8058). Repeating it is harmless.',
    tag: 'Orders',
    access: 'public',
    query: unsubscribeQuerySchema,
    body: z.optional(unsubscribeBodySchema),
    responses: { 200: unsubscribedSchema },
    rawBody: true,
    tables: { applications: 'write', rateLimits: 'write' },
    secrets: ['linkSigningKey'],
    rateLimit: { bucket: 'unsubscribes', perMinute: RATE_LIMITS.unsubscribes },
  },

  // This API's own description (generated from this contract).
  'GET /api/openapi.json': {
    handler: 'openapi/get',
    operationId: 'getOpenApiDocument',
    summary: 'This API as an OpenAPI 3.1 document',
    tag: 'Meta',
    access: 'public',
    responses: { 200: openApiDocumentSchema },
  },
} as const satisfies Record<`${HttpMethod} /api/${string}`, RouteContract>;

export type Contract = typeof CONTRACT;
export type ApiRouteKey = keyof Contract;

/** Every route key, in the contract's order. */
export const API_ROUTE_KEYS = Object.keys(CONTRACT) as ApiRouteKey[];

/** Whether route `key` is for the application's holder only. */
export function isHolderRoute(key: string): boolean {
  return contractOf(key)?.holder === true;
}

/** The contract entry of a route key, or undefined for a key that is not a route. */
export function contractOf(key: string): RouteContract | undefined {
  return Object.hasOwn(CONTRACT, key) ? (CONTRACT as Record<string, RouteContract>)[key] : undefined;
}

// ---- Types the client and the handlers use -----------------------------------------------------

type Entry<K extends ApiRouteKey> = Contract[K];

/** Path parameters of a route (`never`: the path has none). */
export type ParamsOf<K extends ApiRouteKey> = Entry<K> extends { params: infer S extends z.ZodMiniType } ? z.input<S> : never;
/** Query parameters of a route (`never`: it accepts none). */
export type QueryOf<K extends ApiRouteKey> = Entry<K> extends { query: infer S extends z.ZodMiniType } ? z.input<S> : never;
/** Request body of a route, as a client sends it (`never`: no body). */
export type BodyOf<K extends ApiRouteKey> = Entry<K> extends { body: infer S extends z.ZodMiniType } ? z.input<S> : never;

type BodyAt<R, S> = S extends keyof R ? (R[S] extends z.ZodMiniType ? z.output<R[S]> : undefined) : never;
/** The success answer of a route: the body of whichever success status it declares (undefined for 204). */
export type ResponseOf<K extends ApiRouteKey> = BodyAt<Entry<K>['responses'], keyof Entry<K>['responses']>;
/** The body of one status of a route. */
export type ResponseAt<K extends ApiRouteKey, S extends SuccessStatus> = BodyAt<Entry<K>['responses'], S>;

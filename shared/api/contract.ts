import {
  orderCalendarSchema,
  renewalCancelledSchema,
  stateCostsQuerySchema,
  stateCostsSchema,
  unsubscribeBodySchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from '../compliance/api.schema.ts';
import { createContentSchema, updateContentSchema } from '../content/content-item.schema.ts';
import { filingDetailsBodySchema } from '../filing/details.schema.ts';
import { operatorSettingsUpdateSchema } from '../operator/settings.schema.ts';
import {
  documentIdSchema,
  documentLinkSchema,
  recordUploadSchema,
  staffDocumentsSchema,
  uploadIdSchema,
  uploadRequestSchema,
  uploadTicketSchema,
} from '../orders/documents.schema.ts';
import { changeRequestSchema, orderAccessSchema, orderLinkRequestSchema } from '../orders/requests.schema.ts';
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
import { calculatorInputSchema } from '../savings.schema.ts';
import { applicationListQuerySchema, applicationUpdateSchema } from '../staff/applications.schema.ts';
import { auditQuerySchema } from '../staff/audit-query.schema.ts';
import {
  acceptInvitationSchema,
  addSecondFactorSchema,
  inviteSchema,
  openInvitationSchema,
  secondFactorSchema,
  staffIdSchema,
} from '../staff/people.schema.ts';
import { staffLoginSchema, staffLogoutSchema } from '../staff/session.schema.ts';
import { contactFormSchema, ticketListQuerySchema, ticketReplySchema, ticketUpdateSchema } from '../staff/tickets.schema.ts';
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
import type { ApiRouteKey } from './routes.ts';
import {
  auditPageSchema,
  enrolmentSchema,
  loginResultSchema,
  openedInvitationSchema,
  operatorSettingsViewSchema,
  signedInSchema,
  staffAccountSchema,
  staffPeopleSchema,
  staffPersonSchema,
} from './staff-responses.schema.ts';

/**
 * The API contract: for every route key of ./routes.ts, its path parameters, query, body and
 * the answer of each success status, plus the error bodies it documents beyond the common one
 * (./errors.ts). Request schemas are the ones the SPA validates its forms with and the handlers
 * validate requests with. From this the SPA's client is typed (frontend/src/lib/api-client.ts),
 * handler tests check every answer (tests/helpers/events.ts), and the OpenAPI document is
 * generated (./openapi.ts). Who may call a route, and with what AWS access, is the server's
 * business: functions/routes.ts.
 */

export type SuccessStatus = 200 | 201 | 204;
export type ApiTag = 'Pricing' | 'Wizard' | 'Payments' | 'Orders' | 'Staff' | 'Support' | 'Content' | 'Meta';

type AnyObject = z.ZodMiniObject<z.core.$ZodShape, z.core.$ZodObjectConfig>;

export interface RouteContract {
  /** Stable operation name (OpenAPI operationId). */
  operationId: string;
  summary: string;
  description?: string;
  tag: ApiTag;
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
}

const idParam = z.strictObject({ id: applicationIdSchema });
const recordParam = z.strictObject({ id: recordIdSchema });
const stateCodeParam = z.strictObject({ stateCode: stateCodeParamSchema });
const applicationIdParam = z.strictObject({ applicationId: applicationIdSchema });
const orderDocumentParam = z.strictObject({ id: applicationIdSchema, documentId: documentIdSchema });

/** The per-address limit of an anonymous write route (functions/routes.ts `rateLimit`). */
const TOO_MANY_REQUESTS = rateLimited('Too many requests from this network');

/** Stripe's event, verified against the Stripe-Signature header over the raw bytes. */
const stripeEventSchema = z.looseObject({ id: z.string(), type: z.string() });

export const CONTRACT = {
  'GET /api/states': {
    operationId: 'listStates',
    summary: "Every state's filing fee, service fee, total and processing time, sorted by name",
    tag: 'Pricing',
    responses: { 200: z.array(statePricingSchema) },
  },
  'GET /api/state-pricing/{stateCode}': {
    operationId: 'getStatePricing',
    summary: "One state's price",
    tag: 'Pricing',
    params: stateCodeParam,
    responses: { 200: statePriceSchema },
  },
  'POST /api/calculate-savings': {
    operationId: 'calculateSavings',
    summary: 'Estimated yearly tax savings from monthly business expenses',
    tag: 'Pricing',
    body: calculatorInputSchema,
    responses: { 200: calculatorResultSchema },
  },

  'POST /api/llc-applications': {
    operationId: 'createApplication',
    summary: 'First save of the wizard: creates a draft application; the server makes the id',
    tag: 'Wizard',
    body: wizardPatchSchema,
    responses: { 201: createdApplicationSchema },
  },
  'PATCH /api/llc-applications/{id}': {
    operationId: 'saveApplication',
    summary: 'Saves any subset of the wizard data; with `completed: true` the whole data, and the application is submitted',
    description: 'A paid application can no longer be changed (409).',
    tag: 'Wizard',
    params: idParam,
    body: wizardPatchSchema,
    responses: { 200: savedApplicationSchema },
  },
  'GET /api/llc-applications/{id}': {
    operationId: 'getApplication',
    summary: "An application with its filing state's price and the order total",
    tag: 'Wizard',
    params: idParam,
    responses: { 200: applicationResponseSchema },
  },
  'POST /api/webhook/stage1': {
    operationId: 'captureLeadStage1',
    summary: 'Lead sent by the wizard after step 2 (creator profile)',
    tag: 'Wizard',
    body: stage1LeadSchema,
    responses: { 200: leadResultSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
  },
  'POST /api/webhook/stage2': {
    operationId: 'captureLeadStage2',
    summary: 'Lead sent by the wizard after step 3 (business setup)',
    tag: 'Wizard',
    body: stage2LeadSchema,
    responses: { 200: leadResultSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
  },
  'POST /api/business-names/generate': {
    operationId: 'generateBusinessNames',
    summary: 'Business name ideas from keywords and a category',
    tag: 'Wizard',
    body: generateNamesSchema,
    responses: { 200: z.array(nameSuggestionSchema) },
    errors: { rate_limited: TOO_MANY_REQUESTS },
  },
  'POST /api/business-names/check-availability': {
    operationId: 'checkBusinessName',
    summary: 'Whether a business name is free with us and meets the filing state’s naming rules',
    tag: 'Wizard',
    body: checkNameSchema,
    responses: { 200: nameAvailabilitySchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
  },

  'GET /api/payment-methods': {
    operationId: 'listPaymentMethods',
    summary: 'The payment methods the server has credentials for',
    tag: 'Payments',
    responses: { 200: paymentMethodsSchema },
  },
  'GET /api/payment-status/{applicationId}': {
    operationId: 'getPaymentStatus',
    summary: "An application's payment status (the success page polls it)",
    tag: 'Payments',
    params: applicationIdParam,
    responses: { 200: paymentStatusResponseSchema },
  },
  'POST /api/create-payment-intent': {
    operationId: 'createPaymentIntent',
    summary: "A Stripe PaymentIntent for the server's total of the application",
    description: "`amount` must be the server's total in cents; otherwise 409 with the server's `amount` and nothing is charged.",
    tag: 'Payments',
    body: createPaymentIntentSchema,
    responses: { 200: paymentIntentSchema },
    errors: { amount_changed: AMOUNT_CHANGED },
  },
  'POST /api/test-payments/confirm': {
    operationId: 'confirmTestPayment',
    summary: 'Offline test mode (local only): pays with a test card',
    tag: 'Payments',
    body: testConfirmSchema,
    responses: { 200: testPaymentResultSchema },
  },
  'POST /api/webhook/stripe': {
    operationId: 'stripeWebhook',
    summary: 'Stripe events (payment succeeded, failed, refunded)',
    description: 'The body is verified against the Stripe-Signature header over its exact bytes; each event id is processed once.',
    tag: 'Payments',
    body: stripeEventSchema,
    responses: { 200: stripeWebhookReceiptSchema },
  },
  'POST /api/amazon-pay/create-session': {
    operationId: 'createAmazonPaySession',
    summary: "A signed Amazon Pay checkout session for the server's total",
    tag: 'Payments',
    body: amazonPaySessionRequestSchema,
    responses: { 200: amazonPaySessionSchema },
    errors: { amount_changed: AMOUNT_CHANGED },
  },
  'POST /api/amazon-pay/complete-checkout': {
    operationId: 'completeAmazonPayCheckout',
    summary: 'Completes the Amazon Pay checkout session the buyer returned with',
    tag: 'Payments',
    body: amazonPayCompleteSchema,
    responses: { 200: paymentDoneSchema },
  },
  'POST /api/klarna/create-session': {
    operationId: 'createKlarnaSession',
    summary: "A Klarna Payments session for the server's total",
    tag: 'Payments',
    body: klarnaSessionRequestSchema,
    responses: { 200: klarnaSessionSchema },
    errors: { amount_changed: AMOUNT_CHANGED },
  },
  'POST /api/klarna/place-order': {
    operationId: 'placeKlarnaOrder',
    summary: 'Places the authorised Klarna order',
    tag: 'Payments',
    body: klarnaPlaceOrderSchema,
    responses: { 200: klarnaOrderSchema },
  },
  'POST /api/apple-pay/validate-merchant': {
    operationId: 'validateApplePayMerchant',
    summary: "Apple Pay merchant validation: Apple's merchant session for the browser",
    tag: 'Payments',
    body: applePayValidateSchema,
    responses: { 200: applePayMerchantSessionSchema },
  },
  'POST /api/apple-pay/process-payment': {
    operationId: 'processApplePayPayment',
    summary: 'Charges an authorised Apple Pay payment',
    tag: 'Payments',
    body: applePayProcessSchema,
    responses: { 200: paymentDoneSchema },
    errors: {
      payment_declined: applePayFailure(402, 'The payment was declined'),
      provider_error: applePayFailure(502, 'The payment provider failed'),
      not_configured: applePayFailure(503, 'Apple Pay is not configured'),
    },
  },

  'GET /api/orders/{id}': {
    operationId: 'getOrder',
    summary: "The customer's order page: timeline, receipt, filing details, documents and what happens next",
    tag: 'Orders',
    params: idParam,
    responses: { 200: orderViewSchema },
  },
  'PUT /api/orders/{id}/filing-details': {
    operationId: 'saveFilingDetails',
    summary:
      'The filing details the state needs, validated for the order’s filing state and add-ons; the SSN/ITIN is encrypted and kept as its last four digits',
    description: 'Accepted once the order is paid and until staff start processing (409 order_not_paid, details_locked).',
    tag: 'Orders',
    params: idParam,
    body: filingDetailsBodySchema,
    responses: { 200: orderViewSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
  },
  'POST /api/orders/{id}/access': {
    operationId: 'openOrderLink',
    summary: 'Exchanges the signed token of an emailed order link for a secret that opens the order in this browser',
    description: '403 link_expired when the link is too old (ask for a new one); 404 when the token is not this order’s.',
    tag: 'Orders',
    params: idParam,
    body: orderAccessSchema,
    responses: { 200: orderAccessResultSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
  },
  'POST /api/orders/{id}/links': {
    operationId: 'sendOrderLink',
    summary: 'Emails a new order-page link to the address the order was placed with',
    description: 'The answer is the same whether or not the order exists.',
    tag: 'Orders',
    params: idParam,
    body: orderLinkRequestSchema,
    responses: { 200: orderLinkSentSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
  },
  'POST /api/orders/{id}/change-requests': {
    operationId: 'requestOrderChange',
    summary: 'Opens a support ticket about the order ("request a change")',
    tag: 'Orders',
    params: idParam,
    body: changeRequestSchema,
    responses: { 201: changeRequestResultSchema },
    errors: { rate_limited: TOO_MANY_REQUESTS },
  },
  'GET /api/orders/{id}/documents/{documentId}': {
    operationId: 'getOrderDocumentLink',
    summary: 'A 5-minute download link to one document of the order’s vault (always a PDF attachment)',
    description: '404 `document_not_found` for a document that is not in this order’s vault. The store refuses the link once it has expired.',
    tag: 'Orders',
    params: orderDocumentParam,
    responses: { 200: documentLinkSchema },
  },

  'POST /api/staff/login': {
    operationId: 'staffLogin',
    summary: 'Staff sign-in, in two steps: email and password, then the step’s ticket and the authenticator app’s code',
    description:
      'The first step answers `signed_in` with the token for the staff-token header, `second_factor` with a ticket for the second step, or `enrol` (the stage requires a second factor and the person has none yet) with an authenticator-app secret whose first code the second step takes. The second step answers `signed_in`.',
    tag: 'Staff',
    body: z.union([staffLoginSchema, secondFactorSchema]),
    responses: { 200: loginResultSchema },
    errors: { login_locked: rateLimited('Too many failed sign-ins for the account (the wait grows with each, up to a minute) or from this network') },
  },
  'POST /api/staff/logout': {
    operationId: 'staffLogout',
    summary: 'Ends the session of the staff-token header (or of the body’s token)',
    tag: 'Staff',
    body: staffLogoutSchema,
    responses: { 204: null },
  },
  'GET /api/staff/dashboard': {
    operationId: 'getStaffDashboard',
    summary: 'Application and ticket counts, the 20 newest money, filing and support entries, and the 10 newest leads',
    tag: 'Staff',
    responses: { 200: dashboardStatsSchema },
  },
  'GET /api/staff/applications': {
    operationId: 'listStaffApplications',
    summary: 'Applications, newest first, 25 a page (drafts only when asked)',
    tag: 'Staff',
    query: applicationListQuerySchema,
    responses: { 200: staffApplicationPageSchema },
  },
  'GET /api/staff/tickets': {
    operationId: 'listSupportTickets',
    summary: 'Support tickets, newest first, 50 a page',
    tag: 'Staff',
    query: ticketListQuerySchema,
    responses: { 200: supportTicketPageSchema },
  },
  'PATCH /api/staff/tickets/{id}': {
    operationId: 'setTicketStatus',
    summary: 'Closes or reopens a support ticket',
    tag: 'Staff',
    params: recordParam,
    body: ticketUpdateSchema,
    responses: { 200: supportTicketSchema },
    errors: { status_conflict: STATUS_CONFLICT },
  },
  'PATCH /api/staff/applications/{id}': {
    operationId: 'updateStaffApplication',
    summary: 'Moves an application to its next status and/or saves staff notes',
    tag: 'Staff',
    params: idParam,
    body: applicationUpdateSchema,
    responses: { 200: staffApplicationSchema },
    errors: { status_conflict: STATUS_CONFLICT },
  },
  'GET /api/staff/applications/{id}/documents': {
    operationId: 'listOrderDocuments',
    summary: 'Every version of every document of an order, newest first, and the kinds it still lacks',
    tag: 'Staff',
    params: idParam,
    responses: { 200: staffDocumentsSchema },
  },
  'POST /api/staff/applications/{id}/documents': {
    operationId: 'generateOrderDocuments',
    summary: 'Generates the filing packet, and the operating agreement and EIN worksheet as bought, as new versions',
    description:
      'For a paid order with complete filing details, in processing or later (409 `order_not_paid`, `documents_unavailable`). Earlier versions are kept.',
    tag: 'Staff',
    params: idParam,
    responses: { 200: staffDocumentsSchema },
  },
  'GET /api/staff/applications/{id}/documents/{documentId}': {
    operationId: 'getStaffDocumentLink',
    summary: 'A 5-minute download link to any version of an order’s document',
    tag: 'Staff',
    params: orderDocumentParam,
    responses: { 200: documentLinkSchema },
  },
  'POST /api/staff/applications/{id}/uploads': {
    operationId: 'startDocumentUpload',
    summary: 'A presigned PUT (10 minutes) for one PDF of at most 10 MB',
    description: 'PUT the file to `url` with exactly `headers`, then record it (…/uploads/{uploadId}/record). 409 `order_not_paid`.',
    tag: 'Staff',
    params: idParam,
    body: uploadRequestSchema,
    responses: { 200: uploadTicketSchema },
  },
  'POST /api/staff/applications/{id}/uploads/{uploadId}/record': {
    operationId: 'recordDocumentUpload',
    summary: 'Checks the uploaded file and records it as a document of the order, with its kind and the state’s file number',
    description:
      '400 `not_a_pdf` or `file_too_large` (the file is removed), 409 `upload_missing` when nothing was uploaded. The approved document marks the filed version; the EIN letter deletes the stored SSN/ITIN. Recording the same upload again changes nothing.',
    tag: 'Staff',
    params: z.strictObject({ id: applicationIdSchema, uploadId: uploadIdSchema }),
    body: recordUploadSchema,
    responses: { 200: staffDocumentsSchema },
  },

  'POST /api/staff/applications/{id}/refund': {
    operationId: 'refundApplication',
    summary: 'Refunds the payment of a paid order, or a payment held for review, and records the refund',
    description:
      'Card and Apple Pay payments are refunded through Stripe; Klarna and Amazon Pay payments are refunded in their merchant portals (409 refund_in_provider_portal).',
    tag: 'Staff',
    params: idParam,
    responses: { 200: staffApplicationSchema },
  },

  'POST /api/staff/applications/{id}/tax-id/reveal': {
    operationId: 'revealTaxId',
    summary: "The responsible party's full SSN/ITIN, for the EIN application; every reveal is recorded",
    tag: 'Staff',
    params: idParam,
    responses: { 200: revealedTaxIdSchema },
  },
  'POST /api/staff/tickets/{id}/replies': {
    operationId: 'replyToTicket',
    summary: 'A staff reply, kept on the ticket and emailed to the customer',
    tag: 'Staff',
    params: recordParam,
    body: ticketReplySchema,
    responses: { 200: supportTicketSchema },
  },

  'POST /api/staff/invitations': {
    operationId: 'staffInvitation',
    summary: 'An invitation link, in two steps: the token alone opens it; with the step’s ticket, a password and the enrolled app’s first code it is accepted',
    description:
      'Opening answers who is invited and an authenticator-app secret to enrol; accepting answers signed in. 403 invitation_expired, 404 invitation_invalid (used, replaced or withdrawn).',
    tag: 'Staff',
    body: z.union([openInvitationSchema, acceptInvitationSchema]),
    responses: { 200: z.union([openedInvitationSchema, signedInSchema]) },
    errors: { rate_limited: TOO_MANY_REQUESTS },
  },
  'GET /api/staff/account': {
    operationId: 'getStaffAccount',
    summary: 'The signed-in person: role, second factor and live sessions',
    tag: 'Staff',
    responses: { 200: staffAccountSchema },
  },
  'POST /api/staff/account/second-factor': {
    operationId: 'addStaffSecondFactor',
    summary: 'Without a body: a new authenticator-app secret (and its QR code); with its ticket and the app’s first code: the account gets the app',
    tag: 'Staff',
    body: z.optional(addSecondFactorSchema),
    responses: { 200: z.union([enrolmentSchema, staffAccountSchema]) },
  },
  'DELETE /api/staff/account/sessions/{id}': {
    operationId: 'endStaffSession',
    summary: 'Ends one of the signed-in person’s sessions',
    tag: 'Staff',
    params: z.strictObject({ id: staffIdSchema }),
    responses: { 204: null },
  },
  'GET /api/staff/people': {
    operationId: 'listStaffPeople',
    summary: 'Owner: everyone invited or active, with their second factor and live sessions',
    tag: 'Staff',
    responses: { 200: staffPeopleSchema },
  },
  'POST /api/staff/people': {
    operationId: 'inviteStaffPerson',
    summary: 'Owner: invites a person by email (a link valid 72 hours)',
    description: '409 email_taken when the address is already on the staff.',
    tag: 'Staff',
    body: inviteSchema,
    responses: { 201: staffPersonSchema },
  },
  'DELETE /api/staff/people/{id}': {
    operationId: 'removeStaffPerson',
    summary: 'Owner: removes a person; their sessions end at once',
    tag: 'Staff',
    params: z.strictObject({ id: staffIdSchema }),
    responses: { 204: null },
  },
  'POST /api/staff/people/{id}/reset': {
    operationId: 'resetStaffSignIn',
    summary: 'Owner: clears a person’s password and second factor, ends their sessions and sends a new invitation',
    tag: 'Staff',
    params: z.strictObject({ id: staffIdSchema }),
    responses: { 200: staffPersonSchema },
  },
  'GET /api/staff/audit': {
    operationId: 'listAuditTrail',
    summary: 'The audit trail, newest first, 50 a page, by person, order and action',
    tag: 'Staff',
    query: auditQuerySchema,
    responses: { 200: auditPageSchema },
  },
  'GET /api/operator-settings': {
    operationId: 'getOperatorSettings',
    summary: 'The operator’s legal name, address, support contacts, registered-agent renewal price, refund terms and links (null: not set)',
    tag: 'Meta',
    responses: { 200: operatorSettingsViewSchema },
  },
  'PUT /api/staff/operator-settings': {
    operationId: 'saveOperatorSettings',
    summary: 'Owner: saves every operator setting at the version read',
    description: '409 settings_changed when someone saved since.',
    tag: 'Staff',
    body: operatorSettingsUpdateSchema,
    responses: { 200: operatorSettingsViewSchema },
  },

  'POST /api/support-tickets': {
    operationId: 'createSupportTicket',
    summary: 'The contact form: opens a support ticket (5 an hour from one network)',
    tag: 'Support',
    body: contactFormSchema,
    responses: { 201: createdTicketSchema },
    errors: { rate_limited: rateLimited('Too many messages or requests from this network') },
  },

  'GET /api/content': {
    operationId: 'listContent',
    summary: "The site's editable texts, by page and section",
    tag: 'Content',
    responses: { 200: z.array(contentItemSchema) },
  },
  'POST /api/content': {
    operationId: 'createContent',
    summary: 'Creates the text of a page section (one per page and section)',
    tag: 'Content',
    body: createContentSchema,
    responses: { 201: contentItemSchema },
  },
  'PATCH /api/content/{id}': {
    operationId: 'updateContent',
    summary: 'Changes a content item’s text or type',
    tag: 'Content',
    params: recordParam,
    body: updateContentSchema,
    responses: { 200: contentItemSchema },
  },
  'DELETE /api/content/{id}': {
    operationId: 'deleteContent',
    summary: 'Deletes a content item (the site falls back to its built-in text)',
    tag: 'Content',
    params: recordParam,
    responses: { 204: null },
  },

  'GET /api/state-costs/{stateCode}': {
    operationId: 'getStateCosts',
    summary: "An LLC's itemised first three years in a state, whole dollars, every line with its source",
    description:
      'With `residence` (the state the owner lives and works in), also that state’s foreign registration fee and its own yearly obligations. `total` is the sum of the lines. An unknown code is a 404.',
    tag: 'Pricing',
    params: stateCodeParam,
    query: stateCostsQuerySchema,
    responses: { 200: stateCostsSchema },
  },
  'GET /api/orders/{id}/calendar': {
    operationId: 'getOrderCalendar',
    summary: "A paid order's compliance calendar: state deadlines, the registered agent renewal and federal dates",
    description: 'A rule the state data cannot read into a date is an undated event ("check with the state"). 409 `order_not_paid` before payment.',
    tag: 'Orders',
    params: idParam,
    responses: { 200: orderCalendarSchema },
  },
  'GET /api/orders/{id}/calendar.ics': {
    operationId: 'getOrderCalendarIcs',
    summary: 'The same calendar as an iCalendar file (RFC 5545), for any calendar app',
    tag: 'Orders',
    params: idParam,
    responses: { 200: z.string().check(z.startsWith('BEGIN:VCALENDAR')) },
    produces: 'text/calendar',
  },
  'POST /api/orders/{id}/registered-agent/cancel-renewal': {
    operationId: 'cancelRegisteredAgentRenewal',
    summary: 'Cancels the yearly registered agent renewal the customer agreed to (one step, no charge follows)',
    description: 'Cancelling twice answers the same cancellation. 409 `no_renewal` when there is no agreed renewal to cancel.',
    tag: 'Orders',
    params: idParam,
    responses: { 200: renewalCancelledSchema },
  },
  'POST /api/reminders/unsubscribe': {
    operationId: 'unsubscribeFromReminders',
    summary: "Turns off an order's deadline reminder emails (the signed link in each reminder)",
    description:
      'The token comes in the JSON body, or in the query with the `List-Unsubscribe=One-Click` form body mail clients send (RFC 8058). Repeating it is harmless.',
    tag: 'Orders',
    query: unsubscribeQuerySchema,
    body: z.optional(unsubscribeBodySchema),
    responses: { 200: unsubscribedSchema },
  },

  'GET /api/openapi.json': {
    operationId: 'getOpenApiDocument',
    summary: 'This API as an OpenAPI 3.1 document',
    tag: 'Meta',
    responses: { 200: openApiDocumentSchema },
  },
} as const satisfies { [K in ApiRouteKey]: RouteContract };

export type Contract = typeof CONTRACT;
export type { ApiRouteKey };

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

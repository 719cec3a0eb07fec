import { API_ROUTES, type ApiPath, type ApiRouteKey, type HttpMethod, type RouteIndexEntry, splitRouteKey } from '#shared/api/routes.ts';
import type { StaffRole } from '#shared/staff/accounts.ts';
import type { SecretKey } from './secrets-catalog.ts';
import type { TableKey } from './tables.ts';

/**
 * The API's route table: the single source the local server dispatches from, the CDK API
 * stack generates one Lambda function per entry from, and the staff-token check reads.
 *
 * Which routes exist, their paths and their query parameters are the API contract's
 * (shared/api/routes.ts, schemas in shared/api/contract.ts); this file adds what only the server
 * knows, keyed by the same route keys:
 * - handler: module under functions/handlers/ exporting `handler`.
 * - access: `staff` routes need a valid `staff-token` header (checked by functions/lib/http.ts).
 * - role: who of the staff may call a staff route: `staff` (everyone signed in) or `owner`; the
 *   middleware answers 403 owner_only to anyone else. A staff route without a role is the owner's.
 * - tables / bucket / secrets: what the handler touches; the stack grants exactly these. `append`
 *   (the audit table) is PutItem only: no function may change or delete an entry.
 * - rateLimit: the per-address request limit the middleware (functions/lib/http.ts) enforces
 *   before the handler runs; such a route lists `rateLimits: 'write'` for it.
 */
export type { HttpMethod };
export type Access = 'public' | 'staff';
export type Grant = 'read' | 'write' | 'append';

/** What the server knows of a route. */
export interface ServerRoute {
  handler: string;
  access: Access;
  /** Staff routes: the role the signed-in person needs (owner-only when absent). */
  role?: StaffRole;
  tables?: Partial<Record<TableKey, Grant>>;
  bucket?: Grant;
  secrets?: SecretKey[];
  /** Uses the PII key (sealed tax ids): `encrypt` seals only, `decrypt` also opens; the stack grants exactly that. */
  kms?: 'encrypt' | 'decrypt';
  /** Body is passed through untouched (webhook signatures are computed over raw bytes). */
  rawBody?: boolean;
  memoryMb?: number;
  timeoutSeconds?: number;
  /** Requests a minute from one address (routes of one bucket share the count); 429 with Retry-After beyond. */
  rateLimit?: RateLimit;
}

export interface RateLimit {
  bucket: string;
  perMinute: number;
}

export interface RouteDef extends ServerRoute {
  method: HttpMethod;
  path: ApiPath;
  /** Query parameters the route accepts (from the contract); any other is a 400. */
  query?: readonly string[];
}

// Every staff route reads the sessions table for the token check.
const staffSession = { sessions: 'read' } as const;

/**
 * Routes that write the order's PDFs (functions/documents/): memory for fontkit and time for a
 * packet. Their bundles ship the fonts folder because they import it (infra/lambda-bundle.ts FUNCTION_ASSETS).
 */
const DOCUMENT_GENERATION = { memoryMb: 1024, timeoutSeconds: 29 } as const;

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

/** Exactly the contract's route keys: a missing or unknown key does not compile. */
export const SERVER_ROUTES = {
  // Pricing and the calculator (static data, no tables).
  'GET /api/states': { handler: 'states/list', access: 'public' },
  'GET /api/state-pricing/{stateCode}': { handler: 'states/get-pricing', access: 'public' },
  'POST /api/calculate-savings': { handler: 'savings/calculate', access: 'public' },

  // The wizard.
  'POST /api/llc-applications': {
    handler: 'applications/create',
    access: 'public',
    tables: { applications: 'write', rateLimits: 'write' },
    rateLimit: { bucket: 'drafts', perMinute: RATE_LIMITS.drafts },
  },
  'PATCH /api/llc-applications/{id}': {
    handler: 'applications/update',
    access: 'public',
    tables: { applications: 'write', counters: 'write', activity: 'write', rateLimits: 'write' },
    rateLimit: { bucket: 'application-saves', perMinute: RATE_LIMITS.applicationSaves },
  },
  'GET /api/llc-applications/{id}': { handler: 'applications/get', access: 'public', tables: { applications: 'read' } },
  'POST /api/webhook/stage1': {
    handler: 'leads/stage1',
    access: 'public',
    tables: { leads: 'write', activity: 'write', rateLimits: 'write' },
    secrets: ['crmWebhookUrl'],
    rateLimit: { bucket: 'leads', perMinute: RATE_LIMITS.leads },
  },
  'POST /api/webhook/stage2': {
    handler: 'leads/stage2',
    access: 'public',
    tables: { leads: 'write', activity: 'write', rateLimits: 'write' },
    secrets: ['crmWebhookUrl'],
    rateLimit: { bucket: 'leads', perMinute: RATE_LIMITS.leads },
  },
  'POST /api/business-names/generate': {
    handler: 'business-names/generate',
    access: 'public',
    tables: { applications: 'read', rateLimits: 'write' },
    rateLimit: { bucket: 'business-names', perMinute: RATE_LIMITS.businessNames },
  },
  'POST /api/business-names/check-availability': {
    handler: 'business-names/check-availability',
    access: 'public',
    tables: { applications: 'read', rateLimits: 'write' },
    rateLimit: { bucket: 'business-names', perMinute: RATE_LIMITS.businessNames },
  },

  // Payments. Every path that marks an application paid writes applications + counters + activity.
  'GET /api/payment-methods': {
    handler: 'payments/methods',
    access: 'public',
    secrets: ['stripeSecretKey', 'klarna', 'amazonPay', 'applePay'],
  },
  'GET /api/payment-status/{applicationId}': { handler: 'payments/status', access: 'public', tables: { applications: 'read' } },
  'POST /api/create-payment-intent': {
    handler: 'payments/create-payment-intent',
    access: 'public',
    tables: { applications: 'write', rateLimits: 'write' },
    secrets: ['stripeSecretKey'],
    rateLimit: { bucket: 'payment-intent', perMinute: RATE_LIMITS.paymentStarts },
  },
  'POST /api/test-payments/confirm': {
    handler: 'payments/test-confirm',
    access: 'public',
    tables: { applications: 'write', counters: 'write', activity: 'write', rateLimits: 'write', outbox: 'write', reminders: 'write' },
    rateLimit: { bucket: 'test-payment', perMinute: RATE_LIMITS.paymentStarts },
  },
  'POST /api/webhook/stripe': {
    handler: 'payments/stripe-webhook',
    access: 'public',
    rawBody: true,
    tables: { applications: 'write', paymentEvents: 'write', counters: 'write', activity: 'write', outbox: 'write', reminders: 'write' },
    secrets: ['stripeSecretKey', 'stripeWebhookSecret'],
  },
  'POST /api/amazon-pay/create-session': {
    handler: 'payments/amazon-pay-create-session',
    access: 'public',
    tables: { applications: 'read', rateLimits: 'write' },
    secrets: ['amazonPay'],
    rateLimit: { bucket: 'amazon-pay-session', perMinute: RATE_LIMITS.paymentStarts },
  },
  'POST /api/amazon-pay/complete-checkout': {
    handler: 'payments/amazon-pay-complete',
    access: 'public',
    tables: { applications: 'write', counters: 'write', activity: 'write', rateLimits: 'write', outbox: 'write', reminders: 'write' },
    secrets: ['amazonPay'],
    rateLimit: { bucket: 'amazon-pay-checkout', perMinute: RATE_LIMITS.paymentStarts },
  },
  'POST /api/klarna/create-session': {
    handler: 'payments/klarna-create-session',
    access: 'public',
    tables: { applications: 'write', rateLimits: 'write' },
    secrets: ['klarna'],
    rateLimit: { bucket: 'klarna-session', perMinute: RATE_LIMITS.paymentStarts },
  },
  'POST /api/klarna/place-order': {
    handler: 'payments/klarna-place-order',
    access: 'public',
    tables: { applications: 'write', counters: 'write', activity: 'write', rateLimits: 'write', outbox: 'write', reminders: 'write' },
    secrets: ['klarna'],
    rateLimit: { bucket: 'klarna-order', perMinute: RATE_LIMITS.paymentStarts },
  },
  'POST /api/apple-pay/validate-merchant': {
    handler: 'payments/apple-pay-validate-merchant',
    access: 'public',
    tables: { applications: 'read', rateLimits: 'write' },
    secrets: ['applePay'],
    rateLimit: { bucket: 'apple-pay-merchant', perMinute: RATE_LIMITS.paymentStarts },
  },
  'POST /api/apple-pay/process-payment': {
    handler: 'payments/apple-pay-process-payment',
    access: 'public',
    tables: { applications: 'write', counters: 'write', activity: 'write', rateLimits: 'write', outbox: 'write', reminders: 'write' },
    secrets: ['stripeSecretKey', 'applePay'],
    rateLimit: { bucket: 'apple-pay-payment', perMinute: RATE_LIMITS.paymentStarts },
  },

  // The customer's order page.
  'GET /api/orders/{id}': { handler: 'orders/get', access: 'public', tables: { applications: 'read' } },
  'PUT /api/orders/{id}/filing-details': {
    handler: 'orders/save-details',
    access: 'public',
    tables: { applications: 'write', activity: 'write', rateLimits: 'write', operatorSettings: 'read' },
    kms: 'encrypt',
    rateLimit: { bucket: 'order-details', perMinute: RATE_LIMITS.orderDetails },
  },
  'POST /api/orders/{id}/access': {
    handler: 'orders/access',
    access: 'public',
    tables: { applications: 'write', rateLimits: 'write' },
    secrets: ['linkSigningKey'],
    rateLimit: { bucket: 'order-access', perMinute: RATE_LIMITS.orderLinks },
  },
  'POST /api/orders/{id}/links': {
    handler: 'orders/send-link',
    access: 'public',
    tables: { applications: 'read', outbox: 'write', rateLimits: 'write' },
    rateLimit: { bucket: 'order-links', perMinute: RATE_LIMITS.orderLinks },
  },
  'POST /api/orders/{id}/change-requests': {
    handler: 'orders/change-request',
    access: 'public',
    tables: { applications: 'read', tickets: 'write', counters: 'write', activity: 'write', rateLimits: 'write' },
    rateLimit: { bucket: 'support-tickets', perMinute: RATE_LIMITS.supportTickets },
  },
  'GET /api/orders/{id}/documents/{documentId}': {
    handler: 'orders/document-link',
    access: 'public',
    tables: { applications: 'read' },
    bucket: 'read',
  },

  // Staff back office.
  'POST /api/staff/login': {
    handler: 'staff/login',
    access: 'public',
    tables: { sessions: 'write', rateLimits: 'write', staff: 'write', audit: 'append' },
    secrets: ['staffPasswordHash'],
  },
  'POST /api/staff/logout': { handler: 'staff/logout', access: 'public', tables: { sessions: 'write', staff: 'write', audit: 'append' } },
  'GET /api/staff/dashboard': {
    handler: 'staff/dashboard',
    access: 'staff',
    role: 'staff',
    tables: { ...staffSession, counters: 'read', activity: 'read' },
  },
  'GET /api/staff/applications': {
    handler: 'staff/list-applications',
    access: 'staff',
    role: 'staff',
    tables: { ...staffSession, applications: 'read' },
  },
  'GET /api/staff/tickets': {
    handler: 'staff/list-tickets',
    access: 'staff',
    role: 'staff',
    tables: { ...staffSession, tickets: 'read' },
  },
  'PATCH /api/staff/tickets/{id}': {
    handler: 'staff/update-ticket',
    access: 'staff',
    role: 'staff',
    tables: { ...staffSession, tickets: 'write', counters: 'write', activity: 'write', audit: 'append' },
  },
  // Start Processing also generates the order's documents (functions/order-documents/generate.ts).
  'PATCH /api/staff/applications/{id}': {
    handler: 'staff/update-application',
    access: 'staff',
    role: 'staff',
    tables: {
      ...staffSession,
      applications: 'write',
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
  'GET /api/staff/applications/{id}/documents': {
    handler: 'staff/documents',
    access: 'staff',
    role: 'staff',
    tables: { ...staffSession, applications: 'read' },
  },
  'POST /api/staff/applications/{id}/documents': {
    handler: 'staff/documents-generate',
    access: 'staff',
    role: 'staff',
    tables: { ...staffSession, applications: 'write', activity: 'write', audit: 'append', operatorSettings: 'read' },
    bucket: 'write',
    ...DOCUMENT_GENERATION,
  },
  'GET /api/staff/applications/{id}/documents/{documentId}': {
    handler: 'staff/document-link',
    access: 'staff',
    role: 'staff',
    tables: { ...staffSession, applications: 'read' },
    bucket: 'read',
  },
  'POST /api/staff/applications/{id}/uploads': {
    handler: 'staff/upload-start',
    access: 'staff',
    role: 'staff',
    tables: { ...staffSession, applications: 'read' },
    bucket: 'write',
  },
  'POST /api/staff/applications/{id}/uploads/{uploadId}/record': {
    handler: 'staff/upload-record',
    access: 'staff',
    role: 'staff',
    tables: { ...staffSession, applications: 'write', activity: 'write', audit: 'append' },
    bucket: 'write',
  },

  'POST /api/staff/applications/{id}/refund': {
    handler: 'staff/refund',
    access: 'staff',
    role: 'owner',
    tables: { ...staffSession, applications: 'write', activity: 'write', audit: 'append' },
    secrets: ['stripeSecretKey'],
  },

  'POST /api/staff/applications/{id}/tax-id/reveal': {
    handler: 'staff/reveal-tax-id',
    access: 'staff',
    role: 'owner',
    tables: { ...staffSession, applications: 'read', activity: 'write', audit: 'append' },
    kms: 'decrypt',
  },
  'POST /api/staff/tickets/{id}/replies': {
    handler: 'staff/reply-ticket',
    access: 'staff',
    role: 'staff',
    tables: { ...staffSession, tickets: 'write', activity: 'write', outbox: 'write', audit: 'append' },
  },

  // Contact form: support tickets staff see in the tickets tab.
  'POST /api/support-tickets': {
    handler: 'support/create-ticket',
    access: 'public',
    tables: { tickets: 'write', counters: 'write', activity: 'write', rateLimits: 'write' },
    rateLimit: { bucket: 'support-tickets', perMinute: RATE_LIMITS.supportTickets },
  },

  // Site content.
  'GET /api/content': { handler: 'content/list', access: 'public', tables: { content: 'read' } },
  'POST /api/content': { handler: 'content/create', access: 'staff', role: 'staff', tables: { ...staffSession, content: 'write', audit: 'append' } },
  'PATCH /api/content/{id}': { handler: 'content/update', access: 'staff', role: 'staff', tables: { ...staffSession, content: 'write', audit: 'append' } },
  'DELETE /api/content/{id}': { handler: 'content/delete', access: 'staff', role: 'staff', tables: { ...staffSession, content: 'write', audit: 'append' } },

  // The true cost (static data, no tables), the compliance calendar and its reminders.
  'GET /api/state-costs/{stateCode}': { handler: 'state-costs/get', access: 'public', tables: { operatorSettings: 'read' } },
  'GET /api/orders/{id}/calendar': { handler: 'compliance/calendar', access: 'public', tables: { applications: 'read' } },
  'GET /api/orders/{id}/calendar.ics': { handler: 'compliance/calendar-ics', access: 'public', tables: { applications: 'read' } },
  'POST /api/orders/{id}/registered-agent/cancel-renewal': {
    handler: 'compliance/cancel-renewal',
    access: 'public',
    tables: { applications: 'write', activity: 'write', rateLimits: 'write' },
    rateLimit: { bucket: 'order-details', perMinute: RATE_LIMITS.orderDetails },
  },
  // A generous limit: mail providers send one-click unsubscribes from shared addresses; the token is signed.
  'POST /api/reminders/unsubscribe': {
    handler: 'compliance/unsubscribe',
    access: 'public',
    rawBody: true,
    tables: { applications: 'write', rateLimits: 'write' },
    secrets: ['linkSigningKey'],
    rateLimit: { bucket: 'unsubscribes', perMinute: RATE_LIMITS.unsubscribes },
  },

  // Staff accounts (functions/data/staff-accounts.ts, sign-in.ts), the audit trail, the operator's settings.
  'POST /api/staff/invitations': {
    handler: 'staff/invitation',
    access: 'public',
    tables: { staff: 'write', sessions: 'write', rateLimits: 'write', audit: 'append' },
    secrets: ['linkSigningKey'],
    rateLimit: { bucket: 'staff-invitations', perMinute: RATE_LIMITS.staffInvitations },
  },
  'GET /api/staff/account': { handler: 'staff/account', access: 'staff', role: 'staff', tables: { ...staffSession, staff: 'read' } },
  'POST /api/staff/account/second-factor': {
    handler: 'staff/account-factor',
    access: 'staff',
    role: 'staff',
    tables: { ...staffSession, staff: 'write', audit: 'append' },
  },
  'DELETE /api/staff/account/sessions/{id}': {
    handler: 'staff/account-end-session',
    access: 'staff',
    role: 'staff',
    tables: { sessions: 'write', staff: 'write', audit: 'append' },
  },
  'GET /api/staff/people': { handler: 'staff/people-list', access: 'staff', role: 'owner', tables: { ...staffSession, staff: 'read' } },
  'POST /api/staff/people': {
    handler: 'staff/people-invite',
    access: 'staff',
    role: 'owner',
    tables: { ...staffSession, staff: 'write', outbox: 'write', audit: 'append' },
  },
  'DELETE /api/staff/people/{id}': {
    handler: 'staff/people-remove',
    access: 'staff',
    role: 'owner',
    tables: { sessions: 'write', staff: 'write', audit: 'append' },
  },
  'POST /api/staff/people/{id}/reset': {
    handler: 'staff/people-reset',
    access: 'staff',
    role: 'owner',
    tables: { sessions: 'write', staff: 'write', outbox: 'write', audit: 'append' },
  },
  'GET /api/staff/audit': { handler: 'staff/audit', access: 'staff', role: 'staff', tables: { ...staffSession, audit: 'read' } },
  'GET /api/operator-settings': { handler: 'operator/settings', access: 'public', tables: { operatorSettings: 'read' } },
  'PUT /api/staff/operator-settings': {
    handler: 'staff/operator-settings',
    access: 'staff',
    role: 'owner',
    tables: { ...staffSession, operatorSettings: 'write', audit: 'append' },
  },

  // This API's own description (generated from the contract).
  'GET /api/openapi.json': { handler: 'openapi/get', access: 'public' },
} as const satisfies { [K in ApiRouteKey]: ServerRoute };

export type RouteKey = `${HttpMethod} ${string}`;
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): RouteKey => `${r.method} ${r.path}`;

/** The route table: the contract's routes (in its order) with what the server knows of each. */
export const ROUTES: readonly RouteDef[] = (Object.keys(API_ROUTES) as ApiRouteKey[]).map((key) => {
  const entry: RouteIndexEntry = API_ROUTES[key];
  return { ...splitRouteKey(key), ...(SERVER_ROUTES[key] as ServerRoute), ...(entry.query ? { query: entry.query } : {}) };
});

const byKey = new Map<string, RouteDef>(ROUTES.map((r) => [routeKey(r), r]));
export function findRoute(key: string): RouteDef | undefined {
  return byKey.get(key);
}

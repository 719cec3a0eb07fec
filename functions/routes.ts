import type { SecretKey } from './secrets-catalog.ts';
import type { TableKey } from './tables.ts';

/**
 * The API's route table: the single source the local server dispatches from, the CDK API
 * stack generates one Lambda function per entry from, and the staff-token check reads.
 *
 * - handler: module under functions/handlers/ exporting `handler`.
 * - access: `staff` routes need a valid `staff-token` header (checked by functions/lib/http.ts).
 * - tables / bucket / secrets: what the handler touches; the stack grants exactly these.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Access = 'public' | 'staff';
export type Grant = 'read' | 'write';

export interface RouteDef {
  method: HttpMethod;
  path: `/api/${string}`;
  handler: string;
  access: Access;
  tables?: Partial<Record<TableKey, Grant>>;
  bucket?: Grant;
  secrets?: SecretKey[];
  /** Body is passed through untouched (webhook signatures are computed over raw bytes). */
  rawBody?: boolean;
  /** Query parameters the route accepts; any other is a 400. */
  query?: readonly string[];
  memoryMb?: number;
  timeoutSeconds?: number;
}

// Every staff route reads the sessions table for the token check.
const staffSession = { sessions: 'read' } as const;

export const ROUTES = [
  // Pricing and the calculator (static data, no tables).
  { method: 'GET', path: '/api/states', handler: 'states/list', access: 'public' },
  { method: 'GET', path: '/api/state-pricing/{stateCode}', handler: 'states/get-pricing', access: 'public' },
  { method: 'POST', path: '/api/calculate-savings', handler: 'savings/calculate', access: 'public' },

  // The wizard.
  { method: 'POST', path: '/api/llc-applications', handler: 'applications/create', access: 'public', tables: { applications: 'write' } },
  {
    method: 'PATCH',
    path: '/api/llc-applications/{id}',
    handler: 'applications/update',
    access: 'public',
    tables: { applications: 'write', counters: 'write', activity: 'write' },
  },
  { method: 'GET', path: '/api/llc-applications/{id}', handler: 'applications/get', access: 'public', tables: { applications: 'read' } },
  {
    method: 'POST',
    path: '/api/webhook/stage1',
    handler: 'leads/stage1',
    access: 'public',
    tables: { leads: 'write', activity: 'write' },
    secrets: ['crmWebhookUrl'],
  },
  {
    method: 'POST',
    path: '/api/webhook/stage2',
    handler: 'leads/stage2',
    access: 'public',
    tables: { leads: 'write', activity: 'write' },
    secrets: ['crmWebhookUrl'],
  },
  { method: 'POST', path: '/api/business-names/generate', handler: 'business-names/generate', access: 'public', tables: { applications: 'read' } },
  {
    method: 'POST',
    path: '/api/business-names/check-availability',
    handler: 'business-names/check-availability',
    access: 'public',
    tables: { applications: 'read' },
  },

  // Payments. Every path that marks an application paid writes applications + counters + activity.
  {
    method: 'GET',
    path: '/api/payment-methods',
    handler: 'payments/methods',
    access: 'public',
    secrets: ['stripeSecretKey', 'klarna', 'amazonPay', 'applePay'],
  },
  { method: 'GET', path: '/api/payment-status/{applicationId}', handler: 'payments/status', access: 'public', tables: { applications: 'read' } },
  {
    method: 'POST',
    path: '/api/create-payment-intent',
    handler: 'payments/create-payment-intent',
    access: 'public',
    tables: { applications: 'write' },
    secrets: ['stripeSecretKey'],
  },
  {
    method: 'POST',
    path: '/api/test-payments/confirm',
    handler: 'payments/test-confirm',
    access: 'public',
    tables: { applications: 'write', counters: 'write', activity: 'write' },
  },
  {
    method: 'POST',
    path: '/api/webhook/stripe',
    handler: 'payments/stripe-webhook',
    access: 'public',
    rawBody: true,
    tables: { applications: 'write', paymentEvents: 'write', counters: 'write', activity: 'write' },
    secrets: ['stripeSecretKey', 'stripeWebhookSecret'],
  },
  {
    method: 'POST',
    path: '/api/amazon-pay/create-session',
    handler: 'payments/amazon-pay-create-session',
    access: 'public',
    tables: { applications: 'read' },
    secrets: ['amazonPay'],
  },
  {
    method: 'POST',
    path: '/api/amazon-pay/complete-checkout',
    handler: 'payments/amazon-pay-complete',
    access: 'public',
    tables: { applications: 'write', counters: 'write', activity: 'write' },
    secrets: ['amazonPay'],
  },
  {
    method: 'POST',
    path: '/api/klarna/create-session',
    handler: 'payments/klarna-create-session',
    access: 'public',
    tables: { applications: 'write' },
    secrets: ['klarna'],
  },
  {
    method: 'POST',
    path: '/api/klarna/place-order',
    handler: 'payments/klarna-place-order',
    access: 'public',
    tables: { applications: 'write', counters: 'write', activity: 'write' },
    secrets: ['klarna'],
  },
  {
    method: 'POST',
    path: '/api/apple-pay/validate-merchant',
    handler: 'payments/apple-pay-validate-merchant',
    access: 'public',
    tables: { applications: 'read' },
    secrets: ['applePay'],
  },
  {
    method: 'POST',
    path: '/api/apple-pay/process-payment',
    handler: 'payments/apple-pay-process-payment',
    access: 'public',
    tables: { applications: 'write', counters: 'write', activity: 'write' },
    secrets: ['stripeSecretKey', 'applePay'],
  },

  // Staff back office.
  {
    method: 'POST',
    path: '/api/staff/login',
    handler: 'staff/login',
    access: 'public',
    tables: { sessions: 'write', rateLimits: 'write' },
    secrets: ['staffPasswordHash'],
  },
  { method: 'POST', path: '/api/staff/logout', handler: 'staff/logout', access: 'public', tables: { sessions: 'write' } },
  { method: 'GET', path: '/api/staff/dashboard', handler: 'staff/dashboard', access: 'staff', tables: { ...staffSession, counters: 'read', activity: 'read' } },
  {
    method: 'GET',
    path: '/api/staff/applications',
    handler: 'staff/list-applications',
    access: 'staff',
    tables: { ...staffSession, applications: 'read' },
    query: ['cursor', 'status', 'includeDrafts'],
  },
  {
    method: 'GET',
    path: '/api/staff/tickets',
    handler: 'staff/list-tickets',
    access: 'staff',
    tables: { ...staffSession, tickets: 'read' },
    query: ['cursor'],
  },
  {
    method: 'PATCH',
    path: '/api/staff/tickets/{id}',
    handler: 'staff/update-ticket',
    access: 'staff',
    tables: { ...staffSession, tickets: 'write', counters: 'write', activity: 'write' },
  },
  {
    method: 'PATCH',
    path: '/api/staff/applications/{id}',
    handler: 'staff/update-application',
    access: 'staff',
    tables: { ...staffSession, applications: 'write', counters: 'write', activity: 'write' },
  },
  {
    method: 'POST',
    path: '/api/staff/sunbiz/{id}',
    handler: 'staff/sunbiz',
    access: 'staff',
    tables: { ...staffSession, applications: 'write', activity: 'write' },
    bucket: 'write',
    memoryMb: 1024,
  },

  // Contact form: support tickets staff see in the tickets tab.
  {
    method: 'POST',
    path: '/api/support-tickets',
    handler: 'support/create-ticket',
    access: 'public',
    tables: { tickets: 'write', counters: 'write', activity: 'write', rateLimits: 'write' },
  },

  // Site content.
  { method: 'GET', path: '/api/content', handler: 'content/list', access: 'public', tables: { content: 'read' } },
  { method: 'POST', path: '/api/content', handler: 'content/create', access: 'staff', tables: { ...staffSession, content: 'write' } },
  { method: 'PATCH', path: '/api/content/{id}', handler: 'content/update', access: 'staff', tables: { ...staffSession, content: 'write' } },
  { method: 'DELETE', path: '/api/content/{id}', handler: 'content/delete', access: 'staff', tables: { ...staffSession, content: 'write' } },
] as const satisfies readonly RouteDef[];

export type RouteKey = `${HttpMethod} ${string}`;
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): RouteKey => `${r.method} ${r.path}`;

const byKey = new Map<string, RouteDef>((ROUTES as readonly RouteDef[]).map((r) => [routeKey(r), r]));
export function findRoute(key: string): RouteDef | undefined {
  return byKey.get(key);
}

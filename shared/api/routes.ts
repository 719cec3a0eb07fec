/**
 * The API's route keys (`"METHOD /api/path"`, `{name}` for a path parameter) and the query
 * parameters each accepts: the index of the contract (./contract.ts holds each route's schemas).
 *
 * Kept free of zod on purpose: the route table (functions/routes.ts) and so every Lambda
 * function imports this, and the schemas of all routes would add about 45 KB to each bundle
 * (each bundle has a 300 KB budget: docs/benchmarks.md). contract.ts is typed against
 * these keys, and a test checks that each query list equals the keys of its query schema.
 */
export const API_ROUTES = {
  // Pricing and the calculator.
  'GET /api/states': {},
  'GET /api/state-pricing/{stateCode}': {},
  'POST /api/calculate-savings': {},

  // The wizard.
  'POST /api/llc-applications': {},
  'PATCH /api/llc-applications/{id}': { holder: true },
  'GET /api/llc-applications/{id}': { holder: true },
  'POST /api/webhook/stage1': {},
  'POST /api/webhook/stage2': {},
  'POST /api/business-names/generate': {},
  'POST /api/business-names/check-availability': {},

  // Payments.
  'GET /api/payment-methods': {},
  'GET /api/payment-status/{applicationId}': { holder: true },
  'POST /api/create-payment-intent': { holder: true },
  'POST /api/test-payments/confirm': { holder: true },
  'POST /api/webhook/stripe': {},
  'POST /api/amazon-pay/create-session': { holder: true },
  'POST /api/amazon-pay/complete-checkout': { holder: true },
  'POST /api/klarna/create-session': { holder: true },
  'POST /api/klarna/place-order': { holder: true },
  'POST /api/apple-pay/validate-merchant': { holder: true },
  'POST /api/apple-pay/process-payment': { holder: true },

  // The customer's order page (after payment).
  'GET /api/orders/{id}': { holder: true },
  'PUT /api/orders/{id}/filing-details': { holder: true },
  'POST /api/orders/{id}/access': {},
  'POST /api/orders/{id}/links': {},
  'POST /api/orders/{id}/change-requests': { holder: true },
  'GET /api/orders/{id}/documents/{documentId}': { holder: true },

  // Staff back office.
  'POST /api/staff/login': {},
  'POST /api/staff/logout': {},
  'GET /api/staff/dashboard': {},
  'GET /api/staff/applications': { query: ['cursor', 'status', 'includeDrafts'] },
  'GET /api/staff/tickets': { query: ['cursor'] },
  'PATCH /api/staff/tickets/{id}': {},
  'PATCH /api/staff/applications/{id}': {},
  'GET /api/staff/applications/{id}/documents': {},
  'POST /api/staff/applications/{id}/documents': {},
  'GET /api/staff/applications/{id}/documents/{documentId}': {},
  'POST /api/staff/applications/{id}/uploads': {},
  'POST /api/staff/applications/{id}/uploads/{uploadId}/record': {},
  'POST /api/staff/applications/{id}/refund': {},
  'POST /api/staff/applications/{id}/tax-id/reveal': {},
  'POST /api/staff/tickets/{id}/replies': {},

  // Staff accounts, the audit trail and the operator's settings.
  'POST /api/staff/invitations': {},
  'GET /api/staff/account': {},
  'POST /api/staff/account/second-factor': {},
  'DELETE /api/staff/account/sessions/{id}': {},
  'GET /api/staff/people': {},
  'POST /api/staff/people': {},
  'DELETE /api/staff/people/{id}': {},
  'POST /api/staff/people/{id}/reset': {},
  'GET /api/staff/audit': { query: ['personId', 'applicationId', 'action', 'cursor'] },
  'GET /api/operator-settings': {},
  'PUT /api/staff/operator-settings': {},

  // Contact form.
  'POST /api/support-tickets': {},

  // Site content.
  'GET /api/content': {},
  'POST /api/content': {},
  'PATCH /api/content/{id}': {},
  'DELETE /api/content/{id}': {},

  // The true cost, the compliance calendar and its reminders.
  'GET /api/state-costs/{stateCode}': { query: ['residence'] },
  'GET /api/orders/{id}/calendar': { holder: true },
  'GET /api/orders/{id}/calendar.ics': { holder: true },
  'POST /api/orders/{id}/registered-agent/cancel-renewal': { holder: true },
  'POST /api/reminders/unsubscribe': { query: ['token'] },

  // This API's own description.
  'GET /api/openapi.json': {},
} as const satisfies Record<string, RouteIndexEntry>;

export interface RouteIndexEntry {
  /** Query parameters the route accepts; any other is a 400. */
  query?: readonly string[];
  /**
   * Only the application's holder may call it: the browser that created it sends the resume
   * secret POST /api/llc-applications returned, in the RESUME_SECRET_HEADER header (never in a
   * URL). Without it, or with another, the application is "not found": an id alone reveals nothing.
   */
  holder?: boolean;
}

export const RESUME_SECRET_HEADER = 'x-resume-secret';

/** Whether route `key` is for the application's holder only. */
export function isHolderRoute(key: string): boolean {
  return Boolean((API_ROUTES as Record<string, RouteIndexEntry>)[key]?.holder);
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type ApiRouteKey = keyof typeof API_ROUTES;
export type ApiPath = `/api/${string}`;

/** The method part of a route key. */
export type MethodOf<K extends string> = K extends `${infer M extends HttpMethod} ${string}` ? M : never;
/** The path template part of a route key. */
export type PathOf<K extends string> = K extends `${HttpMethod} ${infer P}` ? P : never;

export const API_ROUTE_KEYS = Object.keys(API_ROUTES) as ApiRouteKey[];

/** `"PATCH /api/content/{id}"` -> `{ method: 'PATCH', path: '/api/content/{id}' }`. */
export function splitRouteKey<K extends string>(key: K): { method: MethodOf<K>; path: PathOf<K> } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as MethodOf<K>, path: key.slice(space + 1) as PathOf<K> };
}

/** The `{name}` parameters of a path template, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

import type * as z from '../zod.ts';
import { CONTENT_ROUTES } from './contract/content.schema.ts';
import type { ContractKey, RouteContract, SuccessStatus } from './contract/entry.schema.ts';
import { META_ROUTES } from './contract/meta.schema.ts';
import { ORDER_ROUTES } from './contract/orders.schema.ts';
import { PAYMENT_ROUTES } from './contract/payments.schema.ts';
import { PRICING_ROUTES } from './contract/pricing.schema.ts';
import { STAFF_ACCESS_ROUTES } from './contract/staff-access.schema.ts';
import { STAFF_ORDER_ROUTES } from './contract/staff-orders.schema.ts';
import { STAFF_SUPPORT_ROUTES } from './contract/staff-support.schema.ts';
import { SUPPORT_ROUTES } from './contract/support.schema.ts';
import { WIZARD_ROUTES } from './contract/wizard.schema.ts';

export {
  type Access,
  type ApiTag,
  type Grant,
  RATE_LIMITS,
  type RateLimit,
  type RouteContract,
  type SuccessStatus,
} from './contract/entry.schema.ts';

/**
 * The API contract: one entry per route, the only place a route is written. Each entry is written
 * in its route group's module, ./contract/<group>.schema.ts (ROUTE_GROUPS below), and this module
 * composes them; what an entry may hold is RouteContract (./contract/entry.schema.ts). The entry's
 * key is the route key (`"METHOD /api/path"`, `{name}` for a path parameter, as API Gateway spells
 * it); the entry holds everything else about the route:
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

/**
 * The route groups, in the contract's order (the route table's and the OpenAPI document's): one
 * module each under ./contract/, holding the entries of one tag. The Staff tag's, the most, are in
 * three, by the folder of their handlers under functions/handlers/ (staff-access/, staff/,
 * staff-support/), as the stack groups their functions (docs/decisions/0390). A new route's entry
 * goes in its tag's group; a group that nears 600 lines (shared/architecture.test.ts) is split the
 * same way, and a new group is added here and in CONTRACT.
 */
export const ROUTE_GROUPS = [
  PRICING_ROUTES,
  WIZARD_ROUTES,
  PAYMENT_ROUTES,
  ORDER_ROUTES,
  STAFF_ACCESS_ROUTES,
  STAFF_ORDER_ROUTES,
  STAFF_SUPPORT_ROUTES,
  SUPPORT_ROUTES,
  CONTENT_ROUTES,
  META_ROUTES,
] as const;

/** Every route's entry: the route groups together (contract.test.ts checks that no key is in two). */
export const CONTRACT = {
  ...PRICING_ROUTES,
  ...WIZARD_ROUTES,
  ...PAYMENT_ROUTES,
  ...ORDER_ROUTES,
  ...STAFF_ACCESS_ROUTES,
  ...STAFF_ORDER_ROUTES,
  ...STAFF_SUPPORT_ROUTES,
  ...SUPPORT_ROUTES,
  ...CONTENT_ROUTES,
  ...META_ROUTES,
} as const satisfies Record<ContractKey, RouteContract>;

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

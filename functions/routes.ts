import { API_ROUTE_KEYS, type ApiRouteKey, CONTRACT, type RouteContract } from '#shared/api/contract.ts';
import { type ApiPath, type HttpMethod, splitRouteKey } from '#shared/api/routes.ts';

/**
 * The route table: the contract's routes (shared/api/contract.ts, where each route is written
 * once) as the server reads them. The local server dispatches from it, the CDK API stack makes
 * one Lambda function per entry from it (granted exactly its tables, bucket, secrets and key),
 * and the middleware (functions/lib/http.ts) checks each request's staff token, role, query
 * parameters and per-address limit against it.
 */
export { type Access, type Grant, RATE_LIMITS, type RateLimit } from '#shared/api/contract.ts';
export type { HttpMethod };

/** What the server knows of a route: the contract entry's server facts. */
export type ServerRoute = Pick<
  RouteContract,
  'handler' | 'access' | 'role' | 'permission' | 'tables' | 'bucket' | 'secrets' | 'kms' | 'rawBody' | 'memoryMb' | 'timeoutSeconds' | 'rateLimit'
>;

export interface RouteDef extends ServerRoute {
  method: HttpMethod;
  path: ApiPath;
  /** Query parameters the route accepts (the keys of the contract's query schema); any other is a 400. */
  query?: readonly string[];
}

export type RouteKey = `${HttpMethod} ${string}`;
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): RouteKey => `${r.method} ${r.path}`;

function routeDef(key: ApiRouteKey): RouteDef {
  const entry: RouteContract = CONTRACT[key];
  const { method, path } = splitRouteKey(key);
  const route: RouteDef = { method, path, handler: entry.handler, access: entry.access };
  if (entry.role) route.role = entry.role;
  if (entry.permission) route.permission = entry.permission;
  if (entry.query) route.query = Object.keys(entry.query.shape);
  if (entry.tables) route.tables = entry.tables;
  if (entry.bucket) route.bucket = entry.bucket;
  if (entry.secrets) route.secrets = entry.secrets;
  if (entry.kms) route.kms = entry.kms;
  if (entry.rawBody) route.rawBody = entry.rawBody;
  if (entry.memoryMb) route.memoryMb = entry.memoryMb;
  if (entry.timeoutSeconds) route.timeoutSeconds = entry.timeoutSeconds;
  if (entry.rateLimit) route.rateLimit = entry.rateLimit;
  return route;
}

/** The route table, in the contract's order. */
export const ROUTES: readonly RouteDef[] = API_ROUTE_KEYS.map(routeDef);

const byKey = new Map<string, RouteDef>(ROUTES.map((r) => [routeKey(r), r]));
export function findRoute(key: string): RouteDef | undefined {
  return byKey.get(key);
}

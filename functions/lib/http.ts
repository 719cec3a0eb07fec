import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ApiRouteKey, Contract } from '#shared/api/contract.ts';
import { type PathOf, type PathParamNames, RESUME_SECRET_HEADER } from '#shared/api/routes.ts';
import { roleAllows, type StaffPerson } from '#shared/staff/accounts.ts';
import { findRoute, type RouteDef } from '../routes.ts';
import { edgeOrigin } from './edge.ts';
import { DomainError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from './errors.ts';
import { logger, logRequestContext } from './logger.ts';
import { getSecret } from './secrets.ts';

type ApiEvent = APIGatewayProxyEventV2 & {
  /** Parsed JSON body (undefined when the request had none). Raw-body routes keep `body`. */
  jsonBody?: unknown;
  /** The route-table entry this request was routed to. */
  route?: RouteDef;
  /** The visitor's address: CloudFront's viewer address when the request came through it. */
  viewerIp?: string;
  /** On staff routes: the signed-in person (for the audit trail) and their session's id. */
  staff?: StaffPerson;
  staffSessionId?: string;
};
type ApiResult = APIGatewayProxyStructuredResultV2;

// ---- Handlers typed by their route ---------------------------------------------------------------
// Types only: none of this exists at run time. A handler is `route('<key>', fn)`; the compiler
// checks what fn answers, the path parameters it reads and the schemas it validates its body and
// query with against the route's contract entry (shared/api/contract.ts).

declare const answerOf: unique symbol;
declare const routeOf: unique symbol;
declare const serializedAs: unique symbol;

/** An answer whose status and body the compiler knows. */
export type Answer<S extends number = number, B = unknown> = ApiResult & { readonly [answerOf]: { status: S; body: B } };

/** What a contract schema accepts (a zod schema's input type) and what it yields (its output type). */
type InputOf<C> = C extends { _zod: { input: infer I } } ? I : never;
type OutputOf<C> = C extends Schema<infer T> ? T : never;

type Responses<K extends ApiRouteKey> = Contract[K]['responses'];
/** An answer may be built of read-only values: it is only serialised. */
type Sendable<T> = T extends readonly (infer U)[] ? readonly Sendable<U>[] : T extends object ? { readonly [P in keyof T]: Sendable<T[P]> } : T;
type BodyAtStatus<R, S extends keyof R> = R[S] extends null ? undefined : Sendable<InputOf<R[S]>>;
/** What route K may answer: one of its success statuses, with that status's body (errors are thrown). */
export type RouteAnswer<K extends ApiRouteKey> = {
  [S in keyof Responses<K> & number]: Answer<S, BodyAtStatus<Responses<K>, S>>;
}[keyof Responses<K> & number];

/** A request to route K (ApiEvent, with the route key known to the compiler). */
export type RouteEvent<K extends ApiRouteKey> = ApiEvent & { readonly [routeOf]?: K };

type KeyOf<E> = E extends { readonly [routeOf]?: infer K extends ApiRouteKey } ? K : never;
type EntryOf<E> = Contract[KeyOf<E>];
/** The path parameters a request may read: its route's `{name}`s. */
type ParamName<E> = [KeyOf<E>] extends [never] ? string : PathParamNames<PathOf<KeyOf<E>>>;
/** What the contract says one path parameter, the body, the query is (anything, outside a route). */
type ParamType<E, N> = [KeyOf<E>] extends [never]
  ? unknown
  : EntryOf<E> extends { params: { shape: infer P } }
    ? N extends keyof P
      ? OutputOf<P[N]>
      : never
    : never;
type BodyType<E> = [KeyOf<E>] extends [never] ? unknown : EntryOf<E> extends { body: infer B } ? OutputOf<B> : never;
type QueryType<E> = [KeyOf<E>] extends [never] ? unknown : EntryOf<E> extends { query: infer Q } ? OutputOf<Q> : never;

/** A value's JSON, serialised once (static data served on every request), with its type kept for the compiler. */
export type Serialized<T> = string & { readonly [serializedAs]: T };
export function serialized<T>(value: T): Serialized<T> {
  return JSON.stringify(value) as Serialized<T>;
}

const MAX_BODY_BYTES = 64 * 1024;

/** Security headers on every API response. */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

export function json<S extends number, B>(statusCode: S, body: B, headers: Record<string, string> = {}): Answer<S, B> {
  return jsonText(statusCode, JSON.stringify(body) as Serialized<B>, headers);
}

/** A JSON response from text serialised once (static data served on every request). */
export function jsonText<S extends number, B>(statusCode: S, text: Serialized<B>, headers: Record<string, string> = {}): Answer<S, B> {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: text,
  } as ApiResult as unknown as Answer<S, B>;
}

/** A 204: done, nothing to answer. */
export function noContent(): Answer<204, undefined> {
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } } as ApiResult as unknown as Answer<204, undefined>;
}

/** A text answer that is not JSON (its media type in `headers`). */
export function textAnswer<S extends number>(statusCode: S, text: string, headers: Record<string, string>): Answer<S, string> {
  return { statusCode, headers: { 'cache-control': 'no-store', ...headers }, body: text } as ApiResult as unknown as Answer<S, string>;
}

/** The one shape of every error answer: `{ error, code, details?, ...extras }`, Retry-After when set. */
export function errorResponse(err: DomainError, headers: Record<string, string> = {}): ApiResult {
  const body = { error: err.message, code: err.code, ...(err.details ? { details: err.details } : {}), ...err.extras };
  const retry: Record<string, string> = err.retryAfterSeconds === undefined ? {} : { 'retry-after': String(err.retryAfterSeconds) };
  return json(err.status, body, { ...headers, ...retry });
}

/** What validate() and pathParam() need of a schema (every zod schema has it): its verdict on a value. */
interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly SchemaIssue[] } };
}
interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  /** An `unrecognized_keys` issue's unknown fields. */
  keys?: readonly string[];
}

/**
 * Validates input with a zod schema; failures become 400 with `details: { field: [messages] }`.
 * `what` names the input in the sentence ("Request body", "Query").
 */
export function validate<T>(schema: Schema<T>, input: unknown, what = 'Request body'): T {
  if (input === undefined && what === 'Request body') throw new ValidationError('Request body is required');
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // A Map keeps hostile field names such as __proto__ as plain keys.
  const details = new Map<string, string[]>();
  const note = (field: string, message: string) => details.set(field.slice(0, 100), [...(details.get(field.slice(0, 100)) ?? []), message]);
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : what === 'Request body' ? 'body' : 'query';
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) note(field === 'body' ? key : `${field}.${key}`, 'Unknown field');
      continue;
    }
    note(field, issue.message);
  }
  const fields = [...details.keys()].slice(0, 10);
  throw new ValidationError(`${what} is invalid: check ${fields.join(', ')}`, Object.fromEntries(details));
}

/** Path parameter, validated; a missing or malformed one is a 400. In a route, one of its path's `{name}`s, checked with a schema of the contract's type. */
export function pathParam<E extends ApiEvent, N extends ParamName<E>, T extends ParamType<E, N>>(event: E, name: N, schema: Schema<T>): T {
  const value = event.pathParameters?.[name];
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(`Path parameter "${name}" is invalid`, { [name]: result.error.issues.map((i) => i.message) });
  return result.data;
}

/** The request's JSON body, validated (400 when it is missing or invalid) with a schema of the contract's body type. */
export function requestBody<E extends ApiEvent, T extends BodyType<E>>(event: E, schema: Schema<T>): T {
  return validate(schema, event.jsonBody);
}

/** The request's query, validated (400 when invalid) with a schema of the contract's query type. */
export function requestQuery<E extends ApiEvent, T extends QueryType<E>>(event: E, schema: Schema<T>): T {
  return validate(schema, event.queryStringParameters ?? {}, 'Query');
}

/** The signed-in person of a staff route (set by the middleware's session check), for the audit trail. */
export function staffActor(event: ApiEvent): StaffPerson {
  if (!event.staff) throw new UnauthorizedError();
  return event.staff;
}

/** The browser a request came from, as its user agent says (kept with a staff session, shortened). */
export function deviceOf(event: ApiEvent): string {
  return (event.headers?.['user-agent'] ?? 'unknown browser').replace(/[^\x20-\x7e]/g, '?').slice(0, 120);
}

/** The resume secret a holder route's request carries (header only: never in a URL). */
export function resumeSecret(event: ApiEvent): string | undefined {
  return event.headers?.[RESUME_SECRET_HEADER] || undefined;
}

/**
 * The visitor's address for per-address limits: CloudFront's viewer address when the request
 * carried the origin-verify secret, else the address API Gateway saw (locally, the socket's).
 */
export function sourceIp(event: ApiEvent): string {
  return event.viewerIp ?? event.requestContext?.http?.sourceIp ?? 'unknown';
}

const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * Adds the security headers to an answer's own header object. Set one by one rather than spread
 * into a new object: a spread of two objects costs about as much as the rest of the middleware
 * together (the local server's time per request, scripts/bench/load.ts).
 */
function withSecurityHeaders(res: ApiResult): ApiResult {
  res.headers ??= {};
  for (const [name, value] of SECURITY_HEADER_ENTRIES) res.headers[name] = value;
  return res;
}

/** A 5xx answer, thrown or returned, is counted (ServerError) for the stage's alarm; 4xx answers are the caller's. */
function countServerError(res: ApiResult): ApiResult {
  if ((res.statusCode ?? 200) >= 500) logger.metric('ServerError');
  return res;
}

const errorsAndHeaders = (): MiddlewareObj<ApiEvent, ApiResult> => ({
  after: (request) => {
    request.response = withSecurityHeaders(countServerError(request.response ?? json(204, null)));
  },
  onError: (request) => {
    const err = request.error as unknown;
    let res: ApiResult;
    if (err instanceof DomainError) {
      res = errorResponse(err);
      if (err.status >= 500) logger.error('request failed', { error: err });
    } else {
      logger.error('unhandled error', { error: err as Error });
      res = json(500, { error: 'Internal error', code: 'internal_error' });
    }
    request.response = withSecurityHeaders(countServerError(res));
  },
});

/**
 * The route table's role check: the person's role is at least the route's (support < processor <
 * owner; a staff route that declares none is the owner's: fail closed), or the owner granted them
 * the route's permission. 403 JSON otherwise.
 */
function refuseUnlessAllowed(route: RouteDef, person: StaffPerson): void {
  const needed = route.role ?? 'owner';
  if (roleAllows(person.role, needed)) return;
  if (route.permission && (person.permissions ?? []).includes(route.permission)) return;
  if (needed === 'owner') throw new ForbiddenError('Only an owner may do this', 'owner_only');
  throw new ForbiddenError('Your role cannot do this: it is for processors and owners', 'role_not_allowed');
}

/** Route lookup, unknown query parameters, staff token: all driven by the route table. */
const routeGuard = (): MiddlewareObj<ApiEvent, ApiResult> => ({
  before: async (request) => {
    const event = request.event;
    const route = findRoute(event.routeKey);
    if (!route) throw new NotFoundError('No such API route', 'route_not_found');
    event.route = route;
    // Behind CloudFront only: a request that skipped the distribution (and its WAF) is refused.
    const expected = await getSecret('originVerify');
    const edge = edgeOrigin(event.headers, event.requestContext?.http?.sourceIp ?? 'unknown', expected);
    if (expected && !edge.verified) throw new ForbiddenError('Requests must come through the site', 'origin_not_verified');
    event.viewerIp = edge.viewerIp;
    // Authentication first: without a valid token a staff route reveals nothing else. Then the
    // role the route table declares; a staff route that declares none is the owner's (fail closed).
    if (route.access === 'staff') {
      const token = event.headers?.['staff-token'];
      // Imported here so public routes never load the DynamoDB client just for this check.
      const { staffSessionFor } = await import('./sessions.ts');
      const session = token ? await staffSessionFor(token) : undefined;
      if (!session) throw new UnauthorizedError();
      refuseUnlessAllowed(route, session.person);
      event.staff = session.person;
      event.staffSessionId = session.sessionId;
    }
    const allowed = new Set<string>(route.query ?? []);
    for (const name of Object.keys(event.queryStringParameters ?? {})) {
      if (!allowed.has(name))
        throw new ValidationError(`Unknown query parameter: ${name.slice(0, 64).replace(/[^\x20-\x7e]/g, '?')}`, undefined, 'unknown_query_parameter');
    }
  },
});

/**
 * The route's per-address limit (route table `rateLimit`), before anything else is done for the
 * request: one conditional UpdateItem on the visitor's address; 429 with Retry-After beyond it.
 */
const perAddressLimit = (): MiddlewareObj<ApiEvent, ApiResult> => ({
  before: async (request) => {
    const limit = request.event.route?.rateLimit;
    if (!limit) return;
    // Imported here so routes without a limit never load the DynamoDB client for it.
    const { enforceRequestLimit } = await import('./rate-limits.ts');
    await enforceRequestLimit(limit.bucket, sourceIp(request.event), limit.perMinute);
  },
});

/** JSON body: size limit, content type, parse. Raw-body routes (route table `rawBody`) only get the size limit. */
const jsonBody = (): MiddlewareObj<ApiEvent, ApiResult> => ({
  before: (request) => {
    const event = request.event;
    const raw = event.route?.rawBody ?? false;
    if (event.body === undefined || event.body === null || event.body === '') return;
    const bytes = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
    if (bytes.byteLength > MAX_BODY_BYTES)
      throw new DomainError('payload_too_large', 'payload_too_large', `Request body is larger than ${MAX_BODY_BYTES / 1024} KB`);
    if (raw) return;
    const type = event.headers?.['content-type'] ?? '';
    if (!/^application\/(.+\+)?json\b/i.test(type))
      throw new DomainError('unsupported_media_type', 'unsupported_media_type', 'Content-Type must be application/json');
    try {
      event.jsonBody = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new ValidationError('Request body is not valid JSON', undefined, 'invalid_json');
    }
  },
});

/**
 * Wraps a route's function in the API's middleware: structured logs with the request id, the
 * route table's checks (staff token, query parameters, per-address limit), the JSON body parser
 * with a 64 KB limit, domain errors as `{ error, code }` answers, 500 without detail, security
 * headers. Header names arrive lowercased: API Gateway's HTTP API writes them so in its
 * payload 2.0 events, and the local adapter as it does (scripts/local/adapter.ts), so nothing
 * here normalises them again (docs/decisions/0184).
 */
export function httpHandler(fn: (event: ApiEvent, context: Context) => Promise<ApiResult>) {
  return middy<ApiEvent, ApiResult>()
    .use(errorsAndHeaders())
    .use(logRequestContext())
    .use(routeGuard())
    .use(perAddressLimit())
    .use(jsonBody())
    .handler((event, context) => fn(event, context));
}

/**
 * A route's handler: `export const handler = route('PATCH /api/llc-applications/{id}', async (event) => ...)`.
 * The key types the function (what it may answer, which path parameters it reads, the schemas of
 * its body and query) against the contract; at run time this is httpHandler, and the route's
 * facts (access, role, query, rate limit, raw body) come from the route table per request.
 */
export function route<K extends ApiRouteKey>(_key: K, fn: (event: RouteEvent<K>, context: Context) => Promise<RouteAnswer<K>>) {
  return httpHandler(fn);
}

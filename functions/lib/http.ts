import middy, { type MiddlewareObj } from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { findRoute, type RouteDef } from '../routes.ts';
import { logger, logRequestContext } from './logger.ts';

export type ApiEvent = APIGatewayProxyEventV2 & {
  /** Parsed JSON body (undefined when the request had none). Raw-body routes keep `body`. */
  jsonBody?: unknown;
  /** The route-table entry this request was routed to. */
  route?: RouteDef;
};
export type ApiResult = APIGatewayProxyStructuredResultV2;

export const MAX_BODY_BYTES = 64 * 1024;

/** An error whose status and sentence are safe to show the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Security headers on every API response. */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): ApiResult {
  return jsonText(statusCode, JSON.stringify(body), headers);
}

/** A JSON response from text serialised once (static data served on every request). */
export function jsonText(statusCode: number, text: string, headers: Record<string, string> = {}): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: text,
  };
}

export function errorBody(message: string, details?: unknown) {
  return details === undefined ? { error: message } : { error: message, details };
}

/**
 * Validates input with a zod schema; failures become 400 with `details: { field: [messages] }`.
 * `what` names the input in the sentence ("Request body", "Query").
 */
export function validate<S extends z.ZodMiniType>(schema: S, input: unknown, what = 'Request body'): z.infer<S> {
  if (input === undefined && what === 'Request body') throw new HttpError(400, 'Request body is required');
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // A Map keeps hostile field names such as __proto__ as plain keys.
  const details = new Map<string, string[]>();
  const note = (field: string, message: string) => details.set(field.slice(0, 100), [...(details.get(field.slice(0, 100)) ?? []), message]);
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : what === 'Request body' ? 'body' : 'query';
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) note(field === 'body' ? key : `${field}.${key}`, 'Unknown field');
      continue;
    }
    note(field, issue.message);
  }
  const fields = [...details.keys()].slice(0, 10);
  throw new HttpError(400, `${what} is invalid: check ${fields.join(', ')}`, Object.fromEntries(details));
}

/** Path parameter, validated; a missing or malformed one is a 400. */
export function pathParam<S extends z.ZodMiniType>(event: ApiEvent, name: string, schema: S): z.infer<S> {
  const value = event.pathParameters?.[name];
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, `Path parameter "${name}" is invalid`, { [name]: result.error.issues.map((i) => i.message) });
  return result.data;
}

/** The request's source IP as API Gateway reports it. */
export function sourceIp(event: ApiEvent): string {
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

const errorsAndHeaders = (): MiddlewareObj<ApiEvent, ApiResult> => ({
  after: (request) => {
    const res = request.response ?? json(204, null);
    res.headers = { ...res.headers, ...SECURITY_HEADERS };
    request.response = res;
  },
  onError: (request) => {
    const err = request.error as unknown;
    let res: ApiResult;
    if (err instanceof HttpError) {
      res = json(err.status, errorBody(err.message, err.details), err.headers);
      if (err.status >= 500) logger.error('request failed', { error: err });
    } else {
      logger.error('unhandled error', { error: err as Error });
      res = json(500, { error: 'Internal error' });
    }
    res.headers = { ...res.headers, ...SECURITY_HEADERS };
    request.response = res;
  },
});

/** Route lookup, unknown query parameters, staff token: all driven by the route table. */
const routeGuard = (): MiddlewareObj<ApiEvent, ApiResult> => ({
  before: async (request) => {
    const event = request.event;
    const route = findRoute(event.routeKey);
    if (!route) throw new HttpError(404, 'No such API route');
    event.route = route;
    // Authentication first: without a valid token a staff route reveals nothing else.
    if (route.access === 'staff') {
      const token = event.headers?.['staff-token'];
      // Imported here so public routes never load the DynamoDB client just for this check.
      const { verifyStaffSession } = await import('../data/sessions.ts');
      if (!token || !(await verifyStaffSession(token))) throw new HttpError(401, 'Authentication required');
    }
    const allowed = new Set<string>(route.query ?? []);
    for (const name of Object.keys(event.queryStringParameters ?? {})) {
      if (!allowed.has(name)) throw new HttpError(400, `Unknown query parameter: ${name.slice(0, 64).replace(/[^\x20-\x7e]/g, '?')}`);
    }
  },
});

/** JSON body: size limit, content type, parse. Raw-body routes only get the size limit. */
const jsonBody = (raw: boolean): MiddlewareObj<ApiEvent, ApiResult> => ({
  before: (request) => {
    const event = request.event;
    if (event.body === undefined || event.body === null || event.body === '') return;
    const bytes = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
    if (bytes.byteLength > MAX_BODY_BYTES) throw new HttpError(413, `Request body is larger than ${MAX_BODY_BYTES / 1024} KB`);
    if (raw) return;
    const type = event.headers?.['content-type'] ?? '';
    if (!/^application\/(.+\+)?json\b/i.test(type)) throw new HttpError(415, 'Content-Type must be application/json');
    try {
      event.jsonBody = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new HttpError(400, 'Request body is not valid JSON');
    }
  },
});

export interface HandlerOptions {
  /** Keep the body untouched (for signature verification). */
  rawBody?: boolean;
}

/**
 * Wraps a route's function in the API's middleware: header normalisation, structured logs with
 * the request id, the route table's checks (staff token, query parameters), the JSON body
 * parser with a 64 KB limit, readable 4xx errors, 500 without detail, security headers.
 */
export function httpHandler(fn: (event: ApiEvent, context: Context) => Promise<ApiResult>, options: HandlerOptions = {}) {
  return middy<ApiEvent, ApiResult>()
    .use(errorsAndHeaders())
    .use(httpHeaderNormalizer())
    .use(logRequestContext())
    .use(routeGuard())
    .use(jsonBody(options.rawBody ?? false))
    .handler((event, context) => fn(event, context));
}

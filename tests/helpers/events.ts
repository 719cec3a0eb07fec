import { AssertionError } from 'node:assert';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { contractDrift } from '#shared/api/conformance.ts';
import { isHolderRoute } from '#shared/api/contract.ts';
import { RESUME_SECRET_HEADER } from '#shared/api/routes.ts';
import { lambdaContext } from '../../scripts/local/adapter.ts';
import { TEST_RESUME_SECRET } from '../fakes/applications.ts';

/** An API Gateway HTTP API (payload 2.0) event, as AWS would deliver it, for handler tests. */
export function apiEvent(opts: {
  method: string;
  route: string;
  path?: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  base64?: boolean;
  sourceIp?: string;
  /**
   * The resume secret sent on holder routes (shared/api/contract.ts `holder`): by default the fixtures'
   * TEST_RESUME_SECRET; null sends none.
   */
  resumeSecret?: string | null;
}): APIGatewayProxyEventV2 {
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const secret = opts.resumeSecret === undefined ? TEST_RESUME_SECRET : opts.resumeSecret;
  const headers: Record<string, string> = {
    'user-agent': 'vitest',
    ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(secret !== null && isHolderRoute(`${opts.method} ${opts.route}`) ? { [RESUME_SECRET_HEADER]: secret } : {}),
    ...opts.headers,
  };
  const path = opts.path ?? opts.route;
  return {
    version: '2.0',
    routeKey: `${opts.method} ${opts.route}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(opts.query ?? {}).toString(),
    headers,
    queryStringParameters: opts.query,
    pathParameters: opts.pathParameters,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: opts.method, path, protocol: 'HTTP/1.1', sourceIp: opts.sourceIp ?? '203.0.113.7', userAgent: 'vitest' },
      requestId: randomUUID(),
      routeKey: `${opts.method} ${opts.route}`,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body: body !== undefined && opts.base64 ? Buffer.from(body).toString('base64') : body,
    isBase64Encoded: Boolean(opts.base64 && body !== undefined),
  };
}

export function testContext(): Context {
  return lambdaContext(randomUUID(), 'test');
}

export type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

/**
 * Invokes a handler and returns status, headers and the parsed JSON body. Every answer is also
 * checked against the API contract (shared/api/contract.ts) for the event's route key and the
 * status: a body the contract does not describe fails the test here, whatever the test asserts.
 */
export async function invoke(handler: Handler, event: APIGatewayProxyEventV2) {
  const res = (await handler(event, testContext())) as APIGatewayProxyStructuredResultV2;
  const text = res.body ?? '';
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const status = res.statusCode ?? 200;
  const drift = contractDrift(event.routeKey, status, json, text);
  if (drift.length) {
    throw new AssertionError({
      message: `${event.routeKey} answered ${status} with a body that does not match the API contract (shared/api/contract.ts):\n${drift.map((d) => `  - ${d}`).join('\n')}\n  body: ${text.slice(0, 500)}`,
    });
  }
  return { status, headers: (res.headers ?? {}) as Record<string, string>, body: json, raw: text };
}

/** Staff's PATCH of one order (a status move, the filing facts, notes), as the staff dashboard sends it. */
export function staffUpdateEvent(id: string, body: unknown, headers: Record<string, string>): APIGatewayProxyEventV2 {
  return apiEvent({ method: 'PATCH', route: '/api/staff/applications/{id}', path: `/api/staff/applications/${id}`, pathParameters: { id }, body, headers });
}

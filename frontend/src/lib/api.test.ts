import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRouteKey } from '#shared/api/contract.ts';
import { RESUME_SECRET_HEADER, splitRouteKey } from '#shared/api/routes.ts';
import { ApiError, apiJson, failureMessage, getJson, setUnauthorizedHandler } from './api.ts';
import { apiCall, apiUrl } from './api-client.ts';
import { rememberResumeSecret } from './resume-secrets.ts';

let reply: () => Response;
const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => reply());

beforeEach(() => {
  fetchMock.mockClear();
  reply = () => new Response('{}', { status: 200 });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  setUnauthorizedHandler(undefined);
  vi.unstubAllGlobals();
});

describe('apiJson (docs/product.md section 7)', () => {
  it('includes credentials and sends a body as JSON', async () => {
    await apiJson('POST', apiUrl('POST /api/content'), { a: 1 }, { 'staff-token': 't' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(apiUrl('POST /api/content'));
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'staff-token': 't' });
  });

  it('a call without a body sends no body and no JSON content type', async () => {
    await apiJson('GET', apiUrl('GET /api/states'));
    const [, init] = fetchMock.mock.calls[0];
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
    expect(init.headers).toEqual({});
  });

  it('a non-OK answer becomes an error "<status>: <body text>" carrying the server sentence', async () => {
    reply = () => new Response('{"error":"Not allowed"}', { status: 403 });
    const err = await apiJson('GET', apiUrl('GET /api/content')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('403: {"error":"Not allowed"}');
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).serverError).toBe('Not allowed');
  });

  it('an error carries the stable code of the error body', async () => {
    reply = () => new Response('{"error":"Application not found","code":"application_not_found"}', { status: 404 });
    const err = (await apiJson('GET', apiUrl('GET /api/content')).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('application_not_found');
    expect(err.serverError).toBe('Application not found');
    expect(new ApiError(500, 'Internal Server Error', '500: Internal Server Error').code).toBeUndefined();
  });

  it('an empty error body gives "<status>: <status text>"', async () => {
    reply = () => new Response(null, { status: 503, statusText: 'Service Unavailable' });
    await expect(getJson(apiUrl('GET /api/content'))).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('a 401 ends the staff session only for staff calls (those with the staff-token header)', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    reply = () => new Response('{"error":"Invalid credentials"}', { status: 401 });
    await expect(apiJson('POST', apiUrl('POST /api/staff/login'), { password: 'x' })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(apiJson('GET', apiUrl('GET /api/staff/dashboard'), undefined, { 'staff-token': 'old' })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});

describe('failureMessage', () => {
  it("prefers the server's error sentence, then the request message, and says the server was not reached otherwise", () => {
    expect(failureMessage(new ApiError(409, '{"error":"Already filed"}', '409: {"error":"Already filed"}'))).toBe('Already filed');
    expect(failureMessage(new ApiError(500, 'Internal Server Error', '500: Internal Server Error'))).toBe('500: Internal Server Error');
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe('Failed to connect to server');
  });
});

describe('failureMessage for rate limits', () => {
  it('says what a 429 without a server sentence means (the WAF answers with an empty body)', () => {
    expect(failureMessage(new ApiError(429, 'Too Many Requests', '429: Too Many Requests'))).toBe(
      'Too many requests: please wait a few minutes and try again.',
    );
    expect(failureMessage(new ApiError(429, '', '429: '))).toBe('Too many requests: please wait a few minutes and try again.');
    // The server's own sentence wins.
    expect(failureMessage(new ApiError(429, JSON.stringify({ error: 'Too many messages from this network; please try again later' }), '429: …'))).toBe(
      'Too many messages from this network; please try again later',
    );
  });
});

describe('the typed client (apiUrl, apiCall)', () => {
  const pathOf = (key: ApiRouteKey): string => splitRouteKey(key).path;

  it('fills path parameters, encoded, into the contract path', () => {
    expect(apiUrl('GET /api/llc-applications/{id}', { params: { id: 'a/b c' } })).toBe(pathOf('GET /api/llc-applications/{id}').replace('{id}', 'a%2Fb%20c'));
  });

  it('appends the query values that are set, and nothing for an empty query', () => {
    const base = pathOf('GET /api/staff/applications');
    expect(apiUrl('GET /api/staff/applications', { query: { status: 'filed', cursor: 'x y' } })).toBe(`${base}?status=filed&cursor=x+y`);
    expect(apiUrl('GET /api/staff/applications', { query: { status: undefined, cursor: '' } })).toBe(base);
  });

  it('calls with the route method, the JSON body and extra headers, and resolves with the answer', async () => {
    reply = () => new Response('{"id":"c_1","page":"landing","section":"hero","content":"Hi","contentType":"text"}', { status: 201 });
    const item = await apiCall('POST /api/content', { body: { page: 'landing', section: 'hero', content: 'Hi' }, headers: { 'staff-token': 't' } });
    expect(item.id).toBe('c_1');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(pathOf('POST /api/content'));
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"page":"landing","section":"hero","content":"Hi"}' });
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'staff-token': 't' });
  });

  it('a call about an application this browser holds carries its resume secret in a header, and a call about another carries none', async () => {
    rememberResumeSecret('app_1', 'secret-of-app-1');
    await apiCall('GET /api/orders/{id}', { params: { id: 'app_1' } });
    await apiCall('POST /api/create-payment-intent', { body: { applicationId: 'app_1', amount: 100 } });
    await apiCall('GET /api/orders/{id}', { params: { id: 'app_2' } });
    const headers = fetchMock.mock.calls.map(([, init]) => (init.headers ?? {}) as Record<string, string>);
    expect(headers.map((h) => h[RESUME_SECRET_HEADER])).toEqual(['secret-of-app-1', 'secret-of-app-1', undefined]);
    for (const [url] of fetchMock.mock.calls) expect(url).not.toContain('secret-of-app-1');
  });

  it('a 204 resolves with undefined', async () => {
    reply = () => new Response(null, { status: 204 });
    await expect(apiCall('DELETE /api/content/{id}', { params: { id: 'c_1' } })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'DELETE', body: undefined });
  });
});

describe('the client is typed from the contract', () => {
  it('refuses calls the contract does not allow (checked by the typecheck)', () => {
    const neverRun = () => {
      // @ts-expect-error the path parameter is required
      apiUrl('GET /api/llc-applications/{id}');
      // @ts-expect-error a route without a query schema takes no query
      apiUrl('GET /api/states', { query: { page: '2' } });
      // @ts-expect-error a query value outside the schema's enum
      apiUrl('GET /api/staff/applications', { query: { status: 'lost' } });
      // @ts-expect-error the body is required
      void apiCall('POST /api/staff/login');
      // @ts-expect-error a field the body schema does not have
      void apiCall('POST /api/staff/login', { body: { email: 'a@b.c', password: 'x', admin: true } });
      // @ts-expect-error not a route of the contract
      void apiCall('GET /api/nothing');
      const session: Promise<{ status: string }> = apiCall('POST /api/staff/login', { body: { ticket: 't', totpCode: '123456' } });
      const nothing: Promise<undefined> = apiCall('POST /api/staff/logout');
      return [session, nothing];
    };
    expect(typeof neverRun).toBe('function');
  });
});

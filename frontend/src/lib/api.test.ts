import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiJson, failureMessage, getJson, setUnauthorizedHandler } from './api.ts';

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
    await apiJson('POST', '/api/x', { a: 1 }, { 'staff-token': 't' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/x');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'staff-token': 't' });
  });

  it('a call without a body sends no body and no JSON content type', async () => {
    await apiJson('GET', '/api/y');
    const [, init] = fetchMock.mock.calls[0];
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
    expect(init.headers).toEqual({});
  });

  it('a non-OK answer becomes an error "<status>: <body text>" carrying the server sentence', async () => {
    reply = () => new Response('{"error":"Not allowed"}', { status: 403 });
    const err = await apiJson('GET', '/api/z').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('403: {"error":"Not allowed"}');
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).serverError).toBe('Not allowed');
  });

  it('an empty error body gives "<status>: <status text>"', async () => {
    reply = () => new Response(null, { status: 503, statusText: 'Service Unavailable' });
    await expect(getJson('/api/z')).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('a 401 ends the staff session only for staff calls (those with the staff-token header)', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    reply = () => new Response('{"error":"Invalid credentials"}', { status: 401 });
    await expect(apiJson('POST', '/api/staff/login', { password: 'x' })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(apiJson('GET', '/api/staff/dashboard', undefined, { 'staff-token': 'old' })).rejects.toBeInstanceOf(ApiError);
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

import type { ErrorBody } from '#shared/api/errors.schema.ts';

/**
 * The one request helper (docs/product.md section 7): credentials included, JSON bodies, and any non-OK
 * response becomes an Error whose message is "<status>: <body text or status text>". Screens call
 * the API through the typed client (./api-client.ts), which uses this.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    message: string,
  ) {
    super(message);
  }
  /** The JSON error body (`{ error, code, ...extras }`), when the answer had one. */
  get body(): (Partial<ErrorBody> & Record<string, unknown>) | undefined {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  /** The `error` sentence of a JSON error body, when there is one. */
  get serverError(): string | undefined {
    const error = this.body?.error;
    return typeof error === 'string' ? error : undefined;
  }
  /** The stable `code` of a JSON error body (what callers branch on), when there is one. */
  get code(): string | undefined {
    const code = this.body?.code;
    return typeof code === 'string' ? code : undefined;
  }
}

/**
 * The sentence a failure toast shows: the server's `error` sentence, else the request's
 * "<status>: <text>" message (a 429 without a sentence says to wait); anything that is not an
 * ApiError means the server was not reached.
 */
export function failureMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Failed to connect to server';
  if (err.serverError) return err.serverError;
  // A rate limit without a sentence of ours (the edge firewall answers 429 with an empty body).
  if (err.status === 429) return 'Too many requests: please wait a few minutes and try again.';
  return err.message;
}

/** Called with every 401 from a staff call (the staff session clears its token). */
let onUnauthorized: (() => void) | undefined;
export function setUnauthorizedHandler(fn: (() => void) | undefined): void {
  onUnauthorized = fn;
}

export async function apiRequest(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    if (res.status === 401 && 'staff-token' in headers) onUnauthorized?.();
    throw new ApiError(res.status, text, `${res.status}: ${text}`);
  }
  return res;
}

/** JSON convenience over apiRequest. */
export async function apiJson<T>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await apiRequest(method, url, body, headers);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Default GET used by queries: throws on non-OK. */
export function getJson<T>(url: string): Promise<T> {
  return apiJson<T>('GET', url);
}

import type { ApiRouteKey, BodyOf, ParamsOf, QueryOf, ResponseOf } from '#shared/api/contract.ts';
import { RESUME_SECRET_HEADER } from '#shared/api/routes.ts';
import { apiJson, apiRequest } from './api.ts';
import { resumeSecretFor } from './resume-secrets.ts';

/**
 * The SPA's API client, typed from the contract (shared/api/contract.ts): a route key names the
 * call, and its path parameters, query, body and answer are the contract's types.
 *
 *   api.call('GET /api/llc-applications/{id}', { params: { id } })  // Promise<ApplicationResponse>
 *   api.url('GET /api/staff/tickets', { query: { cursor } })        // '/api/staff/tickets?cursor=...'
 *
 * The contract is imported for its types only: no schema reaches the browser bundles (the
 * landing page reads the API through this module within its 95 KB budget). Requests go through
 * apiJson (./api.ts): credentials included, JSON bodies, non-OK answers throw ApiError.
 * This is the only module that spells API paths; everything else names routes by key.
 */

type IsNever<T> = [T] extends [never] ? true : false;
/** Whether every field of T may be left out (so the whole argument may be). */
type AllOptional<T> = Record<never, never> extends T ? true : false;

type ParamsPart<K extends ApiRouteKey> = IsNever<ParamsOf<K>> extends true ? { params?: undefined } : { params: ParamsOf<K> };
type QueryPart<K extends ApiRouteKey> = IsNever<QueryOf<K>> extends true ? { query?: undefined } : { query?: QueryOf<K> };
type BodyPart<K extends ApiRouteKey> =
  IsNever<BodyOf<K>> extends true ? { body?: undefined } : undefined extends BodyOf<K> ? { body?: BodyOf<K> } : { body: BodyOf<K> };

/** Where a call goes: path parameters and query of route K. */
export type UrlOptions<K extends ApiRouteKey> = ParamsPart<K> & QueryPart<K>;
/** A call of route K: its URL parts, its body, and extra headers (the staff token). */
export type CallOptions<K extends ApiRouteKey> = UrlOptions<K> & BodyPart<K> & { headers?: Record<string, string> };

/** The options argument may be left out when nothing in it is required. */
type OptionalArg<T> = AllOptional<T> extends true ? [options?: T] : [options: T];
/** The arguments after the route key of a call of route K. */
export type CallArgs<K extends ApiRouteKey> = OptionalArg<CallOptions<K>>;

export type { ApiRouteKey, BodyOf, ParamsOf, QueryOf, ResponseOf };

/** The URL of route K: `{name}` parameters filled in (encoded), query values that are set appended. */
export function apiUrl<K extends ApiRouteKey>(key: K, ...[options]: OptionalArg<UrlOptions<K>>): string {
  const params = (options?.params ?? {}) as Record<string, string>;
  const path = key.slice(key.indexOf(' ') + 1).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${key}: path parameter "${name}" is missing`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((options?.query ?? {}) as Record<string, string | undefined>)) {
    if (value !== undefined && value !== '') query.set(name, value);
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The application a call is about: its `{id}` / `{applicationId}`, or the body's `applicationId`.
 * A call about an application this browser holds the resume secret of carries it: the holder
 * routes need it, and the others ignore it. (Which routes are the holder's is in the contract,
 * whose schemas this module does not load.)
 */
function holderApplicationId(options: { params?: unknown; body?: unknown } | undefined): string | undefined {
  const params = (options?.params ?? {}) as Record<string, string | undefined>;
  const body = (options?.body ?? {}) as { applicationId?: unknown };
  return params.id ?? params.applicationId ?? (typeof body.applicationId === 'string' ? body.applicationId : undefined);
}

/** Calls route K and resolves with its answer (undefined for a 204). A call about an application this browser holds carries its resume secret. */
export function apiCall<K extends ApiRouteKey>(key: K, ...[options]: CallArgs<K>): Promise<ResponseOf<K>> {
  const method = key.slice(0, key.indexOf(' '));
  const url = apiUrl(key, ...([options] as OptionalArg<UrlOptions<K>>));
  const secret = resumeSecretFor(holderApplicationId(options));
  const headers = secret ? { [RESUME_SECRET_HEADER]: secret, ...options?.headers } : options?.headers;
  return apiJson<ResponseOf<K>>(method, url, options?.body, headers);
}

/**
 * Calls route K whose answer is a file, not JSON (the order's .ics calendar): resolves with the body
 * as a Blob. The resume secret goes in a header, so a plain link cannot fetch a holder route.
 */
export async function apiBlob<K extends ApiRouteKey>(key: K, ...[options]: CallArgs<K>): Promise<Blob> {
  const method = key.slice(0, key.indexOf(' '));
  const url = apiUrl(key, ...([options] as OptionalArg<UrlOptions<K>>));
  const secret = resumeSecretFor(holderApplicationId(options));
  const headers = secret ? { [RESUME_SECRET_HEADER]: secret, ...options?.headers } : options?.headers;
  return (await apiRequest(method, url, options?.body, headers)).blob();
}

export const api = { call: apiCall, url: apiUrl, blob: apiBlob };

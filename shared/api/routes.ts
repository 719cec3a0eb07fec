/**
 * Route keys and what can be read from one without the contract: a route key is
 * `"METHOD /api/path"`, `{name}` for a path parameter (as API Gateway spells it). The routes
 * themselves, one entry each, are in ./contract.ts (written in ./contract/<group>.schema.ts); this
 * module builds no schema, so the browser and the scripts can use it without loading them.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type ApiPath = `/api/${string}`;

export const RESUME_SECRET_HEADER = 'x-resume-secret';

/** The method part of a route key. */
export type MethodOf<K extends string> = K extends `${infer M extends HttpMethod} ${string}` ? M : never;
/** The path template part of a route key. */
export type PathOf<K extends string> = K extends `${HttpMethod} ${infer P}` ? P : never;
/** The `{name}` parameters of a path template, as a union of names (`never`: none). */
export type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | PathParamNames<Rest> : never;

/** `"PATCH /api/content/{id}"` -> `{ method: 'PATCH', path: '/api/content/{id}' }`. */
export function splitRouteKey<K extends string>(key: K): { method: MethodOf<K>; path: PathOf<K> } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as MethodOf<K>, path: key.slice(space + 1) as PathOf<K> };
}

/** The `{name}` parameters of a path template, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

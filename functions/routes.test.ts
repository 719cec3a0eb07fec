import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTE_KEYS, CONTRACT, type RouteContract } from '#shared/api/contract.ts';
import { ROUTES, routeKey } from './routes.ts';

/**
 * A route is one contract entry plus one handler file (and its test): each needs the other.
 * A module under functions/handlers/ that exports `handler` is a route's handler; the others
 * are helpers the handlers share.
 */
const HANDLERS_DIR = join(import.meta.dirname, 'handlers');
/** The API's `$default` route (404 and 405): a handler, but of no route key. */
const NOT_A_ROUTE = new Set(['fallback']);

function handlerModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return handlerModules(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return /^export (const|async function|function) handler\b/m.test(readFileSync(path, 'utf8')) ? [relative(HANDLERS_DIR, path).slice(0, -'.ts'.length)] : [];
  });
}

describe('routes and their handler files', () => {
  it('every route has its handler file under functions/handlers/', () => {
    const missing = ROUTES.filter((r) => !existsSync(join(HANDLERS_DIR, `${r.handler}.ts`))).map((r) => `${routeKey(r)} -> ${r.handler}.ts`);
    expect(missing).toEqual([]);
  });

  it('every handler file is the handler of a route of the contract', () => {
    const named = new Set(ROUTES.map((r) => r.handler));
    expect(handlerModules(HANDLERS_DIR).filter((m) => !named.has(m) && !NOT_A_ROUTE.has(m))).toEqual([]);
  });

  it('each handler is typed by the key of the route it serves', () => {
    // `route('<key>', ...)` (or a shared handler given the key): the key the compiler checks the handler against.
    const mistyped = ROUTES.filter((r) => {
      const file = join(HANDLERS_DIR, `${r.handler}.ts`);
      return existsSync(file) && !readFileSync(file, 'utf8').includes(`'${routeKey(r)}'`);
    }).map(routeKey);
    expect(mistyped).toEqual([]);
  });
});

describe('the route table, derived from the API contract (shared/api/contract.ts)', () => {
  const entries = Object.entries(CONTRACT) as [string, RouteContract][];
  const sorted = (list: Iterable<string>) => [...list].sort();

  it("has exactly the contract's route keys, each once, in its order", () => {
    const table = ROUTES.map(routeKey);
    expect(table).toEqual(API_ROUTE_KEYS);
    expect(new Set(table).size).toBe(table.length);
  });

  it("has the contract's query schema as each route's query allow-list", () => {
    for (const [key, route] of entries) {
      expect(sorted(ROUTES.find((r) => routeKey(r) === key)?.query ?? []), key).toEqual(sorted(Object.keys(route.query?.shape ?? {})));
    }
  });

  it("carries each entry's server facts as written", () => {
    for (const [key, entry] of entries) {
      const route = ROUTES.find((r) => routeKey(r) === key)!;
      for (const fact of ['handler', 'access', 'role', 'tables', 'bucket', 'secrets', 'kms', 'rawBody', 'memoryMb', 'timeoutSeconds', 'rateLimit'] as const)
        expect(route[fact], `${key} ${fact}`).toEqual(entry[fact]);
    }
  });
});

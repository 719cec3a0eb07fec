import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { API_ROUTE_KEYS, CONTRACT, isHolderRoute, type RouteContract } from './contract.ts';
import { API_TITLE, openApiDocument } from './openapi.ts';
import { splitRouteKey } from './routes.ts';

type Operation = { operationId: string; security?: unknown[]; parameters?: { name: string; in: string; required: boolean }[]; requestBody?: unknown };
type Document = { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };

const doc = openApiDocument() as Document;
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
);
const entries = Object.entries(CONTRACT) as [string, RouteContract][];

describe('the OpenAPI document (GET /api/openapi.json; `npm run openapi` writes docs/openapi.json)', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
    expect(doc.info.title).toBe(API_TITLE);
  });

  it('describes exactly the routes of the contract, once each', () => {
    expect(operations.map((o) => o.key).sort()).toEqual([...API_ROUTE_KEYS].sort());
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('staff routes require the staff-token header, holder routes the resume secret, and every other route says it needs neither', () => {
    for (const [key, route] of entries) {
      const op = operations.find((o) => o.key === key)!.op;
      const expected = route.access === 'staff' ? [{ staffToken: [] }] : isHolderRoute(key) ? [{ resumeSecret: [] }] : [];
      expect(op.security, key).toEqual(expected);
    }
  });

  it('lists each route’s query parameters and path parameters', () => {
    for (const [key, route] of entries) {
      const params = operations.find((o) => o.key === key)!.op.parameters ?? [];
      expect(
        params.filter((p) => p.in === 'query').map((p) => p.name),
        key,
      ).toEqual(Object.keys(route.query?.shape ?? {}));
      for (const p of params.filter((x) => x.in === 'path')) expect(splitRouteKey(key).path).toContain(`{${p.name}}`);
    }
  });
});

import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '../../functions/routes.ts';
import { isHolderRoute } from './contract.ts';
import { API_TITLE, openApiDocument } from './openapi.ts';

type Operation = { operationId: string; security?: unknown[]; parameters?: { name: string; in: string; required: boolean }[]; requestBody?: unknown };
type Document = { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };

const doc = openApiDocument() as Document;
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
);

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

  it('describes exactly the routes of the route table, once each', () => {
    expect(operations.map((o) => o.key).sort()).toEqual(ROUTES.map(routeKey).sort());
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('staff routes require the staff-token header, holder routes the resume secret, and every other route says it needs neither', () => {
    for (const route of ROUTES) {
      const key = routeKey(route);
      const op = operations.find((o) => o.key === key)!.op;
      const expected = route.access === 'staff' ? [{ staffToken: [] }] : isHolderRoute(key) ? [{ resumeSecret: [] }] : [];
      expect(op.security, key).toEqual(expected);
    }
  });

  it('lists each route’s query parameters and path parameters', () => {
    for (const route of ROUTES) {
      const params = operations.find((o) => o.key === routeKey(route))!.op.parameters ?? [];
      expect(
        params.filter((p) => p.in === 'query').map((p) => p.name),
        routeKey(route),
      ).toEqual([...(route.query ?? [])]);
      for (const p of params.filter((x) => x.in === 'path')) expect(route.path).toContain(`{${p.name}}`);
    }
  });
});

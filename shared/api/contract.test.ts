import { describe, expect, it } from 'vitest';
import { PUBLIC_APPLICATION_FIELDS } from '../wizard/application.ts';
import { contractDrift } from './conformance.ts';
import { API_ROUTE_KEYS, CONTRACT, ROUTE_GROUPS, type RouteContract } from './contract.ts';
import { publicApplicationSchema } from './responses.schema.ts';
import { pathParamNames, splitRouteKey } from './routes.ts';

const entries = Object.entries(CONTRACT) as [string, RouteContract][];
const sorted = (list: Iterable<string>) => [...list].sort();

// The route table derived from the contract (functions/routes.ts) is checked against it in functions/routes.test.ts.
describe('the API contract', () => {
  it('every route key is "METHOD /api/path"', () => {
    for (const key of API_ROUTE_KEYS) expect(key).toMatch(/^(GET|POST|PATCH|PUT|DELETE) \/api\/[A-Za-z0-9\-_./{}]+$/);
  });

  it("only public routes are the holder's, and staff routes name a role or are the owner's", () => {
    for (const [key, entry] of entries) {
      if (entry.holder) expect(entry.access, key).toBe('public');
      if (entry.role) expect(entry.access, key).toBe('staff');
    }
  });

  it('every path parameter has a schema, and every schema a path parameter', () => {
    for (const [key, route] of entries) {
      expect(sorted(Object.keys(route.params?.shape ?? {})), key).toEqual(sorted(pathParamNames(splitRouteKey(key).path)));
    }
  });

  it('GET, DELETE and body-less routes declare no body; operation ids are unique', () => {
    for (const [key, route] of entries) {
      if (key.startsWith('GET ') || key.startsWith('DELETE ')) expect(route.body, key).toBeUndefined();
      expect(Object.keys(route.responses).length, key).toBeGreaterThan(0);
    }
    const ids = entries.map(([, r]) => r.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("an application's public fields are all in its response schema", () => {
    for (const field of PUBLIC_APPLICATION_FIELDS) expect(Object.keys(publicApplicationSchema.shape)).toContain(field);
  });
});

describe('the route groups (shared/api/contract/<group>.schema.ts) the contract is composed of', () => {
  const groups = ROUTE_GROUPS.map((group) => Object.entries(group) as [string, RouteContract][]);

  it('hold every entry of the contract once: no route key is in two groups', () => {
    const keys = groups.flatMap((group) => group.map(([key]) => key));
    expect(new Set(keys).size).toBe(keys.length);
    expect(sorted(keys)).toEqual(sorted(API_ROUTE_KEYS));
    for (const group of groups) for (const [key, entry] of group) expect((CONTRACT as Record<string, RouteContract>)[key], key).toBe(entry);
  });

  it('in the order of the groups', () => {
    expect(API_ROUTE_KEYS).toEqual(groups.flatMap((group) => group.map(([key]) => key)));
  });

  it('each of one tag; a tag in more than one group is split by the folder of its handlers', () => {
    const tagOf = (group: [string, RouteContract][]) => new Set(group.map(([, entry]) => entry.tag));
    for (const group of groups) expect(tagOf(group).size, group[0][0]).toBe(1);
    for (const group of groups) {
      const [tag] = tagOf(group);
      if (groups.filter((other) => tagOf(other).has(tag)).length === 1) continue;
      expect(new Set(group.map(([, entry]) => entry.handler.split('/')[0])).size, `${tag}: ${group[0][0]}`).toBe(1);
    }
  });
});

describe('contractDrift (what every handler test checks)', () => {
  const ticket = { id: 't1', status: 'open' };

  it('accepts an answer the contract describes', () => {
    expect(contractDrift('POST /api/support-tickets', 201, ticket, JSON.stringify(ticket))).toEqual([]);
    expect(contractDrift('DELETE /api/content/{id}', 204, undefined, '')).toEqual([]);
  });

  it('reports a status the route does not declare', () => {
    expect(contractDrift('POST /api/support-tickets', 200, ticket, '')).toEqual(['status 200 is not one the contract declares (201)']);
  });

  it('reports a wrong type and a field the contract does not declare', () => {
    expect(contractDrift('POST /api/support-tickets', 201, { id: 1, status: 'open' }, '')).toEqual([expect.stringMatching(/^body\.id: /)]);
    expect(contractDrift('POST /api/support-tickets', 201, { ...ticket, internal: 'x' }, '')).toEqual(['body.internal: not declared in the contract']);
    const activity = { id: 'x', action: 'a', category: 'money', description: 'd', createdAt: 'c', applicationId: 'internal' };
    const stats = { totalApplications: 1, pendingApplications: 1, completedApplications: 0, openTickets: 0, recentActivity: [activity], recentLeads: [] };
    expect(contractDrift('GET /api/staff/dashboard', 200, stats, '')).toEqual(['body.recentActivity[0].applicationId: not declared in the contract']);
  });

  it('reports a body on a 204 and an answer for a key that is not a route', () => {
    expect(contractDrift('DELETE /api/content/{id}', 204, {}, '{}')).toEqual(['status 204 has no body in the contract, got {}']);
    expect(contractDrift('GET /api/nothing', 200, {}, '{}')).toEqual(['GET /api/nothing is not a route of the contract (shared/api/contract.ts)']);
  });

  it('an error needs the sentence and the code; documented extras are checked, others pass', () => {
    expect(contractDrift('GET /api/nothing', 404, { error: 'No such API route', code: 'route_not_found' }, '')).toEqual([]);
    expect(contractDrift('GET /api/states', 400, { error: 'Query is invalid', code: 'invalid_request', details: { q: ['Unknown'] }, extra: 1 }, '')).toEqual(
      [],
    );
    expect(contractDrift('GET /api/states', 404, { error: 'Not found' }, '')).toEqual([expect.stringMatching(/^body\.code: /)]);
    expect(contractDrift('POST /api/create-payment-intent', 409, { error: 'Total changed', code: 'amount_changed' }, '')).toEqual([
      expect.stringMatching(/^body\.amount: /),
    ]);
    expect(contractDrift('POST /api/create-payment-intent', 409, { error: 'Already paid', code: 'already_paid' }, '')).toEqual([]);
    expect(contractDrift('POST /api/create-payment-intent', 400, { error: 'Total changed', code: 'amount_changed', amount: 1 }, '')).toEqual([
      'error amount_changed comes with status 409 in the contract, not 400',
    ]);
  });
});

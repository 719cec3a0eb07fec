import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { loadHandler } from '../../../scripts/local/adapter.ts';
import { staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { hashToken } from '../../lib/sessions.ts';
import { ROUTES, type RouteDef } from '../../routes.ts';

/**
 * Walks the route table: every `staff` route must answer 401 without a valid token, whatever
 * its handler. A route added later with a handler that skips the check fails here.
 */
const staffRoutes = (ROUTES as readonly RouteDef[]).filter((r) => r.access === 'staff');

function eventFor(route: RouteDef, headers: Record<string, string>) {
  const pathParameters: Record<string, string> = {};
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    pathParameters[name] = 'abc123';
    return 'abc123';
  });
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return apiEvent({ method: route.method, route: route.path, path, pathParameters, headers, body: hasBody ? {} : undefined });
}

async function expiredToken(): Promise<string> {
  const token = `expired-${Math.random().toString(36).slice(2)}-0123456789abcdef`;
  await ddb().send(
    new PutCommand({
      TableName: tableName('sessions'),
      Item: { tokenHash: hashToken(token), expiresAt: new Date(Date.now() - 60_000).toISOString(), ttl: Math.floor(Date.now() / 1000) + 3600 },
    }),
  );
  return token;
}

describe('staff routes refuse requests without a valid staff token', () => {
  it('the table has the staff routes of the back office and content editor', () => {
    const keys = staffRoutes.map((r) => `${r.method} ${r.path}`);
    for (const k of [
      'GET /api/staff/dashboard',
      'GET /api/staff/applications',
      'PATCH /api/staff/applications/{id}',
      'POST /api/staff/applications/{id}/documents',
      'POST /api/staff/applications/{id}/uploads',
      'GET /api/staff/tickets',
      'PATCH /api/staff/tickets/{id}',
      'POST /api/content',
      'PATCH /api/content/{id}',
      'DELETE /api/content/{id}',
    ]) {
      expect(keys).toContain(k);
    }
  });

  it.each(staffRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_, route) => {
    const handler = await loadHandler(route.handler);
    const cases: [string, Record<string, string>][] = [
      ['missing', {}],
      ['empty', { 'staff-token': '' }],
      ['wrong', { 'staff-token': 'not-a-real-token-but-long-enough-0123456789' }],
      ['expired', { 'staff-token': await expiredToken() }],
    ];
    for (const [what, headers] of cases) {
      const res = await invoke(handler, eventFor(route, headers));
      expect(res.status, `${what} token`).toBe(401);
      expect(res.body, `${what} token`).toEqual({ error: 'Authentication required', code: 'authentication_required' });
    }
    // With a valid token the same request gets past the check (whatever the handler then says).
    const ok = await invoke(handler, eventFor(route, await staffHeaders()));
    expect(ok.status).not.toBe(401);
  });
});

/**
 * Roles: the route table declares the least role of each staff route (support < processor <
 * owner), and the middleware checks it before the handler runs: a person below it gets 403 JSON.
 */
describe('staff routes check the role the route table declares', () => {
  it('every staff route declares its role; support gets tickets and their own account only; the owner-only ones include settings, staff, refunds and revealing a tax id', () => {
    for (const route of staffRoutes) expect(['owner', 'processor', 'support'], `${route.method} ${route.path}`).toContain(route.role);
    for (const route of (ROUTES as readonly RouteDef[]).filter((r) => r.access === 'public'))
      expect(route.role, `${route.method} ${route.path}`).toBeUndefined();
    const ownerOnly = staffRoutes.filter((r) => r.role === 'owner').map((r) => `${r.method} ${r.path}`);
    expect(ownerOnly).toEqual(
      expect.arrayContaining([
        'PUT /api/staff/operator-settings',
        'GET /api/staff/people',
        'POST /api/staff/people',
        'PATCH /api/staff/people/{id}',
        'DELETE /api/staff/people/{id}',
        'POST /api/staff/people/{id}/reset',
        'POST /api/staff/applications/{id}/refund',
        'POST /api/staff/applications/{id}/annual-report/refund',
        'POST /api/staff/applications/{id}/tax-id/reveal',
      ]),
    );
    const support = staffRoutes.filter((r) => r.role === 'support').map((r) => `${r.method} ${r.path}`);
    for (const key of support)
      expect(key, 'support routes are tickets, customer messages and emails, the dashboard and the person’s own account').toMatch(
        /^[A-Z]+ \/api\/staff\/(tickets|account|dashboard|emails|applications\/\{id\}\/(emails|email|email-change|order-link)$)/,
      );
    expect(support).toEqual(expect.arrayContaining(['GET /api/staff/tickets', 'POST /api/staff/tickets/{id}/replies', 'GET /api/staff/account']));
  });

  const ownerRoutes = staffRoutes.filter((r) => r.role === 'owner').map((r) => [`${r.method} ${r.path}`, r] as const);
  it.each(ownerRoutes)('%s: 403 for a processor and for support', async (_, route) => {
    const handler = await loadHandler(route.handler);
    for (const role of ['processor', 'support'] as const) {
      const res = await invoke(handler, eventFor(route, await staffHeaders({ role })));
      expect(res.status, role).toBe(403);
      expect(res.body).toEqual({ error: 'Only an owner may do this', code: 'owner_only' });
    }
  });

  const processorRoutes = staffRoutes.filter((r) => r.role === 'processor').map((r) => [`${r.method} ${r.path}`, r] as const);
  it.each(processorRoutes)('%s: 403 for support', async (_, route) => {
    const handler = await loadHandler(route.handler);
    const res = await invoke(handler, eventFor(route, await staffHeaders({ role: 'support' })));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Your role cannot do this: it is for processors and owners', code: 'role_not_allowed' });
  });
});

import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { loadHandler } from '../../../scripts/local/adapter.ts';
import { staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { hashToken } from '../../data/sessions.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
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
 * Roles: the route table declares who of the staff may call each staff route, and the middleware
 * checks it before the handler runs: owner-only routes answer 403 to a staff-role person.
 */
describe('staff routes check the role the route table declares', () => {
  it('every staff route declares its role, and the owner-only ones are settings, staff management, refunds and revealing a tax id', () => {
    for (const route of staffRoutes) expect(['owner', 'staff'], `${route.method} ${route.path}`).toContain(route.role);
    for (const route of (ROUTES as readonly RouteDef[]).filter((r) => r.access === 'public'))
      expect(route.role, `${route.method} ${route.path}`).toBeUndefined();
    const ownerOnly = staffRoutes.filter((r) => r.role === 'owner').map((r) => `${r.method} ${r.path}`);
    expect(ownerOnly).toEqual(
      expect.arrayContaining([
        'PUT /api/staff/operator-settings',
        'GET /api/staff/people',
        'POST /api/staff/people',
        'DELETE /api/staff/people/{id}',
        'POST /api/staff/people/{id}/reset',
        'POST /api/staff/applications/{id}/refund',
        'POST /api/staff/applications/{id}/tax-id/reveal',
      ]),
    );
  });

  it.each(staffRoutes.filter((r) => r.role === 'owner').map((r) => [`${r.method} ${r.path}`, r] as const))('%s: 403 for the staff role', async (_, route) => {
    const handler = await loadHandler(route.handler);
    const res = await invoke(handler, eventFor(route, await staffHeaders({ role: 'staff' })));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Only an owner may do this', code: 'owner_only' });
  });
});

import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { hashToken, verifyStaffSession } from '../../data/sessions.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { hashPassword } from '../../lib/password.ts';
import { resetSecretsForTests } from '../../lib/secrets.ts';
import { handler as dashboard } from './dashboard.ts';
import { handler as login } from './login.ts';
import { handler as logout } from './logout.ts';

const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  process.env.STAFF_PASSWORD_HASH = await hashPassword(PASSWORD);
  resetSecretsForTests();
});

const loginAs = (password: unknown, sourceIp = '198.51.100.1') =>
  invoke(login, apiEvent({ method: 'POST', route: '/api/staff/login', body: password === undefined ? {} : { password }, sourceIp }));

describe('POST /api/staff/login', () => {
  it('returns a 32-byte base64url token and stores only its hash, with a 12 h expiry and TTL', async () => {
    const res = await loginAs(PASSWORD, '198.51.100.10');
    expect(res.status).toBe(200);
    const token: string = res.body.token;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const byToken = await ddb().send(new GetCommand({ TableName: tableName('sessions'), Key: { tokenHash: token } }));
    expect(byToken.Item).toBeUndefined();
    const stored = await ddb().send(new GetCommand({ TableName: tableName('sessions'), Key: { tokenHash: hashToken(token) } }));
    const hours = (Date.parse(stored.Item?.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    expect(stored.Item?.ttl).toBe(Math.floor(Date.parse(stored.Item?.expiresAt) / 1000));
    expect(JSON.stringify(stored.Item)).not.toContain(token);
    const dash = await invoke(dashboard, apiEvent({ method: 'GET', route: '/api/staff/dashboard', headers: { 'staff-token': token } }));
    expect(dash.status).toBe(200);
  });

  it('answers a wrong password with 401 Invalid credentials', async () => {
    const res = await loginAs('wrong password', '198.51.100.11');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid credentials', code: 'invalid_credentials' });
  });

  it('answers a missing password with 400', async () => {
    expect((await loginAs(undefined, '198.51.100.12')).status).toBe(400);
    expect((await loginAs('', '198.51.100.12')).status).toBe(400);
    const noBody = await invoke(login, apiEvent({ method: 'POST', route: '/api/staff/login', sourceIp: '198.51.100.12' }));
    expect(noBody.status).toBe(400);
  });

  it('locks an IP out after 5 failures in 15 minutes, even for the right password, until the window passes', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 5; i++) expect((await loginAs(`guess-${i}`, ip)).status).toBe(401);
    const locked = await loginAs(PASSWORD, ip);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another source is not affected.
    expect((await loginAs(PASSWORD, '198.51.100.21')).status).toBe(200);
    // The window passes (moved back 16 minutes): the right password works again.
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('rateLimits'),
        Key: { key: `login#${ip}` },
        UpdateExpression: 'SET windowStart = :old',
        ExpressionAttributeValues: { ':old': Math.floor(Date.now() / 1000) - 16 * 60 },
      }),
    );
    expect((await loginAs(PASSWORD, ip)).status).toBe(200);
  });

  it('does not count successful logins towards the lockout', async () => {
    const ip = '198.51.100.30';
    for (let i = 0; i < 4; i++) expect((await loginAs(`guess-${i}`, ip)).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await loginAs(PASSWORD, ip)).status).toBe(200);
    expect((await loginAs('one more guess', ip)).status).toBe(401);
    expect((await loginAs(PASSWORD, ip)).status).toBe(429);
  });

  it('cannot be raced past the limit with parallel guesses', async () => {
    const ip = '198.51.100.40';
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => loginAs(`parallel-${i}`, ip)));
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
  });
});

describe('POST /api/staff/logout', () => {
  it('deletes the session so the token stops working', async () => {
    const { body } = await loginAs(PASSWORD, '198.51.100.50');
    expect(await verifyStaffSession(body.token)).toBe(true);
    const res = await invoke(logout, apiEvent({ method: 'POST', route: '/api/staff/logout', headers: { 'staff-token': body.token } }));
    expect(res.status).toBe(204);
    expect(await verifyStaffSession(body.token)).toBe(false);
    const dash = await invoke(dashboard, apiEvent({ method: 'GET', route: '/api/staff/dashboard', headers: { 'staff-token': body.token } }));
    expect(dash.status).toBe(401);
  });

  it('also accepts the token in the body (docs/product.md section 7)', async () => {
    const { body } = await loginAs(PASSWORD, '198.51.100.51');
    const res = await invoke(logout, apiEvent({ method: 'POST', route: '/api/staff/logout', body: { token: body.token } }));
    expect(res.status).toBe(204);
    expect(await verifyStaffSession(body.token)).toBe(false);
  });
});

describe('expired sessions', () => {
  it('are refused even before DynamoDB removes them', async () => {
    const token = 'expired-token-0123456789abcdefghijklmnop';
    await ddb().send(
      new PutCommand({
        TableName: tableName('sessions'),
        Item: { tokenHash: hashToken(token), expiresAt: new Date(Date.now() - 1000).toISOString(), ttl: Math.floor(Date.now() / 1000) + 3600 },
      }),
    );
    expect(await verifyStaffSession(token)).toBe(false);
  });
});

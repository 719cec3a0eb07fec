import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { verifyStaffSession } from '../../data/sessions.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { hashPassword } from '../../lib/password.ts';
import { resetSecretsForTests } from '../../lib/secrets.ts';
import { handler as login } from './login.ts';
import { handler as logout } from './logout.ts';

/** Login cases beyond auth.test.ts: validation, an unconfigured password, the lockout's countdown. */
const PASSWORD = 'correct horse battery staple';
let hash = '';

beforeAll(async () => {
  hash = await hashPassword(PASSWORD);
});
afterEach(() => {
  process.env.STAFF_PASSWORD_HASH = hash;
  resetSecretsForTests();
});

const loginAs = (body: unknown, sourceIp: string) => invoke(login, apiEvent({ method: 'POST', route: '/api/staff/login', body, sourceIp }));

describe('POST /api/staff/login validation', () => {
  it('refuses over-long passwords and control characters with readable messages, without using up attempts', async () => {
    process.env.STAFF_PASSWORD_HASH = hash;
    resetSecretsForTests();
    const ip = '198.51.100.70';
    for (let i = 0; i < 3; i++) {
      const long = await loginAs({ password: 'x'.repeat(1025) }, ip);
      expect(long.status).toBe(400);
      expect(long.body.details).toEqual({ password: ['Password is too long'] });
      const control = await loginAs({ password: `${PASSWORD}\u0000` }, ip);
      expect(control.status).toBe(400);
      expect(control.body.details).toEqual({ password: ['Password contains control characters'] });
    }
    expect((await loginAs({ password: PASSWORD, extra: 1 }, ip)).status).toBe(400);
    // Six refused requests, yet the right password still works: none of them counted.
    expect((await loginAs({ password: PASSWORD }, ip)).status).toBe(200);
  });
});

describe('POST /api/staff/login without a configured password', () => {
  it('answers 503 and does not count towards the lockout', async () => {
    delete process.env.STAFF_PASSWORD_HASH;
    resetSecretsForTests();
    const ip = '198.51.100.71';
    for (let i = 0; i < 6; i++) {
      const res = await loginAs({ password: PASSWORD }, ip);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: 'Staff login is not configured yet', code: 'not_configured' });
    }
    process.env.STAFF_PASSWORD_HASH = hash;
    resetSecretsForTests();
    expect((await loginAs({ password: 'wrong' }, ip)).status).toBe(401);
    expect((await loginAs({ password: PASSWORD }, ip)).status).toBe(200);
  });
});

describe('lockout countdown', () => {
  it('Retry-After counts down to the end of the 15-minute window', async () => {
    process.env.STAFF_PASSWORD_HASH = hash;
    resetSecretsForTests();
    const ip = '198.51.100.72';
    for (let i = 0; i < 5; i++) expect((await loginAs({ password: `guess-${i}` }, ip)).status).toBe(401);
    // The window opened 10 minutes ago: 5 minutes are left.
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('rateLimits'),
        Key: { key: `login#${ip}` },
        UpdateExpression: 'SET windowStart = :start',
        ExpressionAttributeValues: { ':start': Math.floor(Date.now() / 1000) - 600 },
      }),
    );
    const locked = await loginAs({ password: PASSWORD }, ip);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: 'Too many failed login attempts; try again later', code: 'login_locked', retryAfterSeconds: expect.any(Number) });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(290);
    expect(retryAfter).toBeLessThanOrEqual(300);
  });
});

describe('POST /api/staff/logout', () => {
  it('prefers the staff-token header over the body, and answers 204 without a token', async () => {
    process.env.STAFF_PASSWORD_HASH = hash;
    resetSecretsForTests();
    const a = (await loginAs({ password: PASSWORD }, '198.51.100.73')).body.token as string;
    const b = (await loginAs({ password: PASSWORD }, '198.51.100.73')).body.token as string;
    const res = await invoke(logout, apiEvent({ method: 'POST', route: '/api/staff/logout', headers: { 'staff-token': a }, body: { token: b } }));
    expect(res.status).toBe(204);
    expect(await verifyStaffSession(a)).toBe(false);
    expect(await verifyStaffSession(b)).toBe(true);
    expect((await invoke(logout, apiEvent({ method: 'POST', route: '/api/staff/logout' }))).status).toBe(204);
    expect(await verifyStaffSession(b)).toBe(true);
  });
});

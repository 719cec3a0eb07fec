import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { personByEmail } from '../../data/staff-accounts.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { resetConfigForTests } from '../../lib/config.ts';
import { hashPassword } from '../../lib/password.ts';
import { resetSecretsForTests } from '../../lib/secrets.ts';
import { loginAccountKey, loginSlowDownKey, verifyStaffSession } from '../../lib/sessions.ts';
import { handler as login } from '../staff-access/login.ts';
import { handler as logout } from '../staff-access/logout.ts';

/**
 * Login cases beyond auth.test.ts: validation, an unconfigured password, the lockout's countdown.
 * The owner account here is the AWS way: created by the first sign-in with the owner's address
 * (STAFF_OWNER_EMAIL) and the staff password (the STAFF_PASSWORD_HASH secret).
 */
const PASSWORD = 'correct horse battery staple';
const OWNER = 'owner@creator-llc.example';
let hash = '';

process.env.STAFF_SECOND_FACTOR = 'optional';
process.env.STAFF_OWNER_EMAIL = OWNER;
resetConfigForTests();

beforeAll(async () => {
  hash = await hashPassword(PASSWORD);
});
afterEach(() => {
  process.env.STAFF_PASSWORD_HASH = hash;
  resetSecretsForTests();
});

const loginAs = (body: Record<string, unknown>, sourceIp: string) =>
  invoke(login, apiEvent({ method: 'POST', route: '/api/staff/login', body: { email: OWNER, ...body }, sourceIp }));

describe('POST /api/staff/login without a configured password', () => {
  it('answers 503 before the owner exists, counting nothing; the first right sign-in then creates the owner', async () => {
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
    expect(await personByEmail(OWNER)).toBeUndefined();
    expect((await loginAs({ password: 'wrong' }, ip)).status).toBe(401);
    expect((await loginAs({ password: PASSWORD }, ip)).status).toBe(200);
    expect(await personByEmail(OWNER)).toMatchObject({ email: OWNER, role: 'owner', status: 'active' });
  });
});

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

describe('slow-down countdown', () => {
  it('Retry-After counts down to the end of the wait after the last failure', async () => {
    process.env.STAFF_PASSWORD_HASH = hash;
    resetSecretsForTests();
    const start = (Math.floor(Date.now() / 60_000) + 1) * 60_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    try {
      // Failures 1-3 cost nothing, the 3rd a 1 s wait, the 4th 2 s, the 5th 4 s.
      const ip = '198.51.100.72';
      let now = start;
      for (const wait of [0, 0, 1, 2, 4]) {
        clock.mockReturnValue(now);
        expect((await loginAs({ password: `guess-${now}` }, ip)).status).toBe(401);
        now += wait * 1000;
      }
      clock.mockReturnValue(now - 4000 + 1200);
      const locked = await loginAs({ password: PASSWORD }, ip);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ error: 'Too many failed sign-ins: try again in 3 seconds', code: 'login_locked', retryAfterSeconds: 3 });
      expect(locked.headers['retry-after']).toBe('3');
      clock.mockReturnValue(now);
      expect((await loginAs({ password: PASSWORD }, ip)).status).toBe(200);
    } finally {
      clock.mockRestore();
      await ddb().send(
        new DeleteCommand({
          TableName: tableName('rateLimits'),
          Key: { key: loginSlowDownKey(loginAccountKey((await personByEmail(OWNER))!.id), 'password', '198.51.100.72') },
        }),
      );
    }
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

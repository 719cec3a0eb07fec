import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { ensureOwnerAccount, personByEmail } from '../../data/staff-accounts.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { resetConfigForTests } from '../../lib/config.ts';
import { logger } from '../../lib/logger.ts';
import { hashPassword } from '../../lib/password.ts';
import { hashToken, loginAccountKey, loginBudgetKey, loginFailuresKey, loginSlowDownKey, verifyStaffSession } from '../../lib/sessions.ts';
import { signInCodeFor } from '../../staff/sign-in-code.ts';
import { handler as login } from '../staff-access/login.ts';
import { handler as logout } from '../staff-access/logout.ts';
import { handler as dashboard } from './dashboard.ts';

const PASSWORD = 'correct horse battery staple';
const OWNER = 'owner@creator-llc.example';
/** The owner's account key (its slow-downs and failure count are keyed under it). */
let ACCOUNT_KEY = '';

// Signing in with a password alone (the local stage): the second factor has its own tests (accounts.test.ts).
process.env.STAFF_SECOND_FACTOR = 'optional';
resetConfigForTests();

beforeAll(async () => {
  await ensureOwnerAccount({ email: OWNER, passwordHash: await hashPassword(PASSWORD) });
  ACCOUNT_KEY = loginAccountKey((await personByEmail(OWNER))!.id);
});

const loginAs = (password: unknown, sourceIp = '198.51.100.1') =>
  invoke(
    login,
    apiEvent({ method: 'POST', route: '/api/staff/login', body: password === undefined ? { email: OWNER } : { email: OWNER, password }, sourceIp }),
  );

describe('POST /api/staff/login', () => {
  it('returns a 32-byte base64url token and stores only its hash, with a 12 h expiry and TTL', async () => {
    const res = await loginAs(PASSWORD, '198.51.100.10');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'signed_in', person: { email: OWNER, role: 'owner' } });
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
});

/**
 * Brute-force guards: a slow-down per account AND address (3 free failures in a row, then 1, 2,
 * 4, ... seconds after each, at most a minute), reset by a right password, plus a short
 * per-address limit; the account's failures from every address are counted for the owner's alert.
 */
describe('POST /api/staff/login brute-force guards', () => {
  // Pinned clock: the waits are real seconds.
  let now = 0;
  const at = (ms: number) => {
    now = ms;
    vi.spyOn(Date, 'now').mockReturnValue(ms);
  };
  /** The slow-down of the owner's password step from one address. */
  const slowDownKey = (ip: string) => loginSlowDownKey(ACCOUNT_KEY, 'password', ip);
  const accountFailures = async () =>
    Number(
      (await ddb().send(new GetCommand({ TableName: tableName('rateLimits'), Key: { key: loginFailuresKey(ACCOUNT_KEY) }, ConsistentRead: true }))).Item
        ?.failures ?? 0,
    );
  /** Every address the cases below sign in from. */
  const ADDRESSES = [
    ...['100', '120', '130', '20', '21', '30', '40', '60', '61', '62'].map((n) => `198.51.100.${n}`),
    ...Array.from({ length: 8 }, (_, i) => `203.0.113.${i + 1}`),
  ];
  const clearCounts = async () => {
    // Each case starts from an account without failures, at every address the cases use.
    for (const key of [loginFailuresKey(ACCOUNT_KEY), loginBudgetKey(ACCOUNT_KEY), ...ADDRESSES.map(slowDownKey)])
      await ddb().send(new DeleteCommand({ TableName: tableName('rateLimits'), Key: { key } }));
  };
  beforeEach(async () => {
    at((Math.floor(Date.now() / 60_000) + 1) * 60_000 + 500);
    await clearCounts();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await clearCounts();
  });

  it('slows guessing from one address: after 3 failures its next attempt waits, while the right password from elsewhere signs in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await loginAs(`guess-${i}`, '198.51.100.100')).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    const refused = await loginAs(PASSWORD, '198.51.100.100');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many failed sign-ins: try again in 1 second', code: 'login_locked', retryAfterSeconds: 1 });
    expect(refused.headers['retry-after']).toBe('1');
    expect((await loginAs(PASSWORD, '198.51.100.120')).status).toBe(200);
  });

  it('each failure from the third on doubles the wait (1, 2, 4 ... seconds), up to a minute, and the 429 says how long', async () => {
    const ip = '198.51.100.130';
    const waits: number[] = [];
    for (let n = 1; n <= 11; n++) {
      // This is about the address's slow-down, not the account's budget of wrong passwords (password-budget.test.ts).
      await ddb().send(new DeleteCommand({ TableName: tableName('rateLimits'), Key: { key: loginBudgetKey(ACCOUNT_KEY) } }));
      // Allowed at once after failures 1 and 2, and once the wait has passed after the others.
      expect((await loginAs(`guess-${n}`, ip)).status, `guess ${n}`).toBe(401);
      if (n < 3) continue;
      const early = await loginAs(`early-${n}`, ip);
      expect(early.status, `right after guess ${n}`).toBe(429);
      const wait = early.body.retryAfterSeconds;
      expect(early.body.error).toBe(`Too many failed sign-ins: try again in ${wait} second${wait === 1 ? '' : 's'}`);
      expect(early.headers['retry-after']).toBe(String(wait));
      waits.push(wait);
      at(now + wait * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('five wrong passwords from one address keep that address waiting for seconds, not 15 minutes', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 5; i++) {
      const res = await loginAs(`guess-${i}`, ip);
      expect(res.status, `guess ${i + 1}`).toBe(401);
      // Waits after failures 3 and 4: 1 s and 2 s.
      if (i === 2 || i === 3) at(now + 2 ** (i - 2) * 1000);
    }
    const locked = await loginAs(PASSWORD, ip);
    expect(locked.status).toBe(429);
    expect(locked.body.retryAfterSeconds).toBe(4);
    at(now + 4000);
    expect((await loginAs(PASSWORD, ip)).status).toBe(200);
  });

  it('a stranger guessing each time Retry-After allows, from rotating addresses, gets 10 passwords checked and never keeps the owner out; the failures are counted for the alert', async () => {
    const log = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const level = logger.level;
    logger.level = 'INFO';
    /** The owner from their own address: the password, and once the budget is spent, with the code emailed to them. */
    const ownerSignsIn = async () => {
      const first = await loginAs(PASSWORD, '198.51.100.21');
      if (first.status === 200) return first;
      expect(first.body.code).toBe('second_proof_required');
      const personId = ACCOUNT_KEY.replace('login:account:', '');
      const codes = await ddb().send(
        new QueryCommand({
          TableName: tableName('staff'),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :person)',
          ExpressionAttributeValues: { ':pk': 'SIGN-IN-CODE', ':person': `${personId}#` },
          ConsistentRead: true,
        }),
      );
      const codeId = codes.Items?.find((c) => Date.parse(c.expiresAt) > now)?.codeId;
      const emailCode = await signInCodeFor(personId, codeId);
      return invoke(
        login,
        apiEvent({ method: 'POST', route: '/api/staff/login', body: { email: OWNER, password: PASSWORD, emailCode }, sourceIp: '198.51.100.21' }),
      );
    };
    try {
      let evaluated = 0;
      let ownerTries = 0;
      for (let i = 0; i < 40; i++) {
        // The attacker: a wrong password from one of 8 addresses in turn, waiting as Retry-After says.
        const res = await loginAs(`guess-${i}`, `203.0.113.${(i % 8) + 1}`);
        if (res.status === 401) {
          if (res.body.code === 'invalid_credentials') evaluated++;
          else expect(res.body.code).toBe('second_proof_required');
        } else {
          expect(res.status).toBe(429);
          expect(res.body.retryAfterSeconds).toBeLessThanOrEqual(60);
          at(now + res.body.retryAfterSeconds * 1000);
        }
        // The owner signs in from their own address every few of the attacker's tries: every time.
        if (i % 3 === 0) {
          ownerTries++;
          at(now + 10_000);
          expect((await ownerSignsIn()).status, `owner's sign-in ${ownerTries}`).toBe(200);
        }
      }
      expect(evaluated).toBe(10);
      expect(ownerTries).toBeGreaterThan(10);
      expect(await accountFailures()).toBe(10);
      const lines = log.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('StaffSignInFailures'));
      expect(lines).toHaveLength(10);
      expect(lines.filter((line) => line.includes('"many failed staff sign-ins on one account"'))).toHaveLength(1);
      expect(JSON.parse(lines[0])).toMatchObject({ StaffSignInFailures: 1, Step: 'password', _aws: { CloudWatchMetrics: [{ Namespace: 'CreatorLLC' }] } });
    } finally {
      logger.level = level;
      log.mockRestore();
    }
  });

  it('a right password resets the slow-down of its address; the account count across addresses is kept', async () => {
    for (let i = 0; i < 3; i++) expect((await loginAs(`guess-${i}`, '198.51.100.30')).status).toBe(401);
    expect((await loginAs(PASSWORD, '198.51.100.30')).status).toBe(429);
    at(now + 1000);
    expect((await loginAs(PASSWORD, '198.51.100.30')).status).toBe(200);
    // Three free failures again, then the wait.
    for (let i = 0; i < 3; i++) expect((await loginAs(`again-${i}`, '198.51.100.30')).status).toBe(401);
    expect((await loginAs('one more', '198.51.100.30')).status).toBe(429);
    const stored = await ddb().send(new GetCommand({ TableName: tableName('rateLimits'), Key: { key: slowDownKey('198.51.100.30') }, ConsistentRead: true }));
    expect(stored.Item?.failures).toBe(3);
    expect(await accountFailures()).toBe(6);
  });

  it('cannot be raced past the slow-down with parallel guesses from one address', async () => {
    const results = await Promise.all(Array.from({ length: 9 }, (_, i) => loginAs(`parallel-${i}`, '198.51.100.40')));
    expect(results.filter((r) => r.status === 401)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(6);
  });

  it('also limits one address to 10 failed sign-ins a minute (for any account)', async () => {
    const ip = '198.51.100.60';
    for (let i = 0; i < 10; i++) {
      expect((await loginAs(`guess-${i}`, ip)).status, `guess ${i + 1}`).toBe(401);
      // As if each guess were for another account: the account slow-down and budget are not what stops this.
      await ddb().send(new DeleteCommand({ TableName: tableName('rateLimits'), Key: { key: slowDownKey(ip) } }));
      await ddb().send(new DeleteCommand({ TableName: tableName('rateLimits'), Key: { key: loginBudgetKey(ACCOUNT_KEY) } }));
    }
    const refused = await loginAs(PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many failed sign-ins: try again in 60 seconds', code: 'login_locked', retryAfterSeconds: 60 });
    expect((await loginAs(PASSWORD, '198.51.100.61')).status).toBe(200);
    // The next minute: the address may try again.
    at(now + 60_000);
    expect((await loginAs(PASSWORD, ip)).status).toBe(200);
  });

  it('successful sign-ins and refused attempts do not count against the address', async () => {
    const ip = '198.51.100.62';
    for (let i = 0; i < 12; i++) expect((await loginAs(PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await loginAs(`guess-${i}`, ip)).status).toBe(401);
    for (let i = 0; i < 12; i++) expect((await loginAs(`early-${i}`, ip)).status).toBe(429);
    at(now + 1000);
    expect((await loginAs(PASSWORD, ip)).status).toBe(200);
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

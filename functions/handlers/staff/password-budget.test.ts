import { afterEach, describe, expect, it } from 'vitest';
import { signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listAudit } from '../../data/audit.ts';
import { openSession, PersonChange, readPerson, writeTogether } from '../../data/staff-accounts.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { GetCommand, QueryCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { resetConfigForTests } from '../../lib/config.ts';
import { hashPassword } from '../../lib/password.ts';
import { verifyStaffSession } from '../../lib/sessions.ts';
import { totpCode } from '../../lib/totp.ts';
import { signInCodeFor } from '../../staff/sign-in-code.ts';
import { handler as recoveryCodes } from '../staff-access/account-recovery-codes.ts';
import { handler as login } from '../staff-access/login.ts';
import { handler as dashboard } from './dashboard.ts';

/**
 * The account-wide budget of wrong passwords (docs/decisions/0408-account-wide-password-budget.md):
 * guessing from many addresses gets at most 10 passwords checked per account in 15 minutes; after
 * that the password is checked only together with a second proof (the authenticator app's code,
 * or a code emailed to the account), so the right person still signs in from anywhere. And the
 * password typed again on the account page: the fifth wrong one ends the session.
 */
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

afterEach(() => {
  process.env.STAFF_SECOND_FACTOR = 'required';
  resetConfigForTests();
});

const signIn = (body: Record<string, unknown>, sourceIp: string) => invoke(login, apiEvent({ method: 'POST', route: '/api/staff/login', body, sourceIp }));

/** 40 wrong passwords for `email`, one from each of 40 addresses (IPv4 and IPv6 networks): the answers. */
async function fortyGuesses(email: string) {
  const answers = [];
  for (let i = 0; i < 40; i++) {
    const sourceIp = i % 2 ? `203.0.113.${i + 1}` : `2001:db8:${(i + 1).toString(16)}::1`;
    answers.push(await signIn({ email, password: `guess number ${i}` }, sourceIp));
  }
  return answers;
}

/** The codes emailed to a person: the outbox holds their ids only; the code is made at sending. */
async function emailedCodes(personId: string, email: string): Promise<string[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName('staff'),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :person)',
      ExpressionAttributeValues: { ':pk': 'SIGN-IN-CODE', ':person': `${personId}#` },
      ConsistentRead: true,
    }),
  );
  const codes: string[] = [];
  for (const item of out.Items ?? []) {
    const message = await ddb().send(new GetCommand({ TableName: tableName('outbox'), Key: { messageId: `sign-in-code:${item.codeId}` } }));
    expect(message.Item).toMatchObject({ kind: 'staff_sign_in_code', to: email, payload: { personId, codeId: item.codeId } });
    const code = await signInCodeFor(personId, item.codeId);
    expect(JSON.stringify(message.Item)).not.toContain(code);
    expect(JSON.stringify(item)).not.toContain(code);
    codes.push(code);
  }
  return codes;
}

describe('the account-wide budget of wrong passwords', () => {
  it('40 wrong passwords from 40 addresses: 10 are checked, the rest get no verdict; the person then signs in with the emailed code', async () => {
    process.env.STAFF_SECOND_FACTOR = 'optional';
    resetConfigForTests();
    const email = 'budget-email@creator-llc.example';
    const person = await signedInPerson({ role: 'owner', email, passwordHash: await hashPassword('the right password 1') });
    const answers = await fortyGuesses(email);
    expect(answers.every((a) => a.status === 401)).toBe(true);
    const checked = answers.filter((a) => a.body.code === 'invalid_credentials');
    expect(checked).toHaveLength(10);
    const unchecked = answers.filter((a) => a.body.code === 'second_proof_required');
    expect(unchecked).toHaveLength(30);
    expect(unchecked[0].body).toEqual({
      error: 'Too many wrong passwords were tried on this account: enter your password together with the one-time code we emailed to its address',
      code: 'second_proof_required',
      proof: 'email_code',
    });
    // The wrong guesses sent a few emails, not one each.
    expect((await emailedCodes(person.person.id, email)).length).toBeLessThanOrEqual(3);

    // The person, from a new address, within a minute: the password alone gets no verdict either.
    const started = Date.now();
    const from = '198.51.100.201';
    const alone = await signIn({ email, password: 'the right password 1' }, from);
    expect(alone.status).toBe(401);
    expect(alone.body.code).toBe('second_proof_required');
    const codes = await emailedCodes(person.person.id, email);
    expect(codes.length).toBeGreaterThan(0);
    // A wrong part, whichever, is answered the same.
    const wrongCode = await signIn({ email, password: 'the right password 1', emailCode: 'zzzzz-zzzzz' }, from);
    const wrongPassword = await signIn({ email, password: 'not the password', emailCode: codes[0] }, from);
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body).toEqual({ error: 'The password or the code is not right: check both and try again', code: 'invalid_credentials' });
    expect(wrongPassword.body).toEqual(wrongCode.body);
    const done = await signIn({ email, password: 'the right password 1', emailCode: codes[0].toUpperCase() }, from);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'signed_in', person: { email } });
    expect(await verifyStaffSession(done.body.token)).toBe(true);
    expect(Date.now() - started).toBeLessThan(60_000);
    // The code works once.
    const again = await signIn({ email, password: 'the right password 1', emailCode: codes[0] }, '198.51.100.202');
    expect(again.body.code).toBe('invalid_credentials');
    expect((await listAudit({ personId: person.person.id, action: 'sign_in' })).items[0]).toMatchObject({
      subject: 'password and a code emailed to the account',
    });
  });

  it('parallel guesses cannot overspend the budget', async () => {
    const email = 'budget-parallel@creator-llc.example';
    await signedInPerson({ role: 'processor', email, passwordHash: await hashPassword('the right password 2'), totpSecret: SECRET });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn({ email, password: `parallel guess ${i}` }, `2001:db8:${(i + 0x100).toString(16)}::7`)),
    );
    expect(answers.filter((a) => a.body.code === 'invalid_credentials').length).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.body.code === 'second_proof_required').length).toBeGreaterThanOrEqual(30);
  });

  it('an account with an authenticator app: after 40 wrong passwords from 40 addresses, the person signs in with password and code in one step', async () => {
    const email = 'budget-totp@creator-llc.example';
    const person = await signedInPerson({ role: 'processor', email, passwordHash: await hashPassword('the right password 3'), totpSecret: SECRET });
    const answers = await fortyGuesses(email);
    expect(answers.filter((a) => a.body.code === 'invalid_credentials').length).toBeLessThanOrEqual(10);
    expect(answers.at(-1)?.body).toMatchObject({ code: 'second_proof_required', proof: 'authenticator' });
    // No email for an account with an app.
    expect(await emailedCodes(person.person.id, email)).toEqual([]);

    const started = Date.now();
    const from = '2001:db8:ffff::1';
    const alone = await signIn({ email, password: 'the right password 3' }, from);
    expect(alone.body).toMatchObject({ code: 'second_proof_required', proof: 'authenticator' });
    const wrongCode = await signIn({ email, password: 'the right password 3', totpCode: totpCode(SECRET) === '000000' ? '111111' : '000000' }, from);
    const wrongPassword = await signIn({ email, password: 'the wrong password', totpCode: totpCode(SECRET) }, from);
    expect(wrongCode.status).toBe(401);
    expect(wrongPassword.body).toEqual(wrongCode.body);
    const done = await signIn({ email, password: 'the right password 3', totpCode: totpCode(SECRET) }, from);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('signed_in');
    expect(Date.now() - started).toBeLessThan(60_000);
    // The code's time step is used: the same code does not sign in twice.
    const replay = await signIn({ email, password: 'the right password 3', totpCode: totpCode(SECRET) }, '2001:db8:fffe::1');
    expect(replay.body.code).toBe('invalid_credentials');
  });

  it('a right password gives its attempt back: signing in often spends nothing of the budget', async () => {
    process.env.STAFF_SECOND_FACTOR = 'optional';
    resetConfigForTests();
    const email = 'budget-often@creator-llc.example';
    await signedInPerson({ role: 'processor', email, passwordHash: await hashPassword('the right password 4') });
    for (let i = 0; i < 9; i++) expect((await signIn({ email, password: `a typo ${i}` }, `203.0.113.${100 + i}`)).body.code).toBe('invalid_credentials');
    for (let i = 0; i < 12; i++) expect((await signIn({ email, password: 'the right password 4' }, '198.51.100.210')).status).toBe(200);
    expect((await signIn({ email, password: 'the tenth typo' }, '203.0.113.120')).body.code).toBe('invalid_credentials');
    expect((await signIn({ email, password: 'the right password 4' }, '198.51.100.210')).body.code).toBe('second_proof_required');
  });
});

/** Another session of the same person (a second browser). */
async function anotherSession(personId: string): Promise<Record<string, string>> {
  const person = await readPerson(personId);
  if (!person) throw new Error('no such person');
  const change = new PersonChange(person.id);
  const session = openSession(person, change, 'vitest');
  await writeTogether([change.item, ...session.items]);
  return { 'staff-token': session.token };
}

let ip = 0;
const newCodes = (headers: Record<string, string>, password: string) =>
  invoke(
    recoveryCodes,
    apiEvent({ method: 'POST', route: '/api/staff/account/recovery-codes', headers, body: { password }, sourceIp: `198.51.100.${(ip++ % 200) + 1}` }),
  );

describe('the password typed again (new recovery codes, second-factor changes)', () => {
  it('five wrong passwords end the session: its token stops working, even with the right password', async () => {
    const victim = await signedInPerson({ role: 'owner', passwordHash: await hashPassword('victim password 9'), totpSecret: SECRET });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await newCodes(victim.headers, `a guess ${i}`));
    expect(answers.slice(0, 4).map((a) => a.status)).toEqual([403, 403, 403, 403]);
    expect(answers[0].body).toEqual({ error: 'That password is not right: 4 more wrong ones end this session', code: 'wrong_password' });
    expect(answers[3].body.error).toBe('That password is not right: one more wrong one ends this session');
    expect(answers[4].status).toBe(401);
    expect(answers[4].body).toEqual({ error: 'Five wrong passwords were typed in this session, so it has ended: sign in again', code: 'session_ended' });
    expect(await verifyStaffSession(victim.token)).toBe(false);
    expect((await invoke(dashboard, apiEvent({ method: 'GET', route: '/api/staff/dashboard', headers: victim.headers }))).status).toBe(401);
    expect((await newCodes(victim.headers, 'victim password 9')).status).toBe(401);
    expect(Object.keys((await readPerson(victim.person.id))?.sessions ?? {})).not.toContain(victim.sessionId);
    expect((await listAudit({ personId: victim.person.id, action: 'session_revoked' })).items[0].subject).toContain('five wrong passwords');
  });

  it('a right password gives its attempt back, and parallel guesses cannot pass five', async () => {
    const sam = await signedInPerson({ role: 'owner', passwordHash: await hashPassword('sam password 99'), totpSecret: SECRET });
    for (let i = 0; i < 3; i++) expect((await newCodes(sam.headers, `typo ${i}`)).status).toBe(403);
    for (let i = 0; i < 3; i++) expect((await newCodes(sam.headers, 'sam password 99')).status).toBe(200);
    expect((await newCodes(sam.headers, 'typo 4')).status).toBe(403);
    const parallel = await Promise.all(Array.from({ length: 6 }, (_, i) => newCodes(sam.headers, `parallel ${i}`)));
    expect(parallel.filter((a) => a.status === 403)).toHaveLength(0);
    expect(parallel.every((a) => a.status === 401)).toBe(true);
    expect(await verifyStaffSession(sam.token)).toBe(false);
  });

  it('is limited per account too: ten wrong passwords across its sessions, then no more are checked for a while', async () => {
    const olive = await signedInPerson({ role: 'owner', passwordHash: await hashPassword('olive password 7'), totpSecret: SECRET });
    const first = olive.headers;
    const second = await anotherSession(olive.person.id);
    const third = await anotherSession(olive.person.id);
    for (let i = 0; i < 5; i++) await newCodes(first, `first ${i}`);
    for (let i = 0; i < 5; i++) await newCodes(second, `second ${i}`);
    const refused = await newCodes(third, 'olive password 7');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('login_locked');
    // The third session itself lives on.
    expect((await invoke(dashboard, apiEvent({ method: 'GET', route: '/api/staff/dashboard', headers: third }))).status).toBe(200);
  });
});

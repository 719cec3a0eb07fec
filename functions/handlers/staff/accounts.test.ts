import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setApplicationFields } from '../../../tests/fakes/applications.ts';
import { putApplication, signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listAudit } from '../../data/audit.ts';
import { readPerson } from '../../data/staff-accounts.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { PutCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { resetConfigForTests } from '../../lib/config.ts';
import { seal } from '../../lib/crypto/sealed.ts';
import { hashPassword } from '../../lib/password.ts';
import { totpCode } from '../../lib/totp.ts';
import { taxIdContext } from '../../orders/tax-id.ts';
import { staffInviteLink } from '../../staff/invite-link.ts';
import { handler as account } from '../staff-access/account.ts';
import { handler as endSession } from '../staff-access/account-end-session.ts';
import { handler as factor } from '../staff-access/account-factor.ts';
import { handler as removeFactor } from '../staff-access/account-factor-remove.ts';
import { handler as recoveryCodes } from '../staff-access/account-recovery-codes.ts';
import { handler as invitation } from '../staff-access/invitation.ts';
import { handler as login } from '../staff-access/login.ts';
import { handler as settings } from '../staff-access/operator-settings.ts';
import { handler as changePerson } from '../staff-access/people-change.ts';
import { handler as invite } from '../staff-access/people-invite.ts';
import { handler as people } from '../staff-access/people-list.ts';
import { handler as remove } from '../staff-access/people-remove.ts';
import { handler as reset } from '../staff-access/people-reset.ts';
import { handler as dashboard } from './dashboard.ts';
import { handler as refund } from './refund.ts';
import { handler as updateApplication } from './update-application.ts';

/**
 * Staff accounts end to end through the handlers: an invitation accepted with a password and an
 * authenticator app, sign-in with the second factor, per-person sessions listed and ended, removal
 * and reset ending sessions at once, owner-only routes, and each step in the audit trail under the
 * person who did it.
 */
process.env.STAFF_SECOND_FACTOR = 'required';
resetConfigForTests();

let ip = 0;
/** A new address per call: the per-address sign-in limit is not what these tests are about. */
const nextIp = () => `198.51.100.${(ip++ % 250) + 1}`;

const call = (
  handler: Parameters<typeof invoke>[0],
  route: string,
  opts: { method?: string; headers?: Record<string, string>; body?: unknown; id?: string; sourceIp?: string } = {},
) => {
  const method = opts.method ?? 'POST';
  const path = opts.id ? route.replace('{id}', opts.id) : route;
  return invoke(
    handler,
    apiEvent({
      method,
      route,
      path,
      pathParameters: opts.id ? { id: opts.id } : undefined,
      headers: opts.headers,
      body: opts.body,
      sourceIp: opts.sourceIp ?? nextIp(),
    }),
  );
};

/** The token of an invitation, as the email's link carries it (signed when the email is sent). */
async function inviteToken(personId: string): Promise<string> {
  const person = await readPerson(personId);
  const outbox = await ddb().send(new GetCommand({ TableName: tableName('outbox'), Key: { messageId: `invite:${person?.invite?.id}` } }));
  expect(outbox.Item).toMatchObject({ kind: 'staff_invite', to: person?.email, payload: { personId, inviteId: person?.invite?.id } });
  const link = await staffInviteLink({ personId, inviteId: outbox.Item?.payload.inviteId }, outbox.Item?.payload.expiresAt);
  const token = link.split('#invite=')[1];
  // The outbox holds the invitation's ids, never a working link.
  expect(JSON.stringify(outbox.Item)).not.toContain(token.split('.')[3]);
  return token;
}

/** Invites `email` as `role` and accepts with a password and an authenticator app: the new person's id, TOTP secret and session. */
async function inviteAndAccept(owner: Record<string, string>, email: string, role: 'owner' | 'processor' | 'support', password = 'a long enough password') {
  const invited = await call(invite, '/api/staff/people', { headers: owner, body: { email, name: 'Riley Park', role } });
  expect(invited.status).toBe(201);
  expect(invited.body).toMatchObject({ email, role, status: 'invited' });
  const token = await inviteToken(invited.body.id);
  const opened = await call(invitation, '/api/staff/invitations', { body: { invite: token } });
  expect(opened.status).toBe(200);
  expect(opened.body).toMatchObject({ email, name: 'Riley Park', role });
  expect(opened.body.enrolment.totp.uri).toMatch(/^otpauth:\/\/totp\//);
  expect(opened.body.enrolment.totp.qrSvg).toContain('<svg');
  const secret: string = opened.body.enrolment.totp.secret;
  const accepted = await call(invitation, '/api/staff/invitations', {
    body: { invite: token, ticket: opened.body.enrolment.ticket, password, totpCode: totpCode(secret) },
  });
  expect(accepted.status).toBe(200);
  expect(accepted.body).toMatchObject({ status: 'signed_in', person: { email, role } });
  return { id: invited.body.id as string, secret, token, headers: { 'staff-token': accepted.body.token as string }, password };
}

/** Email, password, then the app's code: the session's headers. */
async function signIn(email: string, password: string, secret: string, at = Date.now()) {
  const first = await call(login, '/api/staff/login', { body: { email, password } });
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ status: 'second_factor', methods: ['totp', 'recovery_code'] });
  expect(first.body.token).toBeUndefined();
  const second = await call(login, '/api/staff/login', { body: { ticket: first.body.ticket, totpCode: totpCode(secret, at) } });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  return { headers: { 'staff-token': second.body.token as string }, ticket: first.body.ticket as string };
}

const dashboardWith = (headers: Record<string, string>) => call(dashboard, '/api/staff/dashboard', { method: 'GET', headers });

let owner: Awaited<ReturnType<typeof signedInPerson>>;
beforeAll(async () => {
  owner = await signedInPerson({ role: 'owner', email: 'owner@creator-llc.example' });
});

describe('invitation, acceptance and sign-in with the second factor', () => {
  it('an invited person accepts with a password and an authenticator app, then signs in with both; every step is audited under them', async () => {
    const riley = await inviteAndAccept(owner.headers, 'riley@creator-llc.example', 'processor');
    expect((await dashboardWith(riley.headers)).status).toBe(200);
    // The link works once.
    const again = await call(invitation, '/api/staff/invitations', { body: { invite: riley.token } });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('invitation_invalid');

    // Half a minute later (a new time step): email and password, then the code.
    const later = Date.now() + 31_000;
    vi.useFakeTimers({ now: later, toFake: ['Date'] });
    try {
      const session = await signIn('riley@creator-llc.example', riley.password, riley.secret, later);
      expect((await dashboardWith(session.headers)).status).toBe(200);
      // The same code a second time (seen over a shoulder) does not open another session.
      const replay = await call(login, '/api/staff/login', { body: { email: 'riley@creator-llc.example', password: riley.password } });
      const reused = await call(login, '/api/staff/login', {
        body: { ticket: replay.body.ticket, totpCode: totpCode(riley.secret, later) },
      });
      expect(reused.status).toBe(401);
      expect(reused.body.code).toBe('invalid_code');
      // A used ticket does not work twice.
      const ticketAgain = await call(login, '/api/staff/login', {
        body: { ticket: session.ticket, totpCode: totpCode(riley.secret, later + 30_000) },
      });
      expect(ticketAgain.body.code).toBe('sign_in_step_expired');
    } finally {
      vi.useRealTimers();
    }

    const trail = (await listAudit({ personId: riley.id })).items.map((e) => e.action);
    expect(trail).toEqual(expect.arrayContaining(['invitation_accepted', 'sign_in', 'sign_in_failed']));
    expect(trail.filter((a) => a === 'sign_in')).toHaveLength(2);
    const invited = (await listAudit({ personId: owner.person.id, action: 'person_invited' })).items;
    expect(invited[0]).toMatchObject({
      actorEmail: owner.person.email,
      actorRole: 'owner',
      subject: 'riley@creator-llc.example',
      after: { role: 'processor' },
    });
  });

  it('a wrong password is a failed sign-in in the audit trail; an unknown address too, under that address', async () => {
    const riley = await inviteAndAccept(owner.headers, 'wrong-password@creator-llc.example', 'processor');
    const wrong = await call(login, '/api/staff/login', { body: { email: 'wrong-password@creator-llc.example', password: 'not it at all' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid credentials', code: 'invalid_credentials' });
    const stranger = await call(login, '/api/staff/login', { body: { email: 'Nobody@Example.com', password: 'guess' } });
    expect(stranger.status).toBe(401);
    expect((await listAudit({ personId: riley.id, action: 'sign_in_failed' })).items[0]).toMatchObject({ subject: 'wrong email or password' });
    expect((await listAudit({ personId: 'unknown', action: 'sign_in_failed' })).items.map((e) => e.actorEmail)).toContain('nobody@example.com');
  });

  it('a wrong code is refused and counted: the code step slows down at that address, and the fifth ends the step', async () => {
    const riley = await inviteAndAccept(owner.headers, 'codes@creator-llc.example', 'processor');
    let now = Date.now() + 31_000;
    vi.useFakeTimers({ now, toFake: ['Date'] });
    try {
      const sourceIp = '198.51.100.251';
      const first = await call(login, '/api/staff/login', { body: { email: 'codes@creator-llc.example', password: riley.password }, sourceIp });
      const wrong = (at: number) => (totpCode(riley.secret, at) === '000000' ? '111111' : '000000');
      const code = (totp: string) => call(login, '/api/staff/login', { body: { ticket: first.body.ticket, totpCode: totp }, sourceIp });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await code(wrong(now))).status);
      // The code step has its own count (the right password cost nothing): three wrong codes are free, then each next must wait.
      expect(statuses).toEqual([401, 401, 401, 429]);
      for (let i = 0; i < 2; i++) {
        now += 60_000;
        vi.setSystemTime(now);
        expect((await code(wrong(now))).status).toBe(401);
      }
      now += 60_000;
      vi.setSystemTime(now);
      // Five wrong codes: even the right one now needs a new sign-in.
      const afterFive = await code(totpCode(riley.secret, now));
      expect(afterFive.status).toBe(401);
      expect(afterFive.body.code).toBe('sign_in_step_expired');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a stranger sending wrong passwords each time Retry-After allows, from rotating addresses, never keeps the person from signing in with password and code (together, once 10 were wrong)', async () => {
    const riley = await inviteAndAccept(owner.headers, 'attacked@creator-llc.example', 'processor');
    let now = Date.now() + 31_000;
    vi.useFakeTimers({ now, toFake: ['Date'] });
    try {
      let evaluated = 0;
      let signIns = 0;
      for (let i = 0; evaluated < 16; i++) {
        const guess = await call(login, '/api/staff/login', {
          body: { email: 'attacked@creator-llc.example', password: `guess-${i}` },
          sourceIp: `203.0.113.${(i % 4) + 1}`,
        });
        if (guess.status === 401) evaluated++;
        // Past the account's budget of 10 wrong passwords the guesses get no verdict.
        if (guess.status === 401 && evaluated > 10) expect(guess.body.code).toBe('second_proof_required');
        if (guess.status !== 401) {
          expect(guess.status).toBe(429);
          now += guess.body.retryAfterSeconds * 1000;
        }
        if (i % 2 === 1) {
          // The person, from their own address: password, then the code of the next 30 s step.
          now += 30_000;
          vi.setSystemTime(now);
          const sourceIp = '198.51.100.252';
          const first = await call(login, '/api/staff/login', { body: { email: 'attacked@creator-llc.example', password: riley.password }, sourceIp });
          const second =
            first.status === 200
              ? await call(login, '/api/staff/login', { body: { ticket: first.body.ticket, totpCode: totpCode(riley.secret, now) }, sourceIp })
              : await call(login, '/api/staff/login', {
                  body: { email: 'attacked@creator-llc.example', password: riley.password, totpCode: totpCode(riley.secret, now) },
                  sourceIp,
                });
          if (first.status !== 200) expect(first.body, `password ${signIns + 1}`).toMatchObject({ code: 'second_proof_required', proof: 'authenticator' });
          expect(second.status, `code ${signIns + 1}`).toBe(200);
          signIns++;
        }
        vi.setSystemTime(now);
      }
      expect(signIns).toBeGreaterThan(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an expired or tampered invitation link is refused', async () => {
    const invited = await call(invite, '/api/staff/people', {
      headers: owner.headers,
      body: { email: 'late@creator-llc.example', name: 'Late Comer', role: 'processor' },
    });
    const token = await inviteToken(invited.body.id);
    const [person, inviteId, , mac] = token.split('.');
    const tampered = await call(invitation, '/api/staff/invitations', { body: { invite: `${person}.${inviteId}.9999999999.${mac}` } });
    expect(tampered.status).toBe(404);
    vi.useFakeTimers({ now: Date.now() + 73 * 3600_000, toFake: ['Date'] });
    try {
      const expired = await call(invitation, '/api/staff/invitations', { body: { invite: token } });
      expect(expired.status).toBe(403);
      expect(expired.body.code).toBe('invitation_expired');
    } finally {
      vi.useRealTimers();
    }
  });

  it('the same address cannot be invited twice', async () => {
    await call(invite, '/api/staff/people', { headers: owner.headers, body: { email: 'twice@creator-llc.example', name: 'Two Times', role: 'processor' } });
    const second = await call(invite, '/api/staff/people', {
      headers: owner.headers,
      body: { email: 'TWICE@creator-llc.example', name: 'Two Times', role: 'processor' },
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('email_taken');
  });
});

describe('the second factor on the prod stage', () => {
  it('is required of everyone: a person without one enrols it at sign-in before any session exists', async () => {
    const fresh = await signedInPerson({ role: 'owner', email: 'new-owner@creator-llc.example', passwordHash: await hashPassword('owner password 1') });
    const first = await call(login, '/api/staff/login', { body: { email: 'new-owner@creator-llc.example', password: 'owner password 1' } });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('enrol');
    expect(first.body.token).toBeUndefined();
    const { ticket, totp } = first.body.enrolment;
    const done = await call(login, '/api/staff/login', { body: { ticket, totpCode: totpCode(totp.secret) } });
    expect(done.status).toBe(200);
    expect((await readPerson(fresh.person.id))?.totp?.secret).toBe(totp.secret);
    expect((await listAudit({ personId: fresh.person.id, action: 'second_factor_added' })).items).toHaveLength(1);
  });

  it('is optional locally: without one, email and password sign in', async () => {
    process.env.STAFF_SECOND_FACTOR = 'optional';
    resetConfigForTests();
    try {
      await signedInPerson({ role: 'processor', email: 'local@creator-llc.example', passwordHash: await hashPassword('local password 1') });
      const res = await call(login, '/api/staff/login', { body: { email: 'local@creator-llc.example', password: 'local password 1' } });
      expect(res.body.status).toBe('signed_in');
      expect((await dashboardWith({ 'staff-token': res.body.token })).status).toBe(200);
    } finally {
      process.env.STAFF_SECOND_FACTOR = 'required';
      resetConfigForTests();
    }
  });

  it('can be added from the account page by a signed-in person without one, with their password typed again', async () => {
    const sam = await signedInPerson({ role: 'processor', passwordHash: await hashPassword('sam password 12') });
    const started = await call(factor, '/api/staff/account/second-factor', { headers: sam.headers, body: { password: 'sam password 12' } });
    expect(started.status).toBe(200);
    const wrong = await call(factor, '/api/staff/account/second-factor', {
      headers: sam.headers,
      body: { ticket: started.body.ticket, totpCode: '12345x' },
    });
    expect(wrong.status).toBe(400);
    const added = await call(factor, '/api/staff/account/second-factor', {
      headers: sam.headers,
      body: { ticket: started.body.ticket, totpCode: totpCode(started.body.totp.secret) },
    });
    expect(added.status).toBe(200);
    expect(added.body.secondFactors.totp).toBe(true);
    expect((await listAudit({ personId: sam.person.id, action: 'second_factor_added' })).items).toHaveLength(1);
  });
});

describe('changing the second factor asks for the password again', () => {
  const removal = '/api/staff/account/second-factor/removal';

  it('a stolen session alone cannot bind another app: no password or a wrong one is 403, and nothing is enrolled', async () => {
    const victim = await signedInPerson({ role: 'owner', passwordHash: await hashPassword('victim password 1') });
    const bare = await call(factor, '/api/staff/account/second-factor', { headers: victim.headers });
    expect(bare.status).toBe(403);
    expect(bare.body).toEqual({ error: expect.any(String), code: 'password_required' });
    const empty = await call(factor, '/api/staff/account/second-factor', { headers: victim.headers, body: {} });
    expect(empty.status).toBe(403);
    expect(empty.body.code).toBe('password_required');
    const guessed = await call(factor, '/api/staff/account/second-factor', { headers: victim.headers, body: { password: 'a guess at it' } });
    expect(guessed.status).toBe(403);
    expect(guessed.body).toEqual({ error: 'That password is not right: 4 more wrong ones end this session', code: 'wrong_password' });
    expect(guessed.body.ticket).toBeUndefined();
    expect((await readPerson(victim.person.id))?.totp).toBeUndefined();
    expect((await listAudit({ personId: victim.person.id, action: 'password_check_failed' })).items).toHaveLength(1);
  });

  it('guessing the password through a stolen session is slowed like signing in', async () => {
    const victim = await signedInPerson({ role: 'owner', passwordHash: await hashPassword('victim password 2') });
    const from = '203.0.113.77';
    const tries = [];
    // The clock stands still, so the fourth guess comes within the wait however slow the machine is.
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    try {
      for (let i = 0; i < 4; i++)
        tries.push(await call(factor, '/api/staff/account/second-factor', { headers: victim.headers, body: { password: `guess ${i}` }, sourceIp: from }));
    } finally {
      vi.useRealTimers();
    }
    expect(tries.map((r) => r.status)).toEqual([403, 403, 403, 429]);
    expect(tries[3].body.code).toBe('login_locked');
    expect(tries[3].headers['retry-after']).toBe('1');
  });

  it('replacing the app (a new phone) takes the password, then a code from the new app; the old app stops working', async () => {
    const oldSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const riley = await signedInPerson({
      role: 'processor',
      email: 'new-phone@creator-llc.example',
      passwordHash: await hashPassword('riley password 1'),
      totpSecret: oldSecret,
    });
    const started = await call(factor, '/api/staff/account/second-factor', { headers: riley.headers, body: { password: 'riley password 1' } });
    expect(started.status).toBe(200);
    const newSecret: string = started.body.totp.secret;
    const replaced = await call(factor, '/api/staff/account/second-factor', {
      headers: riley.headers,
      body: { ticket: started.body.ticket, totpCode: totpCode(newSecret) },
    });
    expect(replaced.status).toBe(200);
    expect((await readPerson(riley.person.id))?.totp?.secret).toBe(newSecret);
    expect((await listAudit({ personId: riley.person.id, action: 'second_factor_replaced' })).items).toHaveLength(1);
    // Signing in now takes the new app's code, not the old one's.
    const later = Date.now() + 31_000;
    vi.useFakeTimers({ now: later, toFake: ['Date'] });
    try {
      const first = await call(login, '/api/staff/login', { body: { email: 'new-phone@creator-llc.example', password: 'riley password 1' } });
      const withOld = await call(login, '/api/staff/login', { body: { ticket: first.body.ticket, totpCode: totpCode(oldSecret, later) } });
      expect(withOld.body.code).toBe('invalid_code');
      const withNew = await call(login, '/api/staff/login', { body: { ticket: first.body.ticket, totpCode: totpCode(newSecret, later) } });
      expect(withNew.status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('removing the app takes the password, and is refused where the stage requires a second factor', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ';
    const riley = await signedInPerson({ role: 'processor', passwordHash: await hashPassword('riley password 2'), totpSecret: secret });
    expect((await call(removeFactor, removal, { headers: riley.headers })).body.code).toBe('password_required');
    expect((await call(removeFactor, removal, { headers: riley.headers, body: { password: 'not it at all' } })).status).toBe(403);
    const required = await call(removeFactor, removal, { headers: riley.headers, body: { password: 'riley password 2' } });
    expect(required.status).toBe(409);
    expect(required.body.code).toBe('factor_required');
    process.env.STAFF_SECOND_FACTOR = 'optional';
    resetConfigForTests();
    try {
      expect((await call(removeFactor, removal, { headers: riley.headers })).status).toBe(403);
      const removed = await call(removeFactor, removal, { headers: riley.headers, body: { password: 'riley password 2' } });
      expect(removed.status).toBe(200);
      expect(removed.body.secondFactors.totp).toBe(false);
      expect((await readPerson(riley.person.id))?.totp).toBeUndefined();
      expect((await listAudit({ personId: riley.person.id, action: 'second_factor_removed' })).items).toHaveLength(1);
    } finally {
      process.env.STAFF_SECOND_FACTOR = 'required';
      resetConfigForTests();
    }
  });
});

describe('recovery codes', () => {
  /** A person with a password and an app, enrolled at sign-in: their app's secret and the ten codes it gave. */
  async function enrolled(email: string, password: string) {
    const fresh = await signedInPerson({ role: 'owner', email, passwordHash: await hashPassword(password) });
    const first = await call(login, '/api/staff/login', { body: { email, password } });
    expect(first.body.status).toBe('enrol');
    const { ticket, totp } = first.body.enrolment;
    const done = await call(login, '/api/staff/login', { body: { ticket, totpCode: totpCode(totp.secret) } });
    expect(done.status).toBe(200);
    return {
      id: fresh.person.id,
      secret: totp.secret as string,
      codes: done.body.recoveryCodes as string[],
      headers: { 'staff-token': done.body.token as string },
    };
  }

  const passwordStep = async (email: string, password: string) => {
    const first = await call(login, '/api/staff/login', { body: { email, password } });
    expect(first.status).toBe(200);
    return first.body;
  };

  it('enrolling gives ten one-time codes, shown once and stored only as hashes', async () => {
    const olive = await enrolled('ten-codes@creator-llc.example', 'olive password 1');
    expect(olive.codes).toHaveLength(10);
    expect(new Set(olive.codes).size).toBe(10);
    for (const code of olive.codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const stored = await readPerson(olive.id);
    expect(Object.keys(stored?.recoveryCodes ?? {})).toHaveLength(10);
    const item = JSON.stringify(stored);
    for (const code of olive.codes) {
      expect(item).not.toContain(code);
      expect(item).not.toContain(code.replace('-', ''));
    }
    const mine = await call(account, '/api/staff/account', { method: 'GET', headers: olive.headers });
    expect(mine.body.secondFactors.recoveryCodesLeft).toBe(10);
    expect(mine.body.recoveryCodes).toBeUndefined();
    expect((await passwordStep('ten-codes@creator-llc.example', 'olive password 1')).methods).toEqual(['totp', 'recovery_code']);
  });

  it('a code stands in for the app once (typed in any case, with or without the dash); its use is audited; a second use is refused', async () => {
    const olive = await enrolled('lost-phone@creator-llc.example', 'olive password 2');
    const code = olive.codes[3];
    const first = await passwordStep('lost-phone@creator-llc.example', 'olive password 2');
    const typed = ` ${code.replace('-', ' ').toUpperCase()} `;
    const used = await call(login, '/api/staff/login', { body: { ticket: first.ticket, recoveryCode: typed } });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(used.body.status).toBe('signed_in');
    expect((await dashboardWith({ 'staff-token': used.body.token })).status).toBe(200);
    const entries = (await listAudit({ personId: olive.id, action: 'recovery_code_used' })).items;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ subject: '9 recovery codes left', after: { recoveryCodesLeft: 9 } });
    expect((await readPerson(olive.id))?.recoveryCodes).not.toBeUndefined();
    expect(Object.keys((await readPerson(olive.id))?.recoveryCodes ?? {})).toHaveLength(9);

    const again = await passwordStep('lost-phone@creator-llc.example', 'olive password 2');
    const reused = await call(login, '/api/staff/login', { body: { ticket: again.ticket, recoveryCode: code } });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('invalid_code');
    // A made-up code, and a key every object inherits, are refused the same way.
    for (const guess of ['0000000000', 'constructor']) {
      const res = await call(login, '/api/staff/login', { body: { ticket: again.ticket, recoveryCode: guess } });
      expect([400, 401]).toContain(res.status);
      expect(res.status).not.toBe(500);
    }
    // The other nine still work.
    const other = await call(login, '/api/staff/login', { body: { ticket: again.ticket, recoveryCode: olive.codes[4] } });
    expect(other.status).toBe(200);
  });

  it('two sign-ins racing with the same code: one gets in', async () => {
    const olive = await enrolled('race-code@creator-llc.example', 'olive password 3');
    const a = await passwordStep('race-code@creator-llc.example', 'olive password 3');
    const b = await passwordStep('race-code@creator-llc.example', 'olive password 3');
    const results = await Promise.all([
      call(login, '/api/staff/login', { body: { ticket: a.ticket, recoveryCode: olive.codes[0] } }),
      call(login, '/api/staff/login', { body: { ticket: b.ticket, recoveryCode: olive.codes[0] } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(Object.keys((await readPerson(olive.id))?.recoveryCodes ?? {})).toHaveLength(9);
  });

  it('new codes need the password; the old ones stop working', async () => {
    const olive = await enrolled('regen@creator-llc.example', 'olive password 4');
    const without = await call(recoveryCodes, '/api/staff/account/recovery-codes', { headers: olive.headers });
    expect(without.status).toBe(403);
    expect(without.body.code).toBe('password_required');
    const wrong = await call(recoveryCodes, '/api/staff/account/recovery-codes', { headers: olive.headers, body: { password: 'not the password' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.recoveryCodes).toBeUndefined();
    const fresh = await call(recoveryCodes, '/api/staff/account/recovery-codes', { headers: olive.headers, body: { password: 'olive password 4' } });
    expect(fresh.status).toBe(200);
    expect(fresh.headers['Cache-Control']).toBe('no-store');
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect(fresh.body.recoveryCodes).not.toContain(olive.codes[0]);
    const step = await passwordStep('regen@creator-llc.example', 'olive password 4');
    expect((await call(login, '/api/staff/login', { body: { ticket: step.ticket, recoveryCode: olive.codes[0] } })).status).toBe(401);
    expect((await call(login, '/api/staff/login', { body: { ticket: step.ticket, recoveryCode: fresh.body.recoveryCodes[0] } })).status).toBe(200);
    expect((await listAudit({ personId: olive.id, action: 'recovery_codes_generated' })).items).toHaveLength(1);
  });

  it('accepting an invitation and replacing the app each give ten new codes', async () => {
    const invited = await call(invite, '/api/staff/people', {
      headers: owner.headers,
      body: { email: 'codes-invite@creator-llc.example', name: 'Riley Park', role: 'processor' },
    });
    const token = await inviteToken(invited.body.id);
    const opened = await call(invitation, '/api/staff/invitations', { body: { invite: token } });
    const accepted = await call(invitation, '/api/staff/invitations', {
      body: { invite: token, ticket: opened.body.enrolment.ticket, password: 'a long enough password', totpCode: totpCode(opened.body.enrolment.totp.secret) },
    });
    expect(accepted.body.recoveryCodes).toHaveLength(10);
    const headers = { 'staff-token': accepted.body.token as string };
    const started = await call(factor, '/api/staff/account/second-factor', { headers, body: { password: 'a long enough password' } });
    const replaced = await call(factor, '/api/staff/account/second-factor', {
      headers,
      body: { ticket: started.body.ticket, totpCode: totpCode(started.body.totp.secret) },
    });
    expect(replaced.body.recoveryCodes).toHaveLength(10);
    expect(replaced.body.secondFactors.recoveryCodesLeft).toBe(10);
    expect(replaced.body.recoveryCodes).not.toContain(accepted.body.recoveryCodes[0]);
  });
});

describe('sessions per person', () => {
  it('are listed on the account and each can be ended; the ended token stops working', async () => {
    const riley = await inviteAndAccept(owner.headers, 'sessions@creator-llc.example', 'processor');
    vi.useFakeTimers({ now: Date.now() + 31_000, toFake: ['Date'] });
    let second: Record<string, string>;
    try {
      second = (await signIn('sessions@creator-llc.example', riley.password, riley.secret, Date.now())).headers;
    } finally {
      vi.useRealTimers();
    }
    const mine = await call(account, '/api/staff/account', { method: 'GET', headers: riley.headers });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ email: 'sessions@creator-llc.example', role: 'processor', secondFactors: { totp: true }, secondFactorRequired: true });
    expect(mine.body.sessions).toHaveLength(2);
    const other = mine.body.sessions.find((s: { current: boolean }) => !s.current);
    const ended = await call(endSession, '/api/staff/account/sessions/{id}', { method: 'DELETE', id: other.id, headers: riley.headers });
    expect(ended.status).toBe(204);
    expect((await dashboardWith(second)).status).toBe(401);
    expect((await dashboardWith(riley.headers)).status).toBe(200);
    expect((await listAudit({ personId: riley.id, action: 'session_revoked' })).items).toHaveLength(1);
  });

  it("the owner sees everyone's second factor and live sessions", async () => {
    const riley = await inviteAndAccept(owner.headers, 'everywhere@creator-llc.example', 'processor');
    const list = await call(people, '/api/staff/people', { method: 'GET', headers: owner.headers });
    const listed = list.body.items.find((p: { id: string }) => p.id === riley.id);
    expect(listed).toMatchObject({ status: 'active', secondFactors: { totp: true } });
    expect(listed.sessions).toHaveLength(1);
    expect(listed.sessions[0]).toEqual({ id: expect.any(String), createdAt: expect.any(String), expiresAt: expect.any(String), device: 'vitest' });
  });
});

describe('removing a person and resetting a sign-in', () => {
  it("a removed person's token stops working on the next request, and they cannot sign in again", async () => {
    const riley = await inviteAndAccept(owner.headers, 'removed@creator-llc.example', 'processor');
    expect((await dashboardWith(riley.headers)).status).toBe(200);
    const removed = await call(remove, '/api/staff/people/{id}', { method: 'DELETE', id: riley.id, headers: owner.headers });
    expect(removed.status).toBe(204);
    const next = await dashboardWith(riley.headers);
    expect(next.status).toBe(401);
    expect(next.body.code).toBe('authentication_required');
    const login2 = await call(login, '/api/staff/login', { body: { email: 'removed@creator-llc.example', password: riley.password } });
    expect(login2.status).toBe(401);
    const list = await call(people, '/api/staff/people', { method: 'GET', headers: owner.headers });
    expect(list.body.items.map((p: { id: string }) => p.id)).not.toContain(riley.id);
    expect((await listAudit({ personId: owner.person.id, action: 'person_removed' })).items[0]).toMatchObject({
      subject: 'removed@creator-llc.example',
      before: { status: 'active', sessions: 1 },
      after: { status: 'removed' },
    });
    // The address is free again.
    expect(
      (
        await call(invite, '/api/staff/people', {
          headers: owner.headers,
          body: { email: 'removed@creator-llc.example', name: 'Back Again', role: 'processor' },
        })
      ).status,
    ).toBe(201);
  });

  it('a reset ends the sessions, clears the factor, voids the old link and sends a new one', async () => {
    const riley = await inviteAndAccept(owner.headers, 'reset@creator-llc.example', 'processor');
    const res = await call(reset, '/api/staff/people/{id}/reset', { id: riley.id, headers: owner.headers });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'invited', secondFactors: { totp: false }, sessions: [] });
    expect((await dashboardWith(riley.headers)).status).toBe(401);
    expect((await call(login, '/api/staff/login', { body: { email: 'reset@creator-llc.example', password: riley.password } })).status).toBe(401);
    const fresh = await inviteToken(riley.id);
    expect(fresh).not.toBe(riley.token);
    expect((await call(invitation, '/api/staff/invitations', { body: { invite: riley.token } })).status).toBe(404);
    expect((await call(invitation, '/api/staff/invitations', { body: { invite: fresh } })).status).toBe(200);
  });

  it('the owner cannot remove or reset themselves, nor leave the business without an owner', async () => {
    const self = await call(remove, '/api/staff/people/{id}', { method: 'DELETE', id: owner.person.id, headers: owner.headers });
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('own_account');
    expect((await call(reset, '/api/staff/people/{id}/reset', { id: owner.person.id, headers: owner.headers })).body.code).toBe('own_account');
  });
});

describe('roles', () => {
  it('a staff-role person gets 403 on settings, staff management, refunds and revealing a tax id; the owner does not', async () => {
    const sam = await signedInPerson({ role: 'processor' });
    const app = await putApplication({ status: 'processing', paymentProvider: 'test', paymentReference: 'pi_test_role', amountPaidCents: 35000 });
    const { loadHandler } = await import('../../../scripts/local/adapter.ts');
    const reveal = await loadHandler('staff/reveal-tax-id');
    const forbidden = [
      await call(settings, '/api/staff/operator-settings', { method: 'PUT', headers: sam.headers, body: {} }),
      await call(people, '/api/staff/people', { method: 'GET', headers: sam.headers }),
      await call(invite, '/api/staff/people', { headers: sam.headers, body: { email: 'x@creator-llc.example', name: 'X', role: 'processor' } }),
      await call(remove, '/api/staff/people/{id}', { method: 'DELETE', id: owner.person.id, headers: sam.headers }),
      await call(reset, '/api/staff/people/{id}/reset', { id: owner.person.id, headers: sam.headers }),
      await call(refund, '/api/staff/applications/{id}/refund', { id: app.id, headers: sam.headers }),
      await call(reveal, '/api/staff/applications/{id}/tax-id/reveal', { id: app.id, headers: sam.headers }),
    ];
    for (const res of forbidden) expect(res.body).toEqual({ error: 'Only an owner may do this', code: 'owner_only' });
    expect(forbidden.map((r) => r.status)).toEqual(Array(forbidden.length).fill(403));
    // Staff do the workflow.
    const noted = await call(updateApplication, '/api/staff/applications/{id}', {
      method: 'PATCH',
      id: app.id,
      headers: sam.headers,
      body: { notes: 'Checked.' },
    });
    expect(noted.status).toBe(200);
    // The owner refunds.
    const refundBody = { amountCents: 35000, reason: 'The customer cancelled', includeStateFee: true };
    expect((await call(refund, '/api/staff/applications/{id}/refund', { id: app.id, headers: owner.headers, body: refundBody })).body.paymentStatus).toBe(
      'refunded',
    );
    const refunds = (await listAudit({ applicationId: app.id })).items;
    expect(refunds.map((e) => [e.action, e.actorEmail])).toEqual([
      ['payment_refunded', owner.person.email],
      ['application_notes_changed', sam.person.email],
    ]);
  });
});

describe('roles: owner, processor, support', () => {
  const reveal = async () => (await import('../../../scripts/local/adapter.ts')).loadHandler('staff/reveal-tax-id');
  const change = (headers: Record<string, string>, id: string, body: unknown) =>
    call(changePerson, '/api/staff/people/{id}', { method: 'PATCH', id, headers, body });

  it('support answers tickets and sees their account, but not the orders; 403 JSON names why', async () => {
    const sky = await signedInPerson({ role: 'support' });
    expect((await dashboardWith(sky.headers)).status).toBe(200);
    expect((await call(account, '/api/staff/account', { method: 'GET', headers: sky.headers })).body).toMatchObject({ role: 'support', permissions: [] });
    const app = await putApplication({ status: 'processing' });
    const refused = await call(updateApplication, '/api/staff/applications/{id}', { method: 'PATCH', id: app.id, headers: sky.headers, body: { notes: 'x' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Your role cannot do this: it is for processors and owners', code: 'role_not_allowed' });
  });

  it('the owner grants a processor the tax-id permission: they reveal (audited) without a new sign-in; withdrawn, they are refused again', async () => {
    const pat = await signedInPerson({ role: 'processor' });
    const app = await putApplication({ status: 'processing', feinFiling: true });
    await setApplicationFields(app.id, { sealedTaxId: await seal('123456789', taxIdContext(app.id)) });
    const handler = await reveal();
    const path = '/api/staff/applications/{id}/tax-id/reveal';
    expect((await call(handler, path, { id: app.id, headers: pat.headers })).status).toBe(403);

    const granted = await change(owner.headers, pat.person.id, { permissions: ['revealTaxId'] });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body).toMatchObject({ role: 'processor', permissions: ['revealTaxId'] });
    const revealed = await call(handler, path, { id: app.id, headers: pat.headers });
    expect(revealed.status).toBe(200);
    expect(revealed.body.taxId).toBe('123-45-6789');
    expect((await listAudit({ applicationId: app.id, action: 'tax_id_revealed' })).items[0]).toMatchObject({
      actorEmail: pat.person.email,
      actorRole: 'processor',
    });
    // Still no refund: the permission opens one owner action, not the owner's role.
    expect((await call(refund, '/api/staff/applications/{id}/refund', { id: app.id, headers: pat.headers })).body.code).toBe('owner_only');
    expect((await listAudit({ personId: owner.person.id, action: 'person_role_changed' })).items[0]).toMatchObject({
      subject: pat.person.email,
      before: { role: 'processor', permissions: [] },
      after: { role: 'processor', permissions: ['revealTaxId'] },
    });

    expect((await change(owner.headers, pat.person.id, { permissions: [] })).status).toBe(200);
    expect((await call(handler, path, { id: app.id, headers: pat.headers })).status).toBe(403);
  });

  it('the owner makes another person an owner: their open session can do owner things at once; the account tells the sole owner', async () => {
    const solo = await signedInPerson({ role: 'owner', email: 'solo-owner@creator-llc.example' });
    // Other tests' owners exist in this table; the rule counts active owners, so check the one we can see.
    const mine = await call(account, '/api/staff/account', { method: 'GET', headers: solo.headers });
    expect(mine.body.soleOwner).toBe(false);
    const riley = await signedInPerson({ role: 'processor' });
    expect((await call(people, '/api/staff/people', { method: 'GET', headers: riley.headers })).status).toBe(403);
    const promoted = await change(solo.headers, riley.person.id, { role: 'owner' });
    expect(promoted.body).toMatchObject({ role: 'owner', permissions: [] });
    expect((await call(people, '/api/staff/people', { method: 'GET', headers: riley.headers })).status).toBe(200);
    const demoted = await change(solo.headers, riley.person.id, { role: 'support' });
    expect(demoted.body.role).toBe('support');
    expect((await dashboardWith(riley.headers)).status).toBe(200);
    expect((await call(people, '/api/staff/people', { method: 'GET', headers: riley.headers })).status).toBe(403);
    expect((await readPerson(riley.person.id))?.role).toBe('support');
  });

  it('an account or session stored with the old `staff` role works as a processor', async () => {
    const legacy = await signedInPerson({ role: 'processor' });
    await ddb().send(new PutCommand({ TableName: tableName('staff'), Item: { ...legacy.person, role: 'staff' } }));
    const { hashToken } = await import('../../lib/sessions.ts');
    const item = await ddb().send(new GetCommand({ TableName: tableName('sessions'), Key: { tokenHash: hashToken(legacy.token) } }));
    await ddb().send(new PutCommand({ TableName: tableName('sessions'), Item: { ...item.Item, role: 'staff' } }));
    const res = await call(account, '/api/staff/account', { method: 'GET', headers: legacy.headers });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('processor');
    const app = await putApplication({ status: 'processing' });
    expect(
      (await call(updateApplication, '/api/staff/applications/{id}', { method: 'PATCH', id: app.id, headers: legacy.headers, body: { notes: 'ok' } })).status,
    ).toBe(200);
  });
});

describe('the last owner', () => {
  it('cannot step down while the only owner; can once there is another; two owners demoting each other at once leave one', async () => {
    // A table of its own would be cleaner; instead every other owner in this file's table is demoted first.
    const everyone = await call(people, '/api/staff/people', { method: 'GET', headers: owner.headers });
    for (const p of everyone.body.items as { id: string; role: string; status: string }[])
      if (p.role === 'owner' && p.id !== owner.person.id && p.status === 'active')
        expect(
          (await call(changePerson, '/api/staff/people/{id}', { method: 'PATCH', id: p.id, headers: owner.headers, body: { role: 'processor' } })).status,
        ).toBe(200);
    const mine = await call(account, '/api/staff/account', { method: 'GET', headers: owner.headers });
    expect(mine.body.soleOwner).toBe(true);
    const self = await call(changePerson, '/api/staff/people/{id}', {
      method: 'PATCH',
      id: owner.person.id,
      headers: owner.headers,
      body: { role: 'processor' },
    });
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('last_owner');

    const second = await signedInPerson({ role: 'processor' });
    expect(
      (await call(changePerson, '/api/staff/people/{id}', { method: 'PATCH', id: second.person.id, headers: owner.headers, body: { role: 'owner' } })).status,
    ).toBe(200);
    expect((await call(account, '/api/staff/account', { method: 'GET', headers: owner.headers })).body.soleOwner).toBe(false);
    // Each demotes the other at the same moment: one of them stays an owner.
    const results = await Promise.all([
      call(changePerson, '/api/staff/people/{id}', { method: 'PATCH', id: second.person.id, headers: owner.headers, body: { role: 'processor' } }),
      call(changePerson, '/api/staff/people/{id}', { method: 'PATCH', id: owner.person.id, headers: second.headers, body: { role: 'processor' } }),
    ]);
    expect(results.map((r) => r.status)).toContain(200);
    const owners = (
      await call(people, '/api/staff/people', { method: 'GET', headers: results[0].status === 200 ? owner.headers : second.headers })
    ).body.items.filter((p: { role: string; status: string }) => p.role === 'owner' && p.status === 'active');
    expect(owners).toHaveLength(1);
    // Restore the file's owner for any test after this one.
    if (owners[0].id !== owner.person.id)
      await call(changePerson, '/api/staff/people/{id}', { method: 'PATCH', id: owner.person.id, headers: second.headers, body: { role: 'owner' } });
  });
});

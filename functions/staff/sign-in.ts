import { createHash, randomBytes } from 'node:crypto';
import type { SecondProof } from '#shared/api/contract/staff-access.schema.ts';
import type { Enrolment, LoginResult, SignedIn, StaffAccount } from '#shared/api/staff-responses.schema.ts';
import { SECOND_FACTOR_ATTEMPTS, SIGN_IN_STEP_MINUTES, STAFF_SESSION_HOURS, type StaffPerson } from '#shared/staff/accounts.ts';
import { type AuditActor, auditPut, recordAudit, unknownActor } from '../data/audit.ts';
import {
  ensureOwnerAccount,
  hasSecondFactor,
  openSession,
  PersonChange,
  type PersonItem,
  personByEmail,
  personOf,
  readPerson,
  recoveryCodesLeft,
  viewAccount,
  writeTogether,
} from '../data/staff-accounts.ts';
import { ddb, tableName, writeIf } from '../lib/clients/dynamodb.ts';
import { DeleteCommand, GetCommand, PutCommand, type TransactItem, UpdateCommand } from '../lib/clients/dynamodb-sdk.ts';
import { config } from '../lib/config.ts';
import { ConflictError, DomainError, ForbiddenError, NotConfiguredError, NotFoundError, RateLimitedError, UnauthorizedError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { hashPassword, verifyPassword } from '../lib/password.ts';
import {
  addressKey,
  claimBackoffAttempt,
  claimBudget,
  consumeRateLimit,
  countFailure,
  releaseBudget,
  releaseRateLimit,
  resetBackoff,
  waitText,
} from '../lib/rate-limits.ts';
import { getSecret } from '../lib/secrets.ts';
import {
  LOGIN_ADDRESS_WINDOW_SECONDS,
  LOGIN_BACKOFF,
  LOGIN_BUDGET_WINDOW_SECONDS,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_PASSWORD_BUDGET,
  loginAccountKey,
  loginBudgetKey,
  loginFailuresKey,
  loginSlowDownKey,
  REAUTH_WRONG_PER_ACCOUNT,
  REAUTH_WRONG_PER_SESSION,
  reauthAccountKey,
  reauthSessionKey,
  sessionDelete,
  unknownAccountKey,
} from '../lib/sessions.ts';
import { newTotpSecret, totpStep } from '../lib/totp.ts';
import { checkInviteToken } from './invite-link.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { matchSignInCode, sendSignInCode } from './sign-in-code.ts';

/**
 * Signing in (docs/product.md "Staff login"): the password step, then the second factor (a code
 * from an authenticator app), each counted by the brute-force guards (per account across every
 * address, and per address). The two steps are linked by a one-time ticket: a `STEP / <hash>`
 * item of the staff table that lasts SIGN_IN_STEP_MINUTES and allows SECOND_FACTOR_ATTEMPTS wrong
 * codes. Enrolling a factor (at an invitation, at a sign-in that requires one, or from the account
 * page) uses the same step, holding the new secret until a code from it proves the app has it.
 * Once an account's budget of wrong passwords (from every address) is spent, its password is
 * checked only together with a second proof, in one step (signInWithProof,
 * docs/decisions/0408-account-wide-password-budget.md). Every sign-in and failed sign-in is in
 * the audit trail.
 */

type StepPurpose = 'verify' | 'enrol' | 'accept' | 'add';
interface StepItem {
  personId: string;
  purpose: StepPurpose;
  totpSecret?: string;
  inviteId?: string;
  attempts: number;
  expiresAt: string;
}

const STEPS = 'STEP';
const stepKey = (ticket: string) => ({ pk: STEPS, sk: createHash('sha256').update(ticket).digest('base64url') });

const secondFactorRequired = () => config().STAFF_SECOND_FACTOR === 'required';

const tooManyFailures = (seconds: number) => new RateLimitedError(`Too many failed sign-ins: try again in ${waitText(seconds)}`, seconds, 'login_locked');
const invalidCredentials = () => new UnauthorizedError('Invalid credentials', 'invalid_credentials');
const stepExpired = () => new UnauthorizedError('This sign-in step has expired: sign in again with your email and password', 'sign_in_step_expired');
const wrongCode = () => new UnauthorizedError('That code is not right: enter the current 6-digit code from your authenticator app', 'invalid_code');

async function newStep(personId: string, purpose: StepPurpose, extra: Pick<StepItem, 'totpSecret' | 'inviteId'> = {}, now = Date.now()) {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + SIGN_IN_STEP_MINUTES * 60_000).toISOString();
  await ddb().send(
    new PutCommand({
      TableName: tableName('staff'),
      Item: { ...stepKey(ticket), personId, purpose, ...extra, attempts: 0, expiresAt, ttl: Math.floor(now / 1000) + SIGN_IN_STEP_MINUTES * 60 + 60 },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { ticket, expiresAt };
}

/** The step of a ticket, while unexpired and of one of the given purposes. */
async function readStep(ticket: string, purposes: StepPurpose[]): Promise<StepItem | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName('staff'), Key: stepKey(ticket), ConsistentRead: true }));
  const step = out.Item as StepItem | undefined;
  return step && purposes.includes(step.purpose) && Date.parse(step.expiresAt) > Date.now() ? step : undefined;
}

/** The step's Delete, in the transaction that completes it: a ticket works once. */
const stepDone = (ticket: string): TransactItem => ({
  Delete: { TableName: tableName('staff'), Key: stepKey(ticket), ConditionExpression: 'attribute_exists(pk)' },
});

/** A wrong code uses up one of the step's attempts; the last one ends the step. */
async function countWrongCode(ticket: string): Promise<void> {
  const counted = await writeIf(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('staff'),
        Key: stepKey(ticket),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk) AND attempts < :last',
        ExpressionAttributeValues: { ':one': 1, ':last': SECOND_FACTOR_ATTEMPTS - 1 },
      }),
    ),
  );
  if (!counted) await ddb().send(new DeleteCommand({ TableName: tableName('staff'), Key: stepKey(ticket) }));
}

/** A new authenticator-app secret, held by a step until a code proves the app has it. */
async function enrolment(person: PersonItem, purpose: StepPurpose, extra: Pick<StepItem, 'inviteId'> = {}): Promise<Enrolment> {
  const totp = await newTotpSecret(person.email);
  const step = await newStep(person.id, purpose, { totpSecret: totp.secret, ...extra });
  return { ...step, totp };
}

function signedIn(person: PersonItem, session: { token: string; record: { expiresAt: string } }): SignedIn {
  return {
    status: 'signed_in',
    token: session.token,
    expiresAt: session.record.expiresAt,
    person: { id: person.id, email: person.email, name: person.name, role: person.role },
  };
}

/** What a failed step was, for the metric: the password, the code, or both at once. */
type SignInStep = 'password' | 'code' | 'password_and_proof';

/** A sign-in step's claim on the guards: the address's slot and the slow-down it counts under. */
interface SignInAttempt {
  account: string;
  slowDown: string;
  addressSlot: string;
}

/**
 * Counts a sign-in step before it is checked (a slot of the address's minute, the next attempt of
 * this account from this address), so parallel guesses cannot slip past the guards; 429 when
 * either says wait. Keyed by account AND address: a stranger's guesses from elsewhere never
 * make the person wait, whatever they sent (docs/decisions/0201-sign-in-slow-down-per-account-and-address.md).
 */
async function claimSignInAttempt(account: string, step: 'password' | 'code', sourceIp: string): Promise<SignInAttempt> {
  const address = addressKey(sourceIp);
  const slot = await consumeRateLimit(`login:address:${address}`, LOGIN_FAILURES_PER_ADDRESS, LOGIN_ADDRESS_WINDOW_SECONDS);
  if (!slot.allowed) throw tooManyFailures(slot.retryAfterSeconds);
  const slowDown = loginSlowDownKey(account, step, address);
  const attempt = await claimBackoffAttempt(slowDown, LOGIN_BACKOFF);
  if (!attempt.allowed) {
    await releaseRateLimit(slot.slot);
    throw tooManyFailures(attempt.retryAfterSeconds);
  }
  return { account, slowDown, addressSlot: slot.slot };
}

/** A right answer costs nothing: the address's slot is given back and this step's slow-down starts again. */
async function attemptSucceeded(attempt: SignInAttempt): Promise<void> {
  await Promise.all([releaseRateLimit(attempt.addressSlot), resetBackoff(attempt.slowDown)]);
}

/** Failures on one account, from every address, at which the log warns again (10, 20, 30 ...). */
const ALERT_EVERY_FAILURES = 10;

/**
 * A wrong answer stays counted in its slow-down, and is added to the account's count across
 * every address, which refuses nothing: each failure is a CloudWatch metric (embedded metric
 * format: StaffSignInFailures, by account) and each tenth a warning for the owner's alert.
 */
async function attemptFailed(attempt: SignInAttempt, step: SignInStep): Promise<void> {
  const failures = await countFailure(loginFailuresKey(attempt.account), LOGIN_BACKOFF.forgetAfterSeconds);
  const metric = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [{ Namespace: 'CreatorLLC', Dimensions: [['Step']], Metrics: [{ Name: 'StaffSignInFailures', Unit: 'Count' }] }],
    },
    Step: step,
    StaffSignInFailures: 1,
    account: attempt.account,
    accountFailures: failures,
  };
  if (failures % ALERT_EVERY_FAILURES === 0) logger.warn('many failed staff sign-ins on one account', metric);
  else logger.info('failed staff sign-in', metric);
}

/** Scrypt of a random password: checked against when no account matches, so the answer takes as long. */
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
};

/**
 * The owner's account on its first sign-in where no start-up created it (AWS): the owner's
 * address (STAFF_OWNER_EMAIL) with the staff password (its scrypt hash is a secret). 503 when
 * that password is not configured; undefined for any other address.
 */
async function bootstrapOwnerFor(email: string): Promise<PersonItem | undefined> {
  const owner = config().STAFF_OWNER_EMAIL?.toLowerCase();
  if (!owner || owner !== email) return undefined;
  const passwordHash = await getSecret('staffPasswordHash');
  if (!passwordHash) throw new NotConfiguredError('Staff login is not configured yet');
  await ensureOwnerAccount({ email, passwordHash });
  return personByEmail(email);
}

/**
 * The answer once the account's budget of wrong passwords is spent: 401 second_proof_required,
 * saying which proof to send with the password, and nothing about the password (it was not
 * checked). An account with an authenticator app: its code (or a recovery code). One without:
 * a one-time code, emailed now (functions/staff/sign-in-code.ts). An address no active person has
 * is answered as an account of the stage would be (required factor: the app), and gets no email.
 */
async function secondProofRequired(person: PersonItem | undefined): Promise<DomainError> {
  const active = person?.status === 'active' ? person : undefined;
  const proof: SecondProof = (active ? hasSecondFactor(active) : secondFactorRequired()) ? 'authenticator' : 'email_code';
  if (active && proof === 'email_code') await sendSignInCode(active);
  const message =
    proof === 'authenticator'
      ? 'Too many wrong passwords were tried on this account: enter your password together with the code from your authenticator app (or a recovery code)'
      : 'Too many wrong passwords were tried on this account: enter your password together with the one-time code we emailed to its address';
  return new DomainError('unauthorized', 'second_proof_required', message, { extras: { proof } });
}

/**
 * The password step. Counted first against the account's budget of wrong passwords from every
 * address (LOGIN_PASSWORD_BUDGET per LOGIN_BUDGET_WINDOW_SECONDS): once it is spent the password
 * is not checked at all (401 second_proof_required) and only signInWithProof checks it. Then by
 * the address's guards (claimSignInAttempt; refused there, the budget's attempt goes back). A right password gives back the address's slot and the budget's
 * attempt, and resets the password step's slow-down. The code step has a slow-down of its own,
 * reset only when the sign-in completes, so a stolen password does not buy unlimited guesses at
 * the second factor, and wrong passwords never make the code step wait. Then: signed in (no
 * factor, none required), the second step (the person has a factor), or enrolment (the stage
 * requires one and they have none yet).
 */
export async function signIn(email: string, password: string, sourceIp: string, device: string): Promise<LoginResult> {
  const person = (await personByEmail(email)) ?? (await bootstrapOwnerFor(email));
  const account = person ? loginAccountKey(person.id) : unknownAccountKey(email);
  const budget = await claimBudget(loginBudgetKey(account), LOGIN_PASSWORD_BUDGET, LOGIN_BUDGET_WINDOW_SECONDS);
  if (!budget.allowed) {
    // Not a wrong answer (nothing was checked), so the address's slow-down does not count it; its minute's limit does.
    const slot = await consumeRateLimit(`login:address:${addressKey(sourceIp)}`, LOGIN_FAILURES_PER_ADDRESS, LOGIN_ADDRESS_WINDOW_SECONDS);
    if (!slot.allowed) throw tooManyFailures(slot.retryAfterSeconds);
    await recordAudit({
      actor: person ? personOf(person) : unknownActor(email),
      action: 'sign_in_failed',
      subject: 'password not checked: too many wrong passwords on the account',
    });
    throw await secondProofRequired(person);
  }
  const attempt = await claimSignInAttempt(account, 'password', sourceIp).catch(async (err: unknown) => {
    // Refused by the address's guards: nothing was checked, and the budget's attempt goes back.
    await releaseBudget(loginBudgetKey(account));
    throw err;
  });
  const hash = person?.status === 'active' ? person.passwordHash : undefined;
  if (!hash) await verifyPassword(password, await decoy());
  if (!person || !hash || !(await verifyPassword(password, hash))) {
    await Promise.all([
      attemptFailed(attempt, 'password'),
      recordAudit({ actor: person ? personOf(person) : unknownActor(email), action: 'sign_in_failed', subject: 'wrong email or password' }),
    ]);
    throw invalidCredentials();
  }
  await Promise.all([attemptSucceeded(attempt), releaseBudget(loginBudgetKey(account))]);
  if (hasSecondFactor(person)) {
    const step = await newStep(person.id, 'verify');
    return { status: 'second_factor', ...step, methods: recoveryCodesLeft(person.recoveryCodes) > 0 ? ['totp', 'recovery_code'] : ['totp'] };
  }
  if (secondFactorRequired()) return { status: 'enrol', enrolment: await enrolment(person, 'enrol') };
  const change = new PersonChange(person.id).whenStatus('active');
  const session = openSession(person, change, device);
  if (!(await writeTogether([change.item, ...session.items, auditPut({ actor: personOf(person), action: 'sign_in', subject: 'password' })])))
    throw invalidCredentials();
  return signedIn(person, session);
}

/** What goes with the password once the budget is spent: the app's code, a recovery code, or the emailed code. */
export type PasswordProof = { totpCode: string } | { recoveryCode: string } | { emailCode: string };

const wrongPasswordOrCode = () => new UnauthorizedError('The password or the code is not right: check both and try again', 'invalid_credentials');

/**
 * The second proof checked with the password, as the writes that spend it (the TOTP step, the
 * recovery code, the emailed code) and its audit entries; undefined when it is not right for this
 * person: the app's code or a recovery code for an account with an app, the emailed code for one
 * without.
 */
async function spendSecondProof(
  person: PersonItem,
  proof: PasswordProof,
  change: PersonChange,
  now: Date,
): Promise<{ items: TransactItem[]; subject: string } | undefined> {
  if (hasSecondFactor(person)) {
    if ('totpCode' in proof) {
      const used = totpCodeStep(person.totp?.secret, proof.totpCode, person.totpLastStep);
      if (used === undefined) return undefined;
      change.whenBelow(['totpLastStep'], used).set(['totpLastStep'], used);
      return { items: [], subject: 'password and authenticator app' };
    }
    if ('recoveryCode' in proof) {
      const hash = hashRecoveryCode(proof.recoveryCode);
      if (person.recoveryCodes === undefined || !Object.hasOwn(person.recoveryCodes, hash)) return undefined;
      const left = recoveryCodesLeft(person.recoveryCodes) - 1;
      change.whenExists(['recoveryCodes', hash]).remove(['recoveryCodes', hash]);
      const used = auditPut(
        { actor: personOf(person), action: 'recovery_code_used', subject: `${left} recovery codes left`, after: { recoveryCodesLeft: left } },
        now,
      );
      return { items: [used], subject: 'password and a recovery code' };
    }
    return undefined;
  }
  if (!('emailCode' in proof)) return undefined;
  const spend = await matchSignInCode(person.id, proof.emailCode);
  return spend ? { items: [spend], subject: 'password and a code emailed to the account' } : undefined;
}

/**
 * The password together with a second proof, in one step: what signs in once the account's budget
 * of wrong passwords is spent (and is accepted before, too). Both parts are always checked, and a
 * wrong one is answered the same whichever it was (401 invalid_credentials), so a guesser learns
 * nothing about the password from it; it is counted by the address's guards and for the alert,
 * never against the account (a stranger cannot keep the person out). Right: signed in, in one
 * write that spends the proof (so each works once), or, where the stage requires a factor and
 * the person has none, the enrolment step.
 */
export async function signInWithProof(email: string, password: string, proof: PasswordProof, sourceIp: string, device: string): Promise<LoginResult> {
  const person = (await personByEmail(email)) ?? (await bootstrapOwnerFor(email));
  const attempt = await claimSignInAttempt(person ? loginAccountKey(person.id) : unknownAccountKey(email), 'password', sourceIp);
  const active = person?.status === 'active' && person.passwordHash ? person : undefined;
  const passwordRight = await verifyPassword(password, active?.passwordHash ?? (await decoy()));
  const now = new Date();
  const change = active ? new PersonChange(active.id, now).whenStatus('active') : undefined;
  const spent = active && change ? await spendSecondProof(active, proof, change, now) : undefined;
  if (!active || !change || !passwordRight || !spent) {
    await Promise.all([
      attemptFailed(attempt, 'password_and_proof'),
      recordAudit({ actor: person ? personOf(person) : unknownActor(email), action: 'sign_in_failed', subject: 'wrong password or second proof' }),
    ]);
    throw wrongPasswordOrCode();
  }
  if (!hasSecondFactor(active) && secondFactorRequired()) {
    if (!(await writeTogether(spent.items))) throw wrongPasswordOrCode();
    await attemptSucceeded(attempt);
    return { status: 'enrol', enrolment: await enrolment(active, 'enrol') };
  }
  const session = openSession(active, change, device, now);
  const audit = auditPut({ actor: personOf(active), action: 'sign_in', subject: spent.subject }, now);
  if (!(await writeTogether([change.item, ...spent.items, ...session.items, audit]))) throw wrongPasswordOrCode();
  await attemptSucceeded(attempt);
  return signedIn(active, session);
}

/** What the second step was answered with: the app's code, or one of the recovery codes. */
export type SecondFactorProof = { totpCode: string } | { recoveryCode: string };

/**
 * The second step: the code of the person's authenticator app (or, enrolling, of the new secret),
 * each time step used once; or, instead of the app's code, one of the person's recovery codes,
 * each good once (removed in the same write, on the condition that it is still there, so two
 * sign-ins cannot both use it). Completes the sign-in in one write: the step consumed, the
 * session opened, the factor and its recovery codes stored (enrolling), the audit entries.
 */
export async function completeSecondFactor(ticket: string, proof: SecondFactorProof, sourceIp: string, device: string): Promise<SignedIn> {
  const step = await readStep(ticket, ['verify', 'enrol']);
  if (!step) throw stepExpired();
  const attempt = await claimSignInAttempt(loginAccountKey(step.personId), 'code', sourceIp);
  const person = await readPerson(step.personId);
  if (person?.status !== 'active') throw stepExpired();
  const enrolling = step.purpose === 'enrol';
  const now = new Date();
  const change = new PersonChange(person.id, now).whenStatus('active');
  const audits: TransactItem[] = [];
  let recoveryCodes: string[] | undefined;
  if ('recoveryCode' in proof) {
    const hash = hashRecoveryCode(proof.recoveryCode);
    // Only the person's own codes: a value such as `constructor` must not find what every object inherits.
    const known = !enrolling && person.recoveryCodes !== undefined && Object.hasOwn(person.recoveryCodes, hash);
    if (!known) return refuseCode(ticket, attempt, person, 'wrong recovery code', wrongRecoveryCode());
    const left = recoveryCodesLeft(person.recoveryCodes) - 1;
    change.whenExists(['recoveryCodes', hash]).remove(['recoveryCodes', hash]);
    audits.push(
      auditPut({ actor: personOf(person), action: 'sign_in', subject: 'password and a recovery code' }, now),
      auditPut({ actor: personOf(person), action: 'recovery_code_used', subject: `${left} recovery codes left`, after: { recoveryCodesLeft: left } }, now),
    );
  } else {
    const secret = enrolling ? step.totpSecret : person.totp?.secret;
    const used = totpCodeStep(secret, proof.totpCode, enrolling ? undefined : person.totpLastStep);
    if (used === undefined) return refuseCode(ticket, attempt, person, 'wrong authenticator code', wrongCode());
    change.whenBelow(['totpLastStep'], used).set(['totpLastStep'], used);
    audits.push(auditPut({ actor: personOf(person), action: 'sign_in', subject: 'password and authenticator app' }, now));
    if (enrolling) {
      const fresh = newRecoveryCodes(now);
      recoveryCodes = fresh.codes;
      change.set(['totp'], { secret, addedAt: now.toISOString() }).set(['recoveryCodes'], fresh.stored);
      audits.push(
        auditPut(
          { actor: personOf(person), action: 'second_factor_added', subject: 'authenticator app', after: { totp: true, recoveryCodes: fresh.codes.length } },
          now,
        ),
      );
    }
  }
  const session = openSession(person, change, device, now);
  if (!(await writeTogether([change.item, stepDone(ticket), ...session.items, ...audits]))) throw stepExpired();
  await attemptSucceeded(attempt);
  return { ...signedIn(person, session), ...(recoveryCodes ? { recoveryCodes } : {}) };
}

const wrongRecoveryCode = () => new UnauthorizedError('That recovery code is not right or was used already: each works once', 'invalid_code');

/** A wrong answer at the code step: one of the step's attempts used up, counted for the slow-down and the alert, audited. */
async function refuseCode(ticket: string, attempt: SignInAttempt, person: PersonItem, what: string, error: Error): Promise<never> {
  await countWrongCode(ticket);
  await Promise.all([attemptFailed(attempt, 'code'), recordAudit({ actor: personOf(person), action: 'sign_in_failed', subject: what })]);
  throw error;
}

/** The step a code belongs to, when it is right and newer than the last one used. */
function totpCodeStep(secret: string | undefined, code: string, lastStep: number | undefined): number | undefined {
  if (!secret) return undefined;
  const step = totpStep(secret, code);
  return step !== undefined && (lastStep === undefined || step > lastStep) ? step : undefined;
}

// ---- Invitations ---------------------------------------------------------------------------------

const invitationInvalid = () =>
  new NotFoundError(
    'This invitation link is not valid any more: it was used, replaced by a newer one, or withdrawn. Ask the owner for a new one.',
    'invitation_invalid',
  );

/** The invited person of a genuine, current invitation link; 403 invitation_expired, 404 invitation_invalid. */
async function invitedPerson(token: string): Promise<{ person: PersonItem; inviteId: string }> {
  const claim = await checkInviteToken(token);
  if (claim === 'expired') throw new ForbiddenError('This invitation has expired: ask the owner to send a new one', 'invitation_expired');
  if (claim === 'invalid') throw invitationInvalid();
  const person = await readPerson(claim.personId);
  if (person?.status !== 'invited' || person.invite?.id !== claim.inviteId) throw invitationInvalid();
  if (Date.parse(person.invite.expiresAt) < Date.now())
    throw new ForbiddenError('This invitation has expired: ask the owner to send a new one', 'invitation_expired');
  return { person, inviteId: claim.inviteId };
}

/** Opening an invitation link: who is invited, and a new authenticator-app secret to enrol with the password. */
export async function openInvitation(token: string) {
  const { person, inviteId } = await invitedPerson(token);
  return {
    email: person.email,
    name: person.name,
    role: person.role,
    expiresAt: person.invite?.expiresAt ?? '',
    enrolment: await enrolment(person, 'accept', { inviteId }),
  };
}

/**
 * Accepting: the password chosen and the authenticator app proven by a code, in one write with
 * the first session; the invitation is spent (its link stops working).
 */
export async function acceptInvitation(input: { invite: string; ticket: string; password: string; totpCode: string }, device: string): Promise<SignedIn> {
  const { person, inviteId } = await invitedPerson(input.invite);
  const step = await readStep(input.ticket, ['accept']);
  if (!step || step.personId !== person.id || step.inviteId !== inviteId) throw stepExpired();
  if (input.password.toLowerCase() === person.email.toLowerCase()) throw new ConflictError('Choose a password that is not your email address', 'weak_password');
  const used = totpCodeStep(step.totpSecret, input.totpCode, undefined);
  if (used === undefined) {
    await countWrongCode(input.ticket);
    throw wrongCode();
  }
  const now = new Date();
  const fresh = newRecoveryCodes(now);
  const change = new PersonChange(person.id, now)
    .whenStatus('invited')
    .atVersion(person.version)
    .set(['status'], 'active')
    .set(['passwordHash'], await hashPassword(input.password))
    .set(['totp'], { secret: step.totpSecret, addedAt: now.toISOString() })
    .set(['totpLastStep'], used)
    .set(['recoveryCodes'], fresh.stored)
    .remove(['invite']);
  const active: PersonItem = { ...person, status: 'active' };
  const session = openSession(active, change, device, now);
  const actor = personOf(person);
  const accepted = await writeTogether([
    change.item,
    stepDone(input.ticket),
    ...session.items,
    auditPut(
      {
        actor,
        action: 'invitation_accepted',
        subject: person.email,
        before: { status: 'invited' },
        after: { status: 'active', totp: true, recoveryCodes: fresh.codes.length },
      },
      now,
    ),
    auditPut({ actor, action: 'sign_in', subject: 'invitation accepted' }, now),
  ]);
  if (!accepted) throw invitationInvalid();
  return { ...signedIn(active, session), recoveryCodes: fresh.codes };
}

// ---- A factor from the account page -------------------------------------------------------------------

const passwordRequired = () => new ForbiddenError('Type your password again to change your second factor or recovery codes', 'password_required');
const wrongPassword = (left: number) =>
  new ForbiddenError(
    left === 1 ? 'That password is not right: one more wrong one ends this session' : `That password is not right: ${left} more wrong ones end this session`,
    'wrong_password',
  );
const sessionEnded = () => new UnauthorizedError('Five wrong passwords were typed in this session, so it has ended: sign in again', 'session_ended');

/** Ends the session that typed the fifth wrong password: its item, its place on the account, the audit entry. */
async function endSessionForWrongPasswords(person: PersonItem, sessionId: string): Promise<void> {
  const session = person.sessions && Object.hasOwn(person.sessions, sessionId) ? person.sessions[sessionId] : undefined;
  if (!session) return;
  const change = new PersonChange(person.id).remove(['sessions', sessionId]);
  const ended = await writeTogether([
    change.item,
    sessionDelete(session.tokenHash),
    auditPut({ actor: personOf(person), action: 'session_revoked', subject: `session ${sessionId.slice(0, 8)} (${session.device}): five wrong passwords` }),
  ]);
  // The person changed meanwhile (removed, reset): the session item alone.
  if (!ended) await writeTogether([sessionDelete(session.tokenHash)]);
}

/**
 * The signed-in person's password, typed again before their second factor or recovery codes
 * change: a stolen session alone cannot bind another app, drop the factor or take new codes (403
 * password_required, wrong_password). Counted by the same slow-down as the password step of
 * signing in (per account and address), and taken before it is checked from two budgets: the
 * session's (the REAUTH_WRONG_PER_SESSION-th wrong password ends the session: 401 session_ended)
 * and the account's across its sessions (REAUTH_WRONG_PER_ACCOUNT per window, then 429). A right
 * password gives its attempts back.
 */
async function confirmPassword(
  actor: StaffPerson,
  password: string | undefined,
  sourceIp: string,
  sessionId: string,
  purpose = 'changing the second factor',
): Promise<PersonItem> {
  const person = await readPerson(actor.id);
  if (person?.status !== 'active') throw new UnauthorizedError();
  if (!password) throw passwordRequired();
  const attempt = await claimSignInAttempt(loginAccountKey(person.id), 'password', sourceIp);
  const accountKey = reauthAccountKey(person.id);
  const forAccount = await claimBudget(accountKey, REAUTH_WRONG_PER_ACCOUNT, LOGIN_BUDGET_WINDOW_SECONDS);
  if (!forAccount.allowed)
    throw new RateLimitedError(
      `Too many wrong passwords on this account: try again in ${waitText(forAccount.retryAfterSeconds)}`,
      forAccount.retryAfterSeconds,
      'login_locked',
    );
  const sessionKey = reauthSessionKey(sessionId || `person-${person.id}`);
  const forSession = await claimBudget(sessionKey, REAUTH_WRONG_PER_SESSION, STAFF_SESSION_HOURS * 3600);
  if (!forSession.allowed) {
    await Promise.all([releaseBudget(accountKey), endSessionForWrongPasswords(person, sessionId)]);
    throw sessionEnded();
  }
  if (!person.passwordHash || !(await verifyPassword(password, person.passwordHash))) {
    await Promise.all([attemptFailed(attempt, 'password'), recordAudit({ actor: personOf(person), action: 'password_check_failed', subject: purpose })]);
    if (forSession.used >= REAUTH_WRONG_PER_SESSION) {
      await endSessionForWrongPasswords(person, sessionId);
      throw sessionEnded();
    }
    throw wrongPassword(REAUTH_WRONG_PER_SESSION - forSession.used);
  }
  await Promise.all([attemptSucceeded(attempt), releaseBudget(accountKey), releaseBudget(sessionKey)]);
  return person;
}

/**
 * Starts adding an authenticator app to the signed-in person's account, or replacing the one they
 * have (a new phone): the password first, then a new secret held by a step until the app's first
 * code proves it (addFactor).
 */
export async function startChangingFactor(actor: StaffPerson, password: string | undefined, sourceIp: string, sessionId: string): Promise<Enrolment> {
  const person = await confirmPassword(actor, password, sourceIp, sessionId);
  return enrolment(person, 'add');
}

/** Adds (or replaces) the authenticator app once a code from it is right. */
export async function addFactor(actor: StaffPerson, ticket: string, code: string, sessionId: string): Promise<StaffAccount> {
  const step = await readStep(ticket, ['add']);
  if (!step || step.personId !== actor.id) throw new ConflictError('This setup has expired: start again', 'setup_expired');
  const used = totpCodeStep(step.totpSecret, code, undefined);
  if (used === undefined) {
    await countWrongCode(ticket);
    throw wrongCode();
  }
  const person = await readPerson(actor.id);
  if (person?.status !== 'active') throw new UnauthorizedError();
  const now = new Date();
  const totp = { secret: step.totpSecret as string, addedAt: now.toISOString() };
  const replacing = Boolean(person.totp);
  const fresh = newRecoveryCodes(now);
  const change = new PersonChange(person.id, now)
    .whenStatus('active')
    .atVersion(person.version)
    .set(['totp'], totp)
    .set(['totpLastStep'], used)
    .set(['recoveryCodes'], fresh.stored);
  const added = await writeTogether([
    change.item,
    stepDone(ticket),
    auditPut(
      {
        actor: actor as AuditActor,
        action: replacing ? 'second_factor_replaced' : 'second_factor_added',
        subject: 'authenticator app',
        before: { totp: replacing, ...(person.totp ? { addedAt: person.totp.addedAt } : {}), recoveryCodes: recoveryCodesLeft(person.recoveryCodes) },
        after: { totp: true, addedAt: totp.addedAt, recoveryCodes: fresh.codes.length },
      },
      now,
    ),
  ]);
  if (!added) throw new ConflictError('Your account changed while saving: start again', 'setup_expired');
  return {
    ...viewAccount({ ...person, totp, totpLastStep: used, recoveryCodes: fresh.stored }, sessionId, secondFactorRequired()),
    recoveryCodes: fresh.codes,
  };
}

/**
 * Removes the signed-in person's authenticator app, with their password typed again; refused
 * (409 factor_required) where the stage requires a second factor of everyone.
 */
export async function removeFactor(actor: StaffPerson, password: string | undefined, sourceIp: string, sessionId: string): Promise<StaffAccount> {
  const person = await confirmPassword(actor, password, sourceIp, sessionId);
  if (secondFactorRequired()) throw new ConflictError('Signing in here requires a second factor: replace the app instead of removing it', 'factor_required');
  if (!person.totp) throw new ConflictError('Your account has no authenticator app', 'no_factor');
  const now = new Date();
  const change = new PersonChange(person.id, now)
    .whenStatus('active')
    .atVersion(person.version)
    .remove(['totp'])
    .remove(['totpLastStep'])
    .remove(['recoveryCodes']);
  const removed = await writeTogether([
    change.item,
    auditPut(
      {
        actor: actor as AuditActor,
        action: 'second_factor_removed',
        subject: 'authenticator app',
        before: { totp: true, addedAt: person.totp.addedAt },
        after: { totp: false },
      },
      now,
    ),
  ]);
  if (!removed) throw new ConflictError('Your account changed while saving: try again', 'version_conflict');
  return viewAccount({ ...person, totp: undefined, totpLastStep: undefined, recoveryCodes: undefined }, sessionId, secondFactorRequired());
}

/**
 * Ten new recovery codes for the signed-in person, with their password typed again; the old ones
 * stop working in the same write. 409 no_factor without an authenticator app.
 */
export async function regenerateRecoveryCodes(
  actor: StaffPerson,
  password: string | undefined,
  sourceIp: string,
  sessionId: string,
): Promise<{ recoveryCodes: string[] }> {
  const person = await confirmPassword(actor, password, sourceIp, sessionId, 'new recovery codes');
  if (!person.totp) throw new ConflictError('Add an authenticator app first: recovery codes stand in for its code', 'no_factor');
  const now = new Date();
  const fresh = newRecoveryCodes(now);
  const change = new PersonChange(person.id, now).whenStatus('active').atVersion(person.version).set(['recoveryCodes'], fresh.stored);
  const done = await writeTogether([
    change.item,
    auditPut(
      {
        actor: actor as AuditActor,
        action: 'recovery_codes_generated',
        subject: 'recovery codes',
        before: { recoveryCodesLeft: recoveryCodesLeft(person.recoveryCodes) },
        after: { recoveryCodesLeft: fresh.codes.length },
      },
      now,
    ),
  ]);
  if (!done) throw new ConflictError('Your account changed while saving: try again', 'version_conflict');
  return { recoveryCodes: fresh.codes };
}

export { secondFactorRequired };

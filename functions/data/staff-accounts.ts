import { randomBytes, randomUUID } from 'node:crypto';
import type { StaffAccount, StaffPersonView } from '#shared/api/staff-responses.schema.ts';
import {
  INVITE_TTL_HOURS,
  MAX_SESSIONS_PER_PERSON,
  type StaffPermission,
  type StaffPerson,
  type StaffRole,
  storedPermissions,
  storedRole,
} from '#shared/staff/accounts.ts';
import type { InviteInput, PersonChangeInput } from '#shared/staff/people.schema.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { GetCommand, QueryCommand, type TransactItem, TransactionCanceledException, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../lib/errors.ts';
import { newSession, type SessionRecord, sessionDelete, sessionRoleUpdate } from '../lib/sessions.ts';
import { outboxPut } from '../outbox/outbox.ts';
import { auditPut, SYSTEM_ACTOR } from './audit.ts';

/** How many unused codes a person has. */
export const recoveryCodesLeft = (stored: Record<string, string> | undefined) => Object.keys(stored ?? {}).length;

/**
 * Staff accounts, in the staff table (docs/decisions/0180-staff-accounts-in-our-own-table.md):
 * - `PEOPLE / <id>`: the person: email, name, role, status (invited, active, removed), the scrypt
 *   hash of their password, their TOTP secret and the last step used, their live sessions
 *   (id -> token hash, dates, device), the pending invitation, and a `version` every write bumps.
 * - `EMAIL / <address>`: one person per address (written in the person's transaction).
 * - `OWNER / BOOTSTRAP`: the owner was created (once, from STAFF_PASSWORD).
 * Each change is one transaction with its audit entry; removing a person, resetting their
 * sign-in or ending their sessions deletes the session items in it, at the version read.
 */
const PEOPLE = 'PEOPLE';
const EMAILS = 'EMAIL';
const table = () => tableName('staff');

export type PersonStatus = 'invited' | 'active' | 'removed';

export interface PersonItem {
  pk: string;
  sk: string;
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  /** Owner actions the owner granted this person (./sessions.ts copies them onto each session). */
  permissions?: StaffPermission[];
  status: PersonStatus;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  version: number;
  passwordHash?: string;
  totp?: { secret: string; addedAt: string };
  /** The last TOTP time step accepted: a code is good once. */
  totpLastStep?: number;
  /** Unused recovery codes, by their hash (functions/staff/recovery-codes.ts): each removed when used. */
  recoveryCodes?: Record<string, string>;
  sessions: Record<string, SessionRecord>;
  invite?: { id: string; expiresAt: string };
  lastSignInAt?: string;
}

const personKey = (id: string) => ({ pk: PEOPLE, sk: id });
const emailKey = (email: string) => ({ pk: EMAILS, sk: email.toLowerCase() });

export const personOf = (p: Pick<PersonItem, 'id' | 'email' | 'role' | 'permissions'>): StaffPerson => ({
  id: p.id,
  email: p.email,
  role: p.role,
  ...(p.role !== 'owner' && p.permissions?.length ? { permissions: p.permissions } : {}),
});

/** A person as stored, with the role and permissions read as today's (`staff`, from before the support role, is a processor). */
function asRead(item: Record<string, unknown> | undefined): PersonItem | undefined {
  if (!item) return undefined;
  const person = item as unknown as PersonItem;
  return { ...person, role: storedRole(item.role) ?? 'support', permissions: storedPermissions(item.permissions) };
}
export const hasSecondFactor = (p: PersonItem) => Boolean(p.totp);

/**
 * One UpdateItem on a person, built part by part (so a sign-in's session, its TOTP step and a new
 * factor are one write): it always bumps the version and needs the person to exist.
 */
export class PersonChange {
  private readonly names: Record<string, string> = { '#version': 'version', '#updatedAt': 'updatedAt' };
  private readonly values: Record<string, unknown> = { ':one': 1 };
  private readonly sets: string[] = ['#version = #version + :one', '#updatedAt = :updatedAt'];
  private readonly removes: string[] = [];
  private readonly conditions: string[] = ['attribute_exists(pk)'];
  private n = 0;

  constructor(
    readonly id: string,
    now = new Date(),
  ) {
    this.values[':updatedAt'] = now.toISOString();
  }

  private name(part: string): string {
    const key = `#n${this.n++}`;
    this.names[key] = part;
    return key;
  }

  private path(path: string[]): string {
    return path.map((p) => this.name(p)).join('.');
  }

  private value(v: unknown): string {
    const key = `:v${this.n++}`;
    this.values[key] = v;
    return key;
  }

  set(path: string[], value: unknown): this {
    this.sets.push(`${this.path(path)} = ${this.value(value)}`);
    return this;
  }

  remove(path: string[]): this {
    this.removes.push(this.path(path));
    return this;
  }

  /** Only while the person has this status. */
  whenStatus(status: PersonStatus): this {
    this.conditions.push(`${this.path(['status'])} = ${this.value(status)}`);
    return this;
  }

  /** Only if nobody wrote the person since it was read. */
  atVersion(version: number): this {
    this.conditions.push(`#version = ${this.value(version)}`);
    return this;
  }

  /** Only if `path` (a number) is absent or below `value`. */
  whenBelow(path: string[], value: number): this {
    const p = this.path(path);
    const v = this.value(value);
    this.conditions.push(`(attribute_not_exists(${p}) OR ${p} < ${v})`);
    return this;
  }

  whenExists(path: string[]): this {
    this.conditions.push(`attribute_exists(${this.path(path)})`);
    return this;
  }

  get item(): TransactItem {
    return {
      Update: {
        TableName: table(),
        Key: personKey(this.id),
        UpdateExpression: `SET ${this.sets.join(', ')}${this.removes.length ? ` REMOVE ${this.removes.join(', ')}` : ''}`,
        ConditionExpression: this.conditions.join(' AND '),
        ExpressionAttributeNames: this.names,
        ExpressionAttributeValues: this.values,
      },
    };
  }
}

/** Writes a change and what goes with it; false when one of the conditions failed (nothing written). */
export async function writeTogether(items: TransactItem[]): Promise<boolean> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed')) return false;
    throw err;
  }
}

// ---- Reading ---------------------------------------------------------------------------------

export async function readPerson(id: string): Promise<PersonItem | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: table(), Key: personKey(id), ConsistentRead: true }));
  return asRead(out.Item);
}

/** The person with this address (not removed), or undefined: two GetItems. */
export async function personByEmail(email: string): Promise<PersonItem | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: table(), Key: emailKey(email), ConsistentRead: true }));
  const id = out.Item?.personId;
  if (typeof id !== 'string') return undefined;
  const person = await readPerson(id);
  return person && person.status !== 'removed' ? person : undefined;
}

const personNotFound = () => new NotFoundError('No such person on the staff', 'person_not_found');

async function requirePerson(id: string): Promise<PersonItem> {
  const person = await readPerson(id);
  if (!person || person.status === 'removed') throw personNotFound();
  return person;
}

/** Everyone invited or active, owners first, then by name: one Query (staff are few). */
export async function listPeople(): Promise<PersonItem[]> {
  const people: PersonItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': PEOPLE },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    people.push(...(out.Items ?? []).map((item) => asRead(item) as PersonItem).filter((p) => p.status !== 'removed'));
    start = out.LastEvaluatedKey;
  } while (start);
  return people.sort((a, b) => (a.role === b.role ? a.name.localeCompare(b.name) : a.role === 'owner' ? -1 : 1));
}

const liveSessions = (p: PersonItem, now = Date.now()) =>
  Object.entries(p.sessions ?? {})
    .filter(([, s]) => Date.parse(s.expiresAt) > now)
    .sort(([, a], [, b]) => (a.createdAt < b.createdAt ? 1 : -1));

const secondFactors = (p: PersonItem) => ({
  totp: Boolean(p.totp),
  ...(p.totp ? { totpAddedAt: p.totp.addedAt } : {}),
  recoveryCodesLeft: recoveryCodesLeft(p.recoveryCodes),
});

export function viewPerson(p: PersonItem): StaffPersonView {
  return {
    id: p.id,
    email: p.email,
    name: p.name,
    role: p.role,
    permissions: p.role === 'owner' ? [] : (p.permissions ?? []),
    status: p.status === 'active' ? 'active' : 'invited',
    createdAt: p.createdAt,
    ...(p.status === 'invited' && p.invite ? { inviteExpiresAt: p.invite.expiresAt } : {}),
    secondFactors: secondFactors(p),
    sessions: liveSessions(p).map(([id, s]) => ({ id, createdAt: s.createdAt, expiresAt: s.expiresAt, device: s.device })),
  };
}

export function viewAccount(p: PersonItem, currentSessionId: string, secondFactorRequired: boolean, soleOwner = false): StaffAccount {
  return {
    id: p.id,
    email: p.email,
    name: p.name,
    role: p.role,
    permissions: p.role === 'owner' ? [] : (p.permissions ?? []),
    soleOwner: p.role === 'owner' && soleOwner,
    secondFactors: secondFactors(p),
    secondFactorRequired,
    sessions: liveSessions(p).map(([id, s]) => ({ id, createdAt: s.createdAt, expiresAt: s.expiresAt, device: s.device, current: id === currentSessionId })),
  };
}

// ---- Sessions ----------------------------------------------------------------------------------

/**
 * Opens a session for `person` as part of `change` (the person's update in the sign-in's
 * transaction): the session item, and the account's list with expired sessions dropped and, past
 * MAX_SESSIONS_PER_PERSON, the oldest ended (their items deleted in the same transaction).
 */
export function openSession(person: PersonItem, change: PersonChange, device: string, now = new Date()) {
  const session = newSession(personOf(person), device, now);
  const live = liveSessions(person, now.getTime());
  const ended = [
    ...Object.entries(person.sessions ?? {}).filter(([, s]) => !(Date.parse(s.expiresAt) > now.getTime())),
    ...live.slice(MAX_SESSIONS_PER_PERSON - 1),
  ];
  for (const [id] of ended) change.remove(['sessions', id]);
  change.set(['sessions', session.sessionId], session.record).set(['lastSignInAt'], now.toISOString());
  return { ...session, items: [session.put, ...ended.map(([, s]) => sessionDelete(s.tokenHash))] };
}

/** Every session item of the person, for the transaction that ends them all. */
const allSessionDeletes = (p: PersonItem) => Object.values(p.sessions ?? {}).map((s) => sessionDelete(s.tokenHash));

/** A write that lost a race with another change of the same person: read again and decide again. */
async function retrying<T>(attempt: () => Promise<T | undefined>): Promise<T> {
  for (let round = 0; round < 3; round++) {
    const done = await attempt();
    if (done !== undefined) return done;
  }
  throw new ConflictError('The account changed while saving; reload and try again', 'version_conflict');
}

/** Ends one of the signed-in person's own sessions (GET /api/staff/account lists them). */
export async function endOwnSession(actor: StaffPerson, sessionId: string): Promise<void> {
  const person = await requirePerson(actor.id);
  // Only the account's own sessions: an id such as `constructor` must not find what every object inherits.
  const session = person.sessions && Object.hasOwn(person.sessions, sessionId) ? person.sessions[sessionId] : undefined;
  if (!session) throw new NotFoundError('No such session', 'session_not_found');
  const change = new PersonChange(person.id).whenExists(['sessions', sessionId]).remove(['sessions', sessionId]);
  const ended = await writeTogether([
    change.item,
    sessionDelete(session.tokenHash),
    auditPut({ actor, action: 'session_revoked', subject: `session ${sessionId.slice(0, 8)} (${session.device})` }),
  ]);
  if (!ended) throw new NotFoundError('No such session', 'session_not_found');
}

/** Ends the session of a token (logout): its item, its place on the account, an audit entry. */
export async function endSessionOf(person: StaffPerson, sessionId: string, tokenHash: string): Promise<void> {
  const change = new PersonChange(person.id).remove(['sessions', sessionId]);
  const ok = await writeTogether([change.item, sessionDelete(tokenHash), auditPut({ actor: person, action: 'signed_out' })]);
  // The person is gone (removed meanwhile): the session item alone.
  if (!ok) await writeTogether([sessionDelete(tokenHash)]);
}

// ---- The owner ----------------------------------------------------------------------------------

/**
 * Creates the owner account once (the first start locally; the first sign-in with the owner's
 * address on AWS): active, with the given password hash and no second factor yet (one is asked
 * for at sign-in where the stage requires it). False when the owner exists already.
 */
export async function ensureOwnerAccount(owner: { email: string; passwordHash: string; name?: string }, now = new Date()): Promise<boolean> {
  const id = randomUUID();
  const email = owner.email.toLowerCase();
  const at = now.toISOString();
  const item: PersonItem = {
    ...personKey(id),
    id,
    email,
    name: owner.name ?? 'Owner',
    role: 'owner',
    status: 'active',
    createdAt: at,
    createdBy: SYSTEM_ACTOR.id,
    updatedAt: at,
    version: 1,
    passwordHash: owner.passwordHash,
    sessions: {},
  };
  return writeTogether([
    { Put: { TableName: table(), Item: { pk: 'OWNER', sk: 'BOOTSTRAP', personId: id, createdAt: at }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table(), Item: { ...emailKey(email), personId: id }, ConditionExpression: 'attribute_not_exists(pk)' } },
    auditPut({ actor: SYSTEM_ACTOR, action: 'owner_created', subject: email, after: { email, role: 'owner' } }, now),
  ]);
}

// ---- Invitations ---------------------------------------------------------------------------------

function newInvite(now: Date) {
  return { id: randomBytes(16).toString('base64url'), expiresAt: new Date(now.getTime() + INVITE_TTL_HOURS * 3600_000).toISOString() };
}

/** The invitation email, in the transaction that creates (or renews) the invitation. */
function inviteEmail(person: Pick<PersonItem, 'id' | 'email' | 'name' | 'role'>, invite: { id: string; expiresAt: string }, invitedBy: string, reset: boolean) {
  return outboxPut({
    kind: 'staff_invite',
    to: person.email,
    dedupeKey: `invite:${invite.id}`,
    payload: { personId: person.id, inviteId: invite.id, expiresAt: invite.expiresAt, name: person.name, role: person.role, invitedBy, reset },
  });
}

/** The owner invites a person: the account (invited), its address, the invitation email and the audit entry, together. 409 email_taken. */
export async function invitePerson(actor: StaffPerson, input: InviteInput, now = new Date()): Promise<StaffPersonView> {
  const id = randomUUID();
  const at = now.toISOString();
  const invite = newInvite(now);
  const item: PersonItem = {
    ...personKey(id),
    id,
    email: input.email,
    name: input.name,
    role: input.role,
    status: 'invited',
    createdAt: at,
    createdBy: actor.id,
    updatedAt: at,
    version: 1,
    sessions: {},
    invite,
  };
  const created = await writeTogether([
    { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table(), Item: { ...emailKey(input.email), personId: id }, ConditionExpression: 'attribute_not_exists(pk)' } },
    inviteEmail(item, invite, actor.email, false),
    auditPut({ actor, action: 'person_invited', subject: input.email, after: { email: input.email, name: input.name, role: input.role } }, now),
  ]);
  if (!created) throw new ConflictError(`${input.email} is already on the staff`, 'email_taken');
  return viewPerson(item);
}

/** What the owner may not do to an account: their own (use the account page), or the last owner's. */
async function checkOwnerMayChange(actor: StaffPerson, target: PersonItem, what: string): Promise<void> {
  if (target.id === actor.id) throw new ConflictError(`You cannot ${what} your own account here`, 'own_account');
  if (target.role === 'owner' && target.status === 'active') {
    const owners = (await listPeople()).filter((p) => p.role === 'owner' && p.status === 'active');
    if (owners.length <= 1) throw new ConflictError('This is the only owner: invite another owner first', 'last_owner');
  }
}

/** Removes a person: they can no longer sign in, and every session of theirs ends in the same write. */
export async function removePerson(actor: StaffPerson, id: string, now = new Date()): Promise<void> {
  await retrying(async () => {
    const person = await requirePerson(id);
    await checkOwnerMayChange(actor, person, 'remove');
    const change = new PersonChange(id, now)
      .atVersion(person.version)
      .set(['status'], 'removed')
      .set(['removedAt'], now.toISOString())
      .set(['sessions'], {})
      .remove(['passwordHash'])
      .remove(['totp'])
      .remove(['totpLastStep'])
      .remove(['recoveryCodes'])
      .remove(['invite']);
    const done = await writeTogether([
      change.item,
      { Delete: { TableName: table(), Key: emailKey(person.email) } },
      ...allSessionDeletes(person),
      auditPut(
        {
          actor,
          action: 'person_removed',
          subject: person.email,
          before: { email: person.email, name: person.name, role: person.role, status: person.status, sessions: liveSessions(person).length },
          after: { status: 'removed' },
        },
        now,
      ),
    ]);
    return done || undefined;
  });
}

/**
 * Resets a person's sign-in (lost phone, password forgotten): password and second factor are
 * cleared, every session ends, and a new invitation goes out, in one write.
 */
export async function resetSignIn(actor: StaffPerson, id: string, now = new Date()): Promise<StaffPersonView> {
  return retrying(async () => {
    const person = await requirePerson(id);
    await checkOwnerMayChange(actor, person, 'reset the sign-in of');
    const invite = newInvite(now);
    const change = new PersonChange(id, now)
      .atVersion(person.version)
      .set(['status'], 'invited')
      .set(['invite'], invite)
      .set(['sessions'], {})
      .remove(['passwordHash'])
      .remove(['totp'])
      .remove(['totpLastStep'])
      .remove(['recoveryCodes']);
    const done = await writeTogether([
      change.item,
      ...allSessionDeletes(person),
      inviteEmail(person, invite, actor.email, true),
      auditPut(
        {
          actor,
          action: 'person_sign_in_reset',
          subject: person.email,
          before: { status: person.status, secondFactor: hasSecondFactor(person), sessions: liveSessions(person).length },
          after: { status: 'invited', inviteExpiresAt: invite.expiresAt },
        },
        now,
      ),
    ]);
    return done
      ? viewPerson({ ...person, status: 'invited', invite, sessions: {}, totp: undefined, recoveryCodes: undefined, version: person.version + 1 })
      : undefined;
  });
}

/** Ends every session of a person (the owner's "sign out everywhere"). */
export async function endSessionsOf(actor: StaffPerson, id: string, now = new Date()): Promise<StaffPersonView> {
  return retrying(async () => {
    const person = await requirePerson(id);
    const count = liveSessions(person).length;
    const change = new PersonChange(id, now).atVersion(person.version).set(['sessions'], {});
    const done = await writeTogether([
      change.item,
      ...allSessionDeletes(person),
      auditPut({ actor, action: 'person_signed_out', subject: person.email, before: { sessions: count }, after: { sessions: 0 } }, now),
    ]);
    return done ? viewPerson({ ...person, sessions: {} }) : undefined;
  });
}

// ---- Break-glass ----------------------------------------------------------------------------------

/**
 * The operator's break-glass (`npm run staff:reset-factor`, docs/deploy.md): an owner who lost
 * their phone and their recovery codes, with no other owner to reset them, gets their second
 * factor removed by someone with AWS credentials for the stage. The app, its last step and the
 * recovery codes are cleared and every session ends (one may be an attacker's), in one write with
 * the audit entry naming the operator; the password stays, so the owner signs in with it and, where
 * the stage requires a factor, enrols a new app at that sign-in. Only owners: anyone else is reset
 * by an owner from the people page.
 */
export async function resetOwnerFactorByOperator(
  input: { email: string; operator: string; reason: string },
  now = new Date(),
): Promise<{ personId: string; sessionsEnded: number; hadFactor: boolean }> {
  const actor = { id: 'operator', email: `operator:${input.operator}`.slice(0, 254) };
  return retrying(async () => {
    const person = await personByEmail(input.email);
    if (person?.status !== 'active') throw new NotFoundError(`No active staff member has the address ${input.email}`, 'person_not_found');
    if (person.role !== 'owner') throw new ConflictError(`${input.email} is not an owner: an owner resets their sign-in from the people page`, 'not_an_owner');
    const sessions = Object.keys(person.sessions ?? {}).length;
    const change = new PersonChange(person.id, now)
      .atVersion(person.version)
      .whenStatus('active')
      .set(['sessions'], {})
      .remove(['totp'])
      .remove(['totpLastStep'])
      .remove(['recoveryCodes']);
    const done = await writeTogether([
      change.item,
      ...allSessionDeletes(person),
      auditPut(
        {
          actor,
          action: 'second_factor_reset_by_operator',
          subject: person.email,
          before: {
            totp: hasSecondFactor(person),
            recoveryCodesLeft: recoveryCodesLeft(person.recoveryCodes),
            sessions: liveSessions(person, now.getTime()).length,
          },
          after: { totp: false, recoveryCodesLeft: 0, sessions: 0, reason: input.reason },
        },
        now,
      ),
    ]);
    return done ? { personId: person.id, sessionsEnded: sessions, hadFactor: hasSecondFactor(person) } : undefined;
  });
}

// ---- Roles and permissions -------------------------------------------------------------------------

const activeOwners = async () => (await listPeople()).filter((p) => p.role === 'owner' && p.status === 'active');

/** Whether the person is the only active owner (the dashboard then asks them to make a second one). */
export async function isSoleOwner(person: Pick<PersonItem, 'id' | 'role'>): Promise<boolean> {
  if (person.role !== 'owner') return false;
  const owners = await activeOwners();
  return owners.length === 1 && owners[0].id === person.id;
}

/**
 * An owner changes a person's role (making another owner, for one) and the owner actions granted
 * them, in one write with the audit entry. Their live sessions carry the new role from the next
 * request (their items are updated in the same transaction). An owner stepping down needs another
 * active owner, checked in the same transaction (that owner still active, still an owner, unchanged
 * since read), so two owners demoting each other at once cannot leave none: 409 last_owner.
 */
export async function changePerson(actor: StaffPerson, id: string, input: PersonChangeInput, now = new Date()): Promise<StaffPersonView> {
  return retrying(async () => {
    const person = await requirePerson(id);
    const role = input.role ?? person.role;
    const permissions = role === 'owner' ? [] : [...new Set(input.permissions ?? person.permissions ?? [])].sort();
    const before = { role: person.role, permissions: person.permissions ?? [] };
    const after = { role, permissions };
    if (JSON.stringify(before) === JSON.stringify(after)) return viewPerson(person);
    const items: TransactItem[] = [];
    if (person.role === 'owner' && role !== 'owner' && person.status === 'active') {
      const other = (await activeOwners()).find((o) => o.id !== person.id);
      if (!other)
        throw new ConflictError(
          person.id === actor.id ? 'You are the only owner: make someone else an owner first' : 'This is the only owner: make another person an owner first',
          'last_owner',
        );
      items.push({
        ConditionCheck: {
          TableName: table(),
          Key: personKey(other.id),
          ConditionExpression: '#version = :version AND #status = :active',
          ExpressionAttributeNames: { '#version': 'version', '#status': 'status' },
          ExpressionAttributeValues: { ':version': other.version, ':active': 'active' },
        },
      });
    }
    const change = new PersonChange(id, now).atVersion(person.version).set(['role'], role).set(['permissions'], permissions);
    const live = liveSessions(person, now.getTime());
    const done = await writeTogether([
      change.item,
      ...items,
      ...live.map(([, s]) => sessionRoleUpdate(s.tokenHash, { role, permissions })),
      auditPut({ actor, action: 'person_role_changed', subject: person.email, before, after }, now),
    ]);
    return done ? viewPerson({ ...person, role, permissions, version: person.version + 1 }) : undefined;
  });
}

/** Refused: an owner-only action by a person of another role (also the middleware's answer). */
export const ownerOnly = () => new ForbiddenError('Only an owner may do this', 'owner_only');

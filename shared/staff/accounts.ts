/**
 * Staff accounts (docs/product.md section 6): every person signs in as themselves with an email,
 * a password and a second factor (a code from an authenticator app: TOTP). Three roles, each
 * allowed what the ones below it are:
 * - support: tickets and customer messages;
 * - processor: also the orders' workflow (queue, status moves, documents, filing), the audit trail
 *   and the site's texts;
 * - owner: also the operator settings, the staff (invite, roles, permissions, removal), refunds,
 *   reopening an order and revealing a tax id.
 * The owner can grant a person a permission for one owner action (revealing a tax id for an EIN
 * filing), so that work does not queue on one person. The route contract declares each staff
 * route's role (and permission), which the middleware checks; the screens hide the rest
 * (./actions.ts).
 *
 * The roles and the account rules; the request schemas built from them are in ./people.schema.ts.
 */
export const STAFF_ROLES = ['owner', 'processor', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Each role's rank: a role may do what its rank and every rank below allow. */
const ROLE_RANK: Record<StaffRole, number> = { support: 1, processor: 2, owner: 3 };

/** Whether a person of `role` may call a route (or press a button) that needs `needed`. */
export function roleAllows(role: StaffRole, needed: StaffRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[needed];
}

/**
 * A role as stored: accounts and sessions written before the support role existed say `staff`,
 * which is the processor's role now. Anything else is no role at all.
 */
export function storedRole(value: unknown): StaffRole | undefined {
  if (value === 'staff') return 'processor';
  return STAFF_ROLES.includes(value as StaffRole) ? (value as StaffRole) : undefined;
}

/** Each role in words: its name, the person with an article, and what it may do. */
export const ROLE_WORDS: Record<StaffRole, { name: string; aPerson: string; duties: string }> = {
  owner: { name: 'Owner', aPerson: 'an owner', duties: 'everything: settings, staff and roles, refunds, tax ids, and all the work' },
  processor: { name: 'Processor', aPerson: 'a processor', duties: 'orders, documents, filing, tickets, the audit trail and the site texts' },
  support: { name: 'Support', aPerson: 'support staff', duties: 'support tickets and customer messages' },
};
export const roleWithArticle = (role: StaffRole) => ROLE_WORDS[role].aPerson;

/** What an owner may grant a person of another role, one owner action each. */
export const STAFF_PERMISSIONS = ['revealTaxId'] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** The permissions of a stored list, known ones only, each once. */
export const storedPermissions = (value: unknown): StaffPermission[] => (Array.isArray(value) ? STAFF_PERMISSIONS.filter((p) => value.includes(p)) : []);

/** The signed-in person, as the middleware hands it to a handler (and the audit trail names). */
export interface StaffPerson {
  id: string;
  email: string;
  role: StaffRole;
  /** Owner actions the owner granted this person (none for an owner: they have them all). */
  permissions?: StaffPermission[];
}

/** An invitation link is good for this long; the owner can send a new one (reset) at any time. */
export const INVITE_TTL_HOURS = 72;
/** A staff session lasts 12 hours. */
export const STAFF_SESSION_HOURS = 12;
/** At most this many live sessions per person: a new sign-in ends the oldest beyond it. */
export const MAX_SESSIONS_PER_PERSON = 10;
/** The step between the password and the second factor lasts this long. */
export const SIGN_IN_STEP_MINUTES = 10;
/** Wrong codes allowed on one sign-in step before it must start again from the password. */
export const SECOND_FACTOR_ATTEMPTS = 5;

/** Recovery codes given at each enrolment of a second factor, each good once instead of an authenticator code. */
export const RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code (shown as two groups of five: `k3m9q-x7hta`). */
export const RECOVERY_CODE_LENGTH = 10;
/** Crockford's base32 in lower case: no i, l, o or u, so nothing reads as another letter. */
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Passwords staff choose when accepting an invitation (the owner's first one comes from STAFF_PASSWORD). */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 1024;

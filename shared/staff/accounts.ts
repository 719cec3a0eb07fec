/**
 * Staff accounts (docs/product.md section 6): every person signs in as themselves with an email,
 * a password and a second factor (a code from an authenticator app: TOTP). Two roles: the owner runs the business
 * (operator settings, staff, refunds, revealing a tax id); staff run the workflow (applications,
 * documents, tickets, content). The route table declares which role each staff route needs.
 *
 * The roles and the account rules; the request schemas built from them are in ./people.schema.ts.
 */
export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The signed-in person, as the middleware hands it to a handler (and the audit trail names). */
export interface StaffPerson {
  id: string;
  email: string;
  role: StaffRole;
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

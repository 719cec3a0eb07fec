import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';
import { PASSWORD_MAX, PASSWORD_MIN, RECOVERY_CODE_ALPHABET, RECOVERY_CODE_LENGTH, STAFF_PERMISSIONS, STAFF_ROLES } from './accounts.ts';

// The requests of staff sign-in, invitations and the people list (the account rules: ./accounts.ts).

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;

/** A password typed at sign-in: any length the server hashes (the rules apply when one is chosen). */
const typedPassword = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(1, 'Password is required'),
    z.maxLength(PASSWORD_MAX, 'Password is too long'),
    z.regex(NO_CONTROL, 'Password contains control characters'),
  );

/** A new password: long enough to resist guessing, no control characters. */
export const newPasswordSchema = z
  .string({ error: 'Choose a password' })
  .check(
    z.minLength(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`),
    z.maxLength(PASSWORD_MAX, 'Password is too long'),
    z.regex(NO_CONTROL, 'Password contains control characters'),
  );

export const staffEmailSchema = z.pipe(
  text('Email', 254, { min: 1 }),
  z.pipe(
    z.email('Enter a valid email address'),
    z.transform((s: string) => s.toLowerCase()),
  ),
);

/** POST /api/staff/login */
export const staffLoginSchema = z.strictObject({ email: staffEmailSchema, password: typedPassword });
export type StaffLoginInput = z.infer<typeof staffLoginSchema>;

/** Six digits from the authenticator app (spaces typed between groups are ignored). */
export const totpCodeSchema = z.pipe(
  z.string({ error: 'Enter the 6-digit code' }).check(z.maxLength(20, 'Enter the 6-digit code')),
  z.pipe(
    z.transform((s: string) => s.replace(/\s+/g, '')),
    z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')),
  ),
);

/** The second factor proven (or being enrolled): a code from an authenticator app (TOTP). */
const proof = { totpCode: totpCodeSchema };

/**
 * A code of Crockford's base32 as typed (a recovery code, a code from an email): case, spaces and
 * dashes do not matter, and the letters the alphabet leaves out are read as the digits they look
 * like (o as 0, i and l as 1).
 */
const base32Code = (missing: string, wrong: string) =>
  z.pipe(
    z.string({ error: missing }).check(z.maxLength(40, wrong)),
    z.pipe(
      z.transform((s: string) =>
        s
          .toLowerCase()
          .replace(/[\s-]+/g, '')
          .replace(/o/g, '0')
          .replace(/[il]/g, '1'),
      ),
      z.string().check(z.regex(new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`), wrong)),
    ),
  );

/** One of the person's recovery codes. */
export const recoveryCodeSchema = base32Code('Enter a recovery code', 'Enter one of your recovery codes, like k3m9q-x7hta');

/** A one-time code emailed to the account once too many wrong passwords were tried on it (functions/staff/sign-in-code.ts). */
export const emailCodeSchema = base32Code('Enter the code from the email', 'Enter the code from the email, like k3m9q-x7hta');

/** The one-time value that links the password step to the second-factor step. */
const stepTicket = z.string({ error: 'Sign in again' }).check(z.regex(/^[A-Za-z0-9_-]{32,64}$/, 'Sign in again'));

/** POST /api/staff/login, second step: the app's code, or one of the recovery codes instead. */
export const secondFactorSchema = z.union([
  z.strictObject({ ticket: stepTicket, ...proof }),
  z.strictObject({ ticket: stepTicket, recoveryCode: recoveryCodeSchema }),
]);
export type SecondFactorInput = z.infer<typeof secondFactorSchema>;

/**
 * POST /api/staff/login once the account's budget of wrong passwords is spent (answered 401
 * second_proof_required): the password together with a second proof, checked in one step (the
 * authenticator app's code or a recovery code; for an account without an app, the emailed code).
 */
export const staffLoginWithProofSchema = z.union([
  z.strictObject({ ...staffLoginSchema.shape, ...proof }),
  z.strictObject({ ...staffLoginSchema.shape, recoveryCode: recoveryCodeSchema }),
  z.strictObject({ ...staffLoginSchema.shape, emailCode: emailCodeSchema }),
]);
export type StaffLoginWithProofInput = z.infer<typeof staffLoginWithProofSchema>;

/** An invitation link's token (it rides in the page's URL fragment, never in a request URL). */
export const inviteTokenSchema = z
  .string({ error: 'This invitation link is incomplete' })
  .check(
    z.regex(/^[A-Za-z0-9_-]{8,64}\.[A-Za-z0-9_-]{8,64}\.\d{1,12}\.[A-Za-z0-9_-]{43}$/, 'This invitation link is incomplete: open it from the email again'),
  );

/** POST /api/staff/invitations/open */
export const openInvitationSchema = z.strictObject({ invite: inviteTokenSchema });

/** POST /api/staff/invitations/accept */
export const acceptInvitationSchema = z.strictObject({ invite: inviteTokenSchema, ticket: stepTicket, password: newPasswordSchema, ...proof });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** POST /api/staff/account/second-factor, second step: the new app's first code proves it (the step was opened with the password). */
export const addSecondFactorSchema = z.strictObject({ ticket: stepTicket, ...proof });

/**
 * Changing the second factor starts with the password typed again: a stolen session alone must
 * not bind another app or drop the factor. Optional in the schema so that a request without it is
 * answered 403 password_required (a refusal, not a malformed request).
 */
export const passwordAgainSchema = z.strictObject({ password: z.optional(typedPassword) });
export type PasswordAgainInput = z.infer<typeof passwordAgainSchema>;

/** POST /api/staff/people: the owner invites a person. */
export const inviteSchema = z.strictObject({
  email: staffEmailSchema,
  name: text('Name', 120, { min: 1 }),
  role: z.enum(STAFF_ROLES, { error: 'Role must be owner, processor or support' }),
});
export type InviteInput = z.infer<typeof inviteSchema>;

/** PATCH /api/staff/people/{id}: the owner changes a person's role and the owner actions granted them. */
export const personChangeSchema = z.strictObject({
  role: z.optional(z.enum(STAFF_ROLES, { error: 'Role must be owner, processor or support' })),
  permissions: z.optional(z.array(z.enum(STAFF_PERMISSIONS, { error: 'Unknown permission' })).check(z.maxLength(STAFF_PERMISSIONS.length))),
});
export type PersonChangeInput = z.infer<typeof personChangeSchema>;

/** Ids of people and sessions in paths. */
export const staffIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Use the id shown in the list'));

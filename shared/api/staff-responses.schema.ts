import { operatorSettingsFields } from '../operator/settings.schema.ts';
import { STAFF_PERMISSIONS, STAFF_ROLES } from '../staff/accounts.ts';
import { AUDIT_ACTION_KEYS, type AuditAction } from '../staff/audit.ts';
import * as z from '../zod.ts';

/**
 * Answers of the staff-account, audit and operator-settings routes (the API contract's response
 * half for them; ./responses.ts holds the others). Types of the SPA and the handlers come from here.
 */
const timestamp = () => z.string();
const role = z.enum(STAFF_ROLES);
const permissions = z.array(z.enum(STAFF_PERMISSIONS));

/** A signed-in session: the token for the staff-token header, returned once. */
export const signedInSchema = z.object({
  status: z.literal('signed_in'),
  token: z.string(),
  expiresAt: timestamp(),
  person: z.object({ id: z.string(), email: z.string(), name: z.string(), role }),
  /** When this sign-in enrolled a second factor: its ten one-time recovery codes, shown this once. */
  recoveryCodes: z.optional(z.array(z.string())),
});
export type SignedIn = z.infer<typeof signedInSchema>;

/** A second factor to enrol: a TOTP secret, with its otpauth:// URI and that URI as a QR code (SVG). */
export const enrolmentSchema = z.object({
  ticket: z.string(),
  expiresAt: timestamp(),
  totp: z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

/**
 * POST /api/staff/login: signed in (no second factor yet, where none is required), or the second
 * step: prove a factor the person has, or (where one is required and they have none) enrol one.
 */
export const loginResultSchema = z.discriminatedUnion('status', [
  signedInSchema,
  z.object({
    status: z.literal('second_factor'),
    ticket: z.string(),
    expiresAt: timestamp(),
    /** `recovery_code`: the person has unused recovery codes, each good once instead of the app's code. */
    methods: z.array(z.enum(['totp', 'recovery_code'])),
  }),
  z.object({ status: z.literal('enrol'), enrolment: enrolmentSchema }),
]);
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST /api/staff/invitations, opening: who is invited, and the second factor to enrol while accepting. */
export const openedInvitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  role,
  expiresAt: timestamp(),
  enrolment: enrolmentSchema,
});
export type OpenedInvitation = z.infer<typeof openedInvitationSchema>;

const sessionSchema = z.object({
  id: z.string(),
  createdAt: timestamp(),
  expiresAt: timestamp(),
  /** The browser it was opened in, as its user agent named it (shortened). */
  device: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
const secondFactorsSchema = z.object({
  totp: z.boolean(),
  totpAddedAt: z.optional(timestamp()),
  /** Unused recovery codes (ten at each enrolment). */
  recoveryCodesLeft: z.number(),
});

/** GET /api/staff/account: the signed-in person, their second factors and live sessions. */
export const staffAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role,
  /** Owner actions the owner granted this person (empty for an owner, who has them all). */
  permissions,
  /** An owner who is the only active one: the dashboard asks them to make a second owner. */
  soleOwner: z.boolean(),
  secondFactors: secondFactorsSchema,
  /** Whether this stage requires a second factor of everyone. */
  secondFactorRequired: z.boolean(),
  sessions: z.array(sessionSchema),
  /** Just after the app was added or replaced: the ten new recovery codes, shown this once. */
  recoveryCodes: z.optional(z.array(z.string())),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** A person as the owner sees them in staff management. */
export const staffPersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role,
  permissions,
  /** invited: has not accepted yet (or was reset); active: can sign in. */
  status: z.enum(['invited', 'active']),
  createdAt: timestamp(),
  inviteExpiresAt: z.optional(timestamp()),
  secondFactors: secondFactorsSchema,
  sessions: z.array(z.omit(sessionSchema, { current: true })),
});
export type StaffPersonView = z.infer<typeof staffPersonSchema>;

/** POST /api/staff/account/recovery-codes: ten new codes (the old ones stop working), shown this once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const staffPeopleSchema = z.object({ items: z.array(staffPersonSchema) });

/** One entry of the audit trail. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: timestamp(),
  action: z.enum(AUDIT_ACTION_KEYS as [AuditAction, ...AuditAction[]]),
  /** Who: a person's id and email (an unknown address for a failed sign-in; "system" for the start-up). */
  actorId: z.string(),
  actorEmail: z.string(),
  /** `staff`: an entry written before the support role, by a person of today's processor role. */
  actorRole: z.optional(z.enum([...STAFF_ROLES, 'staff'])),
  applicationId: z.optional(z.string()),
  /** What the action was about, in words (a page / section, a person, a ticket). */
  subject: z.optional(z.string()),
  before: z.optional(z.unknown()),
  after: z.optional(z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.nullable(z.string()) });

/** GET /api/operator-settings: the operator's settings (null: not set), with the version to write against. */
export const operatorSettingsViewSchema = z.object({
  ...operatorSettingsFields,
  version: z.number().check(z.int(), z.nonnegative()),
  updatedAt: z.optional(timestamp()),
});
export type OperatorSettingsView = z.infer<typeof operatorSettingsViewSchema>;

import { operatorSettingsUpdateSchema } from '../../operator/settings.schema.ts';
import { ACTION_ROLES } from '../../staff/actions.ts';
import { auditQuerySchema } from '../../staff/audit-query.schema.ts';
import {
  acceptInvitationSchema,
  addSecondFactorSchema,
  inviteSchema,
  openInvitationSchema,
  passwordAgainSchema,
  personChangeSchema,
  secondFactorSchema,
  staffIdSchema,
  staffLoginWithProofSchema,
} from '../../staff/people.schema.ts';
import { staffLoginSchema, staffLogoutSchema } from '../../staff/session.schema.ts';
import * as z from '../../zod.ts';
import { type DocumentedError, errorBodySchema, rateLimited } from '../errors.schema.ts';
import {
  auditPageSchema,
  enrolmentSchema,
  loginResultSchema,
  openedInvitationSchema,
  operatorSettingsViewSchema,
  recoveryCodesSchema,
  signedInSchema,
  staffAccountSchema,
  staffPeopleSchema,
  staffPersonSchema,
} from '../staff-responses.schema.ts';
import { RATE_LIMITS, type RouteGroup, staffSession, TOO_MANY_REQUESTS } from './entry.schema.ts';

/** Which second proof the sign-in asks for with the password once the account's budget of wrong passwords is spent. */
export const SECOND_PROOFS = ['authenticator', 'email_code'] as const;
export type SecondProof = (typeof SECOND_PROOFS)[number];

/** 401 second_proof_required: the password was not checked; send it again with the proof named. */
export const SECOND_PROOF_REQUIRED: DocumentedError = {
  status: 401,
  schema: z.looseObject({ ...errorBodySchema.shape, proof: z.enum(SECOND_PROOFS) }),
  description:
    'Too many wrong passwords were tried on the account (10 in 15 minutes, from any address): the password was not checked. Send it again in one request with `totpCode` or `recoveryCode` (`proof: authenticator`) or with `emailCode`, the code just emailed to the account (`proof: email_code`).',
};

/** 401 session_ended: the fifth wrong password typed again in a session ends it. */
const SESSION_ENDED: DocumentedError = {
  status: 401,
  schema: errorBodySchema,
  description: 'The fifth wrong password typed again in this session: the session has ended; sign in again',
};

/** Staff back office, its access (functions/handlers/staff-access/): sign-in, the staff's own account, people (functions/data/staff-accounts.ts, sign-in.ts), the audit trail, the operator's settings. */
export const STAFF_ACCESS_ROUTES = {
  'POST /api/staff/login': {
    handler: 'staff-access/login',
    operationId: 'staffLogin',
    summary: 'Staff sign-in, in two steps: email and password, then the step’s ticket and the authenticator app’s code (or a recovery code)',
    description:
      'The first step answers `signed_in` with the token for the staff-token header, `second_factor` with a ticket for the second step, or `enrol` (the stage requires a second factor and the person has none yet) with an authenticator-app secret whose first code the second step takes. The second step answers `signed_in`. Once 10 wrong passwords were tried on the account in 15 minutes (from any address), the first step answers 401 `second_proof_required` without checking the password, and the password is checked only together with the second proof it names, in one request (email, password and `totpCode`, `recoveryCode` or `emailCode`); a wrong one answers `invalid_credentials` whichever part was wrong.',
    tag: 'Staff',
    access: 'public',
    body: z.union([staffLoginSchema, secondFactorSchema, staffLoginWithProofSchema]),
    responses: { 200: loginResultSchema },
    errors: {
      login_locked: rateLimited(
        'Too many failed sign-ins for the account from this network (the wait grows with each, up to a minute), or from this network for any account',
      ),
      second_proof_required: SECOND_PROOF_REQUIRED,
    },
    tables: { sessions: 'write', rateLimits: 'write', staff: 'write', outbox: 'write', audit: 'append' },
    secrets: ['staffPasswordHash', 'linkSigningKey'],
  },
  'POST /api/staff/logout': {
    handler: 'staff-access/logout',
    operationId: 'staffLogout',
    summary: 'Ends the session of the staff-token header (or of the body’s token)',
    tag: 'Staff',
    access: 'public',
    body: staffLogoutSchema,
    responses: { 204: null },
    tables: { sessions: 'write', staff: 'write', audit: 'append' },
  },
  'POST /api/staff/invitations': {
    handler: 'staff-access/invitation',
    operationId: 'staffInvitation',
    summary: 'An invitation link, in two steps: the token alone opens it; with the step’s ticket, a password and the enrolled app’s first code it is accepted',
    description:
      'Opening answers who is invited and an authenticator-app secret to enrol; accepting answers signed in. 403 invitation_expired, 404 invitation_invalid (used, replaced or withdrawn).',
    tag: 'Staff',
    access: 'public',
    body: z.union([openInvitationSchema, acceptInvitationSchema]),
    responses: { 200: z.union([openedInvitationSchema, signedInSchema]) },
    errors: { rate_limited: TOO_MANY_REQUESTS },
    tables: { staff: 'write', sessions: 'write', rateLimits: 'write', audit: 'append' },
    secrets: ['linkSigningKey'],
    rateLimit: { bucket: 'staff-invitations', perMinute: RATE_LIMITS.staffInvitations },
  },
  'GET /api/staff/account': {
    handler: 'staff-access/account',
    operationId: 'getStaffAccount',
    summary: 'The signed-in person: role, second factor and live sessions',
    tag: 'Staff',
    access: 'staff',
    role: 'support',
    responses: { 200: staffAccountSchema },
    tables: { ...staffSession, staff: 'read' },
  },
  'POST /api/staff/account/second-factor': {
    handler: 'staff-access/account-factor',
    operationId: 'addStaffSecondFactor',
    summary:
      'With the password typed again: a new authenticator-app secret (and its QR code), to add an app or replace the one the account has; with its ticket and the app’s first code: the account gets the app',
    description:
      '403 password_required without the password, wrong_password with a wrong one (counted by the sign-in slow-down); the fifth wrong one in a session ends it (401 session_ended).',
    tag: 'Staff',
    access: 'staff',
    role: 'support',
    body: z.optional(z.union([passwordAgainSchema, addSecondFactorSchema])),
    responses: { 200: z.union([enrolmentSchema, staffAccountSchema]) },
    errors: {
      login_locked: rateLimited('Too many wrong passwords for the account from this network, or 10 in 15 minutes in all its sessions'),
      session_ended: SESSION_ENDED,
    },
    tables: { ...staffSession, sessions: 'write', staff: 'write', rateLimits: 'write', audit: 'append' },
  },
  'POST /api/staff/account/second-factor/removal': {
    handler: 'staff-access/account-factor-remove',
    operationId: 'removeStaffSecondFactor',
    summary: 'Removes the signed-in person’s authenticator app, with the password typed again',
    description:
      '403 password_required or wrong_password (the fifth wrong one in a session ends it: 401 session_ended); 409 factor_required where the stage requires a second factor of everyone (replace the app instead), no_factor without one.',
    tag: 'Staff',
    access: 'staff',
    role: 'support',
    body: z.optional(passwordAgainSchema),
    responses: { 200: staffAccountSchema },
    errors: {
      login_locked: rateLimited('Too many wrong passwords for the account from this network, or 10 in 15 minutes in all its sessions'),
      session_ended: SESSION_ENDED,
    },
    tables: { ...staffSession, sessions: 'write', staff: 'write', rateLimits: 'write', audit: 'append' },
  },
  'POST /api/staff/account/recovery-codes': {
    handler: 'staff-access/account-recovery-codes',
    operationId: 'newStaffRecoveryCodes',
    summary: 'Ten new one-time recovery codes for the signed-in person (the old ones stop working), with the password typed again',
    description:
      '403 password_required or wrong_password (the fifth wrong one in a session ends it: 401 session_ended); 409 no_factor without an authenticator app. Shown once: only their hashes are kept.',
    tag: 'Staff',
    access: 'staff',
    role: 'support',
    body: z.optional(passwordAgainSchema),
    responses: { 200: recoveryCodesSchema },
    errors: {
      login_locked: rateLimited('Too many wrong passwords for the account from this network, or 10 in 15 minutes in all its sessions'),
      session_ended: SESSION_ENDED,
    },
    tables: { ...staffSession, sessions: 'write', staff: 'write', rateLimits: 'write', audit: 'append' },
  },
  'DELETE /api/staff/account/sessions/{id}': {
    handler: 'staff-access/account-end-session',
    operationId: 'endStaffSession',
    summary: 'Ends one of the signed-in person’s sessions',
    tag: 'Staff',
    access: 'staff',
    role: 'support',
    params: z.strictObject({ id: staffIdSchema }),
    responses: { 204: null },
    tables: { sessions: 'write', staff: 'write', audit: 'append' },
  },
  'GET /api/staff/people': {
    handler: 'staff-access/people-list',
    operationId: 'listStaffPeople',
    summary: 'Owner: everyone invited or active, with their second factor and live sessions',
    tag: 'Staff',
    access: 'staff',
    role: 'owner',
    responses: { 200: staffPeopleSchema },
    tables: { ...staffSession, staff: 'read' },
  },
  'POST /api/staff/people': {
    handler: 'staff-access/people-invite',
    operationId: 'inviteStaffPerson',
    summary: 'Owner: invites a person by email (a link valid 72 hours)',
    description: '409 email_taken when the address is already on the staff.',
    tag: 'Staff',
    access: 'staff',
    role: 'owner',
    body: inviteSchema,
    responses: { 201: staffPersonSchema },
    tables: { ...staffSession, staff: 'write', outbox: 'write', audit: 'append' },
  },
  'PATCH /api/staff/people/{id}': {
    handler: 'staff-access/people-change',
    operationId: 'changeStaffPerson',
    summary: 'Owner: a person’s role (owner, processor, support) and the owner actions granted them (revealTaxId)',
    description:
      'Audited; the person’s live sessions carry the change from their next request. 409 last_owner when the only active owner would stop being one.',
    tag: 'Staff',
    access: 'staff',
    role: ACTION_ROLES.manageStaff,
    params: z.strictObject({ id: staffIdSchema }),
    body: personChangeSchema,
    responses: { 200: staffPersonSchema },
    tables: { sessions: 'write', staff: 'write', audit: 'append' },
  },
  'DELETE /api/staff/people/{id}': {
    handler: 'staff-access/people-remove',
    operationId: 'removeStaffPerson',
    summary: 'Owner: removes a person; their sessions end at once',
    tag: 'Staff',
    access: 'staff',
    role: 'owner',
    params: z.strictObject({ id: staffIdSchema }),
    responses: { 204: null },
    tables: { sessions: 'write', staff: 'write', audit: 'append' },
  },
  'POST /api/staff/people/{id}/reset': {
    handler: 'staff-access/people-reset',
    operationId: 'resetStaffSignIn',
    summary: 'Owner: clears a person’s password and second factor, ends their sessions and sends a new invitation',
    tag: 'Staff',
    access: 'staff',
    role: 'owner',
    params: z.strictObject({ id: staffIdSchema }),
    responses: { 200: staffPersonSchema },
    tables: { sessions: 'write', staff: 'write', outbox: 'write', audit: 'append' },
  },
  'GET /api/staff/audit': {
    handler: 'staff-access/audit',
    operationId: 'listAuditTrail',
    summary: 'The audit trail, newest first, 50 a page, by person, order and action',
    tag: 'Staff',
    access: 'staff',
    role: 'processor',
    query: auditQuerySchema,
    responses: { 200: auditPageSchema },
    tables: { ...staffSession, audit: 'read', searchIndex: 'read' },
  },
  'PUT /api/staff/operator-settings': {
    handler: 'staff-access/operator-settings',
    operationId: 'saveOperatorSettings',
    summary: 'Owner: saves every operator setting at the version read',
    description: '409 settings_changed when someone saved since.',
    tag: 'Staff',
    access: 'staff',
    role: 'owner',
    body: operatorSettingsUpdateSchema,
    responses: { 200: operatorSettingsViewSchema },
    tables: { ...staffSession, operatorSettings: 'write', audit: 'append' },
  },
} as const satisfies RouteGroup<'Staff'>;

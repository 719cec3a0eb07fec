import { APPLICATION_STATUSES, STAFF_TRANSITIONS } from '../application-status.ts';
import { ADD_ON_KEYS, type AddOnKey } from '../catalog/catalog.ts';
import { addOnFlagShape } from '../catalog/flags.schema.ts';
import { calendarDay, cents, int, timestamp } from '../common.schema.ts';
import type { StoredFilingDetails } from '../filing/details.schema.ts';
import { deliverableSchema } from '../orders/deliverables.schema.ts';
import { paymentStatusSchema } from '../payments/methods.schema.ts';
import { PAYMENT_STATUSES } from '../payments/methods.ts';
import { REFUND_SOURCES } from '../payments/refunds.ts';
import { NO_CONTROL_CHARS, text } from '../validation.schema.ts';
import * as z from '../zod.ts';
import { pendingEmailChangeSchema } from './email-delivery.schema.ts';

/** The staff view of an application (docs/product.md section 3) plus add-ons, payment and filing fields. */
export const staffApplicationSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  state: z.string(),
  businessName: z.string(),
  annualIncome: z.nullable(z.number()),
  contentTypes: z.array(z.string()),
  platforms: z.array(z.string()),
  notes: z.string(),
  status: z.string(),
  createdAt: timestamp(),
  submittedAt: z.optional(timestamp()),
  /** Every add-on of the catalog: bought or not. */
  ...addOnFlagShape(() => z.boolean()),
  /** The DBA add-on: the creator name to register and, where a county files it, the county. */
  dbaName: z.optional(z.string()),
  dbaCounty: z.optional(z.string()),
  paymentStatus: z.optional(paymentStatusSchema),
  amountPaidCents: z.optional(cents()),
  paymentProvider: z.optional(z.string()),
  paidAt: z.optional(timestamp()),
  /** Mark Filed: the state's file number and the filing date. */
  fileNumber: z.optional(z.string()),
  filedOn: z.optional(z.string()),
  /** Why a payment was held for review (paymentStatus needs_review), for staff to refund. */
  reviewReason: z.optional(z.string()),
  /** The chargeback on the payment, open or closed: reason, amount, the evidence deadline (YYYY-MM-DD). */
  dispute: z.optional(
    z.object({
      id: z.string(),
      status: z.enum(['open', 'won', 'lost']),
      reason: z.string(),
      amountCents: cents(),
      evidenceDueBy: z.optional(z.string()),
      openedAt: z.optional(z.string()),
      closedAt: z.optional(z.string()),
      filingPaused: z.boolean(),
    }),
  ),
  /** How much the payment held for review took (what a refund of it gives back). */
  reviewAmountCents: z.optional(cents()),
  amountRefundedCents: z.optional(cents()),
  /** Every refund recorded, oldest first (shared/payments/refunds.ts): how much, why, by whom, when. */
  refunds: z.optional(
    z.array(
      z.object({
        id: z.string(),
        amountCents: cents(),
        reason: z.string(),
        source: z.enum(REFUND_SOURCES),
        by: z.optional(z.string()),
        at: z.string(),
      }),
    ),
  ),
  /** When the customer completed the filing details (Start Processing needs them). */
  detailsCompletedAt: z.optional(timestamp()),
  /** The filing details, the tax id as its last four digits only (shared/filing/details.schema.ts). */
  filingDetails: z.optional(z.looseObject({}) as unknown as z.ZodMiniType<StoredFilingDetails>),
  /** A sealed SSN/ITIN is on file: an owner may reveal it (POST /api/staff/applications/{id}/tax-id/reveal). */
  taxIdOnFile: z.optional(z.boolean()),
  /** The Terms of Service version agreed to at payment (shared/legal/versions.ts). */
  termsVersion: z.optional(z.string()),
  /** Where the customer lives (the home state), when given. */
  residenceState: z.optional(z.string()),
  /** The EIN the IRS assigned, once staff recorded it. */
  ein: z.optional(z.string()),
  /** What the order owes and what of it is delivered (shared/orders/deliverables.ts): Mark Complete needs all of ours. */
  deliverables: z.array(deliverableSchema),
  /** Every note added, oldest first, with who (staff email) and when: appended to, never rewritten. */
  noteHistory: z.optional(z.array(z.object({ text: z.string(), by: z.string(), at: z.string() }))),
  /** Its work-queue stage and since when (shared/staff/work-queue.ts); absent: nobody's work now. */
  queue: z.optional(z.string()),
  /** Who works the order, and since when (shared/staff/assignment.schema.ts); absent: nobody. */
  assignee: z.optional(z.object({ id: z.string(), email: z.string(), at: timestamp() })),
  queueSince: z.optional(timestamp()),
  /** When staff last sent the filing-details reminder again ("Chase"), and who (POST /api/staff/applications/{id}/details-chase). */
  detailsChased: z.optional(z.object({ at: timestamp(), by: z.string(), times: int() })),
  /** A change of the customer's email asked for and waiting for the customer or a second staff member (docs/decisions/0409). */
  emailChange: z.optional(pendingEmailChangeSchema),
  /** The annual reports charged on the order (shared/compliance/annual-report-refund.ts chargedReports): filed, refunded, for an owner's refund of one (docs/decisions/0435). */
  annualReportCharges: z.optional(
    z.array(
      z.object({
        dueOn: z.string(),
        amountCents: cents(),
        paidAt: z.string(),
        filedOn: z.optional(z.string()),
        refund: z.optional(z.object({ amountCents: cents(), at: z.string(), reason: z.optional(z.string()) })),
      }),
    ),
  ),
  /** The item's version, for a later conditional write. */
  version: z.optional(int()),
});
export type StaffApplication = z.infer<typeof staffApplicationSchema>;

export { STAFF_APPLICATIONS_PAGE_SIZE } from './list-page.ts';
export const MAX_NOTES_LENGTH = 5000;

export const applicationListQuerySchema = z.strictObject({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  status: z.optional(z.enum(APPLICATION_STATUSES, { error: `Status must be one of ${APPLICATION_STATUSES.join(', ')}` })),
  includeDrafts: z.optional(z.enum(['true', 'false'], { error: 'includeDrafts must be true or false' })),
  /** The search box: an order number or id, a name, an email, a business name or a file number, by prefix (shared/staff/search.ts). */
  q: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(100, 'Search for at most 100 characters'),
        z.regex(NO_CONTROL_CHARS, 'Search for letters, digits and punctuation only: control characters are not allowed'),
      ),
  ),
  paymentStatus: z.optional(z.enum(PAYMENT_STATUSES, { error: `Payment must be one of ${PAYMENT_STATUSES.join(', ')}` })),
  state: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/, 'Use a two-letter state code such as WY'))),
  addOn: z.optional(z.enum(ADD_ON_KEYS as [AddOnKey, ...AddOnKey[]], { error: `Add-on must be one of ${ADD_ON_KEYS.join(', ')}` })),
  /** The id of the person the orders are assigned to. */
  assignee: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Use the id of a person on the staff'))),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

const moveTargets = STAFF_TRANSITIONS.map((t) => t.to);

/** The state's file number as its filing office writes it: letters, digits, and - . / between them. */
export const FILE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,38}[A-Za-z0-9]$/;

export const applicationUpdateSchema = z
  .strictObject({
    status: z.optional(z.enum(moveTargets, { error: `Status must be one of ${moveTargets.join(', ')}` })),
    notes: z.optional(text('Notes', MAX_NOTES_LENGTH, { multiline: true })),
    /** Mark Filed records what the state returned: its file number and the filing date. */
    fileNumber: z.optional(z.string().check(z.trim(), z.regex(FILE_NUMBER, 'Enter the file number the state gave (3-40 letters and digits)'))),
    filedOn: z.optional(calendarDay('Enter the filing date: month, day and year')),
  })
  .check(
    z.refine((v) => v.status !== undefined || v.notes !== undefined, { message: 'Send a status, notes, or both' }),
    z.refine((v) => v.status !== 'filed' || Boolean(v.fileNumber), { message: "Mark Filed needs the state's file number", path: ['fileNumber'] }),
    z.refine((v) => v.status !== 'filed' || Boolean(v.filedOn), { message: 'Mark Filed needs the filing date', path: ['filedOn'] }),
    z.refine((v) => v.status === 'filed' || (v.fileNumber === undefined && v.filedOn === undefined), {
      message: 'A file number and date are recorded only with Mark Filed',
      path: ['fileNumber'],
    }),
    z.refine((v) => !v.filedOn || v.filedOn <= new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10), {
      message: 'The filing date cannot be in the future',
      path: ['filedOn'],
    }),
  );
export type ApplicationUpdate = z.infer<typeof applicationUpdateSchema>;

/** POST /api/staff/applications/{id}/reopen: why a completed order goes back to filed (kept in the audit trail). */
export const reopenSchema = z.strictObject({ reason: text('Reason', 500, { min: 3 }) });
export type Reopen = z.infer<typeof reopenSchema>;

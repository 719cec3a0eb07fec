import { timestamp } from '../common.schema.ts';
import { filingDetailsBodySchema } from '../filing/details.schema.ts';
import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';

/**
 * Email delivery as staff see it (docs/product.md section 2, "Staff dashboard"): each order's
 * email history in the application modal, the list of messages that did not reach their customer
 * (parked after failed attempts, suppressed because the address bounced or complained before,
 * or bounced after sending) with a retry, and the contact fixes that go with them.
 */
export const UNDELIVERED_EMAIL_STATUSES = ['parked', 'suppressed', 'bounced'] as const;

/** What each kind of email is, in the staff screens' words. */
export const EMAIL_KIND_LABELS: Record<string, string> = {
  payment_received: 'Receipt',
  details_reminder: 'Filing details reminder',
  status_changed: 'Status update',
  documents_ready: 'Documents ready',
  deliverable_ready: 'Deliverable ready',
  ticket_reply: 'Reply to a message',
  message_received: 'Message acknowledged',
  order_link: 'Order link',
  continue_link: 'Link to continue',
  order_lookup: 'Find my order (queues the order links, sends nothing itself)',
  staff_invite: 'Staff invitation',
  deadline_reminder: 'Deadline reminder',
  renewal_notice: 'Renewal notice',
  email_changed: 'Email address changed',
  email_change_requested: 'Email change asked for (to the address on file)',
  renewal_resumed: 'Renewal cancellation undone',
  staff_sign_in_code: 'Staff sign-in code',
  details_changed: 'Filing details changed',
};
export const emailKindLabel = (kind: string) => EMAIL_KIND_LABELS[kind] ?? kind.replace(/_/g, ' ');

/** One message of the outbox: what, to whom, where it stands and why. */
export const staffEmailSchema = z.object({
  messageId: z.string(),
  kind: z.string(),
  to: z.string(),
  /** pending, sending, retry (a later attempt is due), sent, parked, suppressed, bounced or dropped (no longer needed). */
  status: z.string(),
  attempts: z.number(),
  createdAt: timestamp(),
  sentAt: z.optional(timestamp()),
  retriedAt: z.optional(timestamp()),
  /** Why it is not sent (the provider's answer, the suppression, the bounce). */
  lastError: z.optional(z.string()),
  applicationId: z.optional(z.string()),
});
export type StaffEmail = z.infer<typeof staffEmailSchema>;

export const staffEmailListSchema = z.object({ items: z.array(staffEmailSchema) });

/** Outbox message ids: a UUID or a dedupe key such as `status:<id>:filed`. */
export const messageIdSchema = z.string().check(z.regex(/^[A-Za-z0-9:._-]{1,200}$/, 'Pick the message from the list'));

/** POST /api/staff/emails/retries: send an undelivered message again, with the reason (audited). */
export const emailRetrySchema = z.strictObject({ messageId: messageIdSchema, reason: text('Reason', 500, { min: 3 }) });

const addressSchema = z.pipe(
  text('Email', 254, { min: 1 }),
  z.string().check(z.refine((v) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), 'Email must be an address like name@example.com')),
);

/**
 * POST /api/staff/applications/{id}/email: ask for the customer's address to be corrected, with
 * the reason (audited; the address on file is told, with a link that stops the change). It takes
 * effect when the customer confirms it or a second staff member approves it (docs/decisions/0409).
 */
export const customerEmailCorrectionSchema = z.strictObject({ email: addressSchema, reason: text('Reason', 500, { min: 3 }) });

/** POST /api/staff/applications/{id}/email-change: a second staff member approves the waiting change, or staff cancel it; with the reason. */
export const EMAIL_CHANGE_DECISIONS = ['approve', 'cancel'] as const;
export const emailChangeDecisionSchema = z.strictObject({
  decision: z.enum(EMAIL_CHANGE_DECISIONS, { error: 'Choose approve or cancel' }),
  reason: text('Reason', 500, { min: 3 }),
});

/** The change of address waiting on an order, as staff see it. */
export const pendingEmailChangeSchema = z.object({
  email: z.string(),
  reason: z.string(),
  requestedBy: z.object({ id: z.string(), email: z.string() }),
  requestedAt: z.string(),
});

/** POST /api/staff/applications/{id}/order-link: email the order link to the address on file again. */
export const resendOrderLinkSchema = z.strictObject({});
export const orderLinkResentSchema = z.object({ sent: z.literal(true), to: z.string(), messageId: z.string() });

/** The reason staff give for changing the filing details during processing (audited, emailed). */
export const detailsChangeReasonSchema = text('Reason', 500, { min: 3 });

export const detailsChangeReasonBodySchema = z.object({ reason: detailsChangeReasonSchema });

/** PUT /api/staff/applications/{id}/filing-details: the whole details form, plus the reason. */
export const staffFilingDetailsBodySchema = z.extend(filingDetailsBodySchema, { reason: detailsChangeReasonSchema });

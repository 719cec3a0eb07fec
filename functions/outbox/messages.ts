import type { MailKind } from '#shared/mail/mail.ts';
import type { RefundEmailFacts } from '#shared/payments/refunds.ts';
import type { StaffRole } from '#shared/staff/accounts.ts';

/**
 * The emails the product sends, and what each one carries. A message's payload is a snapshot
 * taken in the transaction that caused it (the receipt shows what was paid, not what the order
 * says later); links are signed when the message is sent.
 */
export interface ReceiptLine {
  label: string;
  amount: number;
}

export interface EmailPayloads {
  /** Payment received: the receipt and the order link. */
  payment_received: {
    firstName: string;
    businessName: string;
    stateName: string;
    lines: ReceiptLine[];
    total: number;
    paidAt: string;
    provider: string;
    processingTime: string;
    /** Our published yearly registered agent renewal price when paid (absent on receipts queued before it was shown). */
    registeredAgentRenewalUsd?: number;
  };
  /** Paid, but the filing details are still missing after 24 hours (sent once). */
  details_reminder: { firstName: string; businessName: string };
  /** A staff workflow move: processing, filed (with the state's file number and date), completed. */
  status_changed: {
    firstName: string;
    businessName: string;
    status: 'processing' | 'filed' | 'completed';
    stateName: string;
    fileNumber?: string;
    filedOn?: string;
  };
  /** The documents are in the customer's vault. */
  /** `delivered`: what the order bought that is delivered, one line each (shared/orders/deliverables.ts); absent on messages queued before the list. */
  documents_ready: { firstName: string; businessName: string; delivered?: string[] };
  /** One deliverable arrived before the order is complete: the state-stamped document, or the EIN with its letter. */
  deliverable_ready: { firstName: string; businessName: string; title: string; detail: string };
  /**
   * A staff reply to a support ticket, quoting the customer message it answers, with the thread's
   * reference (the order number for a ticket about an order). Absent on replies queued before them.
   */
  ticket_reply: {
    subject: string;
    reply: string;
    staffName: string;
    quote?: { from: string; at: string; message: string };
    reference?: string;
    /** The ticket answered: its reply address (functions/email/reply-address.ts) brings an emailed answer back to it. */
    ticketId?: string;
  };
  /** A customer message on the order's conversation, acknowledged with the thread's reference (the order number). */
  message_received: { firstName: string; businessName: string; reference: string; message: string; receivedAt: string; ticketId?: string };
  /**
   * Staff corrected the order's email address: told to the old address (without the order link)
   * and to the new one (with it).
   */
  email_changed: { firstName: string; businessName: string; oldEmail: string; newEmail: string; recipient: 'old' | 'new' };
  /**
   * Staff asked to change the order's email address: told to the address on file at once, with the
   * new address masked and the link that stops the change (signed at sending for `changeId`).
   */
  email_change_requested: { firstName: string; businessName: string; newEmail: string; changeId: string };
  /** Staff changed the filing details while processing: what changed (parts of the form) and why. */
  details_changed: { firstName: string; businessName: string; changed: string[]; reason: string };
  /** A new order-page link, asked for on the page when an old link expired. */
  order_link: { firstName: string; businessName: string };
  /** A link that continues an unpaid application in any browser ("Email me a link to continue", or found by email). */
  /** `at`: where the link opens: the wizard for a draft, the checkout for a submitted application (the checkout when absent). */
  continue_link: { firstName: string; businessName: string; at?: 'wizard' | 'checkout' };
  /**
   * An invitation to the staff (or, `reset`, a new one after the owner reset the sign-in). The
   * accept link is signed when the message is sent (functions/staff/invite-link.ts): the outbox
   * holds only the invitation's ids.
   */
  staff_invite: { personId: string; inviteId: string; expiresAt: string; name: string; role: StaffRole; invitedBy: string; reset: boolean };
  /**
   * A one-time sign-in code for a staff account without a second factor, sent once too many wrong
   * passwords were tried on it (functions/staff/sign-in-code.ts). The outbox holds the code's ids:
   * `code` is made from them when the message is sent, never stored.
   */
  staff_sign_in_code: { personId: string; codeId: string; expiresAt: string; name: string; code?: string };
  /** A state deadline of the compliance calendar, 30, 14 or 3 days ahead (unsubscribable; the link is signed at sending). */
  deadline_reminder: {
    firstName: string;
    businessName: string;
    /** Who the deadline is owed to: the state's name, or "the IRS" for a federal date. */
    stateName: string;
    /** A federal date (the quarterly estimated tax): its amount, when a tax plan is saved, is in the title and description. */
    federal?: boolean;
    /** Whom to check the date with when not the state nor the IRS ("the platform" for a payer's tax form). */
    checkWith?: string;
    title: string;
    /** YYYY-MM-DD */
    dueOn: string;
    daysBefore: number;
    description: string;
    sourceName: string;
    sourceUrl: string;
  };
  /** Money went back to the customer (a staff refund, one made at the provider, or a lost chargeback): how much and when it arrives. */
  refund_sent: RefundEmailFacts;
  /** To the owners: a customer disputed a payment with their bank (a chargeback); filing is paused until it is closed. */
  dispute_opened: {
    businessName: string;
    orderNumber: string;
    amountCents: number;
    reason: string;
    /** YYYY-MM-DD: the last day to send evidence through the provider's dashboard. */
    evidenceDueBy?: string;
    filingPaused: boolean;
  };
  /** The customer cancelled the registered agent renewal: when the service ends, and that the order page can undo it until then. */
  renewal_cancelled: {
    firstName: string;
    businessName: string;
    stateName: string;
    serviceEndsOn: string;
    priceUsd: number;
    /** The renewal refunded with the cancellation (within the Refund Policy's 30 days). */
    refundCents?: number;
    /** What to file with the state to name another agent (shared/compliance/agent-exit.ts). */
    steps?: string[];
  };
  /** The customer undid the cancellation: the renewal stands again, charged on its date at the agreed price. */
  renewal_resumed: { firstName: string; businessName: string; stateName: string; renewsOn: string; priceUsd: number };
  /** The registered agent renewal the customer agreed to, announced 30 and 7 days before it is charged. */
  renewal_notice: { firstName: string; businessName: string; stateName: string; renewsOn: string; priceUsd: number; daysBefore: number };
  /** The renewal charged on its date at the agreed price (`period`: the renewal date, YYYY-MM-DD). */
  renewal_charged: {
    firstName: string;
    businessName: string;
    stateName: string;
    period: string;
    amountCents: number;
    cardLast4?: string;
    nextRenewalOn: string;
  };
  /** The renewal charge failed: the payment link (the order page) and the grace period's last day. */
  renewal_payment_due: {
    firstName: string;
    businessName: string;
    stateName: string;
    period: string;
    amountCents: number;
    reason: string;
    graceEndsOn: string;
    graceDays: number;
  };
  /**
   * An add-on bought after payment (docs/decisions/0424): its receipt, the price frozen when it was
   * bought. `reopened`: the order was complete, and is open again until the add-on is delivered.
   */
  purchase_receipt: {
    firstName: string;
    businessName: string;
    stateName: string;
    name: string;
    lines: ReceiptLine[];
    total: number;
    paidAt: string;
    cardLast4?: string;
    reopened: boolean;
  };
  /** The grace period ended unpaid: the service has ended. */
  renewal_lapsed: { firstName: string; businessName: string; stateName: string; period: string; amountCents: number; graceDays: number; lapsedOn: string };
  /**
   * The annual reports filed for the customer (docs/decisions/0431), one kind for each of its
   * events; `dueOn`: the report's due date, `amountCents`: the agreed price of a report.
   */
  annual_report: {
    event: 'agreed' | 'notice' | 'charged' | 'payment_due' | 'lapsed' | 'filed' | 'cancelled' | 'resumed' | 'refunded';
    firstName: string;
    businessName: string;
    stateName: string;
    dueOn: string;
    amountCents: number;
    /** The day the report is charged (the notices, the agreement). */
    chargeOn?: string;
    daysBefore?: number;
    cardLast4?: string;
    reason?: string;
    graceEndsOn?: string;
    /** The state's confirmation number of a filed report. */
    confirmation?: string;
    /** A refunded report (event `refunded`): the day it was filed, if it was (absent: we do not file it), and when the money arrives. */
    filedOn?: string;
    arrival?: string;
  };
  /**
   * Staff logged a piece of mail our registered agent address received for the LLC (shared/mail/mail.ts):
   * a service of process is urgent, with its answer deadline when the document names one; a likely
   * solicitation says so and why. The scan is in the vault under Mail.
   */
  mail_received: {
    firstName: string;
    businessName: string;
    kind: MailKind;
    sender: string;
    /** YYYY-MM-DD */
    receivedOn: string;
    answerDeadline?: string;
  };
  /**
   * No IRS answer (CP261) to the S-corporation election by its due date (docs/decisions/0432),
   * sent once by the reminder sweep: the state's own sentences (the IRS line to call, the
   * Rev. Proc. 2013-30 steps when it was sent late) and their source.
   */
  election_overdue: {
    firstName: string;
    businessName: string;
    headline: string;
    detail: string[];
    /** YYYY-MM-DD: the day the answer was due. */
    dueOn: string;
    sourceName: string;
    sourceUrl: string;
  };
  /**
   * The January 1099 check (docs/decisions/0436), sent once a tax year by the reminder sweep on
   * its day: the payers whose payments reach a form's threshold, each with the forms expected.
   */
  forms_1099_check: {
    firstName: string;
    businessName: string;
    taxYear: number;
    /** YYYY-MM-DD: January 31 after the tax year. */
    checkOn: string;
    payers: { name: string; forms: string[] }[];
    /** The data's sentence on when payers furnish the forms, and its source. */
    furnishText: string;
    sourceName: string;
    sourceUrl: string;
  };
  /** The S-corporation election recorded in effect (its CP261): the payers on the order's list to give the new W-9. */
  w9_update: {
    firstName: string;
    businessName: string;
    /** YYYY-MM-DD: the date the CP261 gives. */
    effectiveOn: string;
    payers: string[];
  };
}

export type EmailKind = keyof EmailPayloads;
export const EMAIL_KINDS = [
  'payment_received',
  'details_reminder',
  'status_changed',
  'documents_ready',
  'deliverable_ready',
  'ticket_reply',
  'message_received',
  'email_changed',
  'email_change_requested',
  'details_changed',
  'order_link',
  'continue_link',
  'staff_invite',
  'staff_sign_in_code',
  'deadline_reminder',
  'renewal_notice',
  'renewal_cancelled',
  'renewal_resumed',
  'refund_sent',
  'dispute_opened',
  'renewal_charged',
  'renewal_payment_due',
  'renewal_lapsed',
  'mail_received',
  'purchase_receipt',
  'annual_report',
  'election_overdue',
  'w9_update',
  'forms_1099_check',
] as const satisfies readonly EmailKind[];

/**
 * Outbox messages that are never rendered nor sent themselves: the sender (functions/email/deliver.ts)
 * acts on them when their turn comes, so the request that queued one does the same work whatever
 * it finds (docs/decisions/0413).
 */
export interface InternalPayloads {
  /**
   * "Find my order" was asked for the message's address: when it is sent, one order_link or
   * continue_link per order placed with that address, and nothing at all when there is none.
   * `window`: the link window of the request (the per-order messages' dedupe keys).
   */
  order_lookup: { window: number };
}

export type InternalKind = keyof InternalPayloads;
export const INTERNAL_KINDS = ['order_lookup'] as const satisfies readonly InternalKind[];
/** Every kind the outbox holds: the emails, and the internal messages. */
export type OutboxKind = EmailKind | InternalKind;
type OutboxPayloads = EmailPayloads & InternalPayloads;

export const isInternalKind = (kind: string): kind is InternalKind => (INTERNAL_KINDS as readonly string[]).includes(kind);

/** One email as the sender renders it. */
export type EmailMessage = {
  [K in EmailKind]: {
    messageId: string;
    kind: K;
    to: string;
    /** The order the message is about (absent for ticket replies without an order). */
    applicationId?: string;
    payload: EmailPayloads[K];
  };
}[EmailKind];

/** One message as the outbox keeps it: an email, or an internal message. */
export type OutboxMessage = {
  [K in OutboxKind]: { messageId: string; kind: K; to: string; applicationId?: string; payload: OutboxPayloads[K] };
}[OutboxKind];

export type NewEmail = {
  [K in OutboxKind]: { kind: K; to: string; applicationId?: string; payload: OutboxPayloads[K]; dedupeKey?: string };
}[OutboxKind];

/**
 * How long personal data is kept (docs/product.md section 11; the privacy page reads these).
 * An unpaid application (draft or submitted) is deleted this many days after its last change;
 * paying removes the expiry. Leads expire the same way.
 */
export const UNPAID_APPLICATION_RETENTION_DAYS = 30;
export const LEAD_RETENTION_DAYS = 30;
/** An email the product sent (address, names, order figures) is deleted this many days after it went out. */
export const SENT_EMAIL_RETENTION_DAYS = 30;

export const expiryAfterDays = (days: number, now = Date.now()) => Math.floor(now / 1000) + days * 24 * 3600;

/**
 * An entry of the staff activity feed (short descriptions naming a person or business) is deleted
 * by TTL this many days after it was written: the feed shows what happened lately, the audit
 * trail keeps the record (docs/decisions/0413).
 */
export const ACTIVITY_RETENTION_DAYS = 90;
/**
 * A support ticket (and its search index items) is deleted by TTL this many years after its last
 * message, whether open or closed; each new message pushes the expiry forward. An order's own
 * conversation (shown on its order page) and a ticket tied to an order are kept with the order
 * instead, so never before it (docs/decisions/0413).
 */
export const TICKET_RETENTION_YEARS = 2;
/** Epoch seconds of a ticket's expiry: TICKET_RETENTION_YEARS (of 365 days) after its last message at `at` (ISO). */
export const ticketExpiry = (at: string) => expiryAfterDays(TICKET_RETENTION_YEARS * 365, Date.parse(at));

/**
 * The audit trail of staff actions (who did what, when, with the values before and after) is kept
 * this long, then removed by DynamoDB's TTL: the longest period for which US tax authorities may
 * ask a business about its records. No function can change or delete an entry before then.
 */
export const AUDIT_RETENTION_YEARS = 7;

/**
 * The activity feed's money entries (payments received, refunds, chargebacks, renewals) are the
 * record the payments export reads (functions/exports/export.ts), so they are kept as long as
 * the audit trail, then deleted by TTL (docs/decisions/0413).
 */
export const MONEY_ACTIVITY_RETENTION_YEARS = AUDIT_RETENTION_YEARS;

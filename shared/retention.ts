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
 * The audit trail of staff actions (who did what, when, with the values before and after) is kept
 * this long, then removed by DynamoDB's TTL: the longest period for which US tax authorities may
 * ask a business about its records. No function can change or delete an entry before then.
 */
export const AUDIT_RETENTION_YEARS = 7;

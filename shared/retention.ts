/**
 * How long personal data is kept (docs/product.md section 11; the privacy page reads these).
 * An unpaid application (draft or submitted) is deleted this many days after its last change;
 * paying removes the expiry. Leads expire the same way.
 */
export const UNPAID_APPLICATION_RETENTION_DAYS = 30;
export const LEAD_RETENTION_DAYS = 30;

export const expiryAfterDays = (days: number, now = Date.now()) => Math.floor(now / 1000) + days * 24 * 3600;

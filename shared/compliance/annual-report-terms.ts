/**
 * The numbers of the annual reports filed for the customer (docs/decisions/0431) that the Terms,
 * the Refund Policy and the order page quote, with no import, so the legal pages load no state
 * data. The one place each lives: ./annual-report-service.ts re-exports them.
 */

/** Our fee for filing one report, when the operator has not set `annualReportServiceUsd`: our default, not a published market price. */
export const ANNUAL_REPORT_SERVICE_DEFAULT_USD = 99;

/**
 * Days before a report's due date on which it is charged: room for the grace period after a
 * failed charge (ANNUAL_REPORT_GRACE_DAYS) and a week for staff to file before the state's date.
 */
export const ANNUAL_REPORT_CHARGE_LEAD_DAYS = 21;
/** Days after a failed charge during which the customer may pay from the emailed link; the service lapses the day after. */
export const ANNUAL_REPORT_GRACE_DAYS = 14;
/** The notices before each charge, in days before it. */
export const ANNUAL_REPORT_NOTICE_DAYS = [30, 7] as const;

/**
 * The customer's consent to the service, in the words of the box they tick: the order page's and
 * the checkout's (docs/decisions/0434), so both ask for the same agreement.
 */
export const ANNUAL_REPORT_CONSENT = 'I agree to be charged for each annual report before it is due, until I cancel.';

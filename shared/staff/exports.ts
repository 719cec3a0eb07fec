import { FEE_COLUMNS } from '../catalog/catalog.ts';

/**
 * CSV exports for the accountant and for reconciling state fees against card statements
 * (docs/product.md section 9, "Exports"): the columns of each export and how a value is written.
 * The rows are made on the server (functions/exports/), page by page.
 */

/** RFC 4180 field: quoted when it holds a comma, a quote or a line break. A value a spreadsheet would run as a formula is prefixed with ' (OWASP CSV injection). */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly (string | number | boolean | null | undefined)[]) => `${values.map(csvField).join(',')}\r\n`;

/** Cents as dollars with two decimals ("275.00"), blank when unknown. */
export const dollars = (cents: number | undefined) => (typeof cents === 'number' ? (cents / 100).toFixed(2) : '');

export const ORDER_COLUMNS = [
  'Order number',
  'Order id',
  'Created',
  'Submitted',
  'Paid',
  'Processing started',
  'Filed',
  'Completed',
  'Status',
  'Payment',
  'Business name',
  'First name',
  'Last name',
  'Email',
  'State',
  'Add-ons',
  'Amount paid (USD)',
  'Refunded (USD)',
  ...FEE_COLUMNS.map((c) => c.heading),
  'Provider',
  'Payment reference',
  'State file number',
  'Filed on',
  'Assigned to',
];

export const PAYMENT_COLUMNS = [
  'Paid at',
  'Order number',
  'Order id',
  'Business name',
  'Email',
  'State',
  'Provider',
  'Payment reference',
  'Amount paid (USD)',
  'State filing fee (USD)',
  'State expedite fee (USD)',
  'Other government fees (USD)',
  'Our fees (USD)',
  'Refunded (USD)',
  'Refunds',
  'Payment now',
];

/** Where the files are written in the documents bucket, which expires them after a day (infra/stacks/data-stack.ts). */
export const EXPORTS_PREFIX = 'documents/exports/';

/** The longest date range of a payments export. */
export const PAYMENTS_EXPORT_MAX_DAYS = 366;

import { REFUND_REASON_MAX } from '../payments/refunds.ts';
import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';

/**
 * POST /api/staff/applications/{id}/annual-report/refund (docs/decisions/0435): which report's
 * charge to give back (its due date, the charge's period) and why (the customer's email says it).
 */
export const annualReportRefundSchema = z.strictObject({
  dueOn: z.string({ error: 'Choose the report to refund' }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the report to refund by its due date (YYYY-MM-DD)')),
  reason: text('Reason', REFUND_REASON_MAX, { min: 3, multiline: true }),
});
export type AnnualReportRefund = z.infer<typeof annualReportRefundSchema>;

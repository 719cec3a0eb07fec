import { REFUND_REASON_MAX } from '../payments/refunds.ts';
import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';

/** POST /api/staff/applications/{id}/refund: how much (cents), why (the customer's email says it), and whether the spent state fee is included. */
export const refundRequestSchema = z.strictObject({
  amountCents: z
    .number({ error: 'Enter the amount to refund' })
    .check(z.int('Enter the amount in whole cents'), z.gte(1, 'Enter an amount of at least $0.01'), z.lte(10_000_000, 'That amount is too large')),
  reason: text('Reason', REFUND_REASON_MAX, { min: 3, multiline: true }),
  includeStateFee: z.optional(z.boolean({ error: 'includeStateFee must be true or false' })),
  /** An add-on bought after payment (docs/decisions/0424): refund its own payment instead of the checkout's. */
  purchaseId: z.optional(z.string().check(z.regex(/^p[0-9a-f]{32}$/, 'Choose an add-on bought after payment'))),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

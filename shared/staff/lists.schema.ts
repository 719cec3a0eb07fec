import { RENEWAL_STATUSES } from '../compliance/api.schema.ts';
import * as z from '../zod.ts';

/**
 * The staff lists beside the queue (docs/product.md section 9, "Lists"): registered agent
 * renewals coming due, and payments the provider took that no order recorded.
 */

/** Renewals due within this many days are listed. */
export const RENEWALS_DUE_WITHIN_DAYS = 60;

export const renewalDueSchema = z.object({
  applicationId: z.string(),
  businessName: z.string(),
  state: z.string(),
  email: z.string(),
  /** The renewal date (the period the charge is for). */
  dueOn: z.string(),
  /** The day the renewal sweep acts: the renewal date, or the end of grace after a failed charge. */
  actsOn: z.string(),
  status: z.enum(RENEWAL_STATUSES),
  priceUsd: z.number(),
  /** The charge's state for this period, once the sweep has tried it. */
  chargeState: z.optional(z.string()),
});

export const renewalsDueSchema = z.object({ from: z.string(), to: z.string(), items: z.array(renewalDueSchema) });
export type RenewalsDue = z.infer<typeof renewalsDueSchema>;

/** A payment the provider took that no order recorded (the webhook's unmatched path). */
export const unmatchedPaymentSchema = z.object({
  provider: z.string(),
  reference: z.string(),
  amountCents: z.number(),
  currency: z.string(),
  at: z.string(),
  reason: z.enum(['no-application', 'not-found']),
  applicationId: z.optional(z.string()),
  eventId: z.string(),
});
export const unmatchedPaymentsSchema = z.object({ items: z.array(unmatchedPaymentSchema), nextCursor: z.nullable(z.string()) });
export type UnmatchedPayments = z.infer<typeof unmatchedPaymentsSchema>;

/** GET /api/staff/unmatched-payments: the next page after `cursor`. */
export const unmatchedPaymentsQuerySchema = z.strictObject({ cursor: z.optional(z.string().check(z.maxLength(2000))) });

/** Payments a page of the list shows. */
export const UNMATCHED_PAGE_SIZE = 50;

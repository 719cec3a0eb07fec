import { testCardSchema } from '../payments/requests.schema.ts';
import * as z from '../zod.ts';
import { RENEWAL_CHARGE_STATES, RENEWAL_EVENT_KINDS } from './renewal-charges.ts';

/**
 * The schemas of the annual reports filed for the customer (docs/decisions/0431): the order page's
 * view of the service, its agreement, and the staff's list and record of a filed report.
 */
const isoDate = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

const chargeSchema = z.object({
  period: isoDate(),
  amountCents: z.number().check(z.int(), z.nonnegative()),
  state: z.enum(RENEWAL_CHARGE_STATES),
  attempt: z.number(),
  leaseUntil: z.optional(z.number()),
  reference: z.optional(z.string()),
  failure: z.optional(z.object({ code: z.string(), message: z.string(), at: z.string() })),
  graceEndsOn: z.optional(isoDate()),
  paidAt: z.optional(z.string()),
  lapsedAt: z.optional(z.string()),
  /** Given back by an owner (docs/decisions/0435): the provider's refund. */
  refund: z.optional(z.object({ id: z.string(), amountCents: z.number(), at: z.string() })),
});

const filingSchema = z.object({ dueOn: isoDate(), confirmation: z.string(), receiptDocumentId: z.string(), filedOn: isoDate() });

/** The service as the order page shows it: sold here or why not, agreed or not, the price agreed, the next report and what happened. */
export const annualReportViewSchema = z.object({
  available: z.boolean(),
  reason: z.optional(z.string()),
  status: z.enum(['not-agreed', 'active', 'cancelled']),
  priceCents: z.optional(z.number().check(z.int(), z.nonnegative())),
  nextDueOn: z.optional(isoDate()),
  chargeOn: z.optional(isoDate()),
  charge: z.optional(chargeSchema),
  history: z.array(
    z.object({
      kind: z.enum(RENEWAL_EVENT_KINDS),
      period: isoDate(),
      amountCents: z.number(),
      at: z.string(),
      detail: z.optional(z.string()),
      /** The provider's payment of a charged line, or its refund of a refunded one. */
      reference: z.optional(z.string()),
    }),
  ),
  filings: z.array(filingSchema),
  cardLast4: z.optional(z.string()),
});

/**
 * The checkout's offer of the service (docs/decisions/0434): where the filing state sells it, the
 * price per report (our fee plus the state's fee at cost) and the first report, counted from today;
 * elsewhere the sentence that says why not (free, none, no yearly date).
 */
export const annualReportOfferSchema = z.union([
  z.object({
    available: z.literal(true),
    serviceUsd: z.number().check(z.nonnegative()),
    stateFeeCents: z.number().check(z.int(), z.nonnegative()),
    priceCents: z.number().check(z.int(), z.nonnegative()),
    dueText: z.string(),
    firstDueOn: z.optional(isoDate()),
    chargeOn: z.optional(isoDate()),
  }),
  z.object({ available: z.literal(false), reason: z.string() }),
]);

/** The customer's agreement: the consent to charge the card kept at checkout before each due date. */
export const annualReportAgreeSchema = z.strictObject({ consent: z.literal(true) });

/** Staff's list of paid reports to file, soonest due first. */
export const reportsToFileSchema = z.object({
  reports: z.array(
    z.object({ applicationId: z.string(), dueOn: isoDate(), state: z.string(), businessName: z.string(), annualReportUrl: z.nullable(z.string()) }),
  ),
});

/** Staff record a report filed: its due date, the state's confirmation number, the receipt uploaded as `annual_report_receipt`. */
export const recordAnnualReportSchema = z.strictObject({
  dueOn: isoDate(),
  confirmation: z.string().check(z.trim(), z.minLength(1, 'Enter the confirmation number the state gave'), z.maxLength(64)),
  receiptDocumentId: z.string().check(z.minLength(1)),
});
export const annualReportFilingSchema = filingSchema;

/** Paying a report whose charge failed, from the emailed link: a test card in local test mode. */
export const annualReportPaymentBodySchema = z.strictObject({ card: z.optional(testCardSchema) });
export const annualReportPaymentSchema = z.object({
  /** `paid`: recorded now (test mode). `requires_payment`: confirm `clientSecret` with Stripe; the webhook records it. */
  status: z.enum(['paid', 'requires_payment']),
  clientSecret: z.optional(z.string()),
  annualReports: annualReportViewSchema,
});

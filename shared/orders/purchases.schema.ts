import { AFTER_PAYMENT_KEYS, type AfterPaymentKey } from '../catalog/catalog.ts';
import { testCardSchema } from '../payments/requests.schema.ts';
import { dbaCountySchema, dbaNameSchema } from '../wizard/fields.schema.ts';
import * as z from '../zod.ts';
import { PAY_WITH, PURCHASE_STATES } from './purchases.ts';

/**
 * The schemas of the order page's purchases after payment (docs/decisions/0424): the same
 * schemas validate the request in the browser and on the server.
 */

const afterPaymentKey = z.enum(AFTER_PAYMENT_KEYS as [AfterPaymentKey, ...AfterPaymentKey[]], 'Choose an add-on sold after payment');

/** POST /api/orders/{id}/purchases. `amount`: the total in cents the page showed (a differing one is refused, never charged). */
export const purchaseBodySchema = z.strictObject({
  addOn: afterPaymentKey,
  amount: z.number().check(z.int('amount must be whole cents'), z.nonnegative()),
  payWith: z.enum(PAY_WITH, 'Choose how to pay'),
  /** Local test mode, `new-card`: the offline test card. */
  card: z.optional(testCardSchema),
  /**
   * The DBA (docs/decisions/0433): the creator name and, where a county clerk takes the filing,
   * the county, in the wizard's schemas; what the filing state needs is checked with the order's
   * state (shared/wizard/dba-details.ts).
   */
  dbaName: z.optional(dbaNameSchema),
  dbaCounty: z.optional(dbaCountySchema),
});
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

const lineSchema = z.object({ key: z.string(), label: z.string(), amount: z.number() });

export const purchaseOfferSchema = z.object({
  key: afterPaymentKey,
  name: z.string(),
  description: z.string(),
  lines: z.array(lineSchema),
  totalCents: z.number(),
  status: z.enum(['available', 'bought', 'pending', 'unavailable']),
  reason: z.optional(z.string()),
  /** What the customer types to buy it, in the wizard's words. */
  fields: z.optional(z.array(z.object({ field: z.enum(['dbaName', 'dbaCounty']), label: z.string(), hint: z.string(), placeholder: z.optional(z.string()) }))),
});

export const purchaseViewSchema = z.object({
  id: z.string(),
  key: afterPaymentKey,
  name: z.string(),
  lines: z.array(lineSchema),
  totalCents: z.number(),
  state: z.enum(PURCHASE_STATES),
  via: z.enum(PAY_WITH),
  createdAt: z.string(),
  paidAt: z.optional(z.string()),
  failure: z.optional(z.string()),
  cardLast4: z.optional(z.string()),
  refundedCents: z.optional(z.number()),
  /** The DBA's name and county as bought. */
  dbaName: z.optional(z.string()),
  dbaCounty: z.optional(z.string()),
});

/** GET /api/orders/{id}/purchases: what the order may buy now, the card kept at checkout, and every purchase made. */
export const purchasesSchema = z.object({
  /** The order's filing state (two letters), whose rules check what an offer asks the customer to type. */
  state: z.optional(z.string()),
  /** Why nothing can be bought (unpaid, refunded, disputed); absent when the order can buy. */
  refusal: z.optional(z.string()),
  savedCard: z.nullable(z.object({ last4: z.string() })),
  offers: z.array(purchaseOfferSchema),
  purchases: z.array(purchaseViewSchema),
});
export type PurchasesView = z.infer<typeof purchasesSchema>;

export const purchaseResultSchema = z.object({
  /** `paid`: recorded now (test card, or the kept card charged). `requires_payment`: confirm `clientSecret` with Stripe; the webhook records it. */
  status: z.enum(['paid', 'requires_payment']),
  purchaseId: z.string(),
  clientSecret: z.optional(z.string()),
  purchases: purchasesSchema,
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

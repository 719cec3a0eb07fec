import { applicationIdSchema } from '../application-id.schema.ts';
import * as z from '../zod.ts';
import { digitsOnly, expiryIsValid, type TestCard } from './test-cards.ts';

/** Request bodies of the payment routes, shared by the handlers and the checkout page. */
export { applicationIdSchema };

export const createPaymentIntentSchema = z.strictObject({
  amount: z.number().check(z.int('amount must be whole cents'), z.nonnegative()),
  applicationId: applicationIdSchema,
  provider: z._default(z.literal('stripe'), 'stripe'),
  /** The customer agreed at checkout to keep this card for the registered agent renewal they may agree to (charged only then, at the agreed price). */
  saveCardForRenewal: z.optional(z.boolean()),
  /**
   * The customer ticked "File my annual reports" at checkout (docs/decisions/0434): the service is
   * agreed at the price of the moment this payment starts, recorded when it settles, and the card
   * is kept for its charges. Refused (400) where the filing state does not sell it.
   */
  annualReports: z.optional(z.boolean()),
});

/** The test card form, validated the same way in the browser and on the server. */
export const testCardSchema = z.object({
  cardNumber: z.string().check(z.refine((v) => /^\d{13,19}$/.test(digitsOnly(v)), 'Enter a card number of 13 to 19 digits')),
  expiry: z.string().check(z.refine((v) => expiryIsValid(v), 'Enter an expiry date as MM/YY that has not passed')),
  cvc: z.string().check(z.regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code')),
  zip: z.string().check(z.regex(/^\d{5}$/, 'Enter a 5 digit ZIP code')),
}) satisfies z.ZodMiniType<TestCard, TestCard>;

export const testConfirmSchema = z.strictObject({
  applicationId: applicationIdSchema,
  clientSecret: z.string().check(z.minLength(1), z.maxLength(200)),
  card: testCardSchema,
});

export const klarnaSessionSchema = z.strictObject({
  amount: z.optional(z.number().check(z.int(), z.nonnegative())),
  applicationId: applicationIdSchema,
});

export const klarnaPlaceOrderSchema = z.strictObject({
  applicationId: applicationIdSchema,
  authorizationToken: z.string().check(z.minLength(1), z.maxLength(500)),
});

/** Amazon Pay takes the total as a dollar string: whole dollars or dollars and cents ("425", "425.00"). */
export const dollarAmountSchema = z.string().check(z.maxLength(20), z.regex(/^\d+(\.\d{1,2})?$/, 'amount must be a dollar amount such as "425" or "425.00"'));

export const amazonPaySessionSchema = z.strictObject({
  amount: z.optional(dollarAmountSchema),
  applicationId: applicationIdSchema,
});

export const amazonPayCompleteSchema = z.strictObject({
  applicationId: applicationIdSchema,
  checkoutSessionId: z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[A-Za-z0-9-]+$/, 'checkoutSessionId is malformed')),
});

export const applePayValidateSchema = z.strictObject({
  validationURL: z.string().check(z.minLength(1), z.maxLength(500)),
  applicationId: applicationIdSchema,
});

/** The parts of an ApplePayPayment the server uses to charge through Stripe. */
export const applePayPaymentSchema = z.object({
  token: z.object({
    paymentData: z.record(z.string(), z.unknown()),
    paymentMethod: z.looseObject({ displayName: z.optional(z.string().check(z.maxLength(200))), network: z.optional(z.string().check(z.maxLength(50))) }),
    transactionIdentifier: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
});

export type ApplePayPayment = z.infer<typeof applePayPaymentSchema>;

export const applePayProcessSchema = z.strictObject({
  payment: applePayPaymentSchema,
  applicationId: applicationIdSchema,
});

import { applicationIdSchema } from '../application-id.ts';
import * as z from '../zod.ts';
import { testCardSchema } from './test-cards.ts';

/** Request bodies of the payment routes, shared by the handlers and the checkout page. */
export { applicationIdSchema };

export const createPaymentIntentSchema = z.strictObject({
  amount: z.number().check(z.int('amount must be whole cents'), z.nonnegative()),
  applicationId: applicationIdSchema,
  provider: z._default(z.literal('stripe'), 'stripe'),
});

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

export const applePayProcessSchema = z.strictObject({
  payment: applePayPaymentSchema,
  applicationId: applicationIdSchema,
});

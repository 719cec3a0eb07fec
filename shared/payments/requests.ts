import * as z from 'zod';
import { testCardSchema } from './test-cards.ts';

/** Request bodies of the payment routes, shared by the handlers and the checkout page. */
export const applicationIdSchema = z.string().trim().min(1, 'applicationId is required').max(64).regex(/^[A-Za-z0-9_-]+$/, 'applicationId is malformed');

export const createPaymentIntentSchema = z.strictObject({
  amount: z.number().int('amount must be whole cents').nonnegative(),
  applicationId: applicationIdSchema,
  provider: z.literal('stripe').default('stripe'),
});

export const testConfirmSchema = z.strictObject({
  applicationId: applicationIdSchema,
  clientSecret: z.string().min(1).max(200),
  card: testCardSchema,
});

export const klarnaSessionSchema = z.strictObject({
  amount: z.number().int().nonnegative().optional(),
  applicationId: applicationIdSchema,
});

export const klarnaPlaceOrderSchema = z.strictObject({
  applicationId: applicationIdSchema,
  authorizationToken: z.string().min(1).max(500),
});

export const amazonPaySessionSchema = z.strictObject({
  amount: z.string().max(20).optional(),
  applicationId: applicationIdSchema,
});

export const amazonPayCompleteSchema = z.strictObject({
  applicationId: applicationIdSchema,
  checkoutSessionId: z.string().min(1).max(200).regex(/^[A-Za-z0-9-]+$/, 'checkoutSessionId is malformed'),
});

export const applePayValidateSchema = z.strictObject({
  validationURL: z.string().min(1).max(500),
  applicationId: applicationIdSchema,
});

/** The parts of an ApplePayPayment the server uses to charge through Stripe. */
export const applePayPaymentSchema = z.object({
  token: z.object({
    paymentData: z.record(z.string(), z.unknown()),
    paymentMethod: z.looseObject({ displayName: z.string().max(200).optional(), network: z.string().max(50).optional() }),
    transactionIdentifier: z.string().min(1).max(200),
  }),
});

export const applePayProcessSchema = z.strictObject({
  payment: applePayPaymentSchema,
  applicationId: applicationIdSchema,
});

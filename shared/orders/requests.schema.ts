import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';

// What the order page's own forms send; the order view and the answers are in ./view.schema.ts.

/** POST /api/orders/{id}/access: the signed token from an email link. */
export const orderAccessSchema = z.strictObject({
  token: z
    .string({ error: 'The link is incomplete: open it again from the email' })
    .check(z.minLength(1, 'The link is incomplete: open it again from the email'), z.maxLength(200, 'The link is not valid')),
});

/** POST /api/orders/{id}/links: a new link to the order's email. */
export const orderLinkRequestSchema = z.strictObject({});

/** POST /api/order-lookups: "find my order", the email the orders were placed with. */
export const orderLookupSchema = z.strictObject({
  email: text('Email', 254, { min: 1 }).check(z.refine((v) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.trim()), 'Email must be an address like name@example.com')),
});

/** POST /api/llc-applications/{id}/continue-links: a link to continue the unpaid application in another browser. */
export const continueLinkRequestSchema = z.strictObject({});

/** POST /api/orders/{id}/change-requests: opens a support ticket about the order. */
export const CHANGE_REQUEST_MAX = 2000;
export const changeRequestSchema = z.strictObject({
  message: text('Your request', CHANGE_REQUEST_MAX, { min: 1, multiline: true }),
});

/**
 * POST /api/orders/{id}/email-change: the customer confirms or stops the change of the order's
 * email address that staff asked for. `changeId` names the request (the order page shows it);
 * `stopToken` is the signed token of the "stop this change" link the address on file was sent,
 * which stops the change without the order's secret.
 */
export const customerEmailChangeSchema = z.union([
  z.strictObject({ decision: z.enum(['confirm', 'stop'], { error: 'Choose confirm or stop' }), changeId: z.string().check(z.maxLength(64)) }),
  z.strictObject({
    decision: z.literal('stop'),
    stopToken: z
      .string({ error: 'The link is incomplete: open it again from the email' })
      .check(z.minLength(1, 'The link is incomplete: open it again from the email'), z.maxLength(200, 'The link is not valid')),
  }),
]);
export type CustomerEmailChange = z.infer<typeof customerEmailChangeSchema>;

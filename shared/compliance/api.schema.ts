import { testCardSchema } from '../payments/requests.schema.ts';
import * as z from '../zod.ts';
import { CALENDAR_EVENT_KINDS } from './kinds.ts';
import { RENEWAL_CHARGE_STATES, RENEWAL_EVENT_KINDS } from './renewal-charges.ts';

/**
 * The schemas of the true-cost and compliance routes (shared/api/contract.ts names them): the
 * three-year cost, an order's compliance calendar, the registered agent renewal and the reminder
 * unsubscribe. The same schemas validate the requests in the browser and on the server.
 */

const isoDate = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const stateCode = () => z.string().check(z.regex(/^[A-Z]{2}$/));

export const factSourceSchema = z.object({ name: z.string(), url: z.string(), verifiedAt: isoDate() });

/** GET /api/state-costs/{stateCode}?residence=: `residence`, two letters, any case (an unknown state is a 404). */
export const stateCostsQuerySchema = z.strictObject({
  residence: z.optional(z.string().check(z.regex(/^[A-Za-z]{2}$/, 'Use a two-letter state code such as CA'))),
});

/** The itemised three-year cost, in whole dollars; `total` is the sum of the lines; `notes` as the pages show them. */
export const stateCostsSchema = z.object({
  state: stateCode(),
  residence: stateCode(),
  years: z.literal(3),
  lines: z.array(
    z.object({
      label: z.string(),
      amount: z.number().check(z.int(), z.nonnegative()),
      year: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      source: factSourceSchema,
    }),
  ),
  total: z.number().check(z.int(), z.nonnegative()),
  /** What the figures leave out or assume (a tax owed only above a revenue, a report's filing year), in plain words. */
  notes: z.array(z.string()),
  /** What the total leaves out, a few words each, shown beside it ("New York publication, which varies by county (…)"). */
  notCounted: z.array(z.string()),
});
export type StateCosts = z.infer<typeof stateCostsSchema>;

export const RENEWAL_STATUSES = ['renews', 'ends', 'cancelled', 'undecided', 'own-agent', 'lapsed'] as const;

/** The registered agent renewal of an order: our published price, and whether and when it is charged. */
export const renewalViewSchema = z.object({
  status: z.enum(RENEWAL_STATUSES),
  /** Whole dollars a year. */
  priceUsd: z.number().check(z.int(), z.nonnegative()),
  /** The day the free first year ends (and a renewal would be charged); absent with the customer's own agent. */
  firstYearEndsOn: z.optional(isoDate()),
  /** The next charge, while the renewal is agreed and not cancelled. */
  nextChargeOn: z.optional(isoDate()),
  cancelledAt: z.optional(z.string()),
  /** Cancelled: the last day of the service already paid for (or free); until then the cancellation can be undone. */
  serviceEndsOn: z.optional(isoDate()),
  /**
   * Leaving our service: what cancelling today gives (while the renewal stands), or what the
   * cancellation gave: the day the service ends, the refund, and what to file with the state.
   */
  exit: z.optional(
    z.object({
      endsOn: isoDate(),
      refundCents: z.number().check(z.int(), z.nonnegative()),
      /** The refund in words, with the Refund Policy's rule. */
      refund: z.string(),
      steps: z.array(z.string()),
      office: z.optional(z.object({ name: z.string(), url: z.string() })),
    }),
  ),
  /** The last four digits of the card kept for the renewal (saved at checkout); absent: no card on file. */
  cardLast4: z.optional(z.string()),
  /** Days the customer has to pay after a failed renewal charge before the service lapses. */
  graceDays: z.optional(z.number().check(z.int(), z.nonnegative())),
  /** The renewal period charged last, or being charged. */
  charge: z.optional(
    z.object({
      period: isoDate(),
      state: z.enum(RENEWAL_CHARGE_STATES),
      amountCents: z.number().check(z.int(), z.nonnegative()),
      /** While payment is due: the last day to pay before the service lapses. */
      graceEndsOn: z.optional(isoDate()),
      /** Why the charge failed, in plain words. */
      failure: z.optional(z.string()),
    }),
  ),
  /** Every renewal charge, failure, payment and lapse, oldest first. */
  history: z.optional(
    z.array(
      z.object({
        kind: z.enum(RENEWAL_EVENT_KINDS),
        period: isoDate(),
        amountCents: z.number().check(z.int(), z.nonnegative()),
        at: z.string(),
        detail: z.optional(z.string()),
      }),
    ),
  ),
});
export type RenewalView = z.infer<typeof renewalViewSchema>;

export const calendarEventSchema = z.object({
  id: z.string(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  title: z.string(),
  /** null: "check with the state" (the rule could not be read into a date). */
  date: z.nullable(isoDate()),
  description: z.string(),
  source: factSourceSchema,
  /** The state it is owed to; absent for federal dates and our own service. */
  state: z.optional(stateCode()),
  /** Whole dollars, where the three-year cost counted the payment (the home state's fee, report and tax). */
  amountUsd: z.optional(z.number().check(z.int(), z.nonnegative())),
});

/** GET /api/orders/{id}/calendar. */
export const orderCalendarSchema = z.object({
  state: stateCode(),
  stateName: z.string(),
  /** Where the owner lives, when it is not the filing state: the calendar carries its registration, report and tax. */
  homeState: z.optional(stateCode()),
  homeStateName: z.optional(z.string()),
  formationDate: isoDate(),
  /** `payment`: the state has not filed the LLC yet, so dates count from the payment date and move once it is filed. */
  formationDateFrom: z.enum(['filing', 'payment']),
  events: z.array(calendarEventSchema),
  registeredAgent: renewalViewSchema,
  /** The customer turned the reminder emails off. */
  remindersUnsubscribed: z.boolean(),
});
export type OrderCalendar = z.infer<typeof orderCalendarSchema>;

/** POST /api/orders/{id}/registered-agent/cancel-renewal. */
export const renewalCancelledSchema = z.object({ registeredAgent: renewalViewSchema });

/** POST /api/orders/{id}/registered-agent/renewal-payment: in local test mode the test card pays at once; with Stripe the page confirms the intent. */
export const renewalPaymentBodySchema = z.strictObject({ card: z.optional(testCardSchema) });

export const renewalPaymentSchema = z.object({
  /** `paid`: recorded now (test mode). `requires_payment`: confirm `clientSecret` with Stripe; the webhook records it. */
  status: z.enum(['paid', 'requires_payment']),
  clientSecret: z.optional(z.string()),
  registeredAgent: renewalViewSchema,
});
export type RenewalPayment = z.infer<typeof renewalPaymentSchema>;

/** The signed token of a reminder's unsubscribe link: `<application id>.<HMAC>`. */
export const unsubscribeTokenSchema = z.string().check(z.regex(/^[0-9a-f-]{36}\.[\w-]{43}$/i, 'This unsubscribe link is not valid'));

/**
 * POST /api/reminders/unsubscribe. The token comes in the JSON body (the site's unsubscribe page),
 * or in the query with a `List-Unsubscribe=One-Click` form body (a mail client's one-click, RFC 8058).
 */
export const unsubscribeBodySchema = z.strictObject({ token: unsubscribeTokenSchema });
export const unsubscribeQuerySchema = z.strictObject({ token: z.optional(unsubscribeTokenSchema) });
export const unsubscribedSchema = z.object({ unsubscribed: z.literal(true) });

/** PUT /api/orders/{id}/reminders: the order page turns the deadline reminder emails on or off. */
export const remindersBodySchema = z.strictObject({ on: z.boolean({ error: 'Say whether the reminders are on (true or false)' }) });
export const remindersStateSchema = z.object({ remindersUnsubscribed: z.boolean() });

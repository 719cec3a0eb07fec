import { calendarDay, int } from '../common.schema.ts';
import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';
import { FORMS_1099, MAX_FORMS_1099_PER_YEAR } from './form-1099-check.ts';
import { PAYER_FORMS, PAYER_HOW, PAYER_KINDS } from './payers.ts';

/**
 * One payer as the order page's form and the routes take it (POST /api/orders/{id}/payers, PUT
 * …/payers/{payerId}): the one schema of both sides (docs/decisions/0426-w9-switch.md).
 */
export const payerBodySchema = z.strictObject({
  name: text('Payer name', 80, { min: 1 }),
  kind: z.enum(PAYER_KINDS, { error: 'Choose platform or brand' }),
  form: z.enum(PAYER_FORMS, { error: 'Choose which form they need' }),
  how: z.enum(PAYER_HOW, { error: 'Choose how you give it to them' }),
  givenOn: z.optional(calendarDay('Enter the day you last gave it as YYYY-MM-DD')),
  note: z.optional(text('Note', 300)),
});
export type PayerBody = z.infer<typeof payerBodySchema>;

/** PUT …/payers/{payerId}: the payer, and the checklist's tick ("W-9 updated" after the election). */
export const savePayerSchema = z.strictObject({
  ...payerBodySchema.shape,
  /** true: the creator gave this payer the new W-9 (on `givenOn` when the new values were already in force that day, else today); false: not yet. */
  w9Updated: z.optional(z.boolean({ error: 'Must be true or false' })),
});
export type SavePayer = z.infer<typeof savePayerSchema>;

/** The most a payer may have paid in a year, in cents ($100 million): a typo's guard. */
const MAX_1099_CENTS = 10_000_000_000;
const cents1099 = (what: string) => int().check(z.gte(0, `${what} cannot be negative`), z.lte(MAX_1099_CENTS, `${what} cannot exceed $100,000,000`));
const form1099 = z.enum(FORMS_1099, { error: 'Choose 1099-NEC, 1099-MISC or 1099-K' });

/**
 * PUT …/payers/{payerId}/forms-1099: one payer's year of the January 1099 check, replaced whole
 * (shared/payers/form-1099-check.ts): what they paid, the forms expected, the forms that arrived.
 */
export const payer1099Schema = z.strictObject({
  year: int().check(z.gte(2026, 'The 1099 check starts with 2026'), z.lte(2100, 'Enter a real year')),
  paidCents: z.optional(cents1099('What they paid')),
  expectedForms: z.optional(
    z.array(form1099).check(
      z.maxLength(FORMS_1099.length, 'Each form once'),
      z.refine((forms) => new Set(forms).size === forms.length, 'Each form once'),
    ),
  ),
  received: z
    .array(z.strictObject({ form: form1099, amountCents: cents1099('The form’s amount') }))
    .check(z.maxLength(MAX_FORMS_1099_PER_YEAR, `At most ${MAX_FORMS_1099_PER_YEAR} forms a year`)),
});
export type Payer1099Body = z.infer<typeof payer1099Schema>;

export const payerIdSchema = z.uuid({ version: 'v4', error: 'Must be a payer id (UUID)' });

const expirySchema = z.object({ expiresOn: z.string(), rule: z.string(), sourceTitle: z.string(), sourceUrl: z.string(), expired: z.boolean() });

export const payerViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PAYER_KINDS),
  form: z.enum(PAYER_FORMS),
  how: z.enum(PAYER_HOW),
  givenOn: z.optional(z.string()),
  note: z.optional(z.string()),
  w9UpdatedOn: z.optional(z.string()),
  /** "update your W-9": needed once the election is in effect, until ticked (shared/payers/payers.ts w9Update). */
  w9Update: z.enum(['not-needed', 'needed', 'done']),
  expiry: z.optional(expirySchema),
});
export type PayerView = z.infer<typeof payerViewSchema>;

const received1099Schema = z.object({ form: form1099, amountCents: z.number(), recordedOn: z.string() });
const check1099Schema = z.object({
  year: z.number(),
  open: z.boolean(),
  rows: z.array(
    z.object({
      payerId: z.string(),
      name: z.string(),
      expectedForms: z.array(form1099),
      paidCents: z.optional(z.number()),
      paidFrom: z.enum(['entered', 'income-map', 'none']),
      received: z.array(received1099Schema),
      flags: z.array(
        z.object({
          kind: z.enum(['amount-differs', 'missing', 'doubled']),
          words: z.string(),
          form: z.optional(form1099),
          recordedCents: z.optional(z.number()),
          paidCents: z.optional(z.number()),
        }),
      ),
      status: z.enum(['ok', 'waiting', 'flagged', 'no-figure']),
    }),
  ),
  notes: z.array(z.string()),
});

export const w9ValuesSchema = z.object({
  status: z.enum(['disregarded', 'partnership', 's-corporation']),
  statusWords: z.string(),
  line1: z.string(),
  line2: z.string(),
  line3a: z.object({ box: z.string(), code: z.nullable(z.string()), words: z.string() }),
  tin: z.object({ kind: z.enum(['SSN', 'EIN']), whose: z.string(), shown: z.string(), missing: z.optional(z.string()) }),
  address: z.optional(z.string()),
  facts: z.array(z.string()),
  notVerified: z.array(z.string()),
});

/** GET /api/orders/{id}/payers and every write's answer: the list, the W-9 values, the switch. */
export const orderPayersSchema = z.object({
  payers: z.array(payerViewSchema),
  max: z.number(),
  w9: w9ValuesSchema,
  /** The S election's effective date once recorded: the day the W-9 values changed. */
  electionEffectiveOn: z.optional(z.string()),
  /** How many payers still need the new W-9. */
  w9UpdatesLeft: z.number(),
  source: z.object({ form: z.string(), url: z.string(), checked: z.string() }),
  /** The January 1099 check for last year (open January to April). */
  check1099: z.optional(check1099Schema),
});
export type OrderPayers = z.infer<typeof orderPayersSchema>;

/** One payer's year of Forms 1099 as the creator recorded it (`forms1099` on the stored payer). */
const recorded1099YearSchema = z.object({
  year: z.number(),
  paidCents: z.optional(z.number()),
  expectedForms: z.optional(z.array(form1099)),
  received: z.array(received1099Schema),
});

/**
 * GET /api/staff/applications/{id}/payers: the customer's payer list as staff read it
 * (docs/decisions/0437-staff-payer-view-w8-and-payroll-data.md), never changed by staff. Each payer
 * as the order page shows it with the Forms 1099 recorded for it, the "update your W-9" count and
 * the January 1099 check; not the W-9 values (the owner's SSN digits stay on the order page).
 */
export const staffOrderPayersSchema = z.object({
  payers: z.array(z.object({ ...payerViewSchema.shape, forms1099: z.array(recorded1099YearSchema) })),
  electionEffectiveOn: z.optional(z.string()),
  w9UpdatesLeft: z.number(),
  check1099: z.optional(check1099Schema),
});
export type StaffOrderPayers = z.infer<typeof staffOrderPayersSchema>;

import { isCalendarDay } from '../common.schema.ts';
import { PERSON_NAME, unprintableMessage } from '../name-patterns.ts';
import { einProblem } from '../orders/ein.ts';
import { findState } from '../states.ts';
import { NO_CONTROL_CHARS } from '../validation.schema.ts';
import * as z from '../zod.ts';
import { DEFAULT_PURPOSE, MANAGEMENT, MAX_MEMBERS } from './facts.ts';
import { ourAddressAllowed, privacyFilingUnavailableReason } from './privacy.ts';
import { taxIdProblem } from './tax-id.ts';
import { zipStateProblem } from './zip-state.ts';

/**
 * The filing details a state's formation document needs, asked on the order page after
 * payment (docs/product.md section 10). One schema for the browser form and the server: the
 * same sentence appears beside the same field on both sides. Which fields are required depends
 * on the filing state and on the add-ons bought, so the schema is built per order.
 */

const PO_BOX = /\b(?:p\.?\s*o\.?\s*box|post\s+office\s+box|p\.?\s*o\.?\s*b\.?\s+\d|pmb\b|private\s+mail\s*box|box\s+\d+$)/i;
const ZIP = /^\d{5}(?:-\d{4})?$/;

const text = (max: number, what: string) =>
  z.string({ error: `${what} must be text` }).check(
    // One form of each accented letter (NFC), as the wizard stores names.
    z.normalize('NFC'),
    z.trim(),
    z.minLength(1, `Enter ${what.toLowerCase()}`),
    z.maxLength(max, `${what} is limited to ${max} characters`),
    z.regex(NO_CONTROL_CHARS, `${what} contains control characters`),
  );
const optionalText = (max: number, what: string) =>
  z.optional(
    z
      .string({ error: `${what} must be text` })
      .check(z.trim(), z.maxLength(max, `${what} is limited to ${max} characters`), z.regex(NO_CONTROL_CHARS, `${what} contains control characters`)),
  );
/** Refuses a name holding a letter no document font has, naming it (shared/name-patterns.ts). */
const printable = (what: string) => z.refine<string>((v) => !unprintableMessage(what, v), { error: (issue) => unprintableMessage(what, issue.input) });
const personName = (what: string) =>
  text(120, what).check(z.regex(PERSON_NAME, `${what} may contain only letters, spaces, apostrophes, hyphens and periods`), printable(what));

const stateCode = z.string({ error: 'Choose a state' }).check(
  z.trim(),
  z.toUpperCase(),
  z.refine((c) => Boolean(findState(c)), 'Choose a state'),
);

export interface Address {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zip: string;
}

const addressShape = {
  line1: text(120, 'Street address'),
  line2: optionalText(120, 'Address line 2'),
  city: text(80, 'City'),
  state: stateCode,
  zip: z.string({ error: 'ZIP code must be text' }).check(z.trim(), z.regex(ZIP, 'Enter a 5-digit ZIP code (or ZIP+4)')),
};
/**
 * The ZIP code must be in the address's state (./zip-state.ts). Checked as soon as both have a
 * well-formed value, even while other fields of the address are still empty, so the sentence
 * shows beside the ZIP code when it is left.
 */
const zipInState = z.superRefine<{ zip: string; state: string }>(
  (a, ctx) => {
    const problem = zipStateProblem(a.zip, a.state);
    if (problem) ctx.addIssue({ code: 'custom', path: ['zip'], message: problem, input: a.zip });
  },
  {
    when: ({ value }) => {
      const a = value as { zip?: unknown; state?: unknown } | undefined;
      return typeof a?.zip === 'string' && ZIP.test(a.zip.trim()) && typeof a.state === 'string' && Boolean(findState(a.state.trim()));
    },
  },
);

const mailingAddress = z.strictObject(addressShape).check(zipInState);
/**
 * A street address where someone can be found: the state refuses a PO box here. `where` says
 * whose address it is, so the sentence speaks of the address the customer is looking at.
 */
const physicalAddress = (where: string) => {
  const noPoBox = `A PO box is not a street address: enter ${where}`;
  return z
    .strictObject({
      ...addressShape,
      line1: addressShape.line1.check(z.refine((v) => !PO_BOX.test(v), noPoBox)),
      line2: z.optional(
        z.string().check(
          z.trim(),
          z.maxLength(120, 'Address line 2 is limited to 120 characters'),
          z.refine((v) => !PO_BOX.test(v), noPoBox),
        ),
      ),
    })
    .check(zipInState);
};

const percent = z.number({ error: 'Ownership must be a number' }).check(
  z.gt(0, 'Ownership must be more than 0%'),
  z.lte(100, 'Ownership cannot be more than 100%'),
  // At most two decimals, whatever the binary rounding of the figure typed (33.34 * 100 is 3334.0000000000005).
  z.refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Ownership may have at most two decimals'),
);

const member = z.strictObject({
  name: personName('Member name'),
  address: mailingAddress,
  ownershipPercent: percent,
  /** What the member puts in at the start ("$500 cash", "camera and lights"): Schedule A of the operating agreement. */
  contribution: optionalText(200, 'Initial contribution'),
});

/** A channel of the business (Schedule A's Company Accounts): the wizard's platforms, with the handle the creator gives. */
const companyAccount = z.strictObject({
  platform: text(40, 'Platform'),
  handle: optionalText(100, 'Handle'),
});
const manager = z.strictObject({ name: personName('Manager name'), address: mailingAddress });

/** Schedule A has room for this many Company Accounts. */
export const MAX_COMPANY_ACCOUNTS = 12;

const TAX_ID = /^\d{3}-?\d{2}-?\d{4}$/;

/** What the EIN application (IRS Form SS-4) asks that the order does not already hold. */
const einShape = z.strictObject({
  responsibleParty: z
    .strictObject({
      name: personName('Responsible party'),
      taxIdType: z.enum(['ssn', 'itin'], { error: 'Choose SSN or ITIN' }),
      /** Encrypted before it is stored; never returned whole. Left out (or empty) = keep the one on file. */
      taxId: z.optional(
        z.string({ error: 'Enter the SSN or ITIN' }).check(
          z.trim(),
          z.refine((v) => v === '' || TAX_ID.test(v), 'Enter 9 digits, like 123-45-6789'),
        ),
      ),
    })
    .check(
      // Which numbers the SSA or the IRS issues depends on the kind chosen (./tax-id.ts).
      z.superRefine((p, ctx) => {
        const problem = p.taxId ? taxIdProblem(p.taxIdType, p.taxId) : undefined;
        if (problem) ctx.addIssue({ code: 'custom', path: ['taxId'], message: problem, input: p.taxId });
      }),
    ),
  businessActivity: text(200, 'Business activity'),
  // The browser's date picker sends YYYY-MM-DD, or nothing until month, day and year are all set
  // (it shows mm/dd/yyyy): the sentences speak of what the customer sees, not the wire format.
  startDate: z.string({ error: 'Enter the start date' }).check(
    z.minLength(1, 'Enter the start date: month, day and year'),
    z.regex(/^(|\d{4}-\d{2}-\d{2})$/, 'Enter the start date: month, day and year'),
    z.refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || isCalendarDay(v), 'Enter a real date: month, day and year'),
  ),
  fiscalYearEndMonth: z
    .int({ error: 'Choose the month your fiscal year ends' })
    .check(z.gte(1, 'Choose the month your fiscal year ends'), z.lte(12, 'Choose the month your fiscal year ends')),
  // SS-4 lines 13 and 18, which the IRS asks and the order did not know. Optional on the wire so
  // details saved before they were asked still load; the form always sends them.
  employeesExpected: z.optional(
    z
      .int({ error: 'Enter how many employees you expect, 0 if none' })
      .check(z.gte(0, 'Enter how many employees you expect, 0 if none'), z.lte(100_000, 'Enter how many employees you expect, 0 if none')),
  ),
  appliedBefore: z.optional(z.boolean({ error: 'Say whether this LLC has applied for an EIN before' })),
  priorEin: z.optional(
    z.string({ error: 'Enter the earlier EIN' }).check(
      z.trim(),
      z.refine((v) => v === '' || !einProblem(v), { error: (issue) => einProblem(String(issue.input)) ?? 'Enter the earlier EIN' }),
    ),
  ),
});

export interface FilingDetailsContext {
  /** The order's filing state. */
  state: string;
  /** The EIN add-on was bought: its questions are required. */
  ein: boolean;
  /** A tax id is already stored (sealed): the form may leave it blank to keep it. */
  taxIdOnFile?: boolean;
}

const SIGNATURE_CONSENT = 'I agree that typing my name is my electronic signature on this filing';

export { SIGNATURE_CONSENT };

/** The details schema for one order: state rules and add-ons decide what is required. */
/** The form's structure, whatever the state: the API contract's body (the rules of one order are filingDetailsSchema's). */
export const filingDetailsBodySchema = z.strictObject({
  principalOffice: physicalAddress('where the business is located'),
  /** Absent = same as the principal office. */
  mailingAddress: z.optional(mailingAddress),
  /**
   * The privacy filing (./privacy.ts): the formation document carries our address as the
   * principal office and mailing address, and our organizer signs it where the state data allows
   * an organizer who is not a member. The addresses above stay the customer's own, kept off the
   * filing (the IRS and the operating agreement use them). Absent = false.
   */
  useOurAddress: z.optional(z.boolean({ error: 'Say whether the filing uses our address' })),
  county: optionalText(60, 'County'),
  registeredAgent: z.discriminatedUnion(
    'kind',
    [
      z.strictObject({
        kind: z.literal('ours'),
        /** Express consent to the yearly renewal after the free first year (shared/state-facts/our-prices.ts). */
        renewalConsent: z.boolean({ error: 'Say whether we may renew the registered agent service after the first year' }),
      }),
      z.strictObject({
        kind: z.literal('own'),
        name: text(120, 'Agent name').check(printable('Agent name')),
        address: physicalAddress("the agent's street address, where legal papers are received"),
        consent: z.literal(true, { error: 'The agent must agree to act for the LLC' }),
      }),
    ],
    { error: 'Choose a registered agent' },
  ),
  organizer: z.strictObject({
    name: personName('Organizer name'),
    title: text(60, 'Organizer title'),
    address: mailingAddress,
  }),
  signature: z.strictObject({
    typedName: personName('Signature'),
    consent: z.literal(true, { error: 'Tick the box to sign electronically' }),
  }),
  management: z.enum(MANAGEMENT, { error: 'Choose member-managed or manager-managed' }),
  members: z
    .array(member, { error: 'Add the members' })
    .check(z.minLength(1, 'Add at least one member'), z.maxLength(MAX_MEMBERS, `At most ${MAX_MEMBERS} members`)),
  managers: z.optional(z.array(manager).check(z.maxLength(MAX_MEMBERS, `At most ${MAX_MEMBERS} managers`))),
  /** The accounts the operating agreement's Schedule A lists (only asked when the order includes it). */
  companyAccounts: z.optional(z.array(companyAccount).check(z.maxLength(MAX_COMPANY_ACCOUNTS, `At most ${MAX_COMPANY_ACCOUNTS} accounts`))),
  purpose: z._default(text(500, 'Purpose'), DEFAULT_PURPOSE),
  duration: z._default(z.literal('perpetual', { error: 'Only a perpetual duration is offered' }), 'perpetual'),
  effectiveDate: z._default(z.literal('upon_filing', { error: 'The filing takes effect when the state accepts it' }), 'upon_filing'),
  ein: z.optional(einShape),
});

/**
 * The members' ownership must total 100%: the sentence when it does not. The schema below uses
 * it, and the order page shows it beside the live total while other answers are still missing
 * (the schema's whole-form rules wait until every field has the right type).
 */
export function ownershipTotalProblem(percents: readonly number[]): string | undefined {
  const total = percents.reduce((sum, p) => sum + Math.round(p * 100), 0);
  return total === 10_000 ? undefined : `Ownership must add up to 100% (now ${total / 100}%)`;
}

export function filingDetailsSchema(ctx: FilingDetailsContext) {
  const filingState = ctx.state.toUpperCase();
  return filingDetailsBodySchema.check(
    z.superRefine((d, ctxIssues) => {
      const issue = (path: (string | number)[], message: string) => ctxIssues.addIssue({ code: 'custom', path, message, input: d });
      const ownership = ownershipTotalProblem(d.members.map((m) => m.ownershipPercent));
      if (ownership) issue(['members'], ownership);
      if (d.management === 'manager' && !d.managers?.length) issue(['managers'], 'A manager-managed LLC needs at least one manager');
      if (d.registeredAgent.kind === 'own' && d.registeredAgent.address.state !== filingState)
        issue(['registeredAgent', 'address', 'state'], `The registered agent's address must be in ${findState(filingState)?.name ?? filingState}`);
      if (d.useOurAddress && !ourAddressAllowed(filingState)) issue(['useOurAddress'], privacyFilingUnavailableReason(filingState));
      if (filingState === 'NY' && !d.county) issue(['county'], 'New York asks for the county where the office is located');
      if (d.signature.typedName.trim().toLowerCase() !== d.organizer.name.trim().toLowerCase())
        issue(['signature', 'typedName'], 'Type the organizer’s name exactly as above to sign');
      if (ctx.ein && !d.ein) issue(['ein'], 'Your order includes the EIN application: answer its questions');
      if (ctx.ein && d.ein && !d.ein.responsibleParty.taxId && !ctx.taxIdOnFile) issue(['ein', 'responsibleParty', 'taxId'], 'Enter the SSN or ITIN');
      if (!ctx.ein && d.ein) issue(['ein'], 'Your order does not include the EIN application');
      if (d.ein?.appliedBefore && !d.ein.priorEin) issue(['ein', 'priorEin'], 'Enter the earlier EIN, as on the IRS letter');
    }),
  );
}

export type FilingDetailsInput = z.input<ReturnType<typeof filingDetailsSchema>>;
export type FilingDetails = z.output<ReturnType<typeof filingDetailsSchema>>;

/** What the order stores and shows: the tax id replaced by its last four digits. */
export type StoredFilingDetails = Omit<FilingDetails, 'ein' | 'registeredAgent'> & {
  /** With our agent: the yearly renewal price in force when the customer answered the renewal question (what they agreed to). */
  registeredAgent: FilingDetails['registeredAgent'] & { renewalPriceUsd?: number };
  ein?: Omit<NonNullable<FilingDetails['ein']>, 'responsibleParty'> & {
    responsibleParty: { name: string; taxIdType: 'ssn' | 'itin'; taxIdLast4: string; taxIdDeleted?: boolean };
  };
  signature: FilingDetails['signature'] & { signedAt: string };
};

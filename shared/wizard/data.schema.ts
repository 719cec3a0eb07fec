import { type AddOnKey, addOnFlags } from '../catalog/catalog.ts';
import { addOnFlagSchema, addOnFlagShape } from '../catalog/flags.schema.ts';
import { groupThousands } from '../money.ts';
import { PERSON_NAME } from '../name-patterns.ts';
import { monthlyExpensesSchema } from '../savings.schema.ts';
import { EMPTY_EXPENSES, MAX_ANNUAL_INCOME, type MonthlyExpenses } from '../savings.ts';
import { DEFAULT_STATE_CODE } from '../states.ts';
import { OWNERS_US_PERSONS_ANSWERS, type OwnersUsPersons } from '../tax/s-corporation-owners.ts';
import * as z from '../zod.ts';
import { businessNameSchema, dbaCountySchema, dbaNameSchema, printableName, refusedCharacters, stateCodeSchema, wizardText } from './fields.schema.ts';
import { CONTENT_TYPES, type ContentType, PLATFORMS, type Platform, PRIORITIES, type Priority, WIZARD_STEP_COUNT } from './options.ts';

/** Every add-on of the catalog as the order's flag. */
type AddOnFlags = Record<AddOnKey, boolean>;

/**
 * The wizard data (docs/product.md section 3): held in browser storage under `wizardData` and saved to the
 * server. One schema for the SPA (reading storage) and the handlers (validating bodies).
 * Drafts are saved while being typed, so text fields only have length limits here; what a
 * submitted application must contain is checked by `submissionProblems` (steps.ts).
 */
export interface WizardData extends AddOnFlags {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Filing state code. */
  state: string;
  /** Where the visitor lives ('' until chosen). */
  residenceState: string;
  hasInventory: boolean;
  priority: Priority | '';
  contentTypes: ContentType[];
  platforms: Platform[];
  businessName: string;
  annualIncome: number;
  monthlyExpenses: MonthlyExpenses;
  estimatedSavings: number;
  /** The DBA add-on's handle or channel name to register ('' until given). */
  dbaName: string;
  /** Where a county takes the filing: the county of the business ('' until given). */
  dbaCounty: string;
  /** Form 2553: whether every owner is a US citizen or resident ('' until asked; shared/tax/s-corporation-owners.ts). */
  ownersUsPersons: OwnersUsPersons;
  currentStep: number;
  completed: boolean;
}

/** Digits and the usual separators, with an optional extension ("ext 12"; normalisePhone writes it so). */
const PHONE = /^[0-9+().\s-]*(?:\s*(?:x|ext\.?|extension)\s*[0-9]{1,6})?$/i;
/** Partial addresses are fine while typing (drafts autosave), but never characters an address cannot hold. */
const EMAIL_CHAR = /^[^\s<>()[\]\\,;:"]$/u;
const EMAIL_CHARS = /^[^\s<>()[\]\\,;:"]*$/;

/**
 * A phone number as we store it, in the browser (on blur) and on the server (the schema writes
 * it): whitespace collapsed, and an extension written " ext 12" ("x12", "ext. 12", "extension 12").
 */
export function normalisePhone(raw: string): string {
  const t = raw.replace(/\s+/g, ' ').trim();
  const ext = /^(.*?\S)[\s,;]*(?:x|ext\.?|extension)\s*([0-9]{1,6})$/i.exec(t);
  return ext ? `${ext[1]} ext ${ext[2]}` : t;
}

const personName = (what: string) =>
  wizardText(100, what).check(
    z.regex(PERSON_NAME, {
      error: (issue) => `${what} can't contain ${refusedCharacters(issue.input, PERSON_NAME)}. Use letters, spaces, apostrophes, hyphens, periods or commas.`,
    }),
    printableName(what),
  );

const uniqueList = <T extends string>(values: readonly [T, ...T[]], what: string) =>
  z.array(z.enum(values, { error: `Unknown ${what}` }), { error: `${what} must be a list` }).check(
    z.maxLength(values.length),
    z.refine((list) => new Set(list).size === list.length, `Each ${what} may be chosen once`),
  );

const shape = {
  userId: z.string({ error: 'userId must be text' }).check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'userId must be 8-64 letters, digits, - or _')),
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: wizardText(254, 'Email').check(
    z.regex(EMAIL_CHARS, {
      error: (issue) => `Email can't contain ${refusedCharacters(issue.input, EMAIL_CHAR)}. An email address looks like name@example.com.`,
    }),
  ),
  phone: wizardText(40, 'Phone').check(
    z.overwrite(normalisePhone),
    z.regex(PHONE, 'Phone can use digits, spaces and + ( ) - . with an extension such as "ext 12" at the end.'),
  ),
  state: stateCodeSchema,
  residenceState: z.union([z.literal(''), stateCodeSchema]),
  hasInventory: z.boolean({ error: 'hasInventory must be true or false' }),
  priority: z.union([z.literal(''), z.enum(PRIORITIES, { error: `Priority must be one of ${PRIORITIES.join(', ')}` })]),
  contentTypes: uniqueList(CONTENT_TYPES, 'content type'),
  platforms: uniqueList(PLATFORMS, 'platform'),
  businessName: businessNameSchema,
  // z.number() already refuses NaN and ±Infinity, so there is no finite check.
  annualIncome: z
    .number({ error: 'Annual income must be a number' })
    .check(z.gte(0, 'Annual income cannot be negative'), z.lte(MAX_ANNUAL_INCOME, `Annual income is limited to $${groupThousands(MAX_ANNUAL_INCOME)}`)),
  monthlyExpenses: monthlyExpensesSchema,
  estimatedSavings: z.number({ error: 'Estimated savings must be a number' }).check(z.gte(0), z.lte(MAX_ANNUAL_INCOME)),
  // Every add-on of the catalog (shared/catalog/entries.ts), as a flag: true when chosen.
  ...addOnFlagShape(addOnFlagSchema),
  dbaName: dbaNameSchema,
  dbaCounty: dbaCountySchema,
  ownersUsPersons: z.enum(OWNERS_US_PERSONS_ANSWERS, { error: 'Answer yes or no' }),
  currentStep: z.number({ error: 'currentStep must be a number' }).check(z.int(), z.gte(1), z.lte(WIZARD_STEP_COUNT)),
  completed: z.boolean({ error: 'completed must be true or false' }),
};

/**
 * Each field's own schema: the browser checks a typed value with exactly what the server
 * validates it with, so both give the same verdict and the same sentence (shared/wizard/steps.ts).
 */
export const wizardFieldSchemas = shape;
export type WizardField = keyof typeof shape;

/** The whole wizard data; unknown fields are rejected. */
export const wizardDataSchema = z.strictObject({
  ...shape,
  // A page built before an add-on existed submits without its flag: not bought. (Defaults only
  // here: in a patch, a missing field is a field not changed.)
  ...addOnFlagShape((key) => z._default(shape[key], false)),
  dbaName: z._default(shape.dbaName, ''),
  dbaCounty: z._default(shape.dbaCounty, ''),
  ownersUsPersons: z._default(shape.ownersUsPersons, ''),
});

/**
 * Any subset of the wizard data (POST first save, PATCH autosave, checkout add-on toggles).
 * Strict: id, status, payment and staff fields are not the client's to set.
 */
export const wizardPatchSchema = z.partial(z.strictObject(shape));
export type WizardPatch = z.infer<typeof wizardPatchSchema>;

/** A fresh wizard (docs/product.md section 3 defaults: filing state FL, no inventory, step 1). */
export function initialWizardData(userId: string): WizardData {
  return {
    userId,
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    state: DEFAULT_STATE_CODE,
    residenceState: '',
    hasInventory: false,
    priority: '',
    contentTypes: [],
    platforms: [],
    businessName: '',
    annualIncome: 0,
    monthlyExpenses: { ...EMPTY_EXPENSES },
    estimatedSavings: 0,
    ...addOnFlags({}),
    dbaName: '',
    dbaCounty: '',
    ownersUsPersons: '',
    currentStep: 1,
    completed: false,
  };
}

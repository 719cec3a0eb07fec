import { EMPTY_EXPENSES, MAX_ANNUAL_INCOME, type MonthlyExpenses, monthlyExpensesSchema } from '../savings.ts';
import { DEFAULT_STATE_CODE, findState } from '../states.ts';
import * as z from '../zod.ts';
import { CONTENT_TYPES, type ContentType, PLATFORMS, type Platform, PRIORITIES, type Priority, WIZARD_STEP_COUNT } from './options.ts';

/**
 * The wizard data (docs/product.md section 3): held in browser storage under `wizardData` and saved to the
 * server. One schema for the SPA (reading storage) and the handlers (validating bodies).
 * Drafts are saved while being typed, so text fields only have length limits here; what a
 * submitted application must contain is checked by `submissionProblems` (steps.ts).
 */
export interface WizardData {
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
  expeditedFiling: boolean;
  feinFiling: boolean;
  operatingAgreement: boolean;
  currentStep: number;
  completed: boolean;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const NO_CONTROL_CHARS = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;
const text = (max: number, what: string) =>
  z
    .string({ error: `${what} must be text` })
    .check(z.trim(), z.maxLength(max, `${what} is limited to ${max} characters`), z.regex(NO_CONTROL_CHARS, `${what} contains control characters`));
/** Letters (any script), spaces, apostrophes, hyphens, periods and commas. */
const PERSON_NAME = /^[\p{L}\p{M}\s'’.,-]*$/u;
/** Digits and the usual separators, with an optional extension. */
const PHONE = /^[0-9+().\s-]*(?:\s*(?:x|ext\.?)\s*[0-9]{1,6})?$/i;
/** Partial addresses are fine while typing (drafts autosave), but never characters an address cannot hold. */
const EMAIL_CHARS = /^[^\s<>()[\]\\,;:"]*$/;
/** Letters, digits, spaces and the punctuation business names use. */
const BUSINESS_NAME = /^[\p{L}\p{M}\p{N}\s&'’.,!?()+@#:/-]*$/u;

export { BUSINESS_NAME, NO_CONTROL_CHARS };

export const stateCodeSchema = z.string({ error: 'State must be a two-letter code' }).check(
  z.trim(),
  z.toUpperCase(),
  z.refine((code) => Boolean(findState(code)), 'Unknown state code'),
);

const uniqueList = <T extends string>(values: readonly [T, ...T[]], what: string) =>
  z.array(z.enum(values, { error: `Unknown ${what}` }), { error: `${what} must be a list` }).check(
    z.maxLength(values.length),
    z.refine((list) => new Set(list).size === list.length, `Each ${what} may be chosen once`),
  );

const shape = {
  userId: z.string({ error: 'userId must be text' }).check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'userId must be 8-64 letters, digits, - or _')),
  firstName: text(100, 'First name').check(z.regex(PERSON_NAME, 'First name may contain only letters, spaces, apostrophes, hyphens and periods')),
  lastName: text(100, 'Last name').check(z.regex(PERSON_NAME, 'Last name may contain only letters, spaces, apostrophes, hyphens and periods')),
  email: text(254, 'Email').check(z.regex(EMAIL_CHARS, 'Email contains characters an email address cannot have')),
  phone: text(40, 'Phone').check(z.regex(PHONE, 'Phone may contain only digits, spaces and + ( ) - .')),
  state: stateCodeSchema,
  residenceState: z.union([z.literal(''), stateCodeSchema]),
  hasInventory: z.boolean({ error: 'hasInventory must be true or false' }),
  priority: z.union([z.literal(''), z.enum(PRIORITIES, { error: `Priority must be one of ${PRIORITIES.join(', ')}` })]),
  contentTypes: uniqueList(CONTENT_TYPES, 'content type'),
  platforms: uniqueList(PLATFORMS, 'platform'),
  businessName: text(120, 'Business name').check(z.regex(BUSINESS_NAME, 'Business name contains characters that cannot be filed')),
  // z.number() already refuses NaN and ±Infinity, so there is no finite check.
  annualIncome: z.number({ error: 'Annual income must be a number' }).check(z.gte(0, 'Annual income cannot be negative'), z.lte(MAX_ANNUAL_INCOME)),
  monthlyExpenses: monthlyExpensesSchema,
  estimatedSavings: z.number({ error: 'Estimated savings must be a number' }).check(z.gte(0), z.lte(MAX_ANNUAL_INCOME)),
  expeditedFiling: z.boolean({ error: 'expeditedFiling must be true or false' }),
  feinFiling: z.boolean({ error: 'feinFiling must be true or false' }),
  operatingAgreement: z.boolean({ error: 'operatingAgreement must be true or false' }),
  currentStep: z.number({ error: 'currentStep must be a number' }).check(z.int(), z.gte(1), z.lte(WIZARD_STEP_COUNT)),
  completed: z.boolean({ error: 'completed must be true or false' }),
};

/** The whole wizard data; unknown fields are rejected. */
export const wizardDataSchema = z.strictObject(shape);

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
    expeditedFiling: false,
    feinFiling: false,
    operatingAgreement: false,
    currentStep: 1,
    completed: false,
  };
}

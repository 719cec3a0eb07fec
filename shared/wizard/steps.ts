import { ADD_ONS, type AddOnKey } from '../catalog/catalog.ts';
import { dbaOffer } from '../state-facts/dba.ts';
import { form2553Problem } from '../tax/s-corporation-owners.ts';
import { checkNameRules } from './business-name.ts';
import { type WizardData, type WizardField, wizardFieldSchemas } from './data.schema.ts';
import { dbaCountyProblem, dbaNameProblem } from './dba-details.ts';
import { WIZARD_STEPS, type WizardStep } from './options.ts';

export type { WizardField };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** An extension at the end of a phone number, as normalisePhone writes it (and as typed). */
const PHONE_EXTENSION = /\s*(?:x|ext\.?|extension)\s*[0-9]{1,6}$/i;
/** ITU-T E.164: a phone number has at most 15 digits. */
const MAX_PHONE_DIGITS = 15;
const MIN_PHONE_DIGITS = 7;

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email.trim());
}

/** The digits of the number itself, without an extension. */
function phoneDigits(phone: string): number {
  return phone.trim().replace(PHONE_EXTENSION, '').replace(/\D/g, '').length;
}

/** A phone number we could call: the shared schema's characters, 7 to 15 digits before an optional extension. */
export function isValidPhone(phone: string): boolean {
  if (formatProblems('phone', phone).length) return false;
  const digits = phoneDigits(phone);
  return digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS;
}

/** The step whose screen holds each field the visitor types or picks (where a server's sentence about it is shown). */
export const FIELD_STEP: Partial<Record<WizardField, WizardStep>> = {
  firstName: 1,
  lastName: 1,
  email: 1,
  phone: 1,
  hasInventory: 1,
  priority: 1,
  residenceState: 1,
  state: 1,
  contentTypes: 2,
  platforms: 2,
  businessName: 3,
  annualIncome: 3,
  monthlyExpenses: 3,
  estimatedSavings: 3,
  dbaName: 3,
  dbaCounty: 3,
  ownersUsPersons: 4,
  // Each add-on on the step that sells it (shared/catalog/entries.ts `sale.step`).
  ...(Object.fromEntries(ADD_ONS.map((e) => [e.key, e.sale.step])) as Record<AddOnKey, WizardStep>),
};

/**
 * The shared schema's sentences for one field's value: what the server answers (400 `details`)
 * for it in any save. Empty when the value may be saved (a draft may still be incomplete).
 */
export function formatProblems(field: WizardField, value: unknown): string[] {
  const result = wizardFieldSchemas[field].safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The value as the server stores it (trimmed; a phone normalised), or the value itself while it cannot be saved. */
export function normalisedValue<F extends WizardField>(field: F, value: WizardData[F]): WizardData[F] {
  const result = wizardFieldSchemas[field].safeParse(value);
  return result.success ? (result.data as WizardData[F]) : value;
}

/** The fields of the data that the shared schema accepts: what an autosave sends (the others would only be refused). */
export function savableFields(data: WizardData): Partial<WizardData> {
  const out: Partial<Record<WizardField, unknown>> = {};
  for (const field of Object.keys(data) as WizardField[]) {
    if (field in wizardFieldSchemas && formatProblems(field, data[field]).length === 0) out[field] = data[field];
  }
  return out as Partial<WizardData>;
}

/** The filing answers step 1 asks: where the visitor lives (everyone), and a priority when they keep no inventory. */
function filingFields(data: WizardData): WizardField[] {
  return data.hasInventory ? ['residenceState'] : ['residenceState', 'priority'];
}

/** What a submission needs of a field beyond its format; undefined when it has it. */
function completionProblem(field: WizardField, data: WizardData): string | undefined {
  switch (field) {
    case 'firstName':
      return data.firstName.trim() ? undefined : 'Enter your first name';
    case 'lastName':
      return data.lastName.trim() ? undefined : 'Enter your last name';
    case 'email':
      if (!data.email.trim()) return 'Enter your email address';
      return isValidEmail(data.email) ? undefined : 'Enter a complete email address, such as name@example.com';
    case 'phone': {
      if (!data.phone.trim()) return 'Enter your phone number';
      const digits = phoneDigits(data.phone);
      if (digits < MIN_PHONE_DIGITS) return 'Enter a phone number with at least 7 digits';
      return digits > MAX_PHONE_DIGITS ? 'A phone number has at most 15 digits (an extension goes after "ext")' : undefined;
    }
    case 'residenceState':
      return data.residenceState ? undefined : 'Choose the state you live in';
    case 'priority':
      return data.hasInventory || data.priority ? undefined : 'Choose what matters most to you';
    case 'contentTypes':
      return data.contentTypes.length ? undefined : 'Choose at least one content type';
    case 'platforms':
      return data.platforms.length ? undefined : 'Choose at least one platform';
    case 'businessName': {
      if (!data.businessName.trim()) return 'Enter a business name';
      // The filing state's naming rules decide on both sides: a name the state would refuse is never submitted.
      const rules = checkNameRules(data.businessName, data.state);
      return rules.ok ? undefined : rules.reason;
    }
    case 'dbaRegistration': {
      const offer = data.dbaRegistration ? dbaOffer(data.state) : undefined;
      return offer?.kind === 'none' ? `${offer.rule.name} keeps no register of business names: untick the DBA, there is nothing to file` : undefined;
    }
    // The DBA's fields as the order page's DBA bought after payment checks them too (./dba-details.ts).
    case 'dbaName':
      return data.dbaRegistration ? dbaNameProblem(data.dbaName, data.state) : undefined;
    case 'dbaCounty':
      return data.dbaRegistration ? dbaCountyProblem(data.dbaCounty, data.state) : undefined;
    case 'form2553':
      return form2553Problem(data.form2553, data.ownersUsPersons);
    default:
      return undefined;
  }
}

/** The fields each step checks, in the order of its form. */
function stepFields(step: WizardStep, data: WizardData): WizardField[] {
  if (step === 1) return ['firstName', 'lastName', 'email', 'phone', 'state', ...filingFields(data)];
  if (step === 2) return ['contentTypes', 'platforms'];
  if (step === 3) return ['businessName', 'annualIncome', 'monthlyExpenses', 'estimatedSavings', 'dbaRegistration', 'dbaName', 'dbaCounty'];
  // Step 4 sells the toggled add-ons: Form 2553 only to owners who may own an S corporation.
  return ['form2553', 'ownersUsPersons'];
}

/**
 * Each field of a step that blocks it, with its one sentence: the shared schema's (the server
 * refuses any save with it), else what a submission needs. The wizard shows each beside its
 * field; the server answers the same sentences, field by field, to an incomplete submission.
 */
export function fieldProblems(step: WizardStep, data: WizardData): Partial<Record<WizardField, string>> {
  const out: Partial<Record<WizardField, string>> = {};
  for (const field of stepFields(step, data)) {
    const problem = formatProblems(field, data[field])[0] ?? completionProblem(field, data);
    if (problem) out[field] = problem;
  }
  return out;
}

/** What still blocks a step's Next button; empty when the visitor may continue. */
export function stepProblems(step: WizardStep, data: WizardData): string[] {
  return Object.values(fieldProblems(step, data));
}

export function canProceed(step: WizardStep, data: WizardData): boolean {
  return stepProblems(step, data).length === 0;
}

/** The first step that is not complete yet (4 when steps 1-3 are). */
export function firstIncompleteStep(data: WizardData): WizardStep {
  for (const { step } of WIZARD_STEPS) {
    if (step < 4 && !canProceed(step, data)) return step;
  }
  return 4;
}

/** Everything a submitted application lacks, field by field (`details` of the 400); empty when it may be submitted. */
export function submissionProblems(data: WizardData): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { step } of WIZARD_STEPS) {
    for (const [field, problem] of Object.entries(fieldProblems(step, data))) out[field] = [problem];
  }
  return out;
}

import { checkNameRules } from './business-name.ts';
import { filingChoiceComplete } from './filing-state.ts';
import { WIZARD_STEPS, type WizardStep } from './options.ts';
import type { WizardData } from './schema.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email.trim());
}

/** A phone number we could call: at least 7 digits, only phone punctuation. */
export function isValidPhone(phone: string): boolean {
  const t = phone.trim();
  return /^[0-9+().\-\s]+$/.test(t) && t.replace(/\D/g, '').length >= 7;
}

/** What still blocks a step's Next button; empty when the visitor may continue. */
export function stepProblems(step: WizardStep, data: WizardData): string[] {
  const problems: string[] = [];
  if (step === 1) {
    if (!data.firstName.trim()) problems.push('Enter your first name');
    if (!data.lastName.trim()) problems.push('Enter your last name');
    if (!isValidEmail(data.email)) problems.push('Enter a valid email address');
    if (!isValidPhone(data.phone)) problems.push('Enter a phone number with at least 7 digits');
    if (!filingChoiceComplete(data)) {
      problems.push(data.hasInventory || data.priority === 'homestate' ? 'Choose the state you live in' : 'Choose what matters most to you');
    }
  } else if (step === 2) {
    if (data.contentTypes.length < 1) problems.push('Choose at least one content type');
    if (data.platforms.length < 1) problems.push('Choose at least one platform');
  } else if (step === 3) {
    if (!data.businessName.trim()) problems.push('Enter a business name');
    else {
      // The filing state's naming rules decide on both sides: a name the state would refuse is never submitted.
      const rules = checkNameRules(data.businessName, data.state);
      if (!rules.ok) problems.push(rules.reason);
    }
  }
  return problems;
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

/** Everything a submitted application lacks, by step; empty when it may be submitted. */
export function submissionProblems(data: WizardData): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { step, label } of WIZARD_STEPS) {
    if (step === 4) continue;
    const problems = stepProblems(step, data);
    if (problems.length) out[`Step ${step} (${label})`] = problems;
  }
  return out;
}

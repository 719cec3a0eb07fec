import { describe, expect, it } from 'vitest';
import { initialWizardData, type WizardData, wizardDataSchema, wizardPatchSchema } from './data.schema.ts';
import { canProceed, FIELD_STEP, firstIncompleteStep, isValidEmail, isValidPhone, stepProblems, submissionProblems } from './steps.ts';

const contact = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '(305) 555-0100' };
const base = (over: Partial<WizardData> = {}): WizardData => ({ ...initialWizardData('user-12345678'), ...over });

describe('step 1 enabling', () => {
  it('needs the four contact fields and an answered filing question', () => {
    expect(canProceed(1, base({ ...contact, priority: 'tax', residenceState: 'CA' }))).toBe(true);
    expect(canProceed(1, base({ ...contact, hasInventory: true, residenceState: 'OH' }))).toBe(true);
  });
  it.each(['firstName', 'lastName', 'email', 'phone'] as const)('is blocked without %s', (field) => {
    expect(canProceed(1, base({ ...contact, priority: 'tax', residenceState: 'CA', [field]: ' ' }))).toBe(false);
  });
  it('is blocked with inventory but no residence state, or no inventory and no priority', () => {
    expect(canProceed(1, base({ ...contact, hasInventory: true }))).toBe(false);
    expect(canProceed(1, base({ ...contact }))).toBe(false);
    expect(canProceed(1, base({ ...contact, priority: 'homestate' }))).toBe(false);
    expect(canProceed(1, base({ ...contact, priority: 'homestate', residenceState: 'TX' }))).toBe(true);
  });
  it('asks every visitor where they live, whatever the priority', () => {
    expect(stepProblems(1, base({ ...contact, priority: 'privacy' }))).toEqual(['Choose the state you live in']);
    expect(stepProblems(1, base({ ...contact, residenceState: 'CA' }))).toEqual(['Choose what matters most to you']);
    expect(canProceed(1, base({ ...contact, priority: 'privacy', residenceState: 'CA' }))).toBe(true);
  });
  it('checks email and phone shape', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidPhone('+1 305 555 0100')).toBe(true);
    expect(isValidPhone('555')).toBe(false);
    expect(isValidPhone('call me')).toBe(false);
  });
});

describe('steps 2 and 3 enabling', () => {
  it('step 2 needs a content type and a platform', () => {
    expect(canProceed(2, base({ contentTypes: ['food'] }))).toBe(false);
    expect(canProceed(2, base({ platforms: ['tiktok'] }))).toBe(false);
    expect(canProceed(2, base({ contentTypes: ['food'], platforms: ['tiktok'] }))).toBe(true);
  });
  it('step 3 needs a business name', () => {
    expect(canProceed(3, base({ businessName: '  ' }))).toBe(false);
    expect(canProceed(3, base({ businessName: 'Glow LLC' }))).toBe(true);
  });
  it('firstIncompleteStep and submissionProblems follow the same rules', () => {
    const full = base({ ...contact, priority: 'tax', residenceState: 'FL', contentTypes: ['food'], platforms: ['tiktok'], businessName: 'Glow LLC' });
    expect(firstIncompleteStep(full)).toBe(4);
    expect(submissionProblems(full)).toEqual({});
    expect(firstIncompleteStep({ ...full, platforms: [] })).toBe(2);
    expect(submissionProblems({ ...full, businessName: '' })).toEqual({ businessName: ['Enter a business name'] });
  });
});

describe('wizard data schema', () => {
  it('accepts the initial data and uppercases state codes', () => {
    expect(wizardDataSchema.parse(initialWizardData('user-12345678')).state).toBe('FL');
    expect(wizardPatchSchema.parse({ state: 'tx' })).toEqual({ state: 'TX' });
  });
  it('is strict: server-owned fields are unknown', () => {
    for (const field of ['id', 'status', 'paymentStatus', 'notes', 'listPartition']) {
      expect(wizardPatchSchema.safeParse({ [field]: 'x' }).success).toBe(false);
    }
  });
  it('rejects wrong values', () => {
    expect(wizardPatchSchema.safeParse({ state: 'ZZ' }).success).toBe(false);
    expect(wizardPatchSchema.safeParse({ contentTypes: ['knitting'] }).success).toBe(false);
    expect(wizardPatchSchema.safeParse({ platforms: ['tiktok', 'tiktok'] }).success).toBe(false);
    expect(wizardPatchSchema.safeParse({ annualIncome: -1 }).success).toBe(false);
    expect(wizardPatchSchema.safeParse({ currentStep: 5 }).success).toBe(false);
    expect(wizardPatchSchema.safeParse({ priority: 'fame' }).success).toBe(false);
    expect(wizardPatchSchema.safeParse({ userId: '../../x' }).success).toBe(false);
  });
  it('allows cleared residence state and priority', () => {
    expect(wizardPatchSchema.parse({ residenceState: '', priority: '' })).toEqual({ residenceState: '', priority: '' });
  });
});

describe('the business name step follows the filing state naming rules', () => {
  it('a typed name with restricted words cannot be submitted, with the reason', () => {
    const data = { ...initialWizardData('user-names-01'), businessName: 'First Trust Bank LLC', state: 'FL' };
    const problems = stepProblems(3, data);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/"bank".*need approval from a state regulator in Florida/);
    expect(stepProblems(3, { ...data, businessName: 'First Light Studio LLC' })).toEqual([]);
  });
});

describe('Form 2553 is sold only to owners who may own an S corporation (26 U.S.C. § 1361(b)(1)(C))', () => {
  const complete = (over: Partial<WizardData>): WizardData =>
    base({ ...contact, priority: 'tax', residenceState: 'FL', contentTypes: ['food'], platforms: ['tiktok'], businessName: 'Glow LLC', ...over });
  it('asks the owners question, refuses "no" with its source, and sells it on "yes"', () => {
    expect(submissionProblems(complete({ form2553: true, ownersUsPersons: '' })).form2553?.[0]).toContain('Answer whether every owner');
    expect(submissionProblems(complete({ form2553: true, ownersUsPersons: 'no' })).form2553?.[0]).toContain('26 U.S.C. § 1361(b)(1)(C)');
    expect(submissionProblems(complete({ form2553: true, ownersUsPersons: 'yes' })).form2553).toBeUndefined();
    expect(submissionProblems(complete({ form2553: false, ownersUsPersons: 'no' })).form2553).toBeUndefined();
    expect(FIELD_STEP.ownersUsPersons).toBe(4);
  });
});

import { DEFAULT_STATE_CODE } from '../states.ts';
import type { Priority } from './options.ts';

/** The state each non-home priority recommends (docs/product.md "Wizard step 1"). */
export const PRIORITY_STATE: Record<Exclude<Priority, 'homestate'>, string> = {
  privacy: 'WY',
  protection: 'DE',
  tax: 'FL',
  investors: 'DE',
};

/** The part of the wizard data that decides where the LLC is filed. */
export interface FilingChoice {
  hasInventory: boolean;
  priority: Priority | '';
  residenceState: string;
  state: string;
}

/** Inventory or a home-state priority: the LLC is filed where the visitor lives. */
export function filesInHomeState(choice: Pick<FilingChoice, 'hasInventory' | 'priority'>): boolean {
  return choice.hasInventory || choice.priority === 'homestate';
}

/** The filing state the answers point to; undefined while a needed answer is missing. */
export function recommendedState(choice: Omit<FilingChoice, 'state'>): string | undefined {
  if (choice.hasInventory || choice.priority === 'homestate') return choice.residenceState || undefined;
  if (choice.priority === '') return undefined;
  return PRIORITY_STATE[choice.priority];
}

/**
 * "Do you keep inventory or ship physical products?"
 * Yes: filed in the residence state, priority cleared. No: Florida for tax savings, residence cleared.
 */
export function answerInventory(choice: FilingChoice, hasInventory: boolean): FilingChoice {
  if (hasInventory) {
    return { hasInventory: true, priority: '', residenceState: choice.residenceState, state: choice.residenceState || choice.state };
  }
  return { hasInventory: false, priority: 'tax', residenceState: '', state: DEFAULT_STATE_CODE };
}

/** Picking a priority sets the filing state it recommends (home state: the residence state once chosen). */
export function choosePriority(choice: FilingChoice, priority: Priority): FilingChoice {
  const next = { ...choice, hasInventory: false, priority };
  return { ...next, state: recommendedState(next) ?? choice.state };
}

/** Choosing where the visitor lives; home-state filers file there. */
export function chooseResidenceState(choice: FilingChoice, residenceState: string): FilingChoice {
  const next = { ...choice, residenceState };
  return filesInHomeState(next) && residenceState ? { ...next, state: residenceState } : next;
}

/** The "Want to file in a different state?" override: any state. */
export function chooseFilingState(choice: FilingChoice, state: string): FilingChoice {
  return { ...choice, state };
}

/** Step 1's filing question is answered well enough to continue. */
export function filingChoiceComplete(choice: Omit<FilingChoice, 'state'>): boolean {
  if (choice.hasInventory) return choice.residenceState !== '';
  if (choice.priority === 'homestate') return choice.residenceState !== '';
  return choice.priority !== '';
}

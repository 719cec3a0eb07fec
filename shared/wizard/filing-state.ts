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
 * The answers below move the filing state to the recommendation, unless the visitor chose the
 * state themselves (`chosen`: the pricing page's "Start in Texas", or the "different state"
 * selector): their choice stays the filing state until they change it or take the recommendation.
 */

/**
 * "Do you keep inventory or ship physical products?"
 * Yes: filed in the residence state, priority cleared. No: Florida for tax savings. The residence
 * state stays either way: every visitor is asked where they live (the home-state comparison).
 */
export function answerInventory(choice: FilingChoice, hasInventory: boolean, chosen = false): FilingChoice {
  if (hasInventory) {
    const state = chosen ? choice.state : choice.residenceState || choice.state;
    return { hasInventory: true, priority: '', residenceState: choice.residenceState, state };
  }
  return { hasInventory: false, priority: 'tax', residenceState: choice.residenceState, state: chosen ? choice.state : DEFAULT_STATE_CODE };
}

/** Picking a priority sets the filing state it recommends (home state: the residence state once chosen). */
export function choosePriority(choice: FilingChoice, priority: Priority, chosen = false): FilingChoice {
  const next = { ...choice, hasInventory: false, priority };
  return { ...next, state: chosen ? choice.state : (recommendedState(next) ?? choice.state) };
}

/** Choosing where the visitor lives; home-state filers file there. */
export function chooseResidenceState(choice: FilingChoice, residenceState: string, chosen = false): FilingChoice {
  const next = { ...choice, residenceState };
  return !chosen && filesInHomeState(next) && residenceState ? { ...next, state: residenceState } : next;
}

/** The visitor's own choice of filing state ("Want to file in a different state?", or ?state=XX): any state. */
export function chooseFilingState(choice: FilingChoice, state: string): FilingChoice {
  return { ...choice, state };
}

/** Drops the visitor's own choice for what the answers recommend (the state stays while nothing is recommended yet). */
export function takeRecommendation(choice: FilingChoice): FilingChoice {
  return { ...choice, state: recommendedState(choice) ?? choice.state };
}

/**
 * Step 1's filing question is answered well enough to continue: where the visitor lives (asked of
 * everyone: the LLC is filed there, or has to register there), and inventory or a priority.
 */
export function filingChoiceComplete(choice: Omit<FilingChoice, 'state'>): boolean {
  if (choice.residenceState === '') return false;
  return choice.hasInventory || choice.priority !== '';
}

/**
 * The LLC would be filed outside the state its owner lives in: step 1 then compares forming at
 * home with forming in `state` (docs/product.md "Wizard step 1"). False until a residence is chosen.
 */
export function filesAwayFromHome(residenceState: string, state: string): boolean {
  return Boolean(residenceState) && residenceState !== state;
}

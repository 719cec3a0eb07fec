import { describe, expect, it } from 'vitest';
import {
  answerInventory,
  chooseFilingState,
  choosePriority,
  chooseResidenceState,
  type FilingChoice,
  filesAwayFromHome,
  filingChoiceComplete,
  recommendedState,
  takeRecommendation,
} from './filing-state.ts';

const fresh: FilingChoice = { hasInventory: false, priority: '', residenceState: '', state: 'FL' };

describe('filing-state recommendation', () => {
  it('inventory yes: files in the residence state and clears the priority', () => {
    const yes = answerInventory({ ...fresh, priority: 'privacy', state: 'WY', residenceState: 'OH' }, true);
    expect(yes).toEqual({ hasInventory: true, priority: '', residenceState: 'OH', state: 'OH' });
    expect(chooseResidenceState(yes, 'CA')).toEqual({ hasInventory: true, priority: '', residenceState: 'CA', state: 'CA' });
  });

  it('inventory no: Florida for tax savings, the residence state kept (every visitor is asked where they live)', () => {
    const no = answerInventory({ hasInventory: true, priority: '', residenceState: 'CA', state: 'CA' }, false);
    expect(no).toEqual({ hasInventory: false, priority: 'tax', residenceState: 'CA', state: 'FL' });
  });

  it.each([
    ['privacy', 'WY'],
    ['protection', 'DE'],
    ['tax', 'FL'],
    ['investors', 'DE'],
  ] as const)('priority %s recommends %s', (priority, state) => {
    expect(choosePriority({ ...fresh, state: 'OH' }, priority).state).toBe(state);
    expect(recommendedState({ hasInventory: false, priority, residenceState: 'TX' })).toBe(state);
  });

  it('home-state priority files in the chosen residence state', () => {
    const home = choosePriority({ ...fresh, state: 'WY', priority: 'privacy' }, 'homestate');
    expect(home.priority).toBe('homestate');
    expect(recommendedState(home)).toBeUndefined();
    expect(filingChoiceComplete(home)).toBe(false);
    const chosen = chooseResidenceState(home, 'NY');
    expect(chosen.state).toBe('NY');
    expect(filingChoiceComplete(chosen)).toBe(true);
  });

  it('a residence state does not move a non-home priority', () => {
    const wy = choosePriority(fresh, 'privacy');
    expect(chooseResidenceState(wy, 'CA').state).toBe('WY');
  });

  it('the different-state selector allows any state', () => {
    expect(chooseFilingState(choosePriority(fresh, 'privacy'), 'NM').state).toBe('NM');
  });

  it('the filing question is complete with the residence state and inventory or a priority', () => {
    expect(filingChoiceComplete(fresh)).toBe(false);
    expect(filingChoiceComplete({ ...fresh, priority: 'tax' })).toBe(false);
    expect(filingChoiceComplete({ ...fresh, priority: 'tax', residenceState: 'CA' })).toBe(true);
    expect(filingChoiceComplete({ ...fresh, residenceState: 'CA' })).toBe(false);
    expect(filingChoiceComplete({ ...fresh, hasInventory: true })).toBe(false);
    expect(filingChoiceComplete({ ...fresh, hasInventory: true, residenceState: 'GA' })).toBe(true);
  });

  describe("a state the visitor chose (pricing page's ?state=TX, or the selector) stays until they change it", () => {
    const texas = chooseFilingState(fresh, 'TX');
    it('answering No to inventory keeps Texas (the recommendation is Florida, but it is not applied)', () => {
      const no = answerInventory(texas, false, true);
      expect(no).toEqual({ hasInventory: false, priority: 'tax', residenceState: '', state: 'TX' });
      expect(answerInventory({ ...texas, residenceState: 'CA' }, false, true).residenceState).toBe('CA');
      expect(recommendedState(no)).toBe('FL');
    });
    it('answering Yes, picking a residence state or a priority keep it too', () => {
      const yes = answerInventory(texas, true, true);
      expect(yes.state).toBe('TX');
      expect(chooseResidenceState(yes, 'CA', true)).toMatchObject({ residenceState: 'CA', state: 'TX' });
      expect(choosePriority(texas, 'privacy', true)).toMatchObject({ priority: 'privacy', state: 'TX' });
      expect(choosePriority(texas, 'homestate', true).state).toBe('TX');
    });
    it('taking the recommendation replaces the choice', () => {
      expect(takeRecommendation(answerInventory(texas, false, true)).state).toBe('FL');
      expect(takeRecommendation(chooseResidenceState(answerInventory(texas, true, true), 'CA', true)).state).toBe('CA');
      // Nothing to recommend yet: the state stays.
      expect(takeRecommendation({ ...fresh, hasInventory: true, state: 'TX' }).state).toBe('TX');
    });
  });
});

describe('filesAwayFromHome', () => {
  it('is true only once a residence is chosen and it is not the filing state', () => {
    expect(filesAwayFromHome('', 'WY')).toBe(false);
    expect(filesAwayFromHome('CA', 'CA')).toBe(false);
    expect(filesAwayFromHome('CA', 'WY')).toBe(true);
  });
});

import rule from '../data/s-corporation-shareholders.json' with { type: 'json' };

/**
 * Who may own an S corporation (shared/data/s-corporation-shareholders.json, cited from the
 * Internal Revenue Code): the Form 2553 add-on is sold only when the customer says every owner is a
 * US citizen or a US resident for tax purposes, and says plainly why not otherwise.
 */
export const S_CORPORATION_OWNERS = rule;

/** The wizard's answer: '' until asked, 'yes' every owner is a US person, 'no' at least one is not. */
export const OWNERS_US_PERSONS_ANSWERS = ['', 'yes', 'no'] as const;
export type OwnersUsPersons = (typeof OWNERS_US_PERSONS_ANSWERS)[number];

export const OWNERS_QUESTION =
  'Is every owner of the LLC a US citizen or a US resident for tax purposes (a green card, or the IRS’s substantial presence test)?';

/** Why the election cannot be sold when an owner is not a US person, with its source. */
export const NOT_ELIGIBLE = `An S corporation may not have an owner who is a nonresident alien (${rule.citation}): the IRS would refuse the election, so we do not sell Form 2553 for this LLC. Untick it.`;

/** The sentence that blocks a Form 2553 order until the owners question is answered yes; undefined when it may be sold. */
export function form2553Problem(bought: boolean, answer: OwnersUsPersons | undefined): string | undefined {
  if (!bought) return undefined;
  if (answer === 'yes') return undefined;
  if (answer === 'no') return NOT_ELIGIBLE;
  return 'Answer whether every owner is a US citizen or resident: an S corporation may not have a nonresident alien as an owner';
}

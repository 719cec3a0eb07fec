import rules from '../data/w9-rules.json' with { type: 'json' };

/**
 * What the creator writes on Form W-9 for the LLC's current tax status
 * (docs/decisions/0426-w9-switch.md): pure, from the facts in shared/data/w9-rules.json with
 * their IRS sources. A single-member LLC that has not elected is disregarded: the owner's name on
 * line 1, the LLC on line 2, the "Individual/sole proprietor" box and the owner's SSN. A
 * multi-member LLC is a partnership, and an LLC whose S election is in effect an S corporation:
 * the LLC's name on line 1, the "LLC" box with the code P or S, the LLC's EIN. A full SSN is
 * never held or printed: only its last four digits.
 */

export const W9_RULES = rules;
export type W9Status = keyof typeof rules.statuses;

export interface W9Input {
  llcName: string;
  /** The members' names as given on the filing details (the owner first); empty when not given yet. */
  members: string[];
  /** The S election's effective date (the CP261) when it is recorded and reached, else undefined. */
  sCorporationSince?: string;
  /** XX-XXXXXXX once the IRS assigned it. */
  ein?: string;
  /** The last four digits of the owner's SSN, when the order holds them (the EIN application's responsible party). */
  ownerSsnLast4?: string;
  /** The LLC's mailing address on file, one line. */
  address?: string;
}

export interface W9Values {
  status: W9Status;
  /** The status in words: "a disregarded entity (single-member LLC, no election)". */
  statusWords: string;
  line1: string;
  line2: string;
  line3a: { box: string; code: string | null; words: string };
  tin: { kind: 'SSN' | 'EIN'; whose: string; shown: string; missing?: string };
  address?: string;
  /** The facts behind each line, as the data file words them. */
  facts: string[];
  /** What our sources do not say, said plainly. */
  notVerified: string[];
}

/** The LLC's tax status for Form W-9: an S election in effect first, else by the number of members. */
export function w9Status(input: Pick<W9Input, 'members' | 'sCorporationSince'>): W9Status {
  if (input.sCorporationSince) return 's-corporation';
  return input.members.length > 1 ? 'partnership' : 'disregarded';
}

const STATUS_WORDS: Record<W9Status, string> = {
  disregarded: 'a disregarded entity: a single-member LLC that has not elected to be taxed as a corporation',
  partnership: 'a partnership: an LLC with two or more members and no election',
  's-corporation': 'an S corporation: the LLC’s S-corporation election is in effect',
};

/** "***-**-1234": only the last four digits of whatever is given survive. */
export const maskedSsn = (last4: string) => `***-**-${String(last4).replace(/\D/g, '').slice(-4).padStart(4, '*')}`;

export function w9Values(input: W9Input): W9Values {
  const status = w9Status(input);
  const rule = rules.statuses[status];
  const owner = input.members[0]?.trim() ?? '';
  const llc = input.llcName.trim();
  const line1 = rule.line1 === 'owner' ? owner || 'Your name as shown on your income tax return' : llc;
  const line2 = rule.line2 === 'llc' ? llc : 'Leave blank (or a trade name the LLC uses)';
  const { box, code } = rule.line3a;
  const words = code ? `Check the "${box}" box and enter "${code}" in the space beside it` : `Check the "${box}" box`;
  const tin: W9Values['tin'] =
    rule.tin === 'owner'
      ? input.ownerSsnLast4
        ? { kind: 'SSN', whose: `${owner || 'The owner'}’s Social Security number`, shown: maskedSsn(input.ownerSsnLast4) }
        : {
            kind: 'SSN',
            whose: `${owner || 'The owner'}’s Social Security number`,
            shown: 'Your SSN',
            missing: 'We do not hold your SSN: write it yourself. We never print a full SSN.',
          }
      : input.ein
        ? { kind: 'EIN', whose: `${llc}’s employer identification number`, shown: input.ein }
        : {
            kind: 'EIN',
            whose: `${llc}’s employer identification number`,
            shown: 'The LLC’s EIN',
            missing: 'The order holds no EIN yet: use the one on the IRS letter that assigned it.',
          };
  return {
    status,
    statusWords: STATUS_WORDS[status],
    line1,
    line2,
    line3a: { box, code, words },
    tin,
    ...(input.address ? { address: input.address } : {}),
    facts: rule.facts,
    notVerified: rules.notVerified,
  };
}

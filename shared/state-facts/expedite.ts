import { formatUsd } from '../money.ts';
import { type ExpediteTier, type Processing, processingFor } from './processing-times.ts';

/** The expedite tier an expedited order buys from the state, and what the state charges for it. */
export interface StateExpediteFee {
  /** The state's own name of the tier. */
  tier: string;
  /** What the order charges for it, in whole dollars: the fee, or the top of a published range. */
  fee: number;
  /** Where the state publishes a range (the fee depends on the document). */
  feeMin?: number;
  feeMax?: number;
  /** The state's own words, where it states a turnaround. */
  turnaround?: string;
  sourceUrl: string;
}

const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, eight: 8 };

/**
 * Business days a tier's stated turnaround amounts to: hours and "same day" are 0, "24 hours" and
 * "next day" 1, "N(-M) business days" M. undefined when the words give no duration.
 */
export function turnaroundBusinessDays(turnaround: string): number | undefined {
  const t = turnaround.toLowerCase();
  if (/24[- ]hours?|next[- ](business[- ])?day|following (business )?day|one business day|1 business day/.test(t)) return 1;
  if (/same[- ](business[- ])?day|while you wait|\bhours?\b|immediate/.test(t)) return 0;
  const range = /(\d+)\s*(?:-|–|to)\s*(\d+)\s*(?:business |working )?days?/.exec(t);
  if (range) return Number(range[2]);
  const single = /\b(\d+|one|two|three|four|five|eight)[- ](?:business |working )?days?/.exec(t);
  if (single) return WORD_NUMBERS[single[1]] ?? Number(single[1]);
  return undefined;
}

/** The amount an order pays for a tier: its fee, or the top of its range. */
const chargeOf = (t: ExpediteTier) => t.fee ?? t.feeMax;

/** Tiers that can be sold as they stand: a fee, and not slower than the state's standard time. */
function fasterThanStandard(p: Processing, t: ExpediteTier): boolean {
  const max = p.standard?.maxBusinessDays;
  if (max === undefined || !t.turnaround) return true;
  const days = turnaroundBusinessDays(t.turnaround);
  return days === undefined || days < max;
}

/** Where a tier can be bought without a counter visit (online, by mail or unspecified) it is preferred on a tie. */
const remote = (t: ExpediteTier) => !t.channels || t.channels.some((c) => c === 'online' || c === 'mail');

/**
 * The state's expedite fee for a formation (docs/product.md section 9): where the state sells
 * expedited processing for an LLC formation (expediteStatus 'offered'), the cheapest tier that is
 * faster than its standard time. Tiers that state a turnaround come first: a tier without one
 * (e.g. a surcharge on an already expedited record) is used only where no tier states one.
 * undefined where the state sells none, or it is not known.
 */
export function stateExpediteFee(stateCode: string): StateExpediteFee | undefined {
  const p = processingFor(stateCode);
  if (p?.expediteStatus !== 'offered') return undefined;
  const priced = p.expedite.filter((t) => chargeOf(t) !== undefined && fasterThanStandard(p, t));
  const stated = priced.filter((t) => t.turnaround);
  const candidates = stated.length ? stated : priced;
  const best = [...candidates].sort((a, b) => chargeOf(a)! - chargeOf(b)! || Number(remote(b)) - Number(remote(a)))[0];
  if (!best) return undefined;
  return {
    tier: best.name,
    fee: chargeOf(best)!,
    ...(best.fee === undefined ? { feeMin: best.feeMin, feeMax: best.feeMax } : {}),
    ...(best.turnaround ? { turnaround: best.turnaround } : {}),
    sourceUrl: best.sourceUrl,
  };
}

/** Whether the expedited-filing add-on can be bought for a state. */
export function expediteAvailable(stateCode: string): boolean {
  return stateExpediteFee(stateCode) !== undefined;
}

/** The state's fee as a short figure: "$50", or "$50-$100" for a published range. */
export function stateFeeText(fee: StateExpediteFee): string {
  return fee.feeMin !== undefined && fee.feeMax !== undefined ? `${formatUsd(fee.feeMin)}-${formatUsd(fee.feeMax)}` : formatUsd(fee.fee);
}

/** A tier named as a service: '"Next Day" service', but '"24-Hour Expedite" service' only once when the name ends in it. */
export function tierService(tier: string): string {
  return /\bservice$/i.test(tier.trim()) ? `"${tier}"` : `"${tier}" service`;
}

/** What expedited filing buys in a state where it is sold, after our handling fee `ours`. */
export function expediteDescription(stateName: string, fee: StateExpediteFee, ours: number): string {
  const range = fee.feeMin !== undefined ? ` (${stateName} charges ${stateFeeText(fee)} depending on the document; we collect ${formatUsd(fee.fee)})` : '';
  const turnaround = fee.turnaround ? `: ${fee.turnaround.replace(/\.$/, '')}` : '';
  return `Our ${formatUsd(ours)} handling plus ${stateName}'s own ${formatUsd(fee.fee)} fee for its ${tierService(fee.tier)}${range}${turnaround}.`;
}

/** Why expedited filing is not sold in a state, or undefined where it is (or the state is unknown). */
export function expediteUnavailableReason(code: string): string | undefined {
  const p = processingFor(code);
  if (!p || stateExpediteFee(code)) return undefined;
  return p.expediteStatus === 'not-offered'
    ? `${p.name} sells no expedited processing for an LLC formation, so this add-on is not available.`
    : p.expediteStatus === 'not-for-llc-formation'
      ? `${p.name} sells expedited service, but not for forming an LLC, so this add-on is not available.`
      : `We have not confirmed that ${p.name} sells expedited processing for an LLC formation, so this add-on is not available.`;
}

import { formatUsd } from '#shared/money.ts';
import { ADD_ONS, OUR_FILING_TIME, type StateExpediteFee, stateExpediteFee } from '#shared/pricing.ts';
import { noStandardTimeSentence, processingFor, standardTimeOf } from '#shared/state-facts/processing-times.ts';

/**
 * How the site words a state's processing time and expedite offer (docs/product.md section 9), one
 * source for the pricing cards, the wizard banner, the review, the checkout and the success page.
 * Figures come from shared/state-facts/processing-times.ts (the state's own published time, with
 * the date it was read); where a state publishes none, the words say so.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-08-06" -> "Aug 6, 2026" (no locale data needed). */
export function formatIsoDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]}` : iso;
}

export interface StandardTime {
  /** The state's figure ("40-55 business days (by mail)"), or the sentence saying there is none. */
  text: string;
  published: boolean;
  /** "checked Aug 6, 2026": when the state's page was read. */
  checked: string;
  sourceName: string;
  sourceUrl: string;
}

/** A state's standard processing time as shown everywhere (the API answers the same: standardTimeOf); undefined for an unknown code. */
export function standardTime(code: string): StandardTime | undefined {
  const answer = standardTimeOf(code);
  if (!answer) return undefined;
  return {
    text: answer.text,
    published: answer.published,
    checked: `checked ${formatIsoDate(answer.checkedOn)}`,
    sourceName: answer.sourceName,
    sourceUrl: answer.sourceUrl,
  };
}

/** What an expedited order buys in a state: the tier and fee, or the sentence why the add-on is not offered. */
export type ExpediteOffer = { available: true; state: string; fee: StateExpediteFee } | { available: false; state: string; reason: string };

export function expediteOffer(code: string): ExpediteOffer | undefined {
  const p = processingFor(code);
  if (!p) return undefined;
  const fee = stateExpediteFee(code);
  if (fee) return { available: true, state: p.name, fee };
  const reason =
    p.expediteStatus === 'not-offered'
      ? `${p.name} sells no expedited processing for an LLC formation, so this add-on is not available.`
      : p.expediteStatus === 'not-for-llc-formation'
        ? `${p.name} sells expedited service, but not for forming an LLC, so this add-on is not available.`
        : `We have not confirmed that ${p.name} sells expedited processing for an LLC formation, so this add-on is not available.`;
  return { available: false, state: p.name, reason };
}

/** The state's fee as a short figure: "$50", or "$50-$100" for a published range. */
export function stateFeeText(fee: StateExpediteFee): string {
  return fee.feeMin !== undefined && fee.feeMax !== undefined ? `${formatUsd(fee.feeMin)}-${formatUsd(fee.feeMax)}` : formatUsd(fee.fee);
}

/** The expedited add-on's description for a state where it is sold. */
export function expediteDescription(offer: Extract<ExpediteOffer, { available: true }>): string {
  const { fee, state } = offer;
  const range = fee.feeMin !== undefined ? ` (${state} charges ${stateFeeText(fee)} depending on the document; we collect ${formatUsd(fee.fee)})` : '';
  const turnaround = fee.turnaround ? `: ${fee.turnaround.replace(/\.$/, '')}` : '';
  return `Our ${formatUsd(ADD_ONS.expeditedFiling.price)} handling plus ${state}'s own ${formatUsd(fee.fee)} fee for its ${tierService(fee.tier)}${range}${turnaround}.`;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** A tier named as a service: '"Next Day" service', but '"24-Hour Expedite" service' only once when the name ends in it. */
export function tierService(tier: string): string {
  return /\bservice$/i.test(tier.trim()) ? `"${tier}"` : `"${tier}" service`;
}

/**
 * The success page's "what happens next" sentence: "We file within 1-2 business days of receiving
 * your filing details; the state then takes <its time>."
 */
export function filingSentence(code: string | undefined, expedited: boolean): string {
  const head = `We file within ${OUR_FILING_TIME} of receiving your filing details; the state then takes`;
  const p = code ? processingFor(code) : undefined;
  if (!p) return `${head} its own processing time.`;
  const fee = expedited ? stateExpediteFee(code!) : undefined;
  if (fee)
    return `${head} its own time, expedited with its ${tierService(fee.tier)}${fee.turnaround ? ` (${lowerFirst(fee.turnaround.replace(/\.$/, ''))})` : ''}.`;
  if (p.standard) return `${head} its own time: ${lowerFirst(p.standard.text)}.`;
  return `${head} its own time. ${noStandardTimeSentence(p)}.`;
}

import { OUR_FILING_TIME } from '#shared/filing-promise.ts';
import { expediteUnavailableReason, type StateExpediteFee, stateExpediteFee, tierService } from '#shared/state-facts/expedite.ts';
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
  return { available: false, state: p.name, reason: expediteUnavailableReason(code) ?? '' };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

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

import anonymity from '../data/owner-anonymity.json' with { type: 'json' };
import { stateName } from '../states.ts';

/**
 * The privacy filing (docs/decisions/0411-privacy-filing-uses-operator-address.md): where the
 * state data allows it, the formation document carries our address as the principal office and
 * mailing address, and our organizer signs it, so neither the customer's home nor their name is
 * on the public filing. Every fact here is read from the project's copy of the dataset's
 * anonymity part (shared/data/owner-anonymity.json, `anonymous_llc_available`, US LLC State
 * Requirements Dataset, CC BY 4.0); where the record is null, the sentences say the data does not
 * know, and nothing is offered on a guess.
 */

interface AnonymityRecord {
  anonymous: boolean | null;
  formationDocumentRequiresNames: boolean | null;
  annualReportPublishesNames: boolean | null;
}

const RECORDS = anonymity.states as Record<string, AnonymityRecord | undefined>;

/** The dataset's record for a state (undefined for a code it does not hold). */
export function anonymityRecord(state: string): AnonymityRecord | undefined {
  return RECORDS[state.trim().toUpperCase()];
}

/**
 * The formation document may carry our address and be signed by our organizer, an organizer who
 * is not a member: only where the dataset says the state keeps owners off the public record
 * (`anonymous`) and its formation document does not require the members' or managers' names. A
 * formation document is signed and its signer's name printed, so an owner-free public record
 * needs a signer who is not an owner; no other state's record says as much.
 */
export function operatorMayStandIn(state: string): boolean {
  const r = anonymityRecord(state);
  return r?.anonymous === true && r.formationDocumentRequiresNames === false;
}

/** Our address as the principal office and mailing address (where the data allows it). */
export const ourAddressAllowed = operatorMayStandIn;
/** Our organizer signs in the customer's place (where the data allows an organizer who is not a member). */
export const ourOrganizerAllowed = operatorMayStandIn;

/** Why the privacy filing is not offered in a state, in the customer's words. */
export function privacyFilingUnavailableReason(state: string): string {
  const name = stateName(state) || state;
  const r = anonymityRecord(state);
  if (!r || r.anonymous === null)
    return `Our state data does not say whether ${name} keeps owners off the public record, so we do not offer our address on the filing there.`;
  if (r.anonymous === false) return `${name} does not keep owners off the public record (state data), so we do not offer our address on the filing there.`;
  return `Our state data does not say that ${name}'s formation document can leave out the owners, so we do not offer our address on the filing there.`;
}

/** What the filing puts on the public record: the choices the order made. */
export interface PublicRecordChoice {
  /** The filing carries our address as the principal office and mailing address. */
  ourAddress: boolean;
  /** Our organizer signs the filing. */
  ourOrganizer: boolean;
}

/**
 * Exactly what will be public in `state`, sentence by sentence, from the data: the wizard's step 1
 * and the filing details form show these. The address and the organizer follow the choice; the
 * members' names and the annual report follow the dataset's record; whether the state requires a
 * physical principal office is a fact the dataset does not hold, and the last sentence says so.
 */
export function publicRecordSentences(state: string, choice: PublicRecordChoice): string[] {
  const name = stateName(state) || state;
  const r = anonymityRecord(state);
  const out = [`On ${name}'s public record: the LLC's name and its registered agent's name and address.`];
  out.push(
    choice.ourAddress
      ? 'The principal office and mailing address on the filing are ours, not yours.'
      : 'The principal office and mailing address you give are printed on the filing.',
  );
  out.push(
    choice.ourOrganizer
      ? 'Our organizer signs the filing, so your name is not on it as organizer.'
      : "The organizer's name and address (usually yours) are printed on the filing.",
  );
  const names = r?.formationDocumentRequiresNames;
  out.push(
    names === false
      ? `${name}'s formation document does not ask for the members' or managers' names.`
      : names === true
        ? `${name}'s formation document names the members or managers.`
        : `Our state data does not say whether ${name}'s formation document names the members or managers.`,
  );
  const report = r?.annualReportPublishesNames;
  out.push(
    report === false
      ? `${name}'s annual report does not publish them.`
      : report === true
        ? `${name}'s annual report publishes them.`
        : `Our state data does not say whether ${name}'s annual report publishes them.`,
  );
  out.push(`Our state data does not say whether ${name} requires the principal office to be a physical place of business.`);
  return out;
}

/** The dataset's credit for these sentences. */
export const PUBLIC_RECORD_SOURCE = `${anonymity.source.name.replace(/,.*$/, '')} (${anonymity.source.license}), anonymity records verified ${anonymity.source.verifiedAt}`;

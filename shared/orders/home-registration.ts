import { formatUsd } from '../money.ts';
import { normalizeCode } from '../state-facts/codes.ts';
import { type FactSource, type ForeignRegistration, foreignRegistrationFor, foreignSource } from '../state-facts/facts.ts';
import { type GoodStanding, goodStandingFor, goodStandingSentence } from '../state-facts/good-standing.ts';
import { stateName } from '../states.ts';

/**
 * The home-state registration done for the customer (docs/decisions/0429): for an owner who
 * formed the LLC outside the state they live in, we register it there as a foreign LLC. Sold
 * only after payment, from the order page: its government fee is the home state's registration
 * fee of our data (shared/data/foreign-registration.json), which the dataset's maintainer marks
 * as a draft, so the customer can pay only once staff have confirmed (or corrected) the fee
 * (`homeStateFee`, recorded from the staff modal). Pure: the server prices and refuses with it,
 * the order page and the staff modal show the same answer.
 */

/** The home state's fee as staff confirmed it, kept on the order. */
export interface HomeStateFee {
  /** The home state it was confirmed for (a confirmation for another state does not count). */
  state: string;
  /** The fee to charge, US dollars (cents allowed). */
  usd: number;
  /** What our data said when it was confirmed (null: our data has no figure). */
  dataUsd: number | null;
  confirmedAt: string;
  confirmedBy: string;
  /** Where staff checked it (the state's fee page, a call). */
  note?: string;
}

/** The parts of an order the home-state registration reads. */
export interface HomeRegistrationOrder {
  state?: string | null;
  residenceState?: string | null;
  pricedOrder?: { state?: string } | null;
  homeStateFee?: Pick<HomeStateFee, 'state' | 'usd'> | null;
}

/** The certificate of authority (or the home state's registration) staff upload once the home state has registered the LLC. */
export const CERTIFICATE_OF_AUTHORITY_KIND = 'certificate_of_authority';
/** The formation state's certificate of good standing, where the home state asks for one (uploaded by staff, kept in the vault). */
export const GOOD_STANDING_KIND = 'good_standing_certificate';

/** The state the LLC was formed in, as the order was priced. */
const formationStateOf = (order: HomeRegistrationOrder) => normalizeCode(order.pricedOrder?.state ?? order.state) ?? '';

/** The owner's home state where it differs from the formation state; undefined when the LLC was formed at home (or the home state is unknown). */
export function homeStateOf(order: HomeRegistrationOrder): string | undefined {
  const home = normalizeCode(order.residenceState);
  const formed = formationStateOf(order);
  return home && formed && home !== formed ? home : undefined;
}

/** Everything the offer, the staff panel and the sheet say about an order's home-state registration. */
export interface HomeRegistrationFacts {
  home: string;
  homeName: string;
  formation: string;
  formationName: string;
  /** Our data's record of the home state's registration (undefined: not researched). */
  record?: ForeignRegistration;
  /** The fee our data gives (draft); null where the record has none. */
  dataFeeUsd: number | null;
  source?: FactSource;
  /** The fee staff confirmed for this home state, if they have. */
  confirmed?: Pick<HomeStateFee, 'state' | 'usd'>;
  goodStanding: GoodStanding | undefined;
  /** The good-standing sentence (needed, with the record's words; or that our data does not say). */
  goodStandingText: string;
}

export function homeRegistrationFacts(order: HomeRegistrationOrder): HomeRegistrationFacts | undefined {
  const home = homeStateOf(order);
  if (!home) return undefined;
  const formation = formationStateOf(order);
  const record = foreignRegistrationFor(home);
  const confirmed = order.homeStateFee && order.homeStateFee.state === home ? order.homeStateFee : undefined;
  const formationName = stateName(formation);
  return {
    home,
    homeName: stateName(home),
    formation,
    formationName,
    ...(record ? { record, source: foreignSource(record) } : {}),
    dataFeeUsd: record?.registrationFeeUsd ?? null,
    ...(confirmed ? { confirmed } : {}),
    goodStanding: goodStandingFor(home),
    goodStandingText: goodStandingSentence(home, formationName),
  };
}

export type HomeRegistrationAvailability = { available: true } | { available: false; reason: string };

/**
 * Whether the order can pay for the home-state registration now: formed away from home, in a home
 * state our data has researched, and with the fee confirmed by staff.
 */
export function homeRegistrationAvailability(order: HomeRegistrationOrder): HomeRegistrationAvailability {
  const facts = homeRegistrationFacts(order);
  if (!facts) return { available: false, reason: 'Your LLC is formed in the state you live in: there is no other state to register it in' };
  if (!facts.record)
    return {
      available: false,
      reason: `We have not yet researched ${facts.homeName}'s registration of an LLC formed elsewhere (its form and fee), so we do not sell it there yet`,
    };
  if (!facts.confirmed) return { available: false, reason: awaitingConfirmation(facts) };
  return { available: true };
}

function awaitingConfirmation(f: HomeRegistrationFacts): string {
  const figure = f.dataFeeUsd !== null ? `${formatUsd(f.dataFeeUsd)} in our data, a draft figure` : 'not in our data';
  return `${f.homeName}'s registration fee (${figure}) must be confirmed by our staff before you can pay: ask us to confirm it by writing to us in this page's conversation, and this offer will show the confirmed fee`;
}

/** What the offer says it buys, for this order. */
export function homeRegistrationDescription(order: HomeRegistrationOrder): string {
  const f = homeRegistrationFacts(order);
  if (!f) return 'We register your LLC as a foreign LLC in the state you live in';
  const form = f.record ? ` (${f.record.formName}, filed with ${f.record.filedWith ?? `the ${f.homeName} filing office`})` : '';
  const fee = f.confirmed
    ? `${f.homeName}'s fee, confirmed by our staff: ${formatUsd(f.confirmed.usd)}.`
    : f.dataFeeUsd !== null
      ? `${f.homeName}'s fee in our data: ${formatUsd(f.dataFeeUsd)} (a draft figure: our staff confirm it before you pay).`
      : '';
  return `We register your ${f.formationName} LLC in ${f.homeName}, where you live${form}, and put ${f.homeName}'s certificate of authority in your vault. ${fee} ${f.goodStandingText}`.trim();
}

/** The government's fee line: the confirmed fee, else our data's draft figure (shown, never charged: the offer is unavailable until confirmed). */
export function homeRegistrationFeeLine(order: HomeRegistrationOrder): { key: string; label: string; amount: number } | undefined {
  const f = homeRegistrationFacts(order);
  if (!f) return undefined;
  if (f.confirmed) return { key: 'homeStateFee', label: `${f.homeName} registration fee (confirmed)`, amount: f.confirmed.usd };
  if (f.dataFeeUsd === null) return undefined;
  return { key: 'homeStateFee', label: `${f.homeName} registration fee (draft figure, to be confirmed)`, amount: f.dataFeeUsd };
}

/** The staff steps of the registration, in words: where to file, what to attach, what to upload. */
export function homeRegistrationSteps(order: HomeRegistrationOrder): string[] {
  const f = homeRegistrationFacts(order);
  if (!f) return [];
  const r = f.record;
  return [
    r
      ? `File ${r.formName} with ${r.filedWith ?? `the ${f.homeName} filing office`}${r.formUrl ? ` (${r.formUrl})` : ''}.`
      : `Our data has no record of ${f.homeName}'s registration: find its form before filing.`,
    f.goodStanding?.required === true
      ? `Order a certificate of good standing from ${f.formationName} first and attach it: ${f.goodStandingText}`
      : f.goodStandingText,
    `Ask the customer whom to name as registered agent in ${f.homeName}: the order's registered agent is named in ${f.formationName}.`,
    `Upload ${f.homeName}'s certificate of authority (or its registration) to the order as "Certificate of authority": the customer gets it in the vault, and Mark Complete waits for it.`,
    ...(r?.ongoingObligationsNote ? [`Afterwards ${f.homeName} asks: ${r.ongoingObligationsNote}`] : []),
  ];
}

import { dollarsToCents } from './money.ts';
import { dbaGovernmentFee, dbaOffer } from './state-facts/dba.ts';
import { type ExpediteTier, noStandardTimeSentence, type Processing, processingFor } from './state-facts/processing-times.ts';

export { noStandardTimeSentence };

import type { StatePricing } from './states.ts';

/**
 * Optional add-ons and our prices in dollars (docs/product.md section 9). Expedited filing is our
 * handling fee; the state's own expedite fee is a line of its own (stateExpediteFee below), and
 * the add-on exists only where the state sells expedited processing for a formation.
 */
export const ADD_ONS = {
  expeditedFiling: {
    label: 'Expedited filing',
    price: 75,
    description: "We file with the state's expedited service; the state's own expedite fee is added where it sells one",
  },
  feinFiling: { label: 'FEIN (EIN) filing', price: 75, description: 'We apply for your federal tax ID' },
  operatingAgreement: { label: 'Operating agreement template', price: 50, description: 'Customised for creators' },
  /** Priced in the operator settings (AddOnPrices below), so it has no constant price here: ask addOnPrice. */
  form2553: {
    label: 'Form 2553 prepared for you',
    description:
      'For the S-corporation election: a filled worksheet of IRS Form 2553 with the answers we know (name, EIN, address, effective date, members) and its deadline, for you to sign and send',
  },
} as const;

export type AddOnKey = keyof typeof ADD_ONS;
export const ADD_ON_KEYS = Object.keys(ADD_ONS) as AddOnKey[];

/**
 * Registering the creator's name as a DBA (docs/product.md "DBA"): offered at wizard step 3 with
 * the name and, where a county takes the filing, the county, so it is not one of the plain
 * toggles above. Our fee is an operator setting (AddOnPrices below); the government's fee is a
 * line of its own where the dataset fixes it (shared/state-facts/dba.ts), and the add-on adds
 * nothing where the state keeps no register.
 */
export const DBA_ADD_ON = {
  label: 'DBA: your creator name registered',
  description: 'We file your handle or channel name as a registered business name of the LLC',
} as const;

/**
 * The add-on prices the operator sets (operator settings), in whole dollars. An unset setting is
 * the default below. An order is priced at the ones in force when its payment started and keeps
 * them (`pricedOrder.addOnPrices`), whatever the operator sets later.
 */
export interface AddOnPrices {
  dbaRegistration: number;
  form2553: number;
}

export const DEFAULT_ADD_ON_PRICES: AddOnPrices = { dbaRegistration: 49, form2553: 49 };

/** The prices in force: each setting, else its default. */
export function addOnPricesFrom(settings: { dbaServiceFeeUsd?: number | null; form2553Usd?: number | null } | undefined): AddOnPrices {
  return {
    dbaRegistration: settings?.dbaServiceFeeUsd ?? DEFAULT_ADD_ON_PRICES.dbaRegistration,
    form2553: settings?.form2553Usd ?? DEFAULT_ADD_ON_PRICES.form2553,
  };
}

/** One of the toggled add-ons' price: the operator's where it is a setting, else its constant. */
export function addOnPrice(key: AddOnKey, prices: AddOnPrices = DEFAULT_ADD_ON_PRICES): number {
  return key === 'form2553' ? prices.form2553 : ADD_ONS[key].price;
}

export type AddOnSelection = Partial<Record<AddOnKey | 'dbaRegistration', boolean | undefined>>;

/**
 * How long we take to file once we have the filing details, in business days (docs/product.md
 * "Success page"): the one source of the promise the pages state and the staff queue counts down.
 */
export const FILING_PROMISE_BUSINESS_DAYS = { least: 1, most: 2 } as const;
/** The promise in words: "1-2 business days". */
export const OUR_FILING_TIME = `${FILING_PROMISE_BUSINESS_DAYS.least}-${FILING_PROMISE_BUSINESS_DAYS.most} business days`;

/**
 * What an order's price is made of: the state's filing fee, our service fee, each add-on chosen,
 * and the state's own expedite fee (`stateExpediteFee`, added with the expedited-filing add-on).
 */
export type PriceLineKey = 'filingFee' | 'serviceFee' | 'stateExpediteFee' | AddOnKey | 'dbaRegistration' | 'dbaFee';

/** One line of an order's price, in whole dollars. */
export interface PriceLine {
  key: PriceLineKey;
  label: string;
  amount: number;
}

/** An order's lines, its total in whole dollars and `totalCents` (what a payment provider is asked to charge). */
export interface OrderPrice {
  lines: PriceLine[];
  total: number;
  totalCents: number;
}

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

/**
 * Total = state total cost + selected add-ons. The one price function of the product.
 * Expedited filing adds our handling fee and the state's expedite fee ("State expedite fee
 * (<tier>)"); where the state sells no expedite for a formation it is ignored and adds nothing.
 */
export function priceOrder(
  state: Pick<StatePricing, 'code' | 'filingFee' | 'serviceFee' | 'name'>,
  addOns: AddOnSelection,
  prices: AddOnPrices = DEFAULT_ADD_ON_PRICES,
): OrderPrice {
  const lines: PriceLine[] = [
    { key: 'filingFee', label: `${state.name} state filing fee`, amount: state.filingFee },
    { key: 'serviceFee', label: 'Service fee', amount: state.serviceFee },
  ];
  for (const key of ADD_ON_KEYS) {
    if (!addOns[key]) continue;
    if (key === 'expeditedFiling') {
      const expedite = stateExpediteFee(state.code);
      if (!expedite) continue;
      lines.push({ key, label: ADD_ONS[key].label, amount: addOnPrice(key, prices) });
      lines.push({ key: 'stateExpediteFee', label: `State expedite fee (${expedite.tier})`, amount: expedite.fee });
      continue;
    }
    lines.push({ key, label: ADD_ONS[key].label, amount: addOnPrice(key, prices) });
  }
  const dba = addOns.dbaRegistration ? dbaOffer(state.code) : undefined;
  if (dba && dba.kind !== 'none') {
    lines.push({ key: 'dbaRegistration', label: DBA_ADD_ON.label, amount: prices.dbaRegistration });
    const fee = dbaGovernmentFee(dba);
    if (fee > 0) lines.push({ key: 'dbaFee', label: `${state.name} ${dba.rule.term} filing fee`, amount: fee });
  }
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  return { lines, total, totalCents: dollarsToCents(total) };
}

/**
 * The state's processing time for an order, as one line (docs/product.md section 9): with
 * expedited filing, the tier's turnaround; otherwise the state's published standard time, or a
 * sentence saying it publishes none.
 */
export function processingTimeFor(stateCode: string, addOns: AddOnSelection): string {
  const p = processingFor(stateCode);
  if (!p) return 'Unknown state';
  const expedite = addOns.expeditedFiling ? stateExpediteFee(stateCode) : undefined;
  if (expedite) return `${expedite.turnaround ?? 'faster than standard'} (state expedite: ${expedite.tier})`;
  if (p.standard) return p.standard.text;
  return noStandardTimeSentence(p);
}

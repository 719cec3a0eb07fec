import { CATALOG } from './entries.ts';
import type { Availability, CatalogEntry, EntryDocument, FeeColumn, OrderFacts, SalePlace } from './types.ts';

/**
 * What the rest of the product asks of the catalog (./entries.ts): the add-ons an order can carry,
 * their prices, the settings that price them, the documents and deliverables they owe. Nothing
 * here names an entry: a new entry shows up in every list below.
 */

type Entry = (typeof CATALOG)[number];

/** The add-ons: what an order carries as a flag of its own (`order[key] === true` when bought). */
export type AddOnEntry = Extract<Entry, { sale: { place: 'toggles' | 'offer' } }>;
export type AddOnKey = AddOnEntry['key'];
const ADD_ON_ENTRIES = CATALOG.filter((e): e is AddOnEntry => e.sale.place === 'toggles' || e.sale.place === 'offer');
export const ADD_ONS: readonly CatalogEntry<AddOnKey>[] = ADD_ON_ENTRIES;
export const ADD_ON_KEYS = ADD_ONS.map((e) => e.key);
export const ADD_ON_BY_KEY = Object.fromEntries(ADD_ONS.map((e) => [e.key, e])) as Record<AddOnKey, CatalogEntry<AddOnKey>>;

/** The add-ons chosen by a switch on the review step and the checkout (the others have an offer of their own). */
export const TOGGLED_ADD_ON_KEYS = ADD_ONS.filter((e) => e.sale.place === 'toggles').map((e) => e.key) as AddOnKey[];

/**
 * The switched add-ons shown for a state: every one, sold or disabled with its reason, except
 * those shown only where sold (New York publication elsewhere). Without a state (a page's skeleton
 * before the order is known): those shown everywhere, so the list only ever grows when it arrives.
 */
export function toggledAddOnsIn(state?: string): AddOnKey[] {
  return TOGGLED_ADD_ON_KEYS.filter((key) => !ADD_ON_BY_KEY[key].sale.shownOnlyWhereSold || (state !== undefined && availability(key, state).available));
}

/** Which add-ons an order (or a wizard draft) carries, by flag. */
export type AddOnSelection = Partial<Record<AddOnKey, boolean | null | undefined>>;

/** The add-ons an order carries, in catalog order. */
export function addOnsOf(order: AddOnSelection): CatalogEntry<AddOnKey>[] {
  return ADD_ONS.filter((e) => order[e.key] === true);
}

/** Every add-on's flag, false when unset: the selection as stored. */
export function addOnFlags(order: AddOnSelection): Record<AddOnKey, boolean> {
  return Object.fromEntries(ADD_ON_KEYS.map((k) => [k, order[k] === true])) as Record<AddOnKey, boolean>;
}

/** An add-on bought after payment as the catalog reads it: its key and whether it is paid (shared/orders/purchases.ts). */
export interface BoughtLater {
  key: string;
  state: string;
}

/**
 * What an order bought: the order frozen at payment (`pricedOrder`) where it holds the flag, else
 * the flags a visitor may still change; and every add-on bought after payment and paid
 * (`purchases`, docs/decisions/0424), owed like one bought at checkout.
 */
export function boughtFlags(order: AddOnSelection & { pricedOrder?: object | null; purchases?: readonly BoughtLater[] | null }): Record<AddOnKey, boolean> {
  const frozen = (order.pricedOrder ?? {}) as Record<string, unknown>;
  const later = new Set((order.purchases ?? []).filter((p) => p.state === 'paid').map((p) => p.key));
  // An add-on sold after payment only (priced from the order) is bought by a paid purchase alone, never by a flag.
  const flagged = (k: AddOnKey) => !ADD_ON_BY_KEY[k].sale.forOrder && (typeof frozen[k] === 'boolean' ? frozen[k] === true : order[k] === true);
  return Object.fromEntries(ADD_ON_KEYS.map((k) => [k, later.has(k) || flagged(k)])) as Record<AddOnKey, boolean>;
}

/** The add-ons the order page sells after payment, in catalog order (each entry's `sale.afterPayment`). */
export type AfterPaymentKey = Extract<AddOnEntry, { sale: { afterPayment: true } }>['key'];
export const AFTER_PAYMENT_KEYS = ADD_ONS.filter((e) => e.sale.afterPayment === true).map((e) => e.key) as AfterPaymentKey[];

/** Every place an entry is sold (its `sale.place`: one, or several for a recurring service agreed at checkout or later). */
export function salePlaces(entry: Pick<CatalogEntry, 'sale'>): readonly SalePlace[] {
  const place = entry.sale.place;
  return typeof place === 'string' ? [place] : place;
}

/** Whether the catalog sells the entry `key` at `place` (the checkout's box of a recurring service, docs/decisions/0434). */
export function soldAt(key: Entry['key'], place: SalePlace): boolean {
  const entry = CATALOG.find((e) => e.key === key);
  return entry !== undefined && salePlaces(entry).includes(place);
}

/** Whether an add-on is sold in a state, and why not. */
export function availability(key: AddOnKey, state: string): Availability {
  const entry = ADD_ON_BY_KEY[key];
  return entry.sale.availableIn ? entry.sale.availableIn(state) : { available: true };
}

/** Everything priced by an operator setting, each with its setting (the operator settings screen lists them). */
type SettingPriced = Extract<Entry, { pricing: { kind: 'setting' } }>;
export const SETTING_PRICED = CATALOG.filter((e): e is SettingPriced => e.pricing.kind === 'setting');
/** The operator settings that price something we sell (each such entry's `pricing.setting`). */
export type PriceSettingKey = SettingPriced['pricing']['setting'];
export const PRICE_SETTING_KEYS = SETTING_PRICED.map((e) => e.pricing.setting) as PriceSettingKey[];

/**
 * The add-on prices the operator sets, in whole dollars, by add-on key. An order is priced at the
 * ones in force when its payment started and keeps them (`pricedOrder.addOnPrices`), whatever the
 * operator sets later.
 */
type SettingPricedAddOn = Extract<AddOnEntry, { pricing: { kind: 'setting' } }>;
const SETTING_PRICED_ADD_ONS = ADD_ON_ENTRIES.filter((e): e is SettingPricedAddOn => e.pricing.kind === 'setting');
export type AddOnPrices = Record<SettingPricedAddOn['key'], number>;
export const SETTING_PRICED_ADD_ON_KEYS = SETTING_PRICED_ADD_ONS.map((e) => e.key);

export const DEFAULT_ADD_ON_PRICES = Object.fromEntries(SETTING_PRICED_ADD_ONS.map((e) => [e.key, e.pricing.defaultUsd])) as AddOnPrices;

/** The add-on prices in force: each operator setting, else its default. */
export function addOnPricesFrom(settings: Partial<Record<PriceSettingKey, number | null>> | undefined): AddOnPrices {
  return Object.fromEntries(SETTING_PRICED_ADD_ONS.map((e) => [e.key, settings?.[e.pricing.setting] ?? e.pricing.defaultUsd])) as AddOnPrices;
}

/** Our price of an add-on (without the government's fee), at the given prices. */
export function addOnPrice(key: AddOnKey, prices: Partial<AddOnPrices> = DEFAULT_ADD_ON_PRICES): number {
  const entry = ADD_ON_BY_KEY[key];
  const p = entry.pricing;
  if (p.kind === 'fixed') return p.usd;
  if (p.kind === 'setting') return (prices as Record<string, number | undefined>)[entry.key] ?? p.defaultUsd;
  return 0;
}

/** The government fees the add-ons add as lines of their own (the state's expedite fee, the DBA's filing fee). */
type GovernmentFeeKey = Extract<AddOnEntry, { governmentFee: unknown }>['governmentFee']['key'];
const GOVERNMENT_FEES = ADD_ONS.flatMap((e) => (e.governmentFee ? [e.governmentFee] : []));

/** An add-on as a buyer sees it in a state: its name, our price, the government's fee beside it, and what it buys or why it is not sold. */
export interface AddOnOffer {
  key: AddOnKey;
  name: string;
  /** What it buys there, or why it is not sold there. */
  description: string;
  /** Our price, whole dollars. */
  price: number;
  /** The government's fee added to it there ("$50", "$50-$100"), if any. */
  governmentFeeText?: string;
  available: boolean;
}

export function addOnOffer(key: AddOnKey, state: string, prices?: Partial<AddOnPrices>): AddOnOffer {
  const entry = ADD_ON_BY_KEY[key];
  const sold = availability(key, state);
  const governmentFeeText = sold.available ? entry.governmentFee?.shortText(state) : undefined;
  return {
    key,
    name: entry.name,
    description: sold.available ? (entry.sale.describeIn?.(state) ?? entry.description) : sold.reason,
    price: addOnPrice(key, prices),
    ...(governmentFeeText ? { governmentFeeText } : {}),
    available: sold.available,
  };
}

/** The price line keys an order can have: the formation's two, each add-on's, and the government fees they add. */
export const PRICE_LINE_KEYS = ['filingFee', 'serviceFee', ...ADD_ON_KEYS, ...GOVERNMENT_FEES.map((g) => g.key as GovernmentFeeKey)];
export type PriceLineKey = 'filingFee' | 'serviceFee' | AddOnKey | GovernmentFeeKey;

/** Which export column each price line's amount lands in. */
export function feeColumnOf(lineKey: string): FeeColumn {
  if (lineKey === 'filingFee') return 'stateFilingFee';
  if (lineKey === 'serviceFee') return 'serviceFee';
  return GOVERNMENT_FEES.find((g) => g.key === lineKey)?.column ?? (ADD_ON_BY_KEY as Record<string, CatalogEntry | undefined>)[lineKey]?.column ?? 'addOns';
}

/** The export columns of an order's fees, in order, with their headings. */
export const FEE_COLUMNS: readonly { column: FeeColumn; heading: string }[] = [
  { column: 'stateFilingFee', heading: 'State filing fee (USD)' },
  { column: 'stateExpediteFee', heading: 'State expedite fee (USD)' },
  { column: 'otherGovernmentFees', heading: 'Other government fees (USD)' },
  { column: 'serviceFee', heading: 'Service fee (USD)' },
  { column: 'addOns', heading: 'Add-ons total (USD)' },
];

/** The name the cover sheet, the CSV and the staff screens give an add-on an order carries. */
export function addOnWords(key: AddOnKey, order: OrderFacts): string {
  const entry = ADD_ON_BY_KEY[key];
  return entry.staffWords ? entry.staffWords(order) : entry.name;
}

/** Every document kind something we sell makes or expects, in catalog order. */
export const CATALOG_DOCUMENTS: readonly EntryDocument[] = (CATALOG as readonly CatalogEntry[]).flatMap((e) => e.documents);

/** The entries that owe the customer something, in checklist order. */
export const OWING_ENTRIES = (CATALOG as readonly CatalogEntry[]).filter((e) => e.owes);
export type CatalogDeliverableKey = Extract<Entry, { owes: unknown }>['owes']['deliverable'];

/**
 * The shape of one thing we sell (docs/decisions/0404-the-catalog.md). Every screen, handler,
 * document, export and email that depends on what an order bought reads these entries
 * (./catalog.ts) instead of spelling an add-on's key.
 */

/** Who a price line's money goes to, and so which column of the exports it lands in. */
export type FeeColumn = 'stateFilingFee' | 'stateExpediteFee' | 'otherGovernmentFees' | 'serviceFee' | 'addOns';

/** How an entry is priced, in whole US dollars. */
export type Pricing =
  /** A constant of our price list. */
  | { kind: 'fixed'; usd: number }
  /** An operator setting (operator settings screen), `defaultUsd` while it is unset. */
  | { kind: 'setting'; setting: string; settingLabel: string; defaultUsd: number; hint: string }
  /** A figure of the state data (the filing fee of the state). */
  | { kind: 'stateData' }
  /** Included in another entry's price: nothing to charge. */
  | { kind: 'included' };

/** When an entry can be bought: with the order (before payment) or on its own later, with consent. */
export type SaleMoment = 'order' | 'recurring';

/**
 * Where the buyer chooses it: a switch on the review step and the checkout, or its own offer (DBA at
 * step 3); a recurring service's consent with the filing details, on the order page, or in its own
 * box at checkout (agreed with the payment, adding no price line: docs/decisions/0434).
 */
export type SalePlace = 'toggles' | 'offer' | 'always' | 'filingDetails' | 'orderPage' | 'checkout';

/** The order's fields an add-on bought after payment may ask the customer for (the DBA's, as at wizard step 3). */
export type PurchaseDetailField = 'dbaName' | 'dbaCounty';
export type PurchaseDetails = Partial<Record<PurchaseDetailField, string>>;
/** One field of an after-payment offer, in the wizard's words. */
export interface PurchaseField {
  field: PurchaseDetailField;
  label: string;
  hint: string;
  placeholder?: string;
}

/** What a state makes of an entry: sold there or not, and the sentence when not. */
export type Availability = { available: true } | { available: false; reason: string };

/** The parts of an order the deliverables rule reads (an application item, or the staff view of one). */
export interface OrderFacts {
  state?: string | null;
  residenceState?: string | null;
  dbaName?: string | null;
  dbaCounty?: string | null;
  /** The order as frozen when its payment started: the state and the add-on flags sold. */
  pricedOrder?: { state?: string } | null;
  filingDetails?: { registeredAgent?: { kind?: string } } | null;
  documents?: readonly { kind: string; createdAt: string }[] | null;
  /** The EIN the IRS assigned, recorded by staff (XX-XXXXXXX). */
  ein?: string | null;
  einRecordedAt?: string | null;
  /** When staff marked the order filed, with the state's filing date. */
  filedAt?: string | null;
  /** The home state's registration fee as staff confirmed it (shared/orders/home-registration.ts). */
  homeStateFee?: { state: string; usd: number } | null;
}

/** One deliverable's state as an entry's rule reads it (the key and `by` come from the entry). */
export interface OwedState {
  label: string;
  delivered: boolean;
  deliveredAt?: string;
  status: string;
  missing?: string;
}

/** Helpers the rules share: the newest document of a kind, and a timestamp's day. */
export interface OwedHelpers {
  newest(kind: string): { createdAt: string } | undefined;
  on(at: string): string;
}

/** The staff steps after which a generated document is made again when it predates what they record. */
export type RemakeStep = 'Mark Filed' | 'Record EIN';

/** A document an entry makes or expects, under one vocabulary of kinds. */
export interface EntryDocument {
  kind: string;
  /** What staff and customers read. */
  label: string;
  /** `generated`: made by the document generator when staff Start Processing; `uploaded`: staff upload it. */
  made: 'generated' | 'uploaded';
  /** The staff steps after which a generated copy is made again when `outdatedBy` says it predates them. */
  remadeAfter?: readonly RemakeStep[];
  /** Only staff see it (the cover sheet, the EIN worksheet with the tax id's last digits). */
  staffOnly?: boolean;
  /** Generated kinds that count in its place (a formation worksheet where we do not hold the state's form). */
  orInstead?: readonly string[];
  /** Counted only in another's place (never expected on its own). */
  onlyInstead?: boolean;
  /** What the order must hold before it can be made (the EIN answers), when not always. */
  needs?: (order: OrderFacts) => boolean;
  /** What recorded after it makes the newest copy outdated (generated again by Mark Filed or Record EIN), in words. */
  outdatedBy?: (order: OrderFacts, h: Pick<OwedHelpers, 'newest'>) => string[];
}

/** One thing we sell. */
export interface CatalogEntry<K extends string = string> {
  /** The order's flag (`order[key] === true` when bought) and its price line's key. */
  key: K;
  /** The customer-facing name: the price line, the receipts, the CSV, the filter and the cover sheet say it. */
  name: string;
  description: string;
  /** The price list's words for it where they differ from `description` (a price that depends on the state). */
  priceListNote?: string;
  pricing: Pricing;
  /** When the price is frozen: when the order's payment starts (`pricedOrder`), or when the customer agrees to the recurring charge. */
  frozen: 'paymentStart' | 'agreement';
  sale: {
    moment: SaleMoment;
    /** One place, or each place it is sold (a recurring service agreed at checkout or later on the order page). */
    place: SalePlace | readonly [SalePlace, ...SalePlace[]];
    /** The wizard step that asks for it. */
    step?: number;
    /** Whether the state sells it (undefined: everywhere). */
    availableIn?: (state: string) => Availability;
    /**
     * Not shown at all where the state does not sell it (a state's own requirement, New York
     * publication), rather than shown disabled with the reason as the others are.
     */
    shownOnlyWhereSold?: boolean;
    /** What it buys in a state where it is sold, when that says more than `description`. */
    describeIn?: (state: string) => string | undefined;
    /**
     * Also sold on its own after the order is paid, from the order page (docs/decisions/0424):
     * priced like at checkout, paid by a payment of its own, then owed like one bought with the order.
     */
    afterPayment?: true;
    /**
     * What the customer types to buy it after payment (the DBA's name and county, docs/decisions/0433):
     * the fields in a state, and the check of what they typed. Paid, the checked values are set on
     * the order (its `dbaName`, `dbaCounty`) in the write that records the payment.
     */
    asks?: {
      fields: (state: string) => readonly PurchaseField[];
      check: (
        state: string,
        details: PurchaseDetails,
      ) => { ok: true; details: PurchaseDetails } | { ok: false; problems: Partial<Record<PurchaseDetailField, string>> };
    };
    /**
     * Sold after payment only, offered and priced from the order itself rather than its state (the
     * home state's registration, docs/decisions/0429): whether it can be bought now, what it buys,
     * and the government's fee line. Its `availableIn` keeps it out of the checkout.
     */
    forOrder?: {
      /** Whether the order page shows it at all (not to an owner who formed in their home state). */
      shownFor: (order: OrderFacts) => boolean;
      availableFor: (order: OrderFacts) => Availability;
      describeFor: (order: OrderFacts) => string;
      feeLine: (order: OrderFacts) => { key: string; label: string; amount: number } | undefined;
    };
  };
  /** The government's fee the entry adds beside its own price, as a line of its own (where the state charges one). */
  governmentFee?: {
    key: string;
    column: FeeColumn;
    /** Its label and amount in a state; undefined where there is none to charge. */
    line: (state: { code: string; name: string }) => { label: string; amount: number } | undefined;
    /** The fee as a short figure beside our price ("$50", "$50-$100"), where the state charges one. */
    shortText: (state: string) => string | undefined;
  };
  /** The state's processing time the order gets with it, where it changes it (expedited filing), in words. */
  processingTime?: (state: string) => string | undefined;
  /** Where its own price line goes in the exports. */
  column: FeeColumn;
  /** What it owes the customer once bought, and when that is delivered (Mark Complete waits for it when `by` is us). */
  owes?: {
    deliverable: string;
    by: 'us' | 'customer';
    /** Whether this order owes it (undefined: when bought). */
    owedBy?: (order: OrderFacts) => boolean;
    rule: (order: OrderFacts, h: OwedHelpers) => OwedState;
  };
  /** The documents it makes or expects; generated ones are made at Start Processing. */
  documents: readonly EntryDocument[];
  /** The staff screens', the CSV's and the cover sheet's words for it, given the order (its name when unset). */
  staffWords?: (order: OrderFacts) => string;
}

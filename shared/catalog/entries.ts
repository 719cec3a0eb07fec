import { ANNUAL_REPORT_RECEIPT_KIND, ANNUAL_REPORT_SERVICE_DEFAULT_USD, annualReportServiceAvailability } from '../compliance/annual-report-service.ts';
import { NY_PUBLICATION } from '../compliance/rules.ts';
import { ourAddressAllowed, privacyFilingUnavailableReason } from '../filing/privacy.ts';
import { formatUsd } from '../money.ts';
import {
  CERTIFICATE_OF_AUTHORITY_KIND,
  GOOD_STANDING_KIND,
  homeRegistrationAvailability,
  homeRegistrationDescription,
  homeRegistrationFacts,
  homeRegistrationFeeLine,
  homeStateOf,
} from '../orders/home-registration.ts';
import { dbaGovernmentFee, dbaOffer } from '../state-facts/dba.ts';
import { expediteDescription, expediteUnavailableReason, stateExpediteFee, stateFeeText } from '../state-facts/expedite.ts';
import { REGISTERED_AGENT_RENEWAL_USD } from '../state-facts/our-prices.ts';
import { findState } from '../states.ts';
import { checkDbaDetails, dbaDetailFields } from '../wizard/dba-details.ts';
import type { CatalogEntry, OrderFacts, OwedHelpers, OwedState } from './types.ts';

/**
 * Everything we sell, one entry each (docs/product.md section 9, docs/decisions/0404-the-catalog.md).
 * Its key, name and price; where, when and how it is bought; what it owes the customer and which
 * documents it makes; its words on the cover sheet. Pricing, the wizard, the checkout, the payment
 * freeze, the deliverables rule, the documents, the exports, the staff filter and the receipts
 * read this list: adding a thing we sell is adding an entry here (and a generator for a new
 * document in functions/documents/).
 */

/** A deliverable delivered by the newest document of one kind. */
function byDocument(kind: string, label: string, waiting: string, missing: string, h: OwedHelpers, done = 'In your vault since'): OwedState {
  const doc = h.newest(kind);
  return doc
    ? { label, delivered: true, deliveredAt: doc.createdAt, status: `${done} ${h.on(doc.createdAt)}` }
    : { label, delivered: false, status: waiting, missing };
}

/**
 * What the newest Form 2553 worksheet is older than: the state's filing date (the worksheet counts
 * the LLC's start from it) or the EIN (its line A), each recorded after the worksheet was made.
 * Empty when there is no worksheet or it holds both. An outdated worksheet is made again.
 */
function form2553WorksheetOutdatedBy(order: OrderFacts, h: Pick<OwedHelpers, 'newest'>): string[] {
  const worksheet = h.newest('form_2553_worksheet');
  if (!worksheet) return [];
  const after = (at: unknown) => typeof at === 'string' && at !== '' && worksheet.createdAt < at;
  return [...(order.filedAt && after(order.filedAt) ? ["the state's filing date"] : []), ...(order.ein && after(order.einRecordedAt) ? ['the EIN'] : [])];
}

/** Our handling fee for expedited filing (the state's own fee is a line of its own). */
const EXPEDITE_HANDLING_USD = 75;

/** The customer's EIN answers are in the filing details (the EIN documents are made from them). */
const einAnswers = (order: OrderFacts) => Boolean((order.filingDetails as { ein?: unknown } | null | undefined)?.ein);

export const CATALOG = [
  {
    key: 'formation',
    name: 'LLC formation',
    description: "We prepare and file your LLC's formation document with the state",
    pricing: { kind: 'stateData' },
    frozen: 'paymentStart',
    sale: { moment: 'order', place: 'always', step: 1 },
    column: 'serviceFee',
    owes: {
      deliverable: 'formation',
      by: 'us',
      rule: (_order, h) =>
        byDocument(
          'approved_articles',
          'State-approved formation document',
          'Waiting for the state to approve the filing',
          'the state-stamped formation document is not uploaded',
          h,
        ),
    },
    documents: [
      { kind: 'cover_sheet', label: 'Staff cover sheet', made: 'generated', staffOnly: true },
      { kind: 'formation', label: 'Formation document', made: 'generated', orInstead: ['formation_worksheet'] },
      { kind: 'formation_worksheet', label: 'Formation worksheet', made: 'generated', onlyInstead: true },
      { kind: 'approved_articles', label: 'Approved formation document (state-stamped)', made: 'uploaded' },
    ],
  },
  {
    key: 'expeditedFiling',
    name: 'Expedited filing',
    description: "We file with the state's expedited service; the state's own expedite fee is added where it sells one",
    priceListNote:
      "Only where the state sells expedited processing for a formation: our handling fee plus the state's own expedite fee (shown on each state's card).",
    pricing: { kind: 'fixed', usd: EXPEDITE_HANDLING_USD },
    frozen: 'paymentStart',
    sale: {
      moment: 'order',
      place: 'toggles',
      step: 4,
      availableIn: (state: string) => {
        if (stateExpediteFee(state)) return { available: true };
        return { available: false, reason: expediteUnavailableReason(state) ?? `We know no expedited processing for an LLC formation in ${state}` };
      },
      describeIn: (state: string) => {
        const fee = stateExpediteFee(state);
        return fee ? expediteDescription(findState(state)?.name ?? state, fee, EXPEDITE_HANDLING_USD) : undefined;
      },
    },
    governmentFee: {
      key: 'stateExpediteFee',
      column: 'stateExpediteFee',
      line: (state: { code: string }) => {
        const expedite = stateExpediteFee(state.code);
        return expedite ? { label: `State expedite fee (${expedite.tier})`, amount: expedite.fee } : undefined;
      },
      shortText: (state: string) => {
        const expedite = stateExpediteFee(state);
        return expedite ? stateFeeText(expedite) : undefined;
      },
    },
    processingTime: (state: string) => {
      const expedite = stateExpediteFee(state);
      return expedite ? `${expedite.turnaround ?? 'faster than standard'} (state expedite: ${expedite.tier})` : undefined;
    },
    column: 'addOns',
    documents: [],
  },
  {
    key: 'feinFiling',
    name: 'FEIN (EIN) filing',
    description: 'We apply for your federal tax ID',
    pricing: { kind: 'fixed', usd: 75 },
    frozen: 'paymentStart',
    sale: { moment: 'order', place: 'toggles', step: 4, afterPayment: true },
    column: 'addOns',
    owes: {
      deliverable: 'ein',
      by: 'us',
      rule: (order, h) => {
        const label = 'EIN and IRS confirmation letter';
        const letter = h.newest('ein_letter');
        const number = order.ein ? order.ein : undefined;
        if (number && letter) {
          const at = [order.einRecordedAt ?? letter.createdAt, letter.createdAt].sort().at(-1) as string;
          return { label, delivered: true, deliveredAt: at, status: `EIN ${number}, letter in your vault since ${h.on(at)}` };
        }
        const missing = [number ? undefined : 'the EIN is not recorded', letter ? undefined : 'the IRS confirmation letter is not uploaded']
          .filter(Boolean)
          .join(' and ');
        return { label, delivered: false, status: 'We apply for the EIN once the state has approved the LLC', missing };
      },
    },
    documents: [
      { kind: 'ein_worksheet', label: 'EIN worksheet', made: 'generated', staffOnly: true, needs: einAnswers },
      { kind: 'ein_summary', label: 'EIN application summary', made: 'generated', needs: einAnswers },
      { kind: 'ein_letter', label: 'EIN confirmation letter (IRS)', made: 'uploaded' },
    ],
  },
  {
    key: 'operatingAgreement',
    name: 'Operating agreement template',
    description: 'Customised for creators',
    pricing: { kind: 'fixed', usd: 50 },
    frozen: 'paymentStart',
    sale: { moment: 'order', place: 'toggles', step: 4, afterPayment: true },
    column: 'addOns',
    owes: {
      deliverable: 'operating_agreement',
      by: 'us',
      rule: (_order, h) =>
        byDocument('operating_agreement', 'Operating agreement', 'Prepared when we start filing', 'the operating agreement is not generated', h),
    },
    documents: [{ kind: 'operating_agreement', label: 'Operating agreement', made: 'generated' }],
  },
  {
    key: 'registeredAgent',
    name: 'Registered agent, first year',
    description: 'We act as your registered agent in the filing state; the first year is included in the formation order',
    pricing: { kind: 'included' },
    frozen: 'paymentStart',
    sale: { moment: 'order', place: 'filingDetails' },
    column: 'serviceFee',
    owes: {
      deliverable: 'registered_agent',
      by: 'us',
      owedBy: (order: OrderFacts) => order.filingDetails?.registeredAgent?.kind === 'ours',
      // Our appointment is on the state's record once the state approved the filing that names us.
      rule: (_order, h) =>
        byDocument(
          'approved_articles',
          'Registered agent appointment',
          'Named on your filing; on the record once the state approves it',
          'the state has not approved the filing that appoints us (no state-stamped document)',
          h,
          "We are your registered agent, on the state's record since",
        ),
    },
    documents: [],
  },
  {
    // The privacy filing (docs/decisions/0411): chosen in the filing details, where the state data allows it; the formation price covers it.
    key: 'privacyAddress',
    name: 'Our address on the filing',
    description:
      'Our address stands as the principal office and mailing address on the formation document, and our organizer signs it, so your home and your name stay off the filing; included in the formation order',
    pricing: { kind: 'included' },
    frozen: 'paymentStart',
    sale: {
      moment: 'order',
      place: 'filingDetails',
      availableIn: (state: string) => (ourAddressAllowed(state) ? { available: true } : { available: false, reason: privacyFilingUnavailableReason(state) }),
    },
    column: 'serviceFee',
    documents: [],
    staffWords: () => 'Our address and organizer on the filing',
  },
  {
    key: 'form2553',
    name: 'Form 2553 prepared for you',
    description:
      'For the S-corporation election: a filled worksheet of IRS Form 2553 with the answers we know (name, EIN, address, effective date, members) and its deadline, for you to sign and send',
    pricing: {
      kind: 'setting',
      setting: 'form2553Usd',
      settingLabel: 'Form 2553 prepared for you (US dollars)',
      defaultUsd: 49,
      hint: 'The S-corporation election worksheet add-on. New orders are priced at it; paid orders keep the price they paid.',
    },
    frozen: 'paymentStart',
    sale: { moment: 'order', place: 'toggles', step: 4, afterPayment: true },
    column: 'addOns',
    owes: {
      deliverable: 'form_2553',
      by: 'us',
      rule: (order, h) => {
        const label = 'Form 2553 prepared for you';
        const worksheet = h.newest('form_2553_worksheet');
        const newer = form2553WorksheetOutdatedBy(order, h);
        const outdatedBy = newer.join(' and ');
        if (worksheet && outdatedBy)
          return {
            label,
            delivered: false,
            status: `We are adding ${outdatedBy} to your worksheet`,
            missing: `the Form 2553 worksheet was made before ${outdatedBy} ${newer.length > 1 ? 'were' : 'was'} recorded: generate it again`,
          };
        if (worksheet)
          return {
            label,
            delivered: true,
            deliveredAt: worksheet.createdAt,
            status: `The filled worksheet is in your vault since ${h.on(worksheet.createdAt)}: sign and send the form by its deadline`,
          };
        return {
          label,
          delivered: false,
          status: 'Prepared when we start filing, with the answers your order holds',
          missing: 'the Form 2553 worksheet is not generated',
        };
      },
    },
    documents: [
      {
        kind: 'form_2553_worksheet',
        label: 'Form 2553 worksheet (S-corporation election)',
        made: 'generated',
        outdatedBy: form2553WorksheetOutdatedBy,
        remadeAfter: ['Mark Filed', 'Record EIN'],
      },
      // The IRS acceptance of the election: uploaded by staff with its effective date (shared/s-corp/election.ts).
      { kind: 'cp261_letter', label: 'IRS acceptance letter (CP261)', made: 'uploaded' },
    ],
  },
  {
    // New York publication handled for us (docs/decisions/0418): sold only for a New York LLC; not bought, it is the customer's task (shared/orders/deliverables.ts).
    key: 'nyPublication',
    name: 'New York publication handled for you',
    description:
      'We place the notice of formation with the two newspapers the county clerk designates and file the Certificate of Publication with the Department of State',
    priceListNote:
      "New York LLCs only: we place the notice of formation the law requires and file the Certificate of Publication. Our fee does not include the newspapers' charges, which vary by county.",
    pricing: {
      kind: 'setting',
      setting: 'nyPublicationUsd',
      settingLabel: 'New York publication service fee (US dollars)',
      defaultUsd: 99,
      hint: "Our fee for handling a New York LLC's publication and filing its Certificate of Publication; the newspapers' charges are not in it. New orders are priced at it; paid orders keep the price they paid.",
    },
    frozen: 'paymentStart',
    sale: {
      moment: 'order',
      place: 'toggles',
      step: 4,
      shownOnlyWhereSold: true,
      availableIn: (state: string) =>
        state.toUpperCase() === 'NY'
          ? { available: true }
          : { available: false, reason: 'Only for a New York LLC: New York requires a new LLC to publish notice of its formation' },
      describeIn: (state: string) =>
        state.toUpperCase() === 'NY'
          ? `New York requires it within ${NY_PUBLICATION.withinDays} days of formation (${NY_PUBLICATION.source.name}): we place the notice with the two newspapers the county clerk designates, once a week for six weeks, and file the Certificate of Publication with their affidavits. Our fee does not include the newspapers' charges, which vary by county and are not in our data: we tell you their quote before placing the notice.`
          : undefined,
    },
    column: 'addOns',
    owes: {
      deliverable: 'publication',
      by: 'us',
      rule: (_order, h) =>
        byDocument(
          'certificate_of_publication',
          'New York publication: Certificate of Publication',
          `We place the notice once the state has filed your LLC, and file the Certificate of Publication within ${NY_PUBLICATION.withinDays} days of formation`,
          'the filed Certificate of Publication is not uploaded',
          h,
          'Published; the filed Certificate of Publication is in your vault since',
        ),
    },
    documents: [{ kind: 'certificate_of_publication', label: 'Certificate of Publication', made: 'uploaded' }],
  },
  {
    key: 'dbaRegistration',
    name: 'DBA: your creator name registered',
    description: 'We file your handle or channel name as a registered business name of the LLC',
    priceListNote:
      "Your handle or channel name registered as a business name of the LLC, where the state keeps a register: our fee plus the state's or county's filing fee (chosen with your business name).",
    pricing: {
      kind: 'setting',
      setting: 'dbaServiceFeeUsd',
      settingLabel: 'DBA registration service fee (US dollars)',
      defaultUsd: 49,
      hint: "Our fee for registering a creator's name as a DBA; the government's fee is added to it. New orders are priced at it; paid orders keep the price they paid.",
    },
    frozen: 'paymentStart',
    sale: {
      moment: 'order',
      place: 'offer',
      step: 3,
      // Also bought on the order page, with the name and county asked as at step 3 (docs/decisions/0433).
      afterPayment: true,
      asks: { fields: dbaDetailFields, check: checkDbaDetails },
      availableIn: (state: string) => {
        const offer = dbaOffer(state);
        if (!offer) return { available: false, reason: 'We have no DBA rules for this state' };
        return offer.kind === 'none'
          ? { available: false, reason: `${offer.rule.name} keeps no register of business names: there is nothing to file` }
          : { available: true };
      },
    },
    governmentFee: {
      key: 'dbaFee',
      column: 'otherGovernmentFees',
      line: (state: { code: string; name: string }) => {
        const offer = dbaOffer(state.code);
        const fee = offer && offer.kind !== 'none' ? dbaGovernmentFee(offer) : 0;
        return offer && fee > 0 ? { label: `${state.name} ${offer.rule.term} filing fee`, amount: fee } : undefined;
      },
      shortText: (state: string) => {
        const offer = dbaOffer(state);
        const fee = offer && offer.kind !== 'none' ? dbaGovernmentFee(offer) : 0;
        return fee > 0 ? formatUsd(fee) : undefined;
      },
    },
    column: 'addOns',
    owes: {
      deliverable: 'dba',
      by: 'us',
      rule: (order, h) => {
        const name = order.dbaName ? `"${order.dbaName}"` : 'your creator name';
        return byDocument(
          'dba_registration',
          `DBA: ${name}`,
          'We file it once the state has approved the LLC (the LLC must exist to own the name)',
          'the registered DBA is not uploaded',
          h,
          'Registered; the filed copy is in your vault since',
        );
      },
    },
    documents: [{ kind: 'dba_registration', label: 'DBA registration (filed name, stamped)', made: 'uploaded' }],
    staffWords: (order: OrderFacts) => `DBA "${order.dbaName ?? ''}"${order.dbaCounty ? ` (${order.dbaCounty} County)` : ''}`,
  },
  {
    // The home-state registration (docs/decisions/0429): after payment only, at the home state's fee staff confirmed plus ours.
    key: 'homeStateRegistration',
    name: 'Home-state registration',
    description:
      'For an owner who formed the LLC outside the state they live in: we register it in the home state as a foreign LLC and put the certificate of authority in your vault',
    priceListNote:
      "Bought on the order page after payment, when the LLC is formed outside your home state: our fee plus your home state's registration fee, which our staff confirm before you pay.",
    pricing: {
      kind: 'setting',
      setting: 'homeStateRegistrationUsd',
      settingLabel: 'Home-state registration service fee (US dollars)',
      defaultUsd: 99,
      hint: "Our fee for registering an LLC in the owner's home state; the home state's fee, as staff confirmed it, is added to it. Purchases are priced at it when started and keep that price.",
    },
    frozen: 'paymentStart',
    sale: {
      moment: 'order',
      place: 'offer',
      step: 4,
      afterPayment: true,
      availableIn: () => ({ available: false, reason: "Bought on the order page after payment, once our staff have confirmed your home state's fee" }),
      forOrder: {
        shownFor: (order: OrderFacts) => homeStateOf(order) !== undefined,
        availableFor: (order: OrderFacts) => homeRegistrationAvailability(order),
        describeFor: (order: OrderFacts) => homeRegistrationDescription(order),
        feeLine: (order: OrderFacts) => homeRegistrationFeeLine(order),
      },
    },
    column: 'addOns',
    owes: {
      deliverable: 'home_registration',
      by: 'us',
      rule: (order, h) => {
        const home = homeRegistrationFacts(order)?.homeName ?? 'your home state';
        return byDocument(
          CERTIFICATE_OF_AUTHORITY_KIND,
          `Registration in ${home}: certificate of authority`,
          `We file the registration with ${home} and put its certificate of authority in your vault`,
          'the certificate of authority is not uploaded',
          h,
          'Registered; the certificate of authority is in your vault since',
        );
      },
    },
    documents: [
      { kind: CERTIFICATE_OF_AUTHORITY_KIND, label: 'Certificate of authority (home state)', made: 'uploaded' },
      { kind: GOOD_STANDING_KIND, label: 'Certificate of good standing (formation state)', made: 'uploaded' },
    ],
    staffWords: (order: OrderFacts) => {
      const f = homeRegistrationFacts(order);
      return f ? `Home-state registration (${f.homeName})` : 'Home-state registration';
    },
  },
  {
    key: 'registeredAgentRenewal',
    name: 'Registered agent renewal',
    description: 'Each year after the included first one, charged only with the consent given at checkout or on the order page',
    pricing: {
      kind: 'setting',
      setting: 'registeredAgentRenewalUsd',
      settingLabel: 'Registered-agent renewal price (US dollars a year)',
      defaultUsd: REGISTERED_AGENT_RENEWAL_USD,
      hint: 'The first year is included with every formation.',
    },
    frozen: 'agreement',
    sale: { moment: 'recurring', place: 'filingDetails' },
    column: 'serviceFee',
    documents: [],
  },
  {
    // Annual reports filed for the customer (docs/decisions/0431, 0434): agreed at checkout or on the order page, charged before each due date.
    key: 'annualReports',
    name: 'Annual reports filed for you',
    description:
      "Each year we file your LLC's annual report with the state before it is due and put the state's receipt in your vault, charged only with the consent given at checkout or on the order page",
    priceListNote: "Our fee plus the state's annual report fee at cost, charged before each report is due; cancel any time from the order page.",
    pricing: {
      kind: 'setting',
      setting: 'annualReportServiceUsd',
      settingLabel: 'Annual report filing service fee (US dollars a report)',
      defaultUsd: ANNUAL_REPORT_SERVICE_DEFAULT_USD,
      hint: "Our fee for filing one annual report; the state's fee is added at cost. A customer keeps the price agreed to.",
    },
    frozen: 'agreement',
    sale: {
      moment: 'recurring',
      place: ['checkout', 'orderPage'],
      availableIn: (state: string) => {
        const sold = annualReportServiceAvailability(state);
        return sold.available ? { available: true } : { available: false, reason: sold.reason };
      },
    },
    column: 'serviceFee',
    documents: [{ kind: ANNUAL_REPORT_RECEIPT_KIND, label: "Annual report: the state's receipt", made: 'uploaded' }],
  },
] as const satisfies readonly CatalogEntry[];

import type { Address, StoredFilingDetails } from '../filing/details.schema.ts';
import { homeRegistrationFacts } from '../orders/home-registration.ts';
import { dbaRuleFor } from '../state-facts/dba.ts';
import { stateName } from '../states.ts';
import { stateLinksOf } from './state-links.ts';

/**
 * The portal sheet of a filing (docs/decisions/0419-portal-sheets.md): the order's values in the
 * order the filing asks for them, each one copyable, for staff who type a formation into the
 * state's online form, the EIN into the IRS assistant, or a DBA into its office's form.
 *
 * The project's data (the US LLC State Requirements Dataset) names no portal's fields or their
 * order, so no row carries a portal's own field name and every sheet is a fallback: the
 * formation sheet follows the state's required items in the order of the formation document
 * (functions/documents/formation-forms.ts for FL, DE, WY, NV and TX; the formation worksheet's
 * order for the other states), the EIN sheet follows Form SS-4's lines (as the EIN worksheet
 * does), and the DBA sheet lists what a DBA filing names from the order, with the state's rule.
 * The SSN or ITIN is never on a sheet: its row says it is revealed on request.
 */

export type PortalSheetKind = 'formation' | 'ein' | 'dba' | 'home-registration' | 'annual-report';

export interface PortalSheetRow {
  /** The item of the filing the row belongs to ("Article III - Registered agent", "Line 7b"). */
  section: string;
  label: string;
  value: string;
  /** The portal's own name for the field, where the data knows it (it does not yet for any portal). */
  portalName?: string;
  /** A value that is not on the sheet (the SSN or ITIN): staff reveal it with the audited reveal. */
  revealOnRequest?: boolean;
}

export interface PortalSheet {
  kind: PortalSheetKind;
  title: string;
  rows: PortalSheetRow[];
  /** Where to file: the e-filing page where the data names one. */
  link: { url: string; text: string; source?: string } | null;
  /** Why there is no e-filing link, when there is none. */
  linkNote?: string;
  /** True when the rows follow the filing's required items, not the portal's own field order. */
  fallback: boolean;
  /** What the sheet says about its order. */
  orderNote: string;
  /** The sheet cannot be made for this order (no filing details, no EIN answers, no DBA). */
  unavailable?: string;
}

/** What the sheet reads from the order: the staff view of an application (shared/staff/applications.schema.ts). */
export interface PortalSheetOrder {
  state: string;
  businessName: string;
  phone?: string;
  dbaName?: string;
  dbaCounty?: string;
  filingDetails?: StoredFilingDetails;
  /** The owner's home state, and Mark Filed's file number and filing date (the home-state registration's sheet). */
  residenceState?: string;
  fileNumber?: string;
  filedOn?: string;
}

/** Our registered agent, when the operator settings name it (otherwise the row says where to find it). */
export interface PortalSheetOptions {
  ourAgent?: { name: string; address: Address };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const street = (a: Address) => [a.line1, a.line2].filter((p) => p?.trim()).join(', ');
const oneLine = (a: Address) => `${street(a)}, ${a.city}, ${a.state} ${a.zip}`;
const sameAddress = (a: Address, b: Address) => oneLine(a).toLowerCase() === oneLine(b).toLowerCase();

/** An address as the four fields an online form asks for. */
function addressRows(section: string, what: string, a: Address): PortalSheetRow[] {
  return [
    { section, label: `${what}: street`, value: street(a) },
    { section, label: `${what}: city`, value: a.city },
    { section, label: `${what}: state`, value: a.state },
    { section, label: `${what}: ZIP code`, value: a.zip },
  ];
}

type Item = (d: StoredFilingDetails, order: PortalSheetOrder, options: PortalSheetOptions) => PortalSheetRow[];

const nameItem =
  (section: string): Item =>
  (_d, order) => [{ section, label: 'LLC name', value: order.businessName }];

const principalItem =
  (section: string): Item =>
  (d) =>
    addressRows(section, 'Principal office', d.principalOffice);

const mailingItem =
  (section: string): Item =>
  (d) => {
    const m = d.mailingAddress;
    if (!m || sameAddress(m, d.principalOffice)) return [{ section, label: 'Mailing address', value: 'Same as the principal office' }];
    return addressRows(section, 'Mailing address', m);
  };

const agentItem =
  (section: string): Item =>
  (d, _order, options) => {
    const ra = d.registeredAgent;
    if (ra.kind === 'own') return [{ section, label: 'Registered agent: name', value: ra.name }, ...addressRows(section, 'Registered office', ra.address)];
    if (options.ourAgent)
      return [
        { section, label: 'Registered agent: name', value: options.ourAgent.name },
        ...addressRows(section, 'Registered office', options.ourAgent.address),
      ];
    return [{ section, label: 'Registered agent', value: 'Our registered agent: its name and address are in the operator settings' }];
  };

const managementItem =
  (section: string): Item =>
  (d) => {
    const managed = d.management === 'manager';
    const rows: PortalSheetRow[] = [{ section, label: 'Management', value: managed ? 'Manager-managed' : 'Member-managed' }];
    const people = managed ? (d.managers ?? []) : d.members;
    const role = managed ? 'Manager' : 'Member';
    people.forEach((p, i) => {
      rows.push({ section, label: `${role} ${i + 1}: name`, value: p.name }, { section, label: `${role} ${i + 1}: address`, value: oneLine(p.address) });
    });
    return rows;
  };

const membersItem =
  (section: string): Item =>
  (d) =>
    d.members.flatMap((m, i) => [
      { section, label: `Member ${i + 1}: name`, value: m.name },
      { section, label: `Member ${i + 1}: ownership`, value: `${Number(m.ownershipPercent.toFixed(2))}%` },
      { section, label: `Member ${i + 1}: address`, value: oneLine(m.address) },
    ]);

const organizerItem =
  (section: string): Item =>
  (d) => [
    { section, label: 'Organizer: name', value: d.organizer.name },
    { section, label: 'Organizer: title', value: d.organizer.title },
    ...addressRows(section, 'Organizer', d.organizer.address),
  ];

const purposeItem =
  (section: string): Item =>
  (d) => [{ section, label: 'Purpose', value: d.purpose }];

const effectiveItem =
  (section: string): Item =>
  () => [{ section, label: 'Effective date', value: 'Upon filing' }];

const signatureItem =
  (section: string): Item =>
  (d) => [{ section, label: 'Signature (typed name)', value: d.signature.typedName }];

const countyItem =
  (section: string): Item =>
  (d) =>
    d.county?.trim() ? [{ section, label: 'County of the principal office', value: d.county.trim() }] : [];

/** The required items in the order of the state's formation document, where the project holds it. */
const FORMATION_ORDER: Record<string, Item[]> = {
  FL: [
    nameItem('Article I - Name'),
    principalItem('Article II - Principal office and mailing address'),
    mailingItem('Article II - Principal office and mailing address'),
    agentItem('Article III - Registered agent and registered office'),
    managementItem('Article IV - Persons authorized to manage'),
    effectiveItem('Article V - Effective date'),
    signatureItem('Signature'),
  ],
  DE: [nameItem('First'), agentItem('Second'), signatureItem('Signature (authorized person)')],
  WY: [
    nameItem('1. Name'),
    agentItem('2. Registered agent'),
    mailingItem('3. Mailing address'),
    principalItem('4. Principal office address'),
    organizerItem('5. Organizer'),
    signatureItem('Signature'),
  ],
  NV: [
    nameItem('1. Name'),
    agentItem('2. Registered agent'),
    managementItem('3. Managers or managing members'),
    organizerItem('4. Organizer'),
    signatureItem('Signature'),
  ],
  TX: [
    nameItem('Article 1 - Entity name and type'),
    agentItem('Article 2 - Registered agent and registered office'),
    managementItem('Article 3 - Governing authority'),
    purposeItem('Article 4 - Purpose'),
    organizerItem('Organizer'),
    effectiveItem('Effectiveness of filing'),
    signatureItem('Execution'),
  ],
};

/** The formation worksheet's order (functions/documents/formation-worksheet.ts) for the other states. */
const WORKSHEET_ORDER: Item[] = [
  nameItem('LLC name'),
  principalItem('Principal office'),
  mailingItem('Mailing address'),
  countyItem('County'),
  agentItem('Registered agent'),
  organizerItem('Organizer'),
  managementItem('Management'),
  membersItem('Members'),
  purposeItem('Purpose'),
  (_d) => [{ section: 'Duration', label: 'Duration', value: 'Perpetual' }],
  effectiveItem('Effective date'),
  signatureItem('Signature'),
];

const NO_PORTAL_ORDER = "Our data does not hold this portal's fields or their order: these are the state's required items in filing order.";

function formationSheet(order: PortalSheetOrder, code: string, options: PortalSheetOptions): PortalSheet {
  const name = stateName(code);
  const links = stateLinksOf(code);
  const items = FORMATION_ORDER[code];
  const sheet: Omit<PortalSheet, 'rows'> = {
    kind: 'formation',
    title: `${name} formation filing`,
    link: links?.formationFilingUrl
      ? {
          url: links.formationFilingUrl,
          text: `${name} formation filing page`,
          source: `${links.formationFilingSource?.name ?? ''}, checked ${links.formationFilingSource?.accessed ?? links.verifiedAt}`,
        }
      : null,
    ...(links?.formationFilingUrl
      ? {}
      : {
          linkNote: `Formation filing page ${links?.formationFilingNote ?? 'not known: the dataset names none for this state'}. File from the filing office's pages.`,
        }),
    fallback: true,
    orderNote: items
      ? `${NO_PORTAL_ORDER} The order is that of ${name}'s formation document.`
      : `${NO_PORTAL_ORDER} We do not hold ${name}'s formation document either: the order is the formation worksheet's.`,
  };
  const d = order.filingDetails;
  if (!d) return { ...sheet, rows: [], unavailable: 'The customer has not completed the filing details yet.' };
  return { ...sheet, rows: (items ?? WORKSHEET_ORDER).flatMap((item) => item(d, order, options)) };
}

function einSheet(order: PortalSheetOrder, code: string): PortalSheet {
  const sheet: Omit<PortalSheet, 'rows'> = {
    kind: 'ein',
    title: 'EIN application',
    link: null,
    linkNote: "Our data holds no address for the IRS's online EIN application.",
    fallback: true,
    orderNote: "Our data does not hold the IRS assistant's questions: these are the answers to Form SS-4, in the form's line order.",
  };
  const d = order.filingDetails;
  const ein = d?.ein;
  if (!d || !ein)
    return {
      ...sheet,
      rows: [],
      unavailable: d ? 'The order does not include the EIN application.' : 'The customer has not completed the filing details yet.',
    };
  const rp = ein.responsibleParty;
  const mailing = d.mailingAddress ?? d.principalOffice;
  const office = d.principalOffice;
  const differs = !sameAddress(mailing, office);
  const members = d.members.length;
  const line = (n: string) => `Line ${n}`;
  const rows: PortalSheetRow[] = [
    { section: line('1'), label: 'Legal name of entity', value: order.businessName },
    { section: line('4a'), label: 'Mailing address (street)', value: street(mailing) },
    { section: line('4b'), label: 'City, state and ZIP code', value: `${mailing.city}, ${mailing.state} ${mailing.zip}` },
    { section: line('5a'), label: 'Street address (if different)', value: differs ? street(office) : 'Same as line 4a' },
    { section: line('5b'), label: 'City, state and ZIP code', value: differs ? `${office.city}, ${office.state} ${office.zip}` : 'Same as line 4b' },
    {
      section: line('6'),
      label: 'County and state of the principal business',
      value: `${d.county?.trim() ? `${d.county.trim()} County, ` : ''}${office.state}`,
    },
    { section: line('7a'), label: 'Name of responsible party', value: rp.name },
    {
      section: line('7b'),
      label: `${rp.taxIdType === 'itin' ? 'ITIN' : 'SSN'} of responsible party`,
      value: rp.taxIdDeleted ? 'Deleted from the order' : `Revealed on request (ends ${String(rp.taxIdLast4).replace(/\D/g, '').slice(-4)})`,
      revealOnRequest: true,
    },
    { section: line('8a'), label: 'Is this application for an LLC?', value: 'Yes' },
    { section: line('8b'), label: 'Number of LLC members', value: String(members) },
    { section: line('8c'), label: 'Organized in the United States?', value: 'Yes' },
    { section: line('9b'), label: 'State where organized', value: stateName(code) },
    { section: line('10'), label: 'Reason for applying', value: 'Started new business' },
    { section: line('11'), label: 'Date business started', value: ein.startDate },
    { section: line('12'), label: 'Closing month of accounting year', value: MONTHS[ein.fiscalYearEndMonth - 1] ?? String(ein.fiscalYearEndMonth) },
    ...(ein.employeesExpected !== undefined
      ? [{ section: line('13'), label: 'Employees expected in the next 12 months', value: String(ein.employeesExpected) }]
      : []),
    { section: line('16-17'), label: 'Principal activity and services', value: ein.businessActivity },
    ...(ein.appliedBefore !== undefined
      ? [
          {
            section: line('18'),
            label: 'Has the applicant applied for an EIN before?',
            value: ein.appliedBefore ? `Yes${ein.priorEin ? `: ${ein.priorEin}` : ''}` : 'No',
          },
        ]
      : []),
    ...(order.phone ? [{ section: 'Signature', label: "Applicant's telephone number", value: order.phone }] : []),
  ];
  return { ...sheet, rows };
}

function dbaSheet(order: PortalSheetOrder, code: string): PortalSheet {
  const rule = dbaRuleFor(code);
  const term = rule?.term ?? 'DBA';
  const sheet: Omit<PortalSheet, 'rows'> = {
    kind: 'dba',
    title: `${stateName(code)} ${term} filing`,
    link: rule?.filingUrl
      ? { url: rule.filingUrl, text: `${stateName(code)} ${term} filing page`, source: `${rule.source.name}, checked ${rule.source.verifiedAt}` }
      : null,
    ...(rule?.filingUrl ? {} : { linkNote: `Our data names no ${term} filing page for ${stateName(code)}.` }),
    fallback: true,
    orderNote: `Our data does not hold this office's form fields: these are the values a ${term} filing names, from the order. Files with: ${rule?.llcFilesWith ?? 'not in our data'}.`,
  };
  if (!order.dbaName) return { ...sheet, rows: [], unavailable: 'The order does not include a DBA.' };
  const d = order.filingDetails;
  const countyLevel = rule?.filingLevel === 'county' || rule?.filingLevel === 'split';
  const rows: PortalSheetRow[] = [
    { section: 'Name', label: `${term[0]?.toUpperCase()}${term.slice(1)} to register`, value: order.dbaName },
    { section: 'Registrant', label: "Registrant (the LLC's legal name)", value: order.businessName },
    { section: 'Registrant', label: 'Entity type and state of formation', value: `Limited liability company, ${stateName(code)}` },
    ...(d ? addressRows('Registrant', 'Principal office', d.principalOffice) : []),
    ...(countyLevel || order.dbaCounty
      ? [{ section: 'County', label: 'County where it files', value: order.dbaCounty?.trim() || d?.county?.trim() || 'Not given on the order' }]
      : []),
    ...(d ? [signatureItem('Signature')(d, order, {})[0] as PortalSheetRow] : []),
  ].filter((r) => r.value !== '');
  return { ...sheet, rows };
}

/**
 * The home-state registration's sheet (docs/decisions/0429): the values a registration of an LLC
 * formed elsewhere names, from the order, with the home state's form and office from our data.
 */
function homeRegistrationSheet(order: PortalSheetOrder, code: string): PortalSheet {
  const f = homeRegistrationFacts({ state: code, residenceState: order.residenceState ?? null });
  const r = f?.record;
  const sheet: Omit<PortalSheet, 'rows'> = {
    kind: 'home-registration',
    title: f ? `${f.homeName} registration of a ${f.formationName} LLC${r ? ` (${r.formName})` : ''}` : 'Home-state registration',
    link: r?.formUrl && f?.source ? { url: r.formUrl, text: r.formName, source: `${f.source.name}, checked ${f.source.verifiedAt}` } : null,
    ...(r?.formUrl ? {} : { linkNote: f ? `Our data names no form page for ${f.homeName}'s registration.` : 'No home state to register in.' }),
    fallback: true,
    orderNote: f
      ? `Our data does not hold this application's fields: these are the values a registration names, from the order. Files with: ${r?.filedWith ?? 'not in our data'}. ${f.goodStandingText}`
      : '',
  };
  if (!f) return { ...sheet, rows: [], unavailable: "The LLC is formed in the owner's home state: there is nothing to register elsewhere." };
  const d = order.filingDetails;
  const rows: PortalSheetRow[] = [
    { section: 'The LLC', label: 'LLC name', value: order.businessName },
    { section: 'The LLC', label: 'Entity type and state of formation', value: `Limited liability company, ${f.formationName}` },
    { section: 'The LLC', label: `Date of formation in ${f.formationName}`, value: order.filedOn ?? 'Not filed yet (Mark Filed records it)' },
    { section: 'The LLC', label: `File number in ${f.formationName}`, value: order.fileNumber ?? 'Not filed yet (Mark Filed records it)' },
    {
      section: `Registered agent in ${f.homeName}`,
      label: 'Registered agent',
      value: `Not on the order: ask the customer whom to name in ${f.homeName} (the order's registered agent is in ${f.formationName})`,
    },
    ...(d
      ? [...principalItem('Principal office')(d, order, {}), ...mailingItem('Mailing address')(d, order, {}), ...managementItem('Management')(d, order, {})]
      : []),
    ...(d ? [signatureItem('Signature')(d, order, {})[0] as PortalSheetRow] : []),
  ];
  return { ...sheet, rows };
}

/**
 * The annual report's sheet (docs/decisions/0431): the values an LLC's annual report asks to confirm
 * or update, from the order, with the state's online annual-report page. Our data names no
 * state's report fields, so the rows are those an annual report commonly names.
 */
function annualReportSheet(order: PortalSheetOrder, code: string, options: PortalSheetOptions): PortalSheet {
  const url = stateLinksOf(code)?.annualReportUrl;
  const sheet: Omit<PortalSheet, 'rows'> = {
    kind: 'annual-report',
    title: `${stateName(code)} annual report`,
    link: url ? { url, text: `${stateName(code)}'s online annual report` } : null,
    ...(url ? {} : { linkNote: `Our data names no online annual report page for ${stateName(code)}.` }),
    fallback: true,
    orderNote:
      "Our data does not hold the state's annual report fields: these are the values an annual report commonly asks to confirm or update, from the order. Check each against the state's record before filing.",
  };
  const d = order.filingDetails;
  if (!d) return { ...sheet, rows: [], unavailable: 'The filing details are not given yet.' };
  const rows: PortalSheetRow[] = [
    { section: 'The LLC', label: 'LLC name', value: order.businessName },
    { section: 'The LLC', label: 'File (document) number', value: order.fileNumber ?? 'Not filed yet (Mark Filed records it)' },
    ...principalItem('Principal office')(d, order, options),
    ...mailingItem('Mailing address')(d, order, options),
    ...agentItem('Registered agent')(d, order, options),
    ...managementItem('Members or managers')(d, order, options),
    signatureItem('Signature')(d, order, options)[0] as PortalSheetRow,
  ];
  return { ...sheet, rows };
}

/** The portal sheet of an order's filing: formation, EIN, DBA the home-state registration or the annual report. */
export function portalSheet(order: PortalSheetOrder, kind: PortalSheetKind, options: PortalSheetOptions = {}): PortalSheet {
  const code = order.state.trim().toUpperCase();
  if (kind === 'ein') return einSheet(order, code);
  if (kind === 'dba') return dbaSheet(order, code);
  if (kind === 'home-registration') return homeRegistrationSheet(order, code);
  if (kind === 'annual-report') return annualReportSheet(order, code, options);
  return formationSheet(order, code, options);
}

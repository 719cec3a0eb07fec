import type { Address, StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { DEFAULT_PURPOSE } from '#shared/filing/facts.ts';
import type { DocumentBlockerCode } from '#shared/orders/document-blockers.ts';
import { addressLine, longDate, percent, sameAddress } from './format.ts';
import type { Tone } from './layout.ts';
import { endsWithDesignator, restrictedWords, stateFacts } from './state-data.ts';
import type { OrderSummary, OurRegisteredAgent } from './types.ts';

/**
 * Each state's formation document as the state's statute structures it, filled from the order.
 *
 * Where the facts come from: the document's title, its items and their order come from the
 * statute named beside each item. Every statute is one the US LLC State Requirements Dataset
 * cites for that state, or a section of the same LLC act or code (the dataset's name-rules,
 * processing-time and anonymity records cite Fla. Stat. ch. 605, 6 Del. C. ch. 18, W.S. title
 * 17, NRS ch. 86, the Texas Business Organizations Code, the California Revised Uniform LLC Act
 * and the New York LLC Law). A form's name or number and its official page are printed only
 * where the dataset names them. Other states get a worksheet (./formation-worksheet.ts).
 */

export interface FormItem {
  /** The item's heading on the formation document ("Article I - Name", "First", "Item 3"). */
  heading: string;
  /** What the state asks for, as the cover sheet's checklist names it. */
  label: string;
  /** The statute (or, where noted, the state's form) that asks for it. */
  cite: string;
  /** A sentence printed before the values (the state's wording for the item), if any. */
  statement?: string;
  /** The order's values. */
  lines: string[];
  tone: Tone;
  /** Why the item needs attention (tone missing or warn), or a remark. */
  note?: string;
  /** Shown on the cover sheet only (the formation document prints heading, statement and lines). */
  checklistOnly?: boolean;
  /** For a missing item: what kind of fix it needs (absent: a value missing from the order). */
  blocker?: DocumentBlockerCode;
}

export interface Signer {
  name: string;
  caption: string;
  /** The typed electronic signature ("/s/ Name"), when the order holds one. */
  signed?: string;
  date?: string;
}

export interface CoverNote {
  tone: 'warn' | 'info';
  title: string;
  text: string[];
}

export interface FormationForm {
  code: string;
  /** The document's title as the state names it. */
  title: string;
  subtitle: string[];
  /** What the cover sheet calls the form (with the form number where the dataset names it). */
  formName: string;
  /** The official page where the dataset names one. */
  formUrl?: string;
  statutes: string[];
  /** Printed under the title, before the items. */
  preamble?: string;
  items: FormItem[];
  /** The registered agent's acceptance, where the state asks for the agent's signature. */
  agentAcceptance?: { heading: string; statement: string; cite: string; signer: Signer };
  execution: { heading: string; statement: string; cite: string; signers: Signer[]; extra?: string[] };
  /** Printed at the end of the formation document in small type. */
  footnotes?: string[];
  coverNotes: CoverNote[];
}

export interface FormContext {
  order: OrderSummary;
  details: StoredFilingDetails;
  code: string;
  stateName: string;
  ourAgent?: OurRegisteredAgent;
  /**
   * The privacy filing in force (./filing-packet.ts privacyFiling): `details` then already hold
   * our address as the principal office, and `organizer` is our organizer, who signs in the
   * customer's place. The customer's own signature stays on the order as their authorisation.
   */
  standIn?: { legalName: string; organizer?: string };
}

/** The registered agent the order names: ours (from the operator setting) or the customer's own. */
export interface ResolvedAgent {
  kind: 'ours' | 'own';
  name?: string;
  address?: Address;
  /** Lines for the documents; a visible gap when our agent is not configured. */
  lines: string[];
  tone: Tone;
  note?: string;
  blocker?: DocumentBlockerCode;
}

export function resolveAgent(ctx: FormContext): ResolvedAgent {
  const ra = ctx.details.registeredAgent;
  if (ra.kind === 'own') {
    const inState = ra.address.state.toUpperCase() === ctx.code;
    return {
      kind: 'own',
      name: ra.name,
      address: ra.address,
      lines: [ra.name, addressLine(ra.address)],
      tone: inState ? 'ok' : 'missing',
      note: inState
        ? "The customer's own agent; the order records the customer's statement that the agent agreed to act."
        : `The registered agent's address must be in ${ctx.stateName}.`,
      ...(inState ? {} : { blocker: 'agent_outside_state' as const }),
    };
  }
  const ours = ctx.ourAgent;
  if (!ours?.name?.trim() || !ours.address) {
    return {
      kind: 'ours',
      lines: [`[Missing: our registered agent in ${ctx.stateName} is not configured]`],
      tone: 'missing',
      note: `The order chose our registered agent, and the operator settings hold no office of ours in ${ctx.stateName} (or no legal name): add the office in Settings, or ask the customer to name their own agent.`,
      blocker: 'our_agent_not_configured',
    };
  }
  const inState = ours.address.state.toUpperCase() === ctx.code;
  return {
    kind: 'ours',
    name: ours.name,
    address: ours.address,
    lines: [ours.name, addressLine(ours.address)],
    tone: inState ? 'ok' : 'missing',
    note: inState
      ? 'Our registered agent (operator setting).'
      : `Our registered agent's address must be in ${ctx.stateName}; the setting given is in ${ours.address.state}.`,
    ...(inState ? {} : { blocker: 'agent_outside_state' as const }),
  };
}

export function mailingOf(details: StoredFilingDetails): Address {
  return details.mailingAddress ?? details.principalOffice;
}

function mailingLine(details: StoredFilingDetails): string {
  const m = details.mailingAddress;
  return !m || sameAddress(m, details.principalOffice) ? `${addressLine(details.principalOffice)} (same as the principal office)` : addressLine(m);
}

function nameItem(ctx: FormContext, heading: string, cite: string, statement?: string): FormItem {
  const name = ctx.order.businessName;
  const facts = stateFacts(ctx.code);
  const designator = endsWithDesignator(name, ctx.code);
  const restricted = restrictedWords(name, ctx.code);
  let tone: Tone = designator === false || restricted.length ? 'warn' : 'ok';
  const notes: string[] = [];
  if (designator === false) notes.push(`The name does not end with a designator the state accepts: ${facts?.designatorRule ?? ''}`);
  if (designator === undefined) {
    tone = 'warn';
    notes.push(`Check the designator by hand: ${facts?.designatorRule ?? 'no rule on file'}`);
  }
  if (restricted.length) notes.push(`Contains ${restricted.map((w) => `"${w}"`).join(', ')}, which the state restricts: approval may be needed.`);
  return {
    heading,
    label: 'LLC name',
    cite: [cite, facts?.designatorCitation ? `designator rule: ${facts.designatorCitation}` : ''].filter(Boolean).join('; '),
    ...(statement ? { statement } : {}),
    lines: [name],
    tone,
    ...(notes.length ? { note: notes.join(' ') } : {}),
  };
}

function agentItem(agent: ResolvedAgent, heading: string, label: string, cite: string, statement?: string): FormItem {
  return {
    heading,
    label,
    cite,
    ...(statement ? { statement } : {}),
    lines: agent.lines,
    tone: agent.tone,
    ...(agent.note ? { note: agent.note } : {}),
    ...(agent.blocker ? { blocker: agent.blocker } : {}),
  };
}

function signature(ctx: FormContext, caption: string): Signer {
  const ours = ctx.standIn?.organizer;
  // Our organizer signs when filing: no typed signature of the customer's is printed.
  if (ours && ctx.standIn) return { name: ours, caption: `${caption} (for ${ctx.standIn.legalName})` };
  const s = ctx.details.signature;
  const title = ctx.details.organizer.title?.trim();
  return {
    name: s.typedName,
    caption: title && !caption.toLowerCase().includes(title.toLowerCase()) ? `${caption} (${title})` : caption,
    signed: `/s/ ${s.typedName}`,
    date: longDate(s.signedAt),
  };
}

function signatureNote(ctx: FormContext): string {
  if (ctx.standIn?.organizer)
    return `Signed by ${ctx.standIn.organizer} as organizer for ${ctx.standIn.legalName}, as the company's owners authorised in the filing details they signed electronically on ${longDate(ctx.details.signature.signedAt)}.`;
  return `Signed electronically by ${ctx.details.signature.typedName}, who typed their name and consented to an electronic signature on ${longDate(ctx.details.signature.signedAt)}.`;
}

function agentSigner(agent: ResolvedAgent): Signer {
  return { name: agent.name ?? '[registered agent]', caption: 'Registered agent' };
}

const managersOf = (d: StoredFilingDetails) => d.managers ?? [];

function managementMissing(ctx: FormContext): FormItem | undefined {
  if (ctx.details.management === 'manager' && !managersOf(ctx.details).length)
    return { heading: '', label: 'Managers', cite: '', lines: [], tone: 'missing', note: 'A manager-managed LLC needs at least one manager.' };
  return undefined;
}

const PURPOSE_IS_DEFAULT = (d: StoredFilingDetails) => d.purpose.trim().toLowerCase() === DEFAULT_PURPOSE.toLowerCase();

// ---- Florida --------------------------------------------------------------------------------

function florida(ctx: FormContext): FormationForm {
  const d = ctx.details;
  const agent = resolveAgent(ctx);
  const authorized =
    d.management === 'manager'
      ? managersOf(d).map((m) => `MGR  ${m.name}, ${addressLine(m.address)}`)
      : d.members.map((m) => `AMBR  ${m.name}, ${addressLine(m.address)}`);
  const facts = stateFacts('FL');
  return {
    code: 'FL',
    title: 'Articles of Organization',
    subtitle: ['Florida Limited Liability Company', 'Florida Statutes, Chapter 605 (s. 605.0201)'],
    formName: 'Articles of Organization for a Florida Limited Liability Company (Fla. Stat. § 605.0201)',
    ...(facts?.officialUrl ? { formUrl: facts.officialUrl } : {}),
    statutes: ['Fla. Stat. § 605.0201 (articles of organization)', 'Fla. Stat. § 605.0112 (name)', 'Fla. Stat. § 605.0113 (registered agent)'],
    items: [
      nameItem(ctx, 'Article I - Name', 'Fla. Stat. § 605.0201(3)(a)', 'The name of the limited liability company is:'),
      {
        heading: 'Article II - Principal office and mailing address',
        label: 'Principal office (street address) and mailing address',
        cite: 'Fla. Stat. § 605.0201(3)(b)',
        lines: [`Principal office: ${addressLine(d.principalOffice)}`, `Mailing address: ${mailingLine(d)}`],
        tone: 'ok',
      },
      agentItem(
        agent,
        'Article III - Registered agent and registered office',
        "Registered agent's name and Florida street address",
        'Fla. Stat. § 605.0201(3)(c); § 605.0113',
        'The name and Florida street address of the registered agent are:',
      ),
      {
        heading: 'Article IV - Persons authorized to manage',
        label: d.management === 'manager' ? 'Managers (MGR)' : 'Authorized members (AMBR)',
        cite: 'Fla. Stat. § 605.0201 (optional statement)',
        statement:
          d.management === 'manager'
            ? 'The limited liability company is manager-managed. The name and address of each manager (MGR):'
            : 'The limited liability company is member-managed. The name and address of each authorized member (AMBR):',
        lines: authorized,
        tone: authorized.length ? 'ok' : 'missing',
      },
      {
        heading: 'Article V - Effective date',
        label: 'Effective date',
        cite: 'Fla. Stat. § 605.0201 (optional statement)',
        lines: ['Upon filing with the Florida Department of State.'],
        tone: 'ok',
      },
      ...[managementMissing(ctx)].filter((x): x is FormItem => Boolean(x)),
    ],
    agentAcceptance: {
      heading: "Registered agent's acceptance",
      statement:
        'Having been named as registered agent to accept service of process for the above limited liability company at the place designated in these articles, I accept the appointment and agree to act in this capacity. I am familiar with and accept the obligations of the position under section 605.0113, Florida Statutes.',
      cite: 'Fla. Stat. § 605.0201(3)(c); § 605.0113',
      signer: agentSigner(agent),
    },
    execution: {
      heading: 'Signature',
      statement:
        'The undersigned, a member or an authorized representative of a member, signs these articles of organization and affirms that the facts stated in them are true.',
      cite: 'Fla. Stat. § 605.0203',
      signers: [signature(ctx, 'Member or authorized representative of a member')],
      extra: [signatureNote(ctx)],
    },
    coverNotes: [
      {
        tone: 'info',
        title: 'Florida fee',
        text: [
          'The Division prices a new Florida LLC at $100.00 for the filing plus $25.00 for the registered agent designation: $125.00 in all (dataset quotation of the Sunbiz LLC fee page).',
          'Florida does not sell expedited service; the Division answers this on its FAQ.',
        ],
      },
    ],
  };
}

// ---- Delaware -------------------------------------------------------------------------------

function delaware(ctx: FormContext): FormationForm {
  const agent = resolveAgent(ctx);
  const facts = stateFacts('DE');
  return {
    code: 'DE',
    title: 'Certificate of Formation',
    subtitle: [`of ${ctx.order.businessName}`, 'A Delaware limited liability company - 6 Del. C. § 18-201'],
    formName: 'Certificate of Formation (6 Del. C. § 18-201)',
    ...(facts?.officialUrl ? { formUrl: facts.officialUrl } : {}),
    statutes: ['6 Del. C. § 18-201 (certificate of formation)', '6 Del. C. § 18-102 (name)', '6 Del. C. § 18-104 (registered office and agent)'],
    preamble: 'The undersigned authorized person, to form a limited liability company under the Delaware Limited Liability Company Act, certifies as follows:',
    items: [
      nameItem(ctx, 'First', '6 Del. C. § 18-201(a)(1)', 'The name of the limited liability company is:'),
      agentItem(
        agent,
        'Second',
        "Registered office address in Delaware and the registered agent's name and address",
        '6 Del. C. § 18-201(a)(2); § 18-104',
        'The address of its registered office in the State of Delaware, and the name of its registered agent for service of process at that address, are:',
      ),
    ],
    execution: {
      heading: 'Signature',
      statement: 'In witness whereof, the undersigned authorized person has executed this Certificate of Formation.',
      cite: '6 Del. C. § 18-201(a); § 18-204',
      signers: [signature(ctx, 'Authorized person')],
      extra: [signatureNote(ctx)],
    },
    coverNotes: [
      {
        tone: 'info',
        title: 'Owners stay off the public record',
        text: ['The certificate names no member or manager: § 18-201 asks only for the name and the registered agent (dataset: anonymous_llc_available, DE).'],
      },
    ],
  };
}

// ---- Wyoming --------------------------------------------------------------------------------

function wyoming(ctx: FormContext): FormationForm {
  const d = ctx.details;
  const agent = resolveAgent(ctx);
  const form = 'https://sos.wyo.gov/Forms/Business/LLC/LLC-ArticlesOrganization.pdf';
  return {
    code: 'WY',
    title: 'Articles of Organization',
    subtitle: ['Wyoming Limited Liability Company', 'Wyoming Limited Liability Company Act, W.S. 17-29-201'],
    formName: 'Limited Liability Company Articles of Organization (Wyoming Secretary of State form)',
    formUrl: form,
    statutes: ['W.S. 17-29-201 (articles of organization)', 'W.S. 17-29-108 (name)'],
    items: [
      nameItem(ctx, '1. Name', 'W.S. 17-29-201', 'The name of the limited liability company is:'),
      agentItem(
        agent,
        '2. Registered agent',
        "Registered agent's name and the street address of the registered office in Wyoming",
        'W.S. 17-29-201',
        'The name of the registered agent and the street address of the registered office are:',
      ),
      { heading: '3. Mailing address', label: 'Mailing address', cite: "Secretary of State's form (item 3)", lines: [mailingLine(d)], tone: 'ok' },
      {
        heading: '4. Principal office address',
        label: 'Principal office address',
        cite: "Secretary of State's form (item 4)",
        lines: [addressLine(d.principalOffice)],
        tone: 'ok',
      },
    ],
    agentAcceptance: {
      heading: 'Consent to appointment by registered agent',
      statement: `I, the registered agent named above, consent to serve as registered agent for ${ctx.order.businessName} and agree to keep the registered office at the address stated.`,
      cite: 'W.S. 17-29-201 (articles accompanied by a written consent to appointment signed by the registered agent)',
      signer: agentSigner(agent),
    },
    execution: {
      heading: '5. Organizer',
      statement: 'The undersigned organizer signs and delivers these articles of organization to the Secretary of State for filing.',
      cite: 'W.S. 17-29-201',
      signers: [signature(ctx, 'Organizer')],
      extra: [`Organizer: ${d.organizer.name}, ${addressLine(d.organizer.address)}`, signatureNote(ctx)],
    },
    coverNotes: [
      {
        tone: 'info',
        title: 'Owners stay off the public record',
        text: [
          'The articles name no member or manager (dataset: anonymous_llc_available, WY).',
          "Items 3 and 4 follow the Secretary of State's form (its page is in the dataset); the statute asks for the name and the registered agent and office.",
        ],
      },
    ],
  };
}

// ---- Nevada ---------------------------------------------------------------------------------

function nevada(ctx: FormContext): FormationForm {
  const d = ctx.details;
  const agent = resolveAgent(ctx);
  const managed = d.management === 'manager';
  const people = managed ? managersOf(d) : d.members;
  const facts = stateFacts('NV');
  return {
    code: 'NV',
    title: 'Articles of Organization',
    subtitle: ['Limited-Liability Company', 'Nevada Revised Statutes, Chapter 86 (NRS 86.161)'],
    formName: 'Articles of Organization, Limited-Liability Company (NRS 86.161)',
    ...(facts?.officialUrl ? { formUrl: facts.officialUrl } : {}),
    statutes: ['NRS 86.161 (articles of organization)', 'NRS 86.171 (name)', 'NRS 86.151 (filing; acceptance by the registered agent)'],
    items: [
      nameItem(ctx, '1. Name of limited-liability company', 'NRS 86.161(1)(a)'),
      agentItem(
        agent,
        '2. Registered agent',
        "Registered agent's name and Nevada street address",
        'NRS 86.161(1)(b)',
        'Name and street address of the registered agent in Nevada:',
      ),
      {
        heading: managed ? '3. Managers' : '3. Managing members',
        label: managed ? 'Name and address of each manager' : 'Name and address of each managing member',
        cite: 'NRS 86.161(1)(c)',
        statement: managed
          ? 'The company is to be managed by one or more managers. The name and address of each manager:'
          : 'The company is to be managed by its members. The name and address of each managing member:',
        lines: people.map((p) => `${p.name}, ${addressLine(p.address)}`),
        tone: people.length ? 'ok' : 'missing',
      },
      {
        heading: '4. Organizer',
        label: 'Name and address of each organizer signing the articles',
        cite: 'NRS 86.161(1)(d)',
        lines: [`${d.organizer.name}, ${addressLine(d.organizer.address)}`],
        tone: 'ok',
      },
    ],
    agentAcceptance: {
      heading: 'Certificate of acceptance of appointment of registered agent',
      statement: `I accept appointment as registered agent for ${ctx.order.businessName}.`,
      cite: 'NRS 86.151',
      signer: agentSigner(agent),
    },
    execution: {
      heading: 'Organizer signature',
      statement: 'The undersigned organizer signs these articles of organization.',
      cite: 'NRS 86.161(1)(d)',
      signers: [signature(ctx, 'Organizer')],
      extra: [signatureNote(ctx)],
    },
    coverNotes: [
      {
        tone: 'info',
        title: 'Names on the public record',
        text: [
          `Nevada's articles name each ${managed ? 'manager' : 'managing member'} (dataset: formation_document_requires_names, NV, read from NRS 86.161).`,
        ],
      },
    ],
  };
}

// ---- Texas ----------------------------------------------------------------------------------

function texas(ctx: FormContext): FormationForm {
  const d = ctx.details;
  const agent = resolveAgent(ctx);
  const managed = d.management === 'manager';
  const people = managed ? managersOf(d) : d.members;
  const facts = stateFacts('TX');
  const purpose = PURPOSE_IS_DEFAULT(d)
    ? 'The purpose for which the company is formed is any lawful purpose for which a limited liability company may be organized under the Texas Business Organizations Code.'
    : `The purpose for which the company is formed is: ${d.purpose}`;
  return {
    code: 'TX',
    title: 'Certificate of Formation',
    subtitle: ['Limited Liability Company (Form 205)', 'Texas Business Organizations Code §§ 3.005, 3.010'],
    formName: 'Certificate of Formation - Limited Liability Company (Form 205)',
    ...(facts?.officialUrl ? { formUrl: facts.officialUrl } : {}),
    statutes: ['Tex. Bus. Orgs. Code § 3.005 (certificate of formation)', '§ 3.010 (limited liability company)', '§ 5.056 (name)'],
    items: [
      nameItem(
        ctx,
        'Article 1 - Entity name and type',
        'Tex. Bus. Orgs. Code § 3.005(a)(1), (2)',
        'The filing entity being formed is a limited liability company. The name of the entity is:',
      ),
      agentItem(
        agent,
        'Article 2 - Registered agent and registered office',
        "Registered agent's name and the registered office's street address in Texas",
        'Tex. Bus. Orgs. Code § 3.005(a)(5)',
        'The initial registered agent, and the street address of the registered office (the agent\u2019s business address), are:',
      ),
      {
        heading: 'Article 3 - Governing authority',
        label: managed ? 'Managers: name and address of each initial manager' : 'No managers: name and address of each initial member',
        cite: 'Tex. Bus. Orgs. Code § 3.010',
        statement: managed
          ? 'The limited liability company is to be managed by managers. The name and address of each initial manager:'
          : 'The limited liability company will not have managers. Management of the company is reserved to the members. The name and address of each initial member:',
        lines: people.map((p) => `${p.name}, ${addressLine(p.address)}`),
        tone: people.length ? 'ok' : 'missing',
      },
      { heading: 'Article 4 - Purpose', label: 'Purpose', cite: 'Tex. Bus. Orgs. Code § 3.005(a)(3)', lines: [purpose], tone: 'ok' },
      {
        heading: 'Organizer',
        label: 'Name and address of the organizer',
        cite: 'Tex. Bus. Orgs. Code § 3.005(a)(6)(A)',
        lines: [`${d.organizer.name}, ${addressLine(d.organizer.address)}`],
        tone: 'ok',
      },
      {
        heading: 'Effectiveness of filing',
        label: 'Effective date',
        cite: 'Tex. Bus. Orgs. Code ch. 4',
        lines: ['This document becomes effective when it is filed by the secretary of state.'],
        tone: 'ok',
      },
    ],
    execution: {
      heading: 'Execution',
      statement:
        'The undersigned affirms that the person designated as registered agent has consented to the appointment. The undersigned signs this document subject to the penalties imposed by law for the submission of a materially false or fraudulent instrument, and is authorized to sign it as organizer.',
      cite: 'Tex. Bus. Orgs. Code § 3.004 (each organizer signs)',
      signers: [signature(ctx, 'Organizer')],
      extra: [signatureNote(ctx)],
    },
    coverNotes: [
      {
        tone: 'info',
        title: 'When filing Form 205',
        text: [
          'Tick whether the registered agent is an organization or an individual (Article 2), and that the agent has consented.',
          agent.kind === 'own'
            ? "The customer's own agent: the order records the customer's statement that the agent agreed."
            : 'Our registered agent consents.',
        ],
      },
    ],
  };
}

// ---- California -----------------------------------------------------------------------------

const CA_PURPOSE =
  'The purpose of the limited liability company is to engage in any lawful act or activity for which a limited liability company may be organized under the California Revised Uniform Limited Liability Company Act.';

function california(ctx: FormContext): FormationForm {
  const d = ctx.details;
  const agent = resolveAgent(ctx);
  const managers = managersOf(d);
  const management = d.management === 'manager' ? (managers.length > 1 ? 'More than one manager' : 'One manager') : 'All limited liability company member(s)';
  const facts = stateFacts('CA');
  const items: FormItem[] = [
    nameItem(ctx, '1. Limited liability company name', 'Cal. Corp. Code § 17702.01'),
    {
      heading: '2. Business addresses',
      label: 'Initial street address of the designated office, and the mailing address',
      cite: 'Cal. Corp. Code § 17702.01',
      lines: [`a. Initial street address of designated office: ${addressLine(d.principalOffice)}`, `b. Initial mailing address: ${mailingLine(d)}`],
      tone: 'ok',
    },
    agentItem(
      agent,
      '3. Agent for service of process',
      'Agent for service of process: name and California street address',
      'Cal. Corp. Code § 17702.01; § 17701.13',
    ),
    {
      heading: '4. Management',
      label: 'Management',
      cite: 'Cal. Corp. Code § 17702.01',
      statement: 'The limited liability company will be managed by:',
      lines: [management],
      tone: 'ok',
    },
    { heading: '5. Purpose statement', label: 'Purpose statement', cite: 'Cal. Corp. Code § 17702.01', lines: [CA_PURPOSE], tone: 'ok' },
  ];
  if (!PURPOSE_IS_DEFAULT(d))
    items.push({
      heading: '',
      label: "Customer's stated purpose",
      cite: 'Cal. Corp. Code § 17702.01',
      lines: [d.purpose],
      tone: 'warn',
      note: "California's articles carry the statutory purpose statement only; keep the customer's wording for the operating agreement.",
      checklistOnly: true,
    });
  return {
    code: 'CA',
    title: 'Articles of Organization',
    subtitle: ['Limited Liability Company (Form LLC-1)', 'California Corporations Code § 17702.01'],
    formName: 'Articles of Organization - Limited Liability Company (Form LLC-1)',
    ...(facts?.officialUrl ? { formUrl: facts.officialUrl } : {}),
    statutes: ['Cal. Corp. Code § 17702.01 (articles of organization)', '§ 17701.08 (name)', '§ 17701.13 (agent for service of process)'],
    items,
    execution: {
      heading: 'Organizer signature',
      statement: 'It is hereby declared that I am the person who executed this instrument, which execution is my act and deed.',
      cite: 'Cal. Corp. Code § 17701.02 ("acknowledged")',
      signers: [signature(ctx, 'Organizer')],
      extra: [signatureNote(ctx)],
    },
    footnotes: ['California takes articles on the form its Secretary of State prescribes (§ 17702.01): enter these items on Form LLC-1 (bizfile Online).'],
    coverNotes: [
      {
        tone: 'info',
        title: 'Prescribed form',
        text: [
          'California takes articles only on the form its Secretary of State prescribes (§ 17702.01): this document carries the items to enter on Form LLC-1.',
          'A corporate agent registered with the Secretary of State is named without an address on the form.',
        ],
      },
    ],
  };
}

// ---- New York -------------------------------------------------------------------------------

/** The dataset's own sentence (name-rules/new-york.json, notes), with the section that imposes it. */
export const NY_PUBLICATION =
  'A newly formed New York LLC must publish notice of its formation and file a Certificate of Publication (N.Y. LLC Law § 206). Within 120 days after the articles take effect, a copy of the articles or a notice of formation runs once a week for six successive weeks in two newspapers (one daily, one weekly) designated by the county clerk of the county where the office is located; the publishers\u2019 affidavits are then filed with the Department of State with the Certificate of Publication. Until it is filed, the LLC\u2019s authority to carry on business is suspended.';

function newYork(ctx: FormContext): FormationForm {
  const d = ctx.details;
  const agent = resolveAgent(ctx);
  const processAddress = agent.address;
  const items: FormItem[] = [
    nameItem(ctx, 'First', 'N.Y. LLC Law § 203(e)(1); § 204', 'The name of the limited liability company is:'),
    {
      heading: 'Second',
      label: 'County within New York where the office is located',
      cite: 'N.Y. LLC Law § 203(e)(2)',
      statement: 'The county within this state in which the office of the limited liability company is to be located is:',
      lines: d.county?.trim() ? [d.county.trim()] : ['[Missing: county]'],
      tone: d.county?.trim() ? 'ok' : 'missing',
    },
    {
      heading: 'Third',
      label: 'Secretary of State designated as agent for service of process, and the post office address for process',
      cite: 'N.Y. LLC Law § 203(e)(3); § 301',
      statement:
        'The Secretary of State is designated as agent of the limited liability company upon whom process against it may be served. The post office address to which the Secretary of State shall mail a copy of any process against the limited liability company served upon the Secretary of State is:',
      lines: processAddress ? [...(agent.name ? [`c/o ${agent.name}`] : []), addressLine(processAddress)] : [addressLine(mailingOf(d))],
      tone: 'ok',
      note: processAddress ? "The registered agent's address; use the LLC's own address instead if the customer prefers." : "The LLC's mailing address.",
    },
    agentItem(
      agent,
      'Fourth',
      "Registered agent's name and New York address",
      'N.Y. LLC Law § 203(e)(4)',
      'The name and address within this state of the registered agent, which is to be the agent of the limited liability company upon whom process against it may be served, are:',
    ),
  ];
  if (d.management === 'manager')
    items.push({
      heading: 'Fifth',
      label: 'Management by managers',
      cite: 'N.Y. LLC Law § 401',
      lines: ['The limited liability company is to be managed by one or more managers.'],
      tone: managersOf(d).length ? 'ok' : 'missing',
    });
  items.push({
    heading: '',
    label: 'Effective date',
    cite: 'N.Y. LLC Law § 203(d), (e)(5)',
    lines: ['Upon filing (no later effective date is stated).'],
    tone: 'ok',
    checklistOnly: true,
  });
  return {
    code: 'NY',
    title: `Articles of Organization of ${ctx.order.businessName}`,
    subtitle: ['under Section 203 of the Limited Liability Company Law'],
    formName: 'Articles of Organization under Section 203 of the Limited Liability Company Law',
    formUrl: 'https://dos.ny.gov/articles-organization-domestic-limited-liability-company-0',
    statutes: ['N.Y. LLC Law § 203 (formation; articles of organization)', '§ 204 (name)', '§ 206 (publication)', '§ 301 (Secretary of State as agent)'],
    items,
    execution: {
      heading: 'Organizer',
      statement: 'The undersigned organizer has executed these articles of organization.',
      cite: 'N.Y. LLC Law § 207 (signed with the name and capacity of the signer)',
      signers: [signature(ctx, 'Organizer')],
      extra: [`Organizer: ${d.organizer.name}, ${addressLine(d.organizer.address)}`, signatureNote(ctx)],
    },
    coverNotes: [
      { tone: 'warn', title: 'Publication requirement (New York)', text: [NY_PUBLICATION, `County on the order: ${d.county?.trim() || 'MISSING'}.`] },
    ],
  };
}

const BUILDERS: Record<string, (ctx: FormContext) => FormationForm> = {
  FL: florida,
  DE: delaware,
  WY: wyoming,
  NV: nevada,
  TX: texas,
  CA: california,
  NY: newYork,
};

/** States whose formation document we build in the state's own structure. */
export const FORM_STATES: readonly string[] = Object.keys(BUILDERS);

export function formationForm(ctx: FormContext): FormationForm | undefined {
  return BUILDERS[ctx.code]?.(ctx);
}

/** The members as the cover sheet and worksheet list them (never filed as such). */
export function memberLines(details: StoredFilingDetails): string[] {
  return details.members.map((m) => `${m.name} - ${percent(m.ownershipPercent)} - ${addressLine(m.address)}`);
}

import { type Address, type FilingDetailsInput, filingDetailsSchema, ownershipTotalProblem, type StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { DEFAULT_PURPOSE, type Management } from '#shared/filing/facts.ts';

/**
 * The filing details form as typed (every input a string or a tick), and the request body made
 * from it. The body is checked with the order's own schema (shared/filing/details.schema.ts, the one the
 * server uses), so each sentence beside a field is the server's sentence for it.
 */

export interface AddressDraft {
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
}

export interface PersonDraft {
  name: string;
  /** Members only: this member is the organizer (the name is the organizer's, not typed again). */
  sameAsOrganizer: boolean;
  /** Use the principal office as this person's address. */
  sameAsOffice: boolean;
  address: AddressDraft;
  /** Members only: typed as text, sent as a number. */
  ownershipPercent: string;
  /** Members only, with the operating agreement: what they put in (Schedule A). */
  contribution: string;
}

/** A channel of the business, for the operating agreement's Schedule A. */
export interface AccountDraft {
  platform: string;
  handle: string;
}

export interface DetailsDraft {
  /** The privacy filing: our address and organizer on the formation document (shared/filing/privacy.ts). */
  useOurAddress: boolean;
  principalOffice: AddressDraft;
  mailingSame: boolean;
  mailingAddress: AddressDraft;
  county: string;
  agentKind: '' | 'ours' | 'own';
  renewalConsent: '' | 'yes' | 'no';
  agent: { name: string; address: AddressDraft; consent: boolean };
  organizer: { name: string; title: string; sameAsOffice: boolean; address: AddressDraft };
  /** `sameAsOrganizer`: sign with the organizer's name as typed above. `resigning`: changing saved details, which are signed again. */
  signature: { typedName: string; sameAsOrganizer: boolean; consent: boolean; resigning: boolean };
  management: Management;
  members: PersonDraft[];
  managers: PersonDraft[];
  purpose: string;
  companyAccounts: AccountDraft[];
  ein: {
    name: string;
    /** The responsible party is the organizer. */
    sameAsOrganizer: boolean;
    taxIdType: '' | 'ssn' | 'itin';
    taxId: string;
    businessActivity: string;
    startDate: string;
    fiscalYearEndMonth: string;
    employeesExpected: string;
    appliedBefore: '' | 'yes' | 'no';
    priorEin: string;
  };
}

/** What the wizard was told about the person ordering (the order view's `applicant`). */
export interface Applicant {
  firstName: string;
  lastName: string;
  residenceState: string;
  platforms?: string[];
}

export interface FormContext {
  /** The order's filing state code. */
  state: string;
  ein: boolean;
  taxIdOnFile: boolean;
  /** The operating agreement was bought: the form asks for its Schedule A. */
  operatingAgreement?: boolean;
  /** A fresh form starts with our address on the filing (the customer chose privacy, and the state data allows it). */
  privacyByDefault?: boolean;
}

export const emptyAddress = (state = ''): AddressDraft => ({ line1: '', line2: '', city: '', state, zip: '' });
export const emptyPerson = (state: string, withPercent: string, sameAsOrganizer = false): PersonDraft => ({
  name: '',
  sameAsOrganizer,
  sameAsOffice: true,
  address: emptyAddress(state),
  ownershipPercent: withPercent,
  contribution: '',
});

const toDraftAddress = (a: Address | undefined, fallbackState: string): AddressDraft =>
  a ? { line1: a.line1, line2: a.line2 ?? '', city: a.city, state: a.state, zip: a.zip } : emptyAddress(fallbackState);

const sameAddress = (a: Address | undefined, b: Address | undefined) =>
  Boolean(a && b) && a?.line1 === b?.line1 && (a?.line2 ?? '') === (b?.line2 ?? '') && a?.city === b?.city && a?.state === b?.state && a?.zip === b?.zip;

const sameName = (a: string | undefined, b: string) => Boolean(a?.trim()) && a?.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A fresh form, started from what the wizard was told (the creator's name as organizer, and as
 * the first member, the signature and the responsible party; the principal office in the state
 * they live in), or the stored details to change them (the tax id is never sent back: blank keeps it).
 */
export function initialDraft(ctx: FormContext, stored: StoredFilingDetails | null, applicant?: Applicant): DetailsDraft {
  const state = ctx.state;
  if (!stored) {
    const name = applicant ? `${applicant.firstName.trim()} ${applicant.lastName.trim()}`.trim() : '';
    return {
      useOurAddress: ctx.privacyByDefault === true,
      principalOffice: emptyAddress(applicant?.residenceState || state),
      mailingSame: true,
      mailingAddress: emptyAddress(state),
      county: '',
      agentKind: 'ours',
      renewalConsent: '',
      agent: { name: '', address: emptyAddress(state), consent: false },
      organizer: { name, title: 'Organizer', sameAsOffice: true, address: emptyAddress(state) },
      signature: { typedName: '', sameAsOrganizer: true, consent: false, resigning: false },
      management: 'member',
      members: [emptyPerson(state, '100', true)],
      managers: [],
      purpose: DEFAULT_PURPOSE,
      companyAccounts: (applicant?.platforms ?? []).map((platform) => ({ platform, handle: '' })),
      ein: {
        name: '',
        sameAsOrganizer: true,
        taxIdType: '',
        taxId: '',
        businessActivity: '',
        startDate: '',
        fiscalYearEndMonth: '12',
        employeesExpected: '0',
        appliedBefore: '',
        priorEin: '',
      },
    };
  }
  const office = stored.principalOffice;
  const organizerName = stored.organizer.name;
  const person = (p: { name: string; address: Address; ownershipPercent?: number; contribution?: string }): PersonDraft => ({
    name: p.name,
    sameAsOrganizer: false,
    sameAsOffice: sameAddress(p.address, office),
    address: toDraftAddress(p.address, state),
    ownershipPercent: p.ownershipPercent === undefined ? '' : String(p.ownershipPercent),
    contribution: p.contribution ?? '',
  });
  const agent = stored.registeredAgent;
  const party = stored.ein?.responsibleParty;
  return {
    useOurAddress: stored.useOurAddress === true,
    principalOffice: toDraftAddress(office, state),
    mailingSame: !stored.mailingAddress,
    mailingAddress: toDraftAddress(stored.mailingAddress, state),
    county: stored.county ?? '',
    agentKind: agent.kind,
    renewalConsent: agent.kind === 'ours' ? (agent.renewalConsent ? 'yes' : 'no') : '',
    agent:
      agent.kind === 'own'
        ? { name: agent.name, address: toDraftAddress(agent.address, state), consent: agent.consent }
        : { name: '', address: emptyAddress(state), consent: false },
    organizer: {
      name: stored.organizer.name,
      title: stored.organizer.title,
      sameAsOffice: sameAddress(stored.organizer.address, office),
      address: toDraftAddress(stored.organizer.address, state),
    },
    // A changed form is signed again: the form says so beside the box.
    signature: { typedName: stored.signature.typedName, sameAsOrganizer: sameName(stored.signature.typedName, organizerName), consent: false, resigning: true },
    management: stored.management,
    members: stored.members.map((m) => ({ ...person(m), sameAsOrganizer: sameName(m.name, organizerName) })),
    managers: (stored.managers ?? []).map(person),
    purpose: stored.purpose,
    companyAccounts: stored.companyAccounts
      ? stored.companyAccounts.map((a) => ({ platform: a.platform, handle: a.handle ?? '' }))
      : (applicant?.platforms ?? []).map((platform) => ({ platform, handle: '' })),
    ein: {
      name: party?.name ?? '',
      sameAsOrganizer: !party || sameName(party.name, organizerName),
      taxIdType: party?.taxIdType ?? '',
      taxId: '',
      businessActivity: stored.ein?.businessActivity ?? '',
      startDate: stored.ein?.startDate ?? '',
      fiscalYearEndMonth: stored.ein ? String(stored.ein.fiscalYearEndMonth) : '12',
      employeesExpected: String(stored.ein?.employeesExpected ?? 0),
      appliedBefore: stored.ein?.appliedBefore === undefined ? '' : stored.ein.appliedBefore ? 'yes' : 'no',
      priorEin: stored.ein?.priorEin ?? '',
    },
  };
}

function addressBody(a: AddressDraft): Address {
  return { line1: a.line1, ...(a.line2.trim() ? { line2: a.line2 } : {}), city: a.city, state: a.state, zip: a.zip };
}

/** "" stays undefined (the schema then says what is missing); anything else becomes a number, maybe NaN. */
function numberOrUndefined(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/** The PUT body the form's answers make. */
export function toBody(d: DetailsDraft, ctx: FormContext): FilingDetailsInput {
  const office = addressBody(d.principalOffice);
  const personAddress = (p: { sameAsOffice: boolean; address: AddressDraft }) => (p.sameAsOffice ? office : addressBody(p.address));
  // "Same as the organizer": the organizer's name as typed, so the two cannot differ.
  const nameOf = (p: { name: string; sameAsOrganizer: boolean }) => (p.sameAsOrganizer ? d.organizer.name : p.name);
  const registeredAgent =
    d.agentKind === 'own'
      ? { kind: 'own' as const, name: d.agent.name, address: addressBody(d.agent.address), consent: d.agent.consent as true }
      : { kind: d.agentKind as 'ours', renewalConsent: d.renewalConsent === '' ? (undefined as unknown as boolean) : d.renewalConsent === 'yes' };
  return {
    principalOffice: office,
    ...(d.mailingSame ? {} : { mailingAddress: addressBody(d.mailingAddress) }),
    ...(d.useOurAddress ? { useOurAddress: true } : {}),
    ...(ctx.state === 'NY' && d.county.trim() ? { county: d.county } : {}),
    registeredAgent,
    organizer: { name: d.organizer.name, title: d.organizer.title, address: personAddress(d.organizer) },
    signature: { typedName: nameOf({ name: d.signature.typedName, sameAsOrganizer: d.signature.sameAsOrganizer }), consent: d.signature.consent as true },
    management: d.management,
    members: d.members.map((m) => ({
      name: nameOf(m),
      address: personAddress(m),
      ownershipPercent: numberOrUndefined(m.ownershipPercent) as number,
      ...(ctx.operatingAgreement && m.contribution.trim() ? { contribution: m.contribution } : {}),
    })),
    ...(d.management === 'manager' ? { managers: d.managers.map((m) => ({ name: m.name, address: personAddress(m) })) } : {}),
    purpose: d.purpose,
    ...(ctx.operatingAgreement
      ? {
          companyAccounts: d.companyAccounts.map((a) => ({ platform: a.platform, ...(a.handle.trim() ? { handle: a.handle } : {}) })),
        }
      : {}),
    ...(ctx.ein
      ? {
          ein: {
            responsibleParty: {
              name: nameOf(d.ein),
              taxIdType: (d.ein.taxIdType || undefined) as 'ssn',
              // Blank with a number on file keeps that number (the server never sends it back).
              ...(d.ein.taxId.trim() || !ctx.taxIdOnFile ? { taxId: d.ein.taxId } : {}),
            },
            businessActivity: d.ein.businessActivity,
            startDate: d.ein.startDate,
            fiscalYearEndMonth: numberOrUndefined(d.ein.fiscalYearEndMonth) as number,
            employeesExpected: numberOrUndefined(d.ein.employeesExpected) as number,
            appliedBefore: (d.ein.appliedBefore === '' ? undefined : d.ein.appliedBefore === 'yes') as boolean,
            ...(d.ein.appliedBefore === 'yes' ? { priorEin: d.ein.priorEin } : {}),
          },
        }
      : {}),
  };
}

/** Field path ("members.0.ownershipPercent") -> its sentences, as the server's 400 `details`. */
export type FieldErrors = Record<string, string[]>;

/** The schema's sentences for the form as typed, keyed like the server's `details`. */
export function validateDraft(d: DetailsDraft, ctx: FormContext): { body: FilingDetailsInput; errors: FieldErrors } {
  const body = toBody(d, ctx);
  const result = filingDetailsSchema({ state: ctx.state, ein: ctx.ein, taxIdOnFile: ctx.taxIdOnFile }).safeParse(body);
  const errors: FieldErrors = {};
  if (!result.success)
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] = [...(errors[path] ?? []), issue.message];
    }
  // The schema checks the total only once every answer has its type; the total is live before that.
  const percents = body.members.map((m) => m.ownershipPercent);
  if (!errors.members && percents.every((p) => Number.isFinite(p))) {
    const total = ownershipTotalProblem(percents);
    if (total) errors.members = [total];
  }
  return { body, errors };
}

/** Ownership typed so far, in hundredths of a percent summed (for the live total). */
export function ownershipTotal(members: readonly PersonDraft[]): number {
  return members.reduce((sum, m) => {
    const n = Number(m.ownershipPercent);
    return m.ownershipPercent.trim() === '' || Number.isNaN(n) ? sum : sum + Math.round(n * 100);
  }, 0);
}

import { findState } from '../states.ts';

/**
 * What an order owes its customer, and what of it is delivered (docs/product.md section 10,
 * "Deliverables"). One rule for the order page's checklist, the staff modal, the Mark Complete
 * gate (shared/application-status.ts staffMoveBlocker, enforced inside the server's conditional
 * write) and the "documents ready" email. Pure: it reads the order as stored.
 *
 * What was sold is read from the order frozen at payment (`pricedOrder`), not from the add-on
 * flags a visitor could still change; the registered agent comes from the filing details.
 * Kinds are written out here rather than imported from ./documents.ts: that module imports the
 * status workflow, which imports this rule.
 */

export const DELIVERABLE_KEYS = ['formation', 'ein', 'operating_agreement', 'registered_agent', 'home_registration', 'dba', 'form_2553'] as const;
export type DeliverableKey = (typeof DELIVERABLE_KEYS)[number];

export interface Deliverable {
  key: DeliverableKey;
  label: string;
  /** `us`: we owe it and the order cannot be completed without it. `customer`: the customer's own task (on their calendar). */
  by: 'us' | 'customer';
  delivered: boolean;
  /** When it was delivered (ISO timestamp). */
  deliveredAt?: string;
  /** The customer-facing status sentence. */
  status: string;
  /** What is still missing, for staff (only when not delivered). */
  missing?: string;
}

/** The parts of an order the rule reads (an application item, or the staff view of one). */
export interface DeliverablesInput {
  state?: string | null;
  residenceState?: string | null;
  feinFiling?: boolean | null;
  operatingAgreement?: boolean | null;
  dbaRegistration?: boolean | null;
  dbaName?: string | null;
  form2553?: boolean | null;
  pricedOrder?: { state?: string; feinFiling?: boolean; operatingAgreement?: boolean; dbaRegistration?: boolean; form2553?: boolean } | null;
  filingDetails?: { registeredAgent?: { kind?: string } } | null;
  documents?: readonly { kind: string; createdAt: string }[] | null;
  /** The EIN the IRS assigned, recorded by staff (XX-XXXXXXX). */
  ein?: string | null;
  einRecordedAt?: string | null;
  /** When staff marked the order filed, with the state's filing date. */
  filedAt?: string | null;
}

/** The newest document of a kind, if any. */
function newest(input: DeliverablesInput, kind: string): { createdAt: string } | undefined {
  return (input.documents ?? [])
    .filter((d) => d.kind === kind)
    .reduce<{ createdAt: string } | undefined>((n, d) => (!n || d.createdAt > n.createdAt ? d : n), undefined);
}

/**
 * What the newest Form 2553 worksheet is older than: the state's filing date (the worksheet counts
 * the LLC's start from it) or the EIN (its line A), each recorded after the worksheet was made.
 * Empty when there is no worksheet or it holds both. An outdated worksheet is made again.
 */
export function form2553WorksheetOutdatedBy(input: DeliverablesInput): string[] {
  const worksheet = newest(input, 'form_2553_worksheet');
  if (!worksheet) return [];
  const after = (at: string | null | undefined) => Boolean(at) && worksheet.createdAt < (at as string);
  return [...(input.filedAt && after(input.filedAt) ? ["the state's filing date"] : []), ...(input.ein && after(input.einRecordedAt) ? ['the EIN'] : [])];
}

/** Whether the order bought an add-on: the frozen order when there is one, else the flags. */
function bought(input: DeliverablesInput, addOn: 'feinFiling' | 'operatingAgreement' | 'dbaRegistration' | 'form2553'): boolean {
  const frozen = input.pricedOrder?.[addOn];
  return typeof frozen === 'boolean' ? frozen : input[addOn] === true;
}

const on = (at: string) => at.slice(0, 10);

/** Every deliverable of the order, in checklist order, each with whether (and when) it is delivered. */
export function deliverablesFor(input: DeliverablesInput): Deliverable[] {
  const out: Deliverable[] = [];
  const stamped = newest(input, 'approved_articles');
  out.push(
    stamped
      ? {
          key: 'formation',
          label: 'State-approved formation document',
          by: 'us',
          delivered: true,
          deliveredAt: stamped.createdAt,
          status: `In your vault since ${on(stamped.createdAt)}`,
        }
      : {
          key: 'formation',
          label: 'State-approved formation document',
          by: 'us',
          delivered: false,
          status: 'Waiting for the state to approve the filing',
          missing: 'the state-stamped formation document is not uploaded',
        },
  );
  if (bought(input, 'feinFiling')) {
    const letter = newest(input, 'ein_letter');
    const number = input.ein ? input.ein : undefined;
    if (number && letter) {
      const at = [input.einRecordedAt ?? letter.createdAt, letter.createdAt].sort().at(-1) as string;
      out.push({
        key: 'ein',
        label: 'EIN and IRS confirmation letter',
        by: 'us',
        delivered: true,
        deliveredAt: at,
        status: `EIN ${number}, letter in your vault since ${on(at)}`,
      });
    } else {
      const missing = [number ? undefined : 'the EIN is not recorded', letter ? undefined : 'the IRS confirmation letter is not uploaded']
        .filter(Boolean)
        .join(' and ');
      out.push({
        key: 'ein',
        label: 'EIN and IRS confirmation letter',
        by: 'us',
        delivered: false,
        status: 'We apply for the EIN once the state has approved the LLC',
        missing,
      });
    }
  }
  if (bought(input, 'operatingAgreement')) {
    const agreement = newest(input, 'operating_agreement');
    out.push(
      agreement
        ? {
            key: 'operating_agreement',
            label: 'Operating agreement',
            by: 'us',
            delivered: true,
            deliveredAt: agreement.createdAt,
            status: `In your vault since ${on(agreement.createdAt)}`,
          }
        : {
            key: 'operating_agreement',
            label: 'Operating agreement',
            by: 'us',
            delivered: false,
            status: 'Prepared when we start filing',
            missing: 'the operating agreement is not generated',
          },
    );
  }
  if (input.filingDetails?.registeredAgent?.kind === 'ours') {
    // Our appointment is on the state's record once the state approved the filing that names us.
    out.push(
      stamped
        ? {
            key: 'registered_agent',
            label: 'Registered agent appointment',
            by: 'us',
            delivered: true,
            deliveredAt: stamped.createdAt,
            status: `We are your registered agent, on the state's record since ${on(stamped.createdAt)}`,
          }
        : {
            key: 'registered_agent',
            label: 'Registered agent appointment',
            by: 'us',
            delivered: false,
            status: 'Named on your filing; on the record once the state approves it',
            missing: 'the state has not approved the filing that appoints us (no state-stamped document)',
          },
    );
  }
  const state = (input.pricedOrder?.state ?? input.state ?? '').toUpperCase();
  if (bought(input, 'dbaRegistration')) {
    const registered = newest(input, 'dba_registration');
    const name = input.dbaName ? `"${input.dbaName}"` : 'your creator name';
    out.push(
      registered
        ? {
            key: 'dba',
            label: `DBA: ${name}`,
            by: 'us',
            delivered: true,
            deliveredAt: registered.createdAt,
            status: `Registered; the filed copy is in your vault since ${on(registered.createdAt)}`,
          }
        : {
            key: 'dba',
            label: `DBA: ${name}`,
            by: 'us',
            delivered: false,
            status: 'We file it once the state has approved the LLC (the LLC must exist to own the name)',
            missing: 'the registered DBA is not uploaded',
          },
    );
  }
  if (bought(input, 'form2553')) {
    const worksheet = newest(input, 'form_2553_worksheet');
    const newer = form2553WorksheetOutdatedBy(input);
    const outdatedBy = newer.join(' and ');
    out.push(
      worksheet && outdatedBy
        ? {
            key: 'form_2553',
            label: 'Form 2553 prepared for you',
            by: 'us',
            delivered: false,
            status: `We are adding ${outdatedBy} to your worksheet`,
            missing: `the Form 2553 worksheet was made before ${outdatedBy} ${newer.length > 1 ? 'were' : 'was'} recorded: generate it again`,
          }
        : worksheet
          ? {
              key: 'form_2553',
              label: 'Form 2553 prepared for you',
              by: 'us',
              delivered: true,
              deliveredAt: worksheet.createdAt,
              status: `The filled worksheet is in your vault since ${on(worksheet.createdAt)}: sign and send the form by its deadline`,
            }
          : {
              key: 'form_2553',
              label: 'Form 2553 prepared for you',
              by: 'us',
              delivered: false,
              status: 'Prepared when we start filing, with the answers your order holds',
              missing: 'the Form 2553 worksheet is not generated',
            },
    );
  }
  const home = (input.residenceState ?? '').toUpperCase();
  if (home && state && home !== state) {
    const name = findState(home)?.name ?? home;
    out.push({
      key: 'home_registration',
      label: `Registration in ${name}, your home state`,
      by: 'customer',
      delivered: false,
      status: `Your task: it is on your compliance calendar with its form, fee and source`,
    });
  }
  return out;
}

/** What we owe and have not delivered: the order cannot be completed while this is not empty. */
export function missingDeliverables(input: DeliverablesInput | { deliverables: readonly Deliverable[] }): Deliverable[] {
  const list = 'deliverables' in input ? input.deliverables : deliverablesFor(input);
  return list.filter((d) => d.by === 'us' && !d.delivered);
}

/** The sentence the Mark Complete button shows, and the server's refusal says, or undefined. */
export function completionBlocker(input: DeliverablesInput | { deliverables: readonly Deliverable[] }): string | undefined {
  const missing = missingDeliverables(input);
  if (missing.length === 0) return undefined;
  return `Not everything the order bought is delivered: ${missing.map((d) => d.missing ?? d.label).join('; ')}`;
}

/** The lines of the "documents ready" email: what is delivered, as the checklist says. */
export function deliveredLines(list: readonly Deliverable[]): string[] {
  return list.filter((d) => d.by === 'us' && d.delivered).map((d) => `${d.label}: ${d.status}`);
}

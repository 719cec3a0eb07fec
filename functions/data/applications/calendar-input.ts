import { type CalendarInput, formationDateOf, type RegisteredAgentChoice, renewalStatus } from '#shared/compliance/calendar.ts';
import { payerExpiry } from '#shared/payers/payers.ts';
import { REGISTERED_AGENT_RENEWAL_USD } from '#shared/state-facts/our-prices.ts';
import type { ApplicationItem } from './item.ts';

/**
 * What the compliance calendar reads of an order as stored: its input (shared/compliance/calendar.ts),
 * the renewal price agreed. The reminders table's rows are written from it in the order's own
 * transactions (../reminders.ts); the calendar itself is functions/compliance/order-calendar.ts.
 */

/** What the calendar reads of an order. */
export type CalendarOrder = Pick<
  ApplicationItem,
  | 'id'
  | 'state'
  | 'residenceState'
  | 'paymentStatus'
  | 'paidAt'
  | 'filedOn'
  | 'operatingAgreement'
  | 'feinFiling'
  | 'filingDetails'
  | 'renewalCancelledAt'
  | 'remindersUnsubscribedAt'
  | 'renewalCard'
  | 'renewalCharge'
  | 'renewalHistory'
  | 'documents'
  | 'dbaName'
  | 'savedTaxPlan'
  | 'sCorpElection'
  | 'payers'
  | 'purchases'
  | 'annualReportFilings'
  | 'annualReportService'
  | 'annualReportCancelledAt'
>;

export const agentOf = (order: Pick<CalendarOrder, 'filingDetails'>): RegisteredAgentChoice | undefined => {
  const agent = order.filingDetails?.registeredAgent as RegisteredAgentChoice | undefined;
  return agent && (agent.kind === 'ours' || agent.kind === 'own') ? agent : undefined;
};

/**
 * The yearly renewal price the customer agreed to: the one recorded with their consent (the
 * filing details), or the price list's for an order that predates the record. Never the price
 * in force today: the notices, the order page and the charge all quote this one.
 */
export function agreedRenewalUsd(order: Pick<CalendarOrder, 'filingDetails'>): number {
  return agentOf(order)?.renewalPriceUsd ?? REGISTERED_AGENT_RENEWAL_USD;
}

export const lapsedAt = (order: Pick<CalendarOrder, 'renewalCharge'>) => (order.renewalCharge?.state === 'lapsed' ? order.renewalCharge.lapsedAt : undefined);

/** The calendar's input for an order; undefined before payment (no formation date yet). */
export function calendarInputOf(order: CalendarOrder): (CalendarInput & { from: 'filing' | 'payment' }) | undefined {
  const formation = formationDateOf(order);
  if (!formation || !order.state) return undefined;
  return {
    state: order.state,
    ...(order.residenceState ? { residence: order.residenceState } : {}),
    formationDate: formation.date,
    from: formation.from,
    addOns: { operatingAgreement: order.operatingAgreement === true, feinFiling: order.feinFiling === true },
    renewal: renewalStatus(agentOf(order), order.renewalCancelledAt, lapsedAt(order)),
    renewalCancelledAt: order.renewalCancelledAt,
    renewalLapsedAt: lapsedAt(order),
    renewalPriceUsd: agentOf(order)?.renewalPriceUsd,
    ...dbaOf(order),
    ...homeRegistrationOf(order),
    // The saved inputs: the calendar computes the amounts with today's engine.
    ...(order.savedTaxPlan ? { taxPlan: order.savedTaxPlan } : {}),
    ...(order.sCorpElection?.sent
      ? { election: { sentOn: order.sCorpElection.sent.on, ...(order.sCorpElection.effectiveOn ? { effectiveOn: order.sCorpElection.effectiveOn } : {}) } }
      : {}),
    ...payerTaxFormsOf(order),
    ...(order.payers?.length ? { payersListed: true } : {}),
    // The annual reports we filed for the customer (docs/decisions/0431): their calendar events read as done.
    ...(order.annualReportFilings?.length ? { annualReportsFiled: order.annualReportFilings.map((f) => ({ dueOn: f.dueOn, filedOn: f.filedOn })) } : {}),
    ...(order.annualReportService && !order.annualReportCancelledAt ? { annualReportsOurs: true } : {}),
  };
}

/** The days the payers' tax forms expire, where the platform sets one (YouTube's): their reminder series (docs/decisions/0432). */
function payerTaxFormsOf(order: Pick<CalendarOrder, 'payers'>): { payerTaxForms?: string[] } {
  const dates = (order.payers ?? []).flatMap((p) => payerExpiry(p)?.expiresOn ?? []);
  return dates.length ? { payerTaxForms: dates } : {};
}

/** The home-state registration bought after payment (docs/decisions/0429), registered once staff uploaded the certificate of authority. */
function homeRegistrationOf(order: Pick<CalendarOrder, 'documents' | 'purchases'>): { homeRegistration?: CalendarInput['homeRegistration'] } {
  if (!(order.purchases ?? []).some((p) => p.key === 'homeStateRegistration' && p.state === 'paid')) return {};
  const certificate = (order.documents ?? []).filter((d) => d.kind === 'certificate_of_authority').sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  return { homeRegistration: certificate ? { registeredOn: certificate.createdAt.slice(0, 10) } : {} };
}

/** The DBA once staff recorded its registration (the newest upload of it dates it). */
function dbaOf(order: Pick<CalendarOrder, 'documents' | 'dbaName'>): { dba?: CalendarInput['dba'] } {
  const registered = (order.documents ?? []).filter((d) => d.kind === 'dba_registration').sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  return registered ? { dba: { name: order.dbaName || 'your creator name', registeredOn: registered.createdAt.slice(0, 10) } } : {};
}

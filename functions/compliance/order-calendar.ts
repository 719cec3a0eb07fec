import type { OrderCalendar, RenewalView } from '#shared/compliance/api.schema.ts';
import { type CalendarInput, complianceCalendar, formationDateOf, type RegisteredAgentChoice, renewalStatus } from '#shared/compliance/calendar.ts';
import { addYears, dayOf } from '#shared/compliance/dates.ts';
import { RENEWAL_GRACE_DAYS } from '#shared/compliance/renewal-charges.ts';
import { REGISTERED_AGENT_RENEWAL_USD } from '#shared/state-facts/our-prices.ts';
import { findState } from '#shared/states.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import { ConflictError } from '../lib/errors.ts';

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
>;

const agentOf = (order: Pick<CalendarOrder, 'filingDetails'>): RegisteredAgentChoice | undefined => {
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

const lapsedAt = (order: Pick<CalendarOrder, 'renewalCharge'>) => (order.renewalCharge?.state === 'lapsed' ? order.renewalCharge.lapsedAt : undefined);

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
    // The saved inputs: the calendar computes the amounts with today's engine.
    ...(order.savedTaxPlan ? { taxPlan: order.savedTaxPlan } : {}),
  };
}

/** The DBA once staff recorded its registration (the newest upload of it dates it). */
function dbaOf(order: Pick<CalendarOrder, 'documents' | 'dbaName'>): { dba?: CalendarInput['dba'] } {
  const registered = (order.documents ?? []).filter((d) => d.kind === 'dba_registration').sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  return registered ? { dba: { name: order.dbaName || 'your creator name', registeredOn: registered.createdAt.slice(0, 10) } } : {};
}

export const orderNotPaid = () =>
  new ConflictError('The compliance calendar starts once the order is paid: its dates count from the formation of the LLC', 'order_not_paid');

/** The registered agent renewal as the order page shows it. */
/**
 * When a cancelled service ends: the first anniversary of the formation after the day it was
 * cancelled (the end of the free first year, or of the renewed year under way). A cancelled
 * renewal can be undone until then.
 */
export function serviceEndsOn(formationDate: string, cancelledOn: string): string {
  let years = 1;
  while (addYears(formationDate, years) <= cancelledOn) years++;
  return addYears(formationDate, years);
}

export function renewalView(order: CalendarOrder): RenewalView {
  const input = calendarInputOf(order);
  const status = input?.renewal ?? renewalStatus(agentOf(order), order.renewalCancelledAt, lapsedAt(order));
  const charge = order.renewalCharge;
  const firstYearEndsOn = input && status !== 'own-agent' ? addYears(input.formationDate, 1) : undefined;
  const endsOn =
    status === 'cancelled' && input && order.renewalCancelledAt ? serviceEndsOn(input.formationDate, dayOf(Date.parse(order.renewalCancelledAt))) : undefined;
  return {
    status,
    priceUsd: agreedRenewalUsd(order),
    ...(firstYearEndsOn ? { firstYearEndsOn } : {}),
    ...(status === 'renews' && firstYearEndsOn ? { nextChargeOn: firstYearEndsOn } : {}),
    ...(status === 'cancelled' && order.renewalCancelledAt ? { cancelledAt: order.renewalCancelledAt } : {}),
    ...(endsOn ? { serviceEndsOn: endsOn } : {}),
    ...(order.renewalCard?.last4 ? { cardLast4: order.renewalCard.last4 } : {}),
    graceDays: RENEWAL_GRACE_DAYS,
    ...(charge
      ? {
          charge: {
            period: charge.period,
            state: charge.state,
            amountCents: charge.amountCents,
            ...(charge.state === 'payment-due' && charge.graceEndsOn ? { graceEndsOn: charge.graceEndsOn } : {}),
            ...(charge.failure ? { failure: charge.failure.message } : {}),
          },
        }
      : {}),
    history: order.renewalHistory ?? [],
  };
}

/** GET /api/orders/{id}/calendar: the events from today to three years ahead (409 before payment). */
export function orderCalendar(order: CalendarOrder, now = Date.now()): OrderCalendar {
  const input = order.paymentStatus === 'paid' ? calendarInputOf(order) : undefined;
  const events = input ? complianceCalendar(input, { today: dayOf(now) }) : undefined;
  if (!input || !events) throw orderNotPaid();
  const view = renewalView(order);
  // A renewal charged every year: the next one is the first anniversary still ahead.
  if (view.status === 'renews' && view.nextChargeOn) {
    let next = view.nextChargeOn;
    for (let k = 2; next < dayOf(now); k++) next = addYears(input.formationDate, k);
    view.nextChargeOn = next;
  }
  const home = input.residence && input.residence !== input.state ? findState(input.residence) : undefined;
  return {
    state: input.state,
    stateName: findState(input.state)?.name ?? input.state,
    ...(home ? { homeState: home.code, homeStateName: home.name } : {}),
    formationDate: input.formationDate,
    formationDateFrom: input.from,
    events,
    registeredAgent: view,
    remindersUnsubscribed: Boolean(order.remindersUnsubscribedAt),
  };
}

import { agentExitOffice, agentExitSteps, refundableRenewal, refundWords, serviceEndsOn } from '#shared/compliance/agent-exit.ts';
import type { OrderCalendar, RenewalView } from '#shared/compliance/api.schema.ts';
import { complianceCalendar, renewalStatus } from '#shared/compliance/calendar.ts';
import { addYears, dayOf } from '#shared/compliance/dates.ts';
import { RENEWAL_GRACE_DAYS, type RenewalCharge } from '#shared/compliance/renewal-charges.ts';
import { withPayerTaxForms } from '#shared/payers/calendar.ts';
import { findState } from '#shared/states.ts';
import { agentOf, agreedRenewalUsd, type CalendarOrder, calendarInputOf, lapsedAt } from '../data/applications/calendar-input.ts';
import { ConflictError } from '../lib/errors.ts';

export const orderNotPaid = () =>
  new ConflictError('The compliance calendar starts once the order is paid: its dates count from the formation of the LLC', 'order_not_paid');

/**
 * The registered agent renewal as the order page shows it, on `now`'s day: with what leaving the
 * service gives (shared/compliance/agent-exit.ts) while the renewal stands or once it is cancelled.
 */
export function renewalView(order: CalendarOrder, now = Date.now()): RenewalView {
  const input = calendarInputOf(order);
  const status = input?.renewal ?? renewalStatus(agentOf(order), order.renewalCancelledAt, lapsedAt(order));
  const charge = order.renewalCharge;
  const firstYearEndsOn = input && status !== 'own-agent' ? addYears(input.formationDate, 1) : undefined;
  const cancelledOn = status === 'cancelled' && order.renewalCancelledAt ? dayOf(Date.parse(order.renewalCancelledAt)) : undefined;
  const endsOn = cancelledOn && input ? serviceEndsOn(input.formationDate, cancelledOn, Boolean(charge?.refund)) : undefined;
  const exit = input && (status === 'renews' || status === 'cancelled') ? exitOf(input.state, input.formationDate, charge, cancelledOn, dayOf(now)) : undefined;
  return {
    status,
    priceUsd: agreedRenewalUsd(order),
    ...(firstYearEndsOn ? { firstYearEndsOn } : {}),
    ...(status === 'renews' && firstYearEndsOn ? { nextChargeOn: firstYearEndsOn } : {}),
    ...(status === 'cancelled' && order.renewalCancelledAt ? { cancelledAt: order.renewalCancelledAt } : {}),
    ...(endsOn ? { serviceEndsOn: endsOn } : {}),
    ...(exit ? { exit } : {}),
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

/** Leaving the service: as cancelled on `cancelledOn`, or as it would be if cancelled `today`. */
function exitOf(state: string, formationDate: string, charge: RenewalCharge | undefined, cancelledOn: string | undefined, today: string): RenewalView['exit'] {
  const refundCents = cancelledOn ? (charge?.refund?.amountCents ?? 0) : (refundableRenewal(charge, today)?.amountCents ?? 0);
  const on = cancelledOn ?? today;
  const endsOn = serviceEndsOn(formationDate, on, refundCents > 0);
  const office = agentExitOffice(state);
  return {
    endsOn,
    refundCents,
    refund: refundWords(refundCents, on < addYears(formationDate, 1)),
    steps: agentExitSteps(state, endsOn),
    ...(office ? { office } : {}),
  };
}

/** GET /api/orders/{id}/calendar: the events from today to three years ahead (409 before payment). */
export function orderCalendar(order: CalendarOrder, now = Date.now()): OrderCalendar {
  const input = order.paymentStatus === 'paid' ? calendarInputOf(order) : undefined;
  const events = input ? withPayerTaxForms(complianceCalendar(input, { today: dayOf(now) }), order.payers, dayOf(now)) : undefined;
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

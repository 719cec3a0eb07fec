import type { OrderCalendar, RenewalView } from '#shared/compliance/api.schema.ts';
import { complianceCalendar, renewalStatus } from '#shared/compliance/calendar.ts';
import { addYears, dayOf } from '#shared/compliance/dates.ts';
import { RENEWAL_GRACE_DAYS } from '#shared/compliance/renewal-charges.ts';
import { withPayerTaxForms } from '#shared/payers/calendar.ts';
import { findState } from '#shared/states.ts';
import { agentOf, agreedRenewalUsd, type CalendarOrder, calendarInputOf, lapsedAt } from '../data/applications/calendar-input.ts';
import { ConflictError } from '../lib/errors.ts';

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

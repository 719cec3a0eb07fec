import { type ChargedReport, chargedReports, reportRefundDecision } from '#shared/compliance/annual-report-refund.ts';
import type { AnnualReportCharge, AnnualReportEvent } from '#shared/compliance/annual-report-service.ts';
import { dayOf } from '#shared/compliance/dates.ts';
import { formatExactCents } from '#shared/money.ts';
import { refundArrival } from '#shared/payments/refunds.ts';
import type { StaffPerson } from '#shared/staff/accounts.ts';
import type { AnnualReportRefund } from '#shared/staff/annual-report-refund.schema.ts';
import { findState } from '#shared/states.ts';
import { activityPut } from '../data/activity.ts';
import { refundAnnualReportWrite } from '../data/applications/annual-report.ts';
import { type ApplicationItem, versionOf } from '../data/applications/item.ts';
import { findApplication, getApplication } from '../data/applications/reads.ts';
import { type StaffApplicationView, toStaffApplication } from '../data/applications/staff.ts';
import { auditPut } from '../data/audit.ts';
import { cardMode, notConfigured } from '../lib/card-mode.ts';
import { stripeClient } from '../lib/clients/stripe.ts';
import { ConflictError } from '../lib/errors.ts';
import type { EmailPayloads } from '../outbox/messages.ts';
import { outboxPut } from '../outbox/outbox.ts';
import { ANNUAL_REPORT_PURPOSE, annualReportView, filingRowDelete } from './annual-report.ts';

/**
 * An owner refunds one annual report's charge (docs/decisions/0435-refund-a-report-charge.md), as
 * the Refund Policy allows it (shared/compliance/annual-report-refund.ts). The order of writes is
 * the registered agent renewal's refund (0427): the provider's refund first, under the key
 * `annual-report-refund:<order>:<due date>` (and a refund the payment already has is reused, so a
 * retry after Stripe's 24 hours of a key does not refund twice), then one write conditional on the
 * order's version read: the history's `refunded` line, the activity and audit entries, the email,
 * and the report off the staff's list to file. Two refunds at once get the same refund from the
 * provider; one write wins and the other answers 409.
 */

export const annualReportRefundKey = (applicationId: string, dueOn: string) => `annual-report-refund:${applicationId}:${dueOn}`;

type ProviderRefund = { id: string; amountCents: number; at: string; provider: 'stripe' | 'test' };

/** The payment the report was paid with: the current charge's, else its history line's. */
function paymentOf(app: ApplicationItem, report: ChargedReport): string | undefined {
  const charge = app.annualReportCharge;
  if (charge?.period === report.dueOn && charge.reference) return charge.reference;
  return report.reference;
}

async function refundAtProvider(
  app: ApplicationItem,
  report: ChargedReport,
  reference: string,
  reason: string,
  by: string,
  now: number,
): Promise<ProviderRefund> {
  const at = new Date(now).toISOString();
  // The offline test provider's payments: nothing to send back.
  if (reference.startsWith('pi_test_'))
    return { id: `test_refund_${annualReportRefundKey(app.id, report.dueOn).replace(/\W/g, '_')}`, amountCents: report.amountCents, at, provider: 'test' };
  const stripe = (await cardMode()) === 'stripe' ? await stripeClient() : undefined;
  if (!stripe) throw notConfigured('Card refund');
  const made = (await stripe.refunds.list({ payment_intent: reference, limit: 10 })).data.find((r) => r.status === 'succeeded' || r.status === 'pending');
  const refund =
    made ??
    (await stripe.refunds.create(
      {
        payment_intent: reference,
        reason: 'requested_by_customer',
        metadata: { applicationId: app.id, purpose: ANNUAL_REPORT_PURPOSE, dueOn: report.dueOn, reason: reason.slice(0, 500), by },
      },
      { idempotencyKey: annualReportRefundKey(app.id, report.dueOn) },
    ));
  if (refund.status === 'failed' || refund.status === 'canceled')
    throw new ConflictError(`Stripe could not refund the report's charge (${refund.failure_reason ?? refund.status}): nothing was refunded`, 'refund_failed');
  return { id: refund.id, amountCents: refund.amount, at, provider: 'stripe' };
}

/** The customer's `annual_report` email of the refund, once per report; none without an address. */
function refundEmail(app: ApplicationItem, payload: Omit<EmailPayloads['annual_report'], 'event' | 'firstName' | 'businessName' | 'stateName'>, now: number) {
  if (!app.email) return [];
  const code = app.annualReportService?.state ?? app.pricedOrder?.state ?? app.state ?? '';
  return [
    outboxPut(
      {
        kind: 'annual_report',
        to: app.email,
        applicationId: app.id,
        dedupeKey: `annual-report:${app.id}:${payload.dueOn}:refunded`,
        payload: {
          event: 'refunded',
          firstName: app.firstName ?? '',
          businessName: app.businessName ?? '',
          stateName: findState(code)?.name ?? code,
          ...payload,
        },
      },
      now,
    ),
  ];
}

const refusal = (app: ApplicationItem, dueOn: string, now: number) => {
  const decision = reportRefundDecision(chargedReports(app), dueOn, dayOf(now));
  return decision.ok ? undefined : new ConflictError(decision.message, decision.code);
};

/**
 * POST /api/staff/applications/{id}/annual-report/refund. 409 `not_charged`, `already_refunded`,
 * `report_filed` (the policy's refusals), `no_payment_reference`, `refund_failed`,
 * `version_conflict` (the order changed meanwhile: trying again reuses the same refund).
 */
export async function refundAnnualReport(id: string, request: AnnualReportRefund, actor: StaffPerson, now = Date.now()): Promise<StaffApplicationView> {
  const app = await getApplication(id);
  const decision = reportRefundDecision(chargedReports(app), request.dueOn, dayOf(now));
  if (!decision.ok) throw new ConflictError(decision.message, decision.code);
  const { report } = decision;
  const reference = paymentOf(app, report);
  if (!reference)
    throw new ConflictError(
      `The payment of the annual report due ${report.dueOn} is not recorded on the order: refund it in Stripe's dashboard and note it on the order`,
      'no_payment_reference',
    );
  const reason = request.reason.trim();
  const refund = await refundAtProvider(app, report, reference, reason, actor.email, now);
  const event: AnnualReportEvent = {
    kind: 'refunded',
    period: report.dueOn,
    amountCents: refund.amountCents,
    at: refund.at,
    detail: reason,
    reference: refund.id,
  };
  const current = app.annualReportCharge?.period === report.dueOn ? app.annualReportCharge : undefined;
  const charge: AnnualReportCharge | undefined = current
    ? { ...current, refund: { id: refund.id, amountCents: refund.amountCents, at: refund.at } }
    : undefined;
  const view = annualReportView(app, now);
  const next = view.status === 'active' && view.chargeOn && view.nextDueOn !== report.dueOn ? view.chargeOn : undefined;
  const written = await refundAnnualReportWrite(app.id, versionOf(app), event, charge, refund.at, [
    activityPut(
      'annual_report_refunded',
      `Annual report due ${report.dueOn}: ${formatExactCents(refund.amountCents)} refunded by ${actor.email} (${refund.id}): ${reason}${report.filedOn ? '' : '; not to be filed by us'}`,
      app.id,
    ),
    auditPut({
      actor,
      action: 'annual_report_refunded',
      applicationId: app.id,
      subject: `annual report due ${report.dueOn}`,
      before: { amountCents: report.amountCents, reference, ...(report.filedOn ? { filedOn: report.filedOn } : {}) },
      after: { refundId: refund.id, amountCents: refund.amountCents, reason, owed: decision.owed },
    }),
    ...refundEmail(
      app,
      {
        dueOn: report.dueOn,
        amountCents: refund.amountCents,
        reason,
        arrival: refundArrival(refund.provider),
        ...(report.filedOn ? { filedOn: report.filedOn } : {}),
        ...(next ? { chargeOn: next } : {}),
      },
      now,
    ),
    ...(report.filedOn ? [] : [filingRowDelete(app.id, report.dueOn)]),
  ]);
  if (!written) {
    // A refund written meanwhile (two at once) says so; any other change: try again, which reuses the refund.
    const latest = await findApplication(app.id);
    throw (
      (latest && refusal(latest, report.dueOn, now)) ??
      new ConflictError('The order changed while refunding the report; reload it and try again (the same refund is used)', 'version_conflict')
    );
  }
  return toStaffApplication(await getApplication(id));
}

import { normaliseStatus } from '#shared/application-status.ts';
import { boughtFlags } from '#shared/catalog/catalog.ts';
import { formationDateOf, sCorpElectionDeadline } from '#shared/compliance/calendar.ts';
import { dayOf } from '#shared/compliance/dates.ts';
import { keepsOwnersOffRecord } from '#shared/filing/facts.ts';
import { deliverablesFor, missingDeliverables } from '#shared/orders/deliverables.ts';
import type { OrderDocument, OrderView, TimelineStep } from '#shared/orders/view.schema.ts';
import { PROVIDER_RECEIPT_NAMES } from '#shared/payments/methods.ts';
import { orderForApplication } from '#shared/payments/order.ts';
import { processingTimeFor } from '#shared/pricing.ts';
import { payrollHandOff } from '#shared/s-corp/payroll.ts';
import type { SavedTaxPlanView } from '#shared/saved-tax-plan.schema.ts';
import { computeSavedPlan, planOnDay, type SavedTaxPlan } from '#shared/saved-tax-plan.ts';
import { calculateSavings } from '#shared/savings.ts';
import { noStandardTimeSentence, processingFor } from '#shared/state-facts/processing-times.ts';
import { findState } from '#shared/states.ts';
import { DEFAULT_RUNNING_COSTS, taxPlanAnswer, yearFiguresOf } from '#shared/tax-plan.ts';
import { platformLabel } from '#shared/wizard/options.ts';
import { writtenDate } from '#shared/written-date.ts';
import { type ApplicationItem, versionOf } from '../data/applications/item.ts';
import { detailsEditable } from '../data/applications/order-page.ts';
import { orderElection } from '../documents/order/election-view.ts';
import { orderMail } from '../documents/order/mail-view.ts';
import { type TaxSummaryDocument, taxSummaryDocument } from '../documents/order/tax-summary.ts';
import { customerDocuments } from '../documents/order/view.ts';

/**
 * The customer's order page, built from the order as stored (docs/product.md section 10): the
 * timeline mirrors the staff workflow, the receipt repeats checkout's figures, and the next steps
 * quote the state's published processing time rather than a promise of ours.
 */

const STEP_LABELS: Record<TimelineStep['step'], string> = {
  paid: 'Payment received',
  details: 'Filing details complete',
  processing: 'Filing with the state',
  filed: 'Filed by the state',
  completed: 'Completed: documents ready',
};

const ADVANCED = ['processing', 'filed', 'completed'];

function timeline(app: ApplicationItem): TimelineStep[] {
  const status = normaliseStatus(app.status);
  const paid = app.paymentStatus === 'paid' || app.paymentStatus === 'refunded' || app.paymentStatus === 'disputed';
  const reached: Record<TimelineStep['step'], { done: boolean; at?: string; detail?: string }> = {
    paid: { done: paid, at: app.paidAt },
    details: { done: Boolean(app.detailsCompletedAt), at: app.detailsCompletedAt },
    processing: { done: ADVANCED.includes(status), at: app.processingAt },
    filed: {
      done: status === 'filed' || status === 'completed',
      at: app.filedAt,
      detail: app.fileNumber ? `File number ${app.fileNumber}${app.filedOn ? `, filed ${writtenDate(app.filedOn)}` : ''}` : undefined,
    },
    completed: { done: status === 'completed', at: app.completedAt },
  };
  const steps = (Object.keys(STEP_LABELS) as TimelineStep['step'][]).map((step) => ({ step, label: STEP_LABELS[step], ...reached[step] }));
  // Staff may start processing only with complete details, but an order from before that rule
  // may be further along: a later step done means the earlier ones are too.
  for (let i = steps.length - 2; i >= 0; i--) if (steps[i + 1].done) steps[i].done = true;
  const current = app.paymentStatus === 'refunded' ? -1 : steps.findIndex((s) => !s.done);
  return steps.map((s, i) => ({
    step: s.step,
    label: s.label,
    done: s.done,
    current: i === current,
    ...(s.at ? { at: s.at } : {}),
    ...(s.detail ? { detail: s.detail } : {}),
  }));
}

function nextSteps(app: ApplicationItem, stateName: string, processingTime: string): string[] {
  const status = normaliseStatus(app.status);
  if (app.paymentStatus === 'refunded') return ['This order was refunded. If that is unexpected, send us a change request below.'];
  if (app.paymentStatus === 'disputed')
    return [
      'Your bank told us you disputed this payment. We have paused work on the order until the dispute is closed; if that is unexpected, send us a message below.',
    ];
  if (app.paymentStatus !== 'paid') return ['This order is not paid yet.'];
  const facts = processingFor(app.pricedOrder?.state ?? app.state ?? '');
  // Where the state publishes no time, say so instead of "takes <no time>".
  const stateTime =
    !facts || processingTime === noStandardTimeSentence(facts)
      ? `${facts ? processingTime : `We have no processing time for ${stateName}`}, so we cannot say how long the state takes to approve the filing.`
      : // The data's wording varies ("Up to 15 business days", a whole sentence): it follows a colon as written.
        `${stateName}'s own published time to approve a filing: ${processingTime.trim().replace(/\.$/, '')}.`;
  if (status === 'completed') {
    const owed = missingDeliverables(app);
    return owed.length === 0
      ? ['Your LLC is formed and everything your order bought is delivered: see the checklist and the vault below.']
      : ['Your LLC is formed. The checklist below says what of your order is still on its way.'];
  }
  if (status === 'filed')
    return [
      `${stateName} approved the filing${app.fileNumber ? ` (file number ${app.fileNumber})` : ''}.`,
      'We are putting together your final documents; we email you when they are in the vault.',
    ];
  if (status === 'processing')
    return [`We have prepared your filing and are submitting it to ${stateName}.`, stateTime, 'We email you when the state approves it.'];
  if (!app.detailsCompletedAt)
    return [
      `Complete the filing details below: ${stateName} needs them on your formation document, and we cannot file without them.`,
      `Once they are complete we prepare the filing and submit it to ${stateName}. ${stateTime}`,
    ];
  return [
    'Your details are complete. We prepare your filing next and email you when we submit it.',
    stateTime,
    'You can still correct the details below until we start.',
  ];
}

function receipt(app: ApplicationItem): OrderView['receipt'] {
  if (!app.paidAt || typeof app.amountPaidCents !== 'number') return null;
  // The same price function checkout used, on the order as it was frozen when payment started.
  const order = orderForApplication({ ...app, ...(app.pricedOrder ? { state: app.pricedOrder.state } : {}) });
  return {
    lines: (order?.lines ?? []).map(({ label, amount }) => ({ label, amount })),
    total: app.amountPaidCents / 100,
    provider: PROVIDER_RECEIPT_NAMES[app.paymentProvider ?? ''] ?? app.paymentProvider ?? '',
    paidAt: app.paidAt,
    ...(typeof app.amountRefundedCents === 'number' ? { refunded: app.amountRefundedCents / 100 } : {}),
  };
}

/** The order page; `documents` defaults to the order's vault (functions/documents/order/view.ts). */
export function orderView(app: ApplicationItem, documents: OrderDocument[] = customerDocuments(app), now = Date.now()): OrderView {
  const code = app.pricedOrder?.state ?? app.state ?? '';
  const stateName = findState(code)?.name ?? code;
  const sold = boughtFlags(app);
  const processingTime = processingFor(code) ? processingTimeFor(code, sold) : 'an unknown time';
  const ein = sold.feinFiling;
  return {
    id: app.id,
    businessName: app.businessName ?? '',
    state: code,
    stateName,
    status: normaliseStatus(app.status),
    paymentStatus: app.paymentStatus ?? 'unpaid',
    email: app.email ?? '',
    ...(app.emailChange ? { emailChange: { id: app.emailChange.id, email: app.emailChange.email, requestedAt: app.emailChange.requestedAt } } : {}),
    applicant: {
      firstName: app.firstName ?? '',
      lastName: app.lastName ?? '',
      phone: app.phone ?? '',
      residenceState: app.residenceState ?? '',
      platforms: (app.platforms ?? []).map(platformLabel),
    },
    timeline: timeline(app),
    receipt: receipt(app),
    details: {
      ein,
      operatingAgreement: sold.operatingAgreement,
      complete: Boolean(app.detailsCompletedAt),
      ...(app.detailsCompletedAt ? { completedAt: app.detailsCompletedAt } : {}),
      editable: detailsEditable(app),
      taxIdOnFile: Boolean(app.sealedTaxId),
      ownersOffRecord: keepsOwnersOffRecord(code),
      chosePrivacy: app.priority === 'privacy',
      value: app.filingDetails ?? null,
    },
    ...(app.fileNumber ? { fileNumber: app.fileNumber } : {}),
    ...(app.filedOn ? { filedOn: app.filedOn } : {}),
    nextSteps: nextSteps(app, stateName, processingTime),
    processingTime,
    documents,
    ...(app.mail?.length ? { mail: orderMail(app) } : {}),
    ...electionOf(orderElection(app, now)),
    deliverables: deliverablesFor(app),
    ...(app.ein ? { ein: app.ein } : {}),
    ...taxPlanOf(app, dayOf(now)),
    version: versionOf(app),
  };
}

/** The planner's starting point for a paid order: the wizard's profit and the first Form 2553 deadline; the saved plan as it stands `today`. */
function taxPlanOf(app: ApplicationItem, today: string): { taxPlan?: OrderView['taxPlan'] } {
  const formation = formationDateOf({ filedOn: app.filedOn, paidAt: app.paidAt });
  if (!formation) return {};
  const yearlyExpenses = app.monthlyExpenses ? calculateSavings(app.monthlyExpenses).annualExpenses : 0;
  return {
    taxPlan: {
      profit: Math.max(0, Math.round((app.annualIncome ?? 0) - yearlyExpenses)),
      sCorpElectionDeadline: sCorpElectionDeadline(formation.date),
      deadlineFrom: formation.from,
      ...(app.savedTaxPlan ? { saved: savedTaxPlanView(app, app.savedTaxPlan, today) } : {}),
    },
  };
}

const electionOf = <T>(view: T | undefined) => (view ? { election: view } : {});

/** The saved plan as the order page shows it: its inputs, the plan computed now, and the safe harbour in words, true on `today`. */
function savedTaxPlanView(app: ApplicationItem, saved: SavedTaxPlan, today: string): SavedTaxPlanView {
  const plan = computeSavedPlan(saved);
  const { priorYearTax } = saved.request;
  const onDay = planOnDay(plan, today, { ...(priorYearTax !== undefined ? { priorYearTax } : {}), year: yearFiguresOf(plan) });
  return {
    savedAt: saved.savedAt,
    request: saved.request,
    runningCosts: saved.runningCosts ?? DEFAULT_RUNNING_COSTS,
    ...(saved.incomeMap ? { incomeMap: saved.incomeMap } : {}),
    answer: taxPlanAnswer(plan),
    rule: onDay.rule,
    onDay,
    summaryDocumentId: (taxSummaryDocument(app) as TaxSummaryDocument).id,
    ...payrollOf(app, saved),
  };
}

/** Starting payroll for a plan with a salary: the home state's registrations (where the owner lives and works) and the LLC's EIN. */
function payrollOf(app: ApplicationItem, saved: SavedTaxPlan): { payroll?: NonNullable<SavedTaxPlanView['payroll']> } {
  const home = app.residenceState ?? app.state ?? '';
  const handOff = payrollHandOff(saved, { stateName: findState(home)?.name ?? home, ...(app.ein ? { ein: app.ein } : {}) });
  if (!handOff) return {};
  const { quarterly: _quarterly, ...shown } = handOff;
  return { payroll: shown };
}

import { completionBlocker, type Deliverable, type DeliverablesInput } from './orders/deliverables.ts';
import { blockerSentence, type DocumentsProblem } from './orders/document-blockers.ts';

/** The application lifecycle. `draft` is an unfinished wizard; staff work starts at `submitted`. */
export const APPLICATION_STATUSES = ['draft', 'submitted', 'processing', 'filed', 'completed'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * Statuses counted as "completed" on the dashboard: defined once, here. "Pending" is every paid
 * order not completed, whatever its status: the work queue's paid stages (shared/staff/work-queue.ts
 * PENDING_STAGES), never a status, since a submitted order may be unpaid.
 */
export const COMPLETED_STATUSES: readonly ApplicationStatus[] = ['completed'];
/** Statuses that count towards "total applications" (drafts are unfinished wizards). */
export const COUNTED_STATUSES: readonly ApplicationStatus[] = ['submitted', 'processing', 'filed', 'completed'];

/** Staff moves, each with the button that triggers it (docs/product.md section 4). */
export const STAFF_TRANSITIONS = [
  { from: 'submitted', to: 'processing', action: 'Start Processing' },
  { from: 'processing', to: 'filed', action: 'Mark Filed' },
  { from: 'filed', to: 'completed', action: 'Mark Complete' },
] as const satisfies readonly { from: ApplicationStatus; to: ApplicationStatus; action: string }[];

export function nextStaffTransition(status: string | undefined | null) {
  const current = normaliseStatus(status);
  return STAFF_TRANSITIONS.find((t) => t.from === current);
}

export function isAllowedStaffMove(from: string | undefined | null, to: string): boolean {
  return nextStaffTransition(from)?.to === to;
}

/** The staff move that ends in `to`, whatever the current status (undefined: not a staff move). */
export function staffMoveTo(to: string) {
  return STAFF_TRANSITIONS.find((t) => t.to === to);
}

/**
 * Why a staff move cannot happen now, in a sentence the dashboard shows beside the button, or
 * undefined when it can. The server refuses the same moves with the same sentence: every move
 * needs a recorded payment (docs/product.md section 10), and Mark Complete needs every
 * deliverable we owe delivered (shared/orders/deliverables.ts): the staff view carries its
 * computed `deliverables`, an application item is computed from its documents and fields.
 */
export function staffMoveBlocker(
  app: {
    status?: string | null;
    paymentStatus?: string | null;
    detailsCompletedAt?: string | null;
    deliverables?: readonly Deliverable[];
    documentsProblem?: DocumentsProblem | null;
  } & DeliverablesInput,
  to: string,
): string | undefined {
  const move = staffMoveTo(to);
  if (!move) return `${to} is not a staff move`;
  const from = normaliseStatus(app.status);
  if (from !== move.from) return `Only ${move.from} applications can be moved to ${to}; this one is ${from}`;
  if (app.paymentStatus === 'needs_review') return 'The payment needs review: refund it before anything else';
  // A chargeback pauses filing; a filed order may still be completed (what the state filed is owed).
  if (app.paymentStatus === 'disputed' && to !== 'completed') return DISPUTE_PAUSES_FILING;
  if (app.paymentStatus === 'disputed' && to === 'completed') return completionBlocker(app.deliverables ? { deliverables: app.deliverables } : app);
  if (app.paymentStatus !== 'paid') return 'Not paid yet: an order is processed, filed and completed only after its payment is recorded';
  if (to === 'processing' && !app.detailsCompletedAt)
    return 'The customer has not completed the filing details yet: the state filing cannot be prepared without them';
  // A failed generation is settled first: its reasons are in the documents panel.
  if ((to === 'filed' || to === 'completed') && app.documentsProblem?.blockers.length)
    return `The documents could not be generated: ${blockerSentence(app.documentsProblem.blockers)}. Fix it, press Generate, then continue`;
  // Mark Filed files our formation document: it must exist (generation refuses while it would have a gap).
  if (to === 'filed' && Array.isArray(app.documents) && !app.documents.some((d) => d.kind === 'formation' || d.kind === 'formation_worksheet'))
    return 'The formation document is not generated: fix what the documents panel says, press Generate, then file';
  if (to === 'completed') return completionBlocker(app.deliverables ? { deliverables: app.deliverables } : app);
  return undefined;
}

/** Why Start Processing and Mark Filed are refused while the payer's bank disputes the payment. */
export const DISPUTE_PAUSES_FILING =
  'The customer disputed the payment with their bank (a chargeback): filing is paused until the dispute is closed. Send evidence from the Stripe dashboard.';

/** A completed order goes back to filed when an owner reopens it (with a reason, audited). */
export const REOPEN_MOVE = { from: 'completed', to: 'filed', action: 'Reopen' } as const;

/**
 * Why Mark Filed's date cannot be `filedOn` (YYYY-MM-DD), or undefined: the state filed the LLC
 * after the order was paid (`paidAt`, its day as the payment recorded it) and not after today.
 */
export function filedDateProblem(filedOn: string, paidAt: string | null | undefined, today = new Date().toISOString().slice(0, 10)): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(filedOn)) return 'Enter the filing date: month, day and year';
  if (filedOn > today) return `The filing date cannot be in the future (today is ${today})`;
  const paidOn = paidAt ? paidAt.slice(0, 10) : undefined;
  if (paidOn && filedOn < paidOn) return `The filing date cannot be before the order was paid (${paidOn}): enter the date on the state's approval`;
  return undefined;
}

/** What a missing (or empty) status means (docs/product.md section 4). */
export const MISSING_STATUS_MEANS: ApplicationStatus = 'submitted';

/** A missing status is treated as submitted (docs/product.md section 4). */
export function normaliseStatus(status: string | undefined | null): string {
  return status ? status : MISSING_STATUS_MEANS;
}

export function isKnownStatus(status: string): status is ApplicationStatus {
  return (APPLICATION_STATUSES as readonly string[]).includes(status);
}

import { type ApplicationStatus, filedDateProblem, normaliseStatus, REOPEN_MOVE, staffMoveBlocker, staffMoveTo } from '#shared/application-status.ts';
import { boughtFlags } from '#shared/catalog/catalog.ts';
import { chargedReports } from '#shared/compliance/annual-report-refund.ts';
import { deliverablesFor, deliveredLines } from '#shared/orders/deliverables.ts';
import { PAYMENT_STATUSES, type PaymentStatus } from '#shared/payments/methods.ts';
import type { ApplicationListQuery, StaffApplication } from '#shared/staff/applications.schema.ts';
import { STAFF_APPLICATIONS_PAGE_SIZE } from '#shared/staff/list-page.ts';
import { queueStageOf } from '#shared/staff/work-queue.ts';
import { findState } from '#shared/states.ts';
import { ddb } from '../../lib/clients/dynamodb.ts';
import { QueryCommand, type TransactItem, TransactWriteCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { outboxPut } from '../../outbox/outbox.ts';
import { activityPut } from '../activity.ts';
import { type AuditActor, auditPut, SYSTEM_ACTOR } from '../audit.ts';
import { statusCounterUpdate } from '../counters.ts';
import { searchIndexChanges } from '../search-index.ts';
import { type ApplicationItem, changedMeanwhile, type DisputeRecord, displayName, ItemUpdate, table, updateWith, versionOf, whyNotWritten } from './item.ts';
import { getApplication } from './reads.ts';
import { decodePositions, pageFrom, streamsFor } from './staff-list.ts';

/**
 * What staff see of applications and do to them: the list, notes and status moves (each
 * audited), and the audited reveal of a sealed tax id.
 */

export type StaffApplicationView = StaffApplication & { version: number };

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strList = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const optStr = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const paymentStatus = (v: unknown) => ((PAYMENT_STATUSES as readonly unknown[]).includes(v) ? (v as PaymentStatus) : undefined);

/** Staff see every item, however old: each attribute is checked rather than trusted. */
export function toStaffApplication(raw: ApplicationItem): StaffApplicationView {
  const bought = boughtFlags(raw);
  return {
    id: str(raw.id),
    firstName: str(raw.firstName),
    lastName: str(raw.lastName),
    email: str(raw.email),
    phone: str(raw.phone),
    state: str(raw.state),
    businessName: str(raw.businessName),
    annualIncome: typeof raw.annualIncome === 'number' ? raw.annualIncome : null,
    contentTypes: strList(raw.contentTypes),
    platforms: strList(raw.platforms),
    notes: str(raw.notes),
    status: normaliseStatus(optStr(raw.status)),
    createdAt: str(raw.createdAt),
    submittedAt: optStr(raw.submittedAt),
    // Every add-on as sold (the order frozen at payment, else the flags).
    ...bought,
    ...(bought.dbaRegistration ? { dbaName: str(raw.dbaName), ...(raw.dbaCounty ? { dbaCounty: str(raw.dbaCounty) } : {}) } : {}),
    paymentStatus: paymentStatus(raw.paymentStatus),
    amountPaidCents: typeof raw.amountPaidCents === 'number' ? raw.amountPaidCents : undefined,
    paymentProvider: optStr(raw.paymentProvider),
    paidAt: optStr(raw.paidAt),
    fileNumber: optStr(raw.fileNumber),
    filedOn: optStr(raw.filedOn),
    reviewReason: optStr(raw.review?.reason),
    reviewAmountCents: typeof raw.review?.amountCents === 'number' ? raw.review.amountCents : undefined,
    dispute: raw.dispute && typeof raw.dispute.id === 'string' ? toDisputeView(raw.dispute) : undefined,
    amountRefundedCents: typeof raw.amountRefundedCents === 'number' ? raw.amountRefundedCents : undefined,
    refunds: Array.isArray(raw.refunds)
      ? raw.refunds
          .filter((r) => r && typeof r.id === 'string' && typeof r.amountCents === 'number')
          .map((r) => ({ id: r.id, amountCents: r.amountCents, reason: str(r.reason), source: r.source, ...(r.by ? { by: str(r.by) } : {}), at: str(r.at) }))
      : undefined,
    detailsCompletedAt: optStr(raw.detailsCompletedAt),
    emailChange: raw.emailChange
      ? { email: raw.emailChange.email, reason: raw.emailChange.reason, requestedBy: raw.emailChange.requestedBy, requestedAt: raw.emailChange.requestedAt }
      : undefined,
    filingDetails: raw.filingDetails && typeof raw.filingDetails === 'object' ? raw.filingDetails : undefined,
    taxIdOnFile: Boolean(raw.sealedTaxId),
    termsVersion: optStr(raw.termsVersion),
    residenceState: optStr(raw.residenceState),
    ein: optStr(raw.ein),
    deliverables: deliverablesFor(raw),
    noteHistory: Array.isArray(raw.noteHistory)
      ? raw.noteHistory.filter((n) => n && typeof n.text === 'string').map((n) => ({ text: n.text, by: str(n.by), at: str(n.at) }))
      : [],
    queue: optStr(raw.queue),
    queueSince: optStr(raw.queueSince),
    assignee:
      raw.assignee && typeof raw.assignee.id === 'string' ? { id: raw.assignee.id, email: str(raw.assignee.email), at: str(raw.assignee.at) } : undefined,
    detailsChased:
      raw.detailsChased && typeof raw.detailsChased.at === 'string'
        ? { at: raw.detailsChased.at, by: str(raw.detailsChased.by), times: typeof raw.detailsChased.times === 'number' ? raw.detailsChased.times : 1 }
        : undefined,
    annualReportCharges: annualReportChargesOf(raw),
    version: versionOf(raw),
  };
}

/** The annual reports charged on the order, without the provider's references (docs/decisions/0435); absent when none was. */
function annualReportChargesOf(raw: ApplicationItem): StaffApplication['annualReportCharges'] {
  if (!Array.isArray(raw.annualReportHistory)) return undefined;
  const reports = chargedReports({
    annualReportHistory: raw.annualReportHistory,
    annualReportFilings: Array.isArray(raw.annualReportFilings) ? raw.annualReportFilings : [],
  });
  return reports.length ? reports.map(({ reference: _, ...report }) => report) : undefined;
}

const toDisputeView = (d: DisputeRecord) => ({
  id: d.id,
  status: d.status,
  reason: str(d.reason),
  amountCents: typeof d.amountCents === 'number' ? d.amountCents : 0,
  ...(d.evidenceDueBy ? { evidenceDueBy: d.evidenceDueBy } : {}),
  ...(d.openedAt ? { openedAt: d.openedAt } : {}),
  ...(d.closedAt ? { closedAt: d.closedAt } : {}),
  filingPaused: d.filingPaused === true,
});

// ---- The list ------------------------------------------------------------------------------

/**
 * The staff list: one page (25) newest first. Each stream is read with at most one Query (Limit
 * 26: the extra item tells whether more follow); see ./staff-list.ts for merging and the cursor.
 */
export async function listApplicationsForStaff(query: ApplicationListQuery): Promise<{ items: StaffApplicationView[]; nextCursor: string | null }> {
  const pageSize = STAFF_APPLICATIONS_PAGE_SIZE;
  const streams = streamsFor(query);
  const positions = decodePositions(query.cursor, streams);
  const fetched = await Promise.all(
    streams.map(async (s, i) => {
      const pos = positions[i];
      if (pos === 'done') return [];
      const out = await ddb().send(
        new QueryCommand({
          TableName: table(),
          IndexName: s.index,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': s.partitionAttr },
          ExpressionAttributeValues: { ':pk': s.partitionValue },
          ScanIndexForward: false,
          Limit: pageSize + 1,
          ExclusiveStartKey: pos === 'start' ? undefined : pos.after,
        }),
      );
      return (out.Items ?? []) as ApplicationItem[];
    }),
  );
  const page = pageFrom(streams, positions, fetched, pageSize);
  return { items: page.items.map(toStaffApplication), nextCursor: page.nextCursor };
}

// ---- Notes and status moves -----------------------------------------------------------------

/** An illegal or stale status move: the caller is told the status the application really has. */
const statusConflict = (message: string, currentStatus: string) => new ConflictError(message, 'status_conflict', { currentStatus });

/**
 * Staff update: new notes (one UpdateItem returning the item) and/or a status move. A move is
 * checked against the status read and written only at the version read, with the counters and
 * an activity entry in the same transaction, so of two concurrent moves exactly one wins.
 * 409 status_conflict (with currentStatus) when the move is not allowed from the status the
 * application has; 409 version_conflict when something else changed it meanwhile.
 */
export async function updateApplicationByStaff(
  id: string,
  changes: { status?: Exclude<ApplicationStatus, 'draft'>; notes?: string; fileNumber?: string; filedOn?: string },
  actor: AuditActor,
): Promise<StaffApplicationView> {
  const now = new Date().toISOString();
  if (changes.status === undefined) {
    // Notes with their audit entry (before and after), at the version read.
    const read = await getApplication(id);
    const notes = changes.notes ?? '';
    // A note is added to the history (who, when), never written over; `notes` keeps the newest.
    const note = { text: notes, by: actor.email, at: now };
    const change = new ItemUpdate(id).atVersion(versionOf(read)).set('notes', notes).append('noteHistory', [note]).set('updatedAt', now);
    const audit = auditPut({ actor, action: 'application_notes_changed', applicationId: id, before: { notes: read.notes ?? '' }, after: { notes } });
    if (!(await updateWith(change, [audit]))) throw await whyNotWritten(id, () => changedMeanwhile('saving the notes'));
    return toStaffApplication({ ...read, notes, noteHistory: [...(read.noteHistory ?? []), note], updatedAt: now, version: versionOf(read) + 1 });
  }

  const current = await getApplication(id);
  const to = changes.status;
  const from = normaliseStatus(current.status);
  const move = staffMoveTo(to);
  // An item without documents has none (the staff view, without the list, leaves `documents` out).
  const blocker = staffMoveBlocker({ ...current, documents: current.documents ?? [] }, to);
  if (!move || blocker) throw statusConflict(`Cannot move this application to ${to}: ${blocker}`, from);
  // The filing date is the state's: not before the order was paid, not in the future (every deadline is dated from it).
  const badDate = to === 'filed' && changes.filedOn ? filedDateProblem(changes.filedOn, current.paidAt) : undefined;
  if (badDate) throw new ValidationError(badDate, { filedOn: [badDate] });
  // The payment is part of the condition: a refund landing between the read and the write wins.
  // So is everything else the blocker read (the documents and EIN Mark Complete needs): the write is at the version read.
  // A disputed payment pauses filing (the blocker above); completing a filed order stays possible.
  const change = new ItemUpdate(id)
    .atVersion(versionOf(current))
    .when(to === 'completed' ? '#paymentStatus IN (:paid, :disputed)' : '#paymentStatus = :paid', {
      ':paid': 'paid',
      ...(to === 'completed' ? { ':disputed': 'disputed' } : {}),
    })
    .set('status', to)
    .set('updatedAt', now);
  // The details are part of the condition too: processing starts only from complete details.
  if (to === 'processing') change.when('attribute_exists(#detailsCompletedAt)');
  if (changes.notes !== undefined) change.set('notes', changes.notes).append('noteHistory', [{ text: changes.notes, by: actor.email, at: now }]);
  if (to === 'filed') change.set('fileNumber', changes.fileNumber).set('filedOn', changes.filedOn);
  if (to === 'completed' && current.reopenedAt) change.remove('reopenedAt');
  change.set(`${to}At`, now);
  change.queueAt(queueStageOf({ status: to, paymentStatus: current.paymentStatus, documents: current.documents }), now);
  // Processing is worked by whoever started it when nobody has the order: the queue lists it under them.
  const takes = to === 'processing' && !current.assignee && actor.id !== SYSTEM_ACTOR.id;
  const assignee = takes ? { id: actor.id, email: actor.email, at: now } : current.assignee;
  if (takes) change.set('assignee', assignee);
  const filed = to === 'filed' ? ` (file number ${changes.fileNumber}, filed ${changes.filedOn})` : '';
  const alongside: TransactItem[] = [
    statusCounterUpdate(move.from, to),
    activityPut('status_changed', `${move.action}: ${displayName(current)} moved from ${move.from} to ${to}${filed}`, id),
    auditPut({
      actor,
      action: 'application_status_changed',
      applicationId: id,
      subject: move.action,
      before: { status: from },
      after: {
        status: to,
        ...(to === 'filed' ? { fileNumber: changes.fileNumber, filedOn: changes.filedOn } : {}),
        ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
      },
    }),
  ];
  // The customer hears of every move, from the same transaction (a retried move queues one email).
  if (current.email && to === 'completed') {
    // Completed: everything owed is delivered, and the email lists it (with its link). A reopened
    // order completed again sends its list again (its key counts the reopenings).
    alongside.push(
      outboxPut({
        kind: 'documents_ready',
        to: current.email,
        applicationId: id,
        dedupeKey: `status:${id}:${to}${current.reopenedAt ? `:${current.reopenedAt}` : ''}`,
        payload: { firstName: current.firstName ?? '', businessName: current.businessName ?? '', delivered: deliveredLines(deliverablesFor(current)) },
      }),
    );
  } else if (current.email) {
    alongside.push(
      outboxPut({
        kind: 'status_changed',
        to: current.email,
        applicationId: id,
        dedupeKey: `status:${id}:${to}`,
        payload: {
          firstName: current.firstName ?? '',
          businessName: current.businessName ?? '',
          status: to as 'processing' | 'filed' | 'completed',
          stateName: findState(current.state ?? '')?.name ?? current.state ?? '',
          ...(to === 'filed' ? { fileNumber: changes.fileNumber, filedOn: changes.filedOn } : {}),
        },
      }),
    );
  }
  // Filed: the compliance calendar's reminders are re-dated from the filing date (the rows are replaced).
  if (to === 'filed') alongside.push(...(await import('../reminders.ts')).reminderPuts({ ...current, filedOn: changes.filedOn }));
  // Filed: staff search finds the order by the state's file number; taken: the "assigned to" filter by its assignee.
  if (to === 'filed') alongside.push(...searchIndexChanges(current, { ...current, fileNumber: changes.fileNumber }));
  if (takes) alongside.push(...searchIndexChanges(current, { ...current, assignee }));
  const moved = await updateWith(change, alongside);
  if (!moved) {
    throw await whyNotWritten(id, (latest) => {
      const actual = normaliseStatus(latest.status);
      return actual === from && latest.paymentStatus === 'paid'
        ? new ConflictError('The application changed while saving; reload it and try again', 'version_conflict', { currentStatus: actual })
        : statusConflict(
            `Cannot move this application to ${to}: ${staffMoveBlocker({ ...latest, documents: latest.documents ?? [] }, to) ?? 'it changed meanwhile'}`,
            actual,
          );
    });
  }
  const saved = toStaffApplication({ ...current, assignee, ...(to === 'filed' ? { fileNumber: changes.fileNumber, filedOn: changes.filedOn } : {}) });
  const noted =
    changes.notes !== undefined ? { notes: changes.notes, noteHistory: [...(saved.noteHistory ?? []), { text: changes.notes, by: actor.email, at: now }] } : {};
  return { ...saved, status: to, ...noted, version: saved.version + 1 };
}

/**
 * An owner reopens a completed order (something delivered was wrong, or is missing): back to
 * filed at the version read, the completed date removed, with the status counters, an activity
 * entry and the audit entry with the reason in the same transaction. 409 status_conflict when
 * the order is not completed (or no longer is).
 */
export async function reopenOrder(id: string, reason: string, actor: AuditActor): Promise<StaffApplicationView> {
  const current = await getApplication(id);
  const from = normaliseStatus(current.status);
  if (from !== REOPEN_MOVE.from) throw statusConflict(`Only completed orders can be reopened; this one is ${from}`, from);
  const now = new Date().toISOString();
  const change = new ItemUpdate(id)
    .atVersion(versionOf(current))
    .when('#status = :completed', { ':completed': 'completed' })
    .set('status', REOPEN_MOVE.to)
    .set('reopenedAt', now)
    .set('updatedAt', now)
    .queueAt(queueStageOf({ status: REOPEN_MOVE.to, paymentStatus: current.paymentStatus, documents: current.documents }), now)
    .remove('completedAt');
  const alongside: TransactItem[] = [
    statusCounterUpdate(REOPEN_MOVE.from, REOPEN_MOVE.to),
    activityPut('order_reopened', `${REOPEN_MOVE.action}: ${displayName(current)} moved from completed back to filed (${reason})`, id),
    auditPut({
      actor,
      action: 'application_reopened',
      applicationId: id,
      subject: REOPEN_MOVE.action,
      before: { status: from, completedAt: current.completedAt },
      after: { status: REOPEN_MOVE.to, reason },
    }),
  ];
  if (!(await updateWith(change, alongside)))
    throw await whyNotWritten(id, (latest) =>
      normaliseStatus(latest.status) === 'completed'
        ? changedMeanwhile('reopening the order')
        : statusConflict(`Only completed orders can be reopened; this one is ${normaliseStatus(latest.status)}`, normaliseStatus(latest.status)),
    );
  const { completedAt: _gone, ...rest } = current;
  return { ...toStaffApplication({ ...rest, status: REOPEN_MOVE.to, reopenedAt: now }), version: versionOf(current) + 1 };
}

// ---- The tax id -----------------------------------------------------------------------------

/** An owner revealed the sealed tax id: recorded in the activity feed and the audit trail (who, never the number). */
export async function recordTaxIdReveal(app: ApplicationItem, actor: AuditActor): Promise<void> {
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        activityPut('tax_id_revealed', `${actor.email} revealed the responsible party's tax id of ${displayName(app)}`, app.id),
        auditPut({ actor, action: 'tax_id_revealed', applicationId: app.id, subject: "the responsible party's SSN/ITIN" }),
      ],
    }),
  );
}

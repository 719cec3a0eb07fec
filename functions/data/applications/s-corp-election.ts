import type { RecordElectionSent } from '#shared/s-corp/election.schema.ts';
import { activityPut } from '../activity.ts';
import { type AuditActor, auditPut } from '../audit.ts';
import { seriesReminderPuts } from '../reminders.ts';
import { documentsNotPaid } from './documents.ts';
import { type ApplicationItem, changedMeanwhile, displayName, ItemUpdate, updateWith, versionOf, whyNotWritten } from './item.ts';
import { w9UpdateEmailPuts } from './w9-update.ts';

/**
 * The S-corporation election (Form 2553) recorded as sent: how, the day, the fax number or
 * address used and a note, on the order at the version read, only while it is paid, with the
 * activity and audit entries in the same transaction (docs/decisions/0422-election-tracked.md).
 * Staff record it for an order with the Form 2553 add-on; the customer for an election they filed
 * themselves (docs/decisions/0432). The same write dates the reminder sent when no answer came
 * in time. Recording it again replaces what was recorded (a corrected date); the CP261 recorded
 * since is kept. 409 order_not_paid or version_conflict.
 */
export async function recordElectionSent(
  app: ApplicationItem,
  input: RecordElectionSent,
  actor: AuditActor,
  now = new Date().toISOString(),
): Promise<ApplicationItem> {
  const before = app.sCorpElection;
  const sent = { how: input.how, on: input.sentOn, to: input.sentTo, ...(input.note ? { note: input.note } : {}) };
  const election = { ...(before ?? {}), sent, recordedAt: now, recordedBy: actor.email };
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :paid', { ':paid': 'paid' })
    .set('sCorpElection', election)
    .set('updatedAt', now);
  const done = await updateWith(change, [
    activityPut('election_sent', `Form 2553 ${input.how === 'fax' ? 'faxed' : 'mailed'} to the IRS on ${input.sentOn} for ${displayName(app)}`, app.id),
    auditPut({
      actor,
      action: 'election_sent',
      applicationId: app.id,
      subject: 'Form 2553 (S-corporation election)',
      before: { sent: before?.sent ?? null },
      after: { sent },
    }),
    ...seriesReminderPuts({ ...app, sCorpElection: election }, 's-corp-election', Date.parse(now)),
  ]);
  if (!done)
    throw await whyNotWritten(app.id, (latest) => (latest.paymentStatus !== 'paid' ? documentsNotPaid() : changedMeanwhile('the election was recorded')));
  return { ...app, sCorpElection: election, updatedAt: now, version: versionOf(app) + 1 };
}

/** The audit actor of a change the customer made from their order page: the order itself. */
export const orderHolderActor = (app: Pick<ApplicationItem, 'id' | 'email'>): AuditActor => ({ id: `order:${app.id}`, email: app.email ?? `order ${app.id}` });

/**
 * The customer who filed the election themselves records the IRS acceptance letter (CP261) as
 * arrived, with the date it gives (docs/decisions/0432): the election is in effect from then,
 * audited (actor: the order) with the activity entry, and the payers to give the new W-9 are
 * emailed, in one write at the version read. No letter is uploaded: staff see that the customer
 * told us. 409 order_not_paid or version_conflict.
 */
export async function recordElectionLetter(
  app: ApplicationItem,
  effectiveOn: string,
  actor: AuditActor,
  now = new Date().toISOString(),
): Promise<ApplicationItem> {
  const before = app.sCorpElection;
  const { letterId: _none, ...kept } = before ?? {};
  const election = { ...kept, effectiveOn, recordedAt: now, recordedBy: actor.email };
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :paid', { ':paid': 'paid' })
    .set('sCorpElection', election)
    .set('updatedAt', now);
  const done = await updateWith(change, [
    activityPut(
      'election_letter_recorded',
      `The customer recorded the IRS acceptance (CP261) of the S-corporation election, in effect from ${effectiveOn}, for ${displayName(app)}`,
      app.id,
    ),
    auditPut({
      actor,
      action: 'election_letter_recorded',
      applicationId: app.id,
      subject: 'Form 2553 (S-corporation election)',
      before: { effectiveOn: before?.effectiveOn ?? null },
      after: { effectiveOn },
    }),
    ...(before?.effectiveOn === effectiveOn ? [] : w9UpdateEmailPuts(app, effectiveOn, Date.parse(now))),
  ]);
  if (!done)
    throw await whyNotWritten(app.id, (latest) => (latest.paymentStatus !== 'paid' ? documentsNotPaid() : changedMeanwhile('the election was recorded')));
  return { ...app, sCorpElection: election, updatedAt: now, version: versionOf(app) + 1 };
}

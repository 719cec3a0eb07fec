import type { RecordElectionSent } from '#shared/s-corp/election.schema.ts';
import { activityPut } from '../activity.ts';
import { type AuditActor, auditPut } from '../audit.ts';
import { documentsNotPaid } from './documents.ts';
import { type ApplicationItem, changedMeanwhile, displayName, ItemUpdate, updateWith, versionOf, whyNotWritten } from './item.ts';

/**
 * Staff record the S-corporation election (Form 2553) as sent: how, the day, the fax number or
 * address used and a note, on the order at the version read, only while it is paid, with the
 * activity and audit entries in the same transaction (docs/decisions/0422-election-tracked.md).
 * Recording it again replaces what was recorded (a corrected date); the CP261 recorded since is
 * kept. 409 order_not_paid or version_conflict.
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
  ]);
  if (!done)
    throw await whyNotWritten(app.id, (latest) => (latest.paymentStatus !== 'paid' ? documentsNotPaid() : changedMeanwhile('the election was recorded')));
  return { ...app, sCorpElection: election, updatedAt: now, version: versionOf(app) + 1 };
}

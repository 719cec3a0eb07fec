import { formatRefundCents } from '#shared/payments/refunds.ts';
import { queueStageOf } from '#shared/staff/work-queue.ts';
import type { TransactItem } from '../../lib/clients/dynamodb-sdk.ts';
import { outboxPut } from '../../outbox/outbox.ts';
import { activityPut } from '../activity.ts';
import { listPeople } from '../staff-accounts.ts';
import { changedMeanwhile, type DisputeRecord, displayName, ItemUpdate, readItem, updateWith, versionOf } from './item.ts';
import { recordRefunds } from './payments.ts';

/**
 * Chargebacks (docs/product.md section 10, "Disputes"; docs/decisions/0321): the payer's bank
 * disputes a payment. Opened, the order is `disputed`: a payment state staff see with the reason
 * and the evidence deadline, in the work queue's dispute stage; filing pauses if the order was
 * not filed yet (shared/application-status.ts refuses Start Processing and Mark Filed); the owners
 * are emailed. Closed won, the order is paid again and moves on; closed lost, the disputed amount
 * counts as a refund (./payments.ts recordRefunds, by the dispute's id).
 *
 * The provider's events may come in any order and more than once: a dispute is recorded by its
 * id; a closed dispute is final, so "created" arriving after "closed" changes nothing, and a
 * closed event with no open one before it records the dispute and its outcome at once.
 */

/** What the provider says of a dispute. `status`: the provider's word (Stripe: needs_response, won, lost, warning_closed...). */
export interface DisputeReport {
  id: string;
  status: string;
  reason: string;
  amountCents: number;
  /** YYYY-MM-DD */
  evidenceDueBy?: string;
}

export type DisputeRecording = 'recorded' | 'already-recorded' | 'not-matching';

/** The provider's status as ours: closed in our favour (won, or an inquiry closed without a chargeback), lost, or still open. */
export function disputeOutcome(status: string): DisputeRecord['status'] {
  if (status === 'won' || status === 'warning_closed') return 'won';
  if (status === 'lost') return 'lost';
  return 'open';
}

const MAX_ATTEMPTS = 4;

/**
 * Records what the provider reports of a dispute on this application's payment `reference`
 * (written at the version read, read again after a concurrent change). `also`: writes of the same
 * change (the provider event marked done).
 */
export async function recordDispute(
  applicationId: string,
  reference: string,
  report: DisputeReport,
  also: () => TransactItem[] = () => [],
): Promise<DisputeRecording> {
  const outcome = disputeOutcome(report.status);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const item = await readItem(applicationId);
    if (!item || (item.paymentReference !== reference && item.paymentIntentId !== reference)) return 'not-matching';
    const known = item.dispute?.id === report.id ? item.dispute : undefined;
    // A closed dispute is final; an open one reported open again (a replay, an update) changes nothing.
    if (known && (known.status !== 'open' || outcome === 'open')) return 'already-recorded';
    const now = new Date().toISOString();
    const status = item.status ?? 'submitted';
    const record: DisputeRecord = {
      id: report.id,
      status: outcome,
      reason: report.reason,
      amountCents: report.amountCents,
      ...(report.evidenceDueBy ? { evidenceDueBy: report.evidenceDueBy } : {}),
      openedAt: known?.openedAt ?? now,
      ...(outcome !== 'open' ? { closedAt: now } : {}),
      filingPaused: known?.filingPaused ?? !['filed', 'completed'].includes(status),
    };

    // The owners hear of a new dispute with the change that records it (one email each, once).
    const alerts = outcome === 'open' || !known ? await ownerAlerts(item, record) : [];
    if (outcome === 'lost') {
      // The bank took the money back: a refund of the disputed amount, recorded by the dispute's id.
      const lost = await recordRefunds(
        applicationId,
        reference,
        [{ id: report.id, amountCents: report.amountCents, reason: `chargeback lost (${report.reason})`, source: 'dispute', at: now }],
        {
          also: () => [...alerts, ...also()],
          extra: (change, { full, item: fresh }) => {
            change.set('dispute', record);
            // Part of the payment lost: the rest is still paid, and the order moves on.
            if (!full && fresh.paymentStatus === 'disputed')
              change.set('paymentStatus', 'paid').queueAt(queueStageOf({ ...fresh, paymentStatus: 'paid' }), now);
          },
        },
      );
      if (lost !== 'already-recorded') return lost;
      // The refund of this dispute is recorded but not its close (a dispute recorded before refunds were): record the close alone.
    }

    const change = new ItemUpdate(applicationId).atVersion(versionOf(item)).set('dispute', record).set('updatedAt', now);
    if (outcome === 'open' && item.paymentStatus === 'paid') change.set('paymentStatus', 'disputed').queueAt('dispute', now);
    if (outcome !== 'open' && item.paymentStatus === 'disputed')
      change.set('paymentStatus', 'paid').queueAt(queueStageOf({ ...item, paymentStatus: 'paid' }), now);
    const alongside: TransactItem[] = [
      activityPut(
        outcome === 'open' ? 'payment_disputed' : 'dispute_closed',
        outcome === 'open'
          ? `Chargeback: ${displayName(item)} disputed ${formatRefundCents(report.amountCents)} (${report.reason})${report.evidenceDueBy ? `; evidence due by ${report.evidenceDueBy}` : ''}${record.filingPaused ? '; filing paused' : ''}`
          : `Chargeback of ${displayName(item)} closed: ${outcome}${item.paymentStatus === 'disputed' ? '; filing resumes' : ''}`,
        applicationId,
      ),
    ];
    alongside.push(...alerts, ...also());
    if (await updateWith(change, alongside)) return 'recorded';
  }
  throw changedMeanwhile('the dispute was recorded');
}

/** The owners' alert of a dispute: one outbox email per active owner, keyed by the dispute so a retry queues none again. */
async function ownerAlerts(item: Parameters<typeof displayName>[0], record: DisputeRecord): Promise<TransactItem[]> {
  const owners = (await listPeople()).filter((p) => p.role === 'owner' && p.status === 'active');
  return owners.map((owner) =>
    outboxPut({
      kind: 'dispute_opened',
      to: owner.email,
      applicationId: item.id,
      dedupeKey: `dispute:${record.id}:${owner.id}`,
      payload: {
        businessName: item.businessName ?? '',
        orderNumber: item.id.slice(0, 8),
        amountCents: record.amountCents,
        reason: record.reason,
        ...(record.evidenceDueBy ? { evidenceDueBy: record.evidenceDueBy } : {}),
        filingPaused: record.filingPaused,
      },
    }),
  );
}

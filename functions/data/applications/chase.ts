import { chaseWindow, queueStageOf } from '#shared/staff/work-queue.ts';
import { ConflictError } from '../../lib/errors.ts';
import { outboxPut } from '../../outbox/outbox.ts';
import { activityPut } from '../activity.ts';
import { type AuditActor, auditPut } from '../audit.ts';
import { type ApplicationItem, changedMeanwhile, displayName, ItemUpdate, updateWith, versionOf } from './item.ts';
import { getApplication } from './reads.ts';
import { type StaffApplicationView, toStaffApplication } from './staff.ts';

/**
 * "Chase" (docs/product.md section 2, "Work queue"): staff send the filing-details reminder again
 * to a paid order whose customer has not given the details. One transaction at the version read:
 * the email (the outbox), who chased and when on the order, the activity entry and the audit
 * entry. Clicks in one CHASE_WINDOW_MINUTES window are one email (the outbox id names the window)
 * and one record: a second one answers the order as the first left it.
 */

const nothingToChase = (why: string) => new ConflictError(`Nothing to chase: ${why}`, 'nothing_to_chase');

function chaseRefusal(app: ApplicationItem): ConflictError | undefined {
  if (queueStageOf(app) !== 'details')
    return nothingToChase(app.detailsCompletedAt ? 'the customer has given the filing details' : 'the order is not paid and waiting for its details');
  if (!app.email) return new ConflictError('The order has no email address: correct it first', 'no_email');
  return undefined;
}

const chasedIn = (app: ApplicationItem, window: number) => app.detailsChased !== undefined && chaseWindow(new Date(app.detailsChased.at)) === window;

export async function chaseDetails(id: string, actor: AuditActor, at = new Date()): Promise<StaffApplicationView> {
  const app = await getApplication(id);
  const refused = chaseRefusal(app);
  if (refused) throw refused;
  const window = chaseWindow(at);
  if (chasedIn(app, window)) return toStaffApplication(app);
  const now = at.toISOString();
  const chased = { at: now, by: actor.email, times: (app.detailsChased?.times ?? 0) + 1 };
  const change = new ItemUpdate(id).atVersion(versionOf(app)).set('detailsChased', chased).set('updatedAt', now);
  const ago = app.paidAt ? `, paid ${app.paidAt.slice(0, 10)}` : '';
  const alongside = [
    outboxPut(
      {
        kind: 'details_reminder',
        to: app.email as string,
        applicationId: id,
        dedupeKey: `details-chase:${id}:${window}`,
        payload: { firstName: app.firstName ?? '', businessName: app.businessName ?? '' },
      },
      at.getTime(),
    ),
    activityPut('details_chased', `Filing details chased: ${displayName(app)} reminded by ${actor.email} (time ${chased.times}${ago})`, id),
    auditPut(
      {
        actor,
        action: 'details_chased',
        applicationId: id,
        subject: displayName(app),
        before: { lastChased: app.detailsChased?.at ?? null },
        after: { to: app.email, lastChased: now, times: chased.times },
      },
      at,
    ),
  ];
  if (await updateWith(change, alongside)) return toStaffApplication({ ...app, detailsChased: chased, updatedAt: now, version: versionOf(app) + 1 });
  // Written meanwhile: a second click of this window is done already; anything else is told.
  const latest = await getApplication(id);
  if (chasedIn(latest, window)) return toStaffApplication(latest);
  throw chaseRefusal(latest) ?? changedMeanwhile('sending the reminder');
}

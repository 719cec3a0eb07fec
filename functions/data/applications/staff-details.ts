import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import type { seal } from '../../lib/crypto/sealed.ts';
import { ConflictError } from '../../lib/errors.ts';
import { outboxPut } from '../../outbox/outbox.ts';
import { activityPut } from '../activity.ts';
import { type AuditActor, auditPut } from '../audit.ts';
import { type ApplicationItem, changedMeanwhile, displayName, ItemUpdate, updateWith, versionOf, whyNotWritten } from './item.ts';

/** A tax id as the details' writer stores it: sealed, `keep` (the one on file stays), or none. */
export type SealedTaxId = Awaited<ReturnType<typeof seal>> | 'keep' | undefined;

/** The parts of the filing details, in the words the customer's email lists a change with. */
const SECTIONS: [keyof StoredFilingDetails, string][] = [
  ['principalOffice', 'Principal office address'],
  ['mailingAddress', 'Mailing address'],
  ['county', 'County'],
  ['registeredAgent', 'Registered agent'],
  ['organizer', 'Organizer'],
  ['management', 'Management'],
  ['members', 'Members'],
  ['managers', 'Managers'],
  ['companyAccounts', 'Platforms and accounts'],
  ['purpose', 'Purpose'],
  ['ein', 'EIN application answers'],
];

/** A value as JSON with its object keys sorted: the store does not keep key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** Which parts differ, in the order of the form. */
export function changedSections(before: StoredFilingDetails | undefined, after: StoredFilingDetails): string[] {
  const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
  return SECTIONS.filter(([key]) => !same(before?.[key], after[key])).map(([, label]) => label);
}

/**
 * Staff change the filing details while the order is processing (the customer can no longer),
 * with the reason: in one transaction with the audit entry (before, after, reason), an activity
 * entry and an email telling the customer what changed and why. The customer's signature stays
 * as they gave it. 409 unless the order is paid and processing, or when nothing changed.
 */
export async function editFilingDetailsByStaff(
  app: ApplicationItem,
  details: StoredFilingDetails,
  sealed: SealedTaxId,
  reason: string,
  actor: AuditActor,
): Promise<void> {
  if (app.paymentStatus !== 'paid' || app.status !== 'processing')
    throw new ConflictError('Staff change the filing details while the order is processing; before that the customer changes them', 'status_conflict', {
      currentStatus: app.status ?? 'submitted',
    });
  const before = app.filingDetails as StoredFilingDetails | undefined;
  const stored: StoredFilingDetails = before?.signature ? { ...details, signature: before.signature } : details;
  const changed = changedSections(before, stored);
  if (!changed.length && (sealed === 'keep' || sealed === undefined)) throw new ConflictError('Nothing in the details changed', 'details_unchanged');
  const now = new Date().toISOString();
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :paid AND #status = :processing', { ':paid': 'paid', ':processing': 'processing' })
    .set('filingDetails', stored)
    .set('updatedAt', now);
  if (sealed && sealed !== 'keep') change.set('sealedTaxId', sealed);
  const what = changed.length ? changed : ['EIN application answers'];
  const written = await updateWith(change, [
    auditPut({
      actor,
      action: 'filing_details_edited',
      applicationId: app.id,
      subject: displayName(app),
      before: { details: before ?? null },
      after: { details: stored, changed: what, reason },
    }),
    activityPut('details_edited', `Filing details of ${displayName(app)} changed by staff: ${what.join(', ')}`, app.id),
    ...(app.email
      ? [
          outboxPut({
            kind: 'details_changed',
            to: app.email,
            applicationId: app.id,
            dedupeKey: `details-changed:${app.id}:${versionOf(app) + 1}`,
            payload: { firstName: app.firstName ?? '', businessName: app.businessName ?? '', changed: what, reason },
          }),
        ]
      : []),
  ]);
  if (!written) throw await whyNotWritten(app.id, () => changedMeanwhile('the details were changed'));
}

import type { BulkActionRequest, BulkResult } from '#shared/staff/assignment.schema.ts';
import { DomainError, NotFoundError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { type AuditActor, auditPut } from '../audit.ts';
import { searchIndexChanges } from '../search-index.ts';
import { readPerson } from '../staff-accounts.ts';
import { type ApplicationItem, changedMeanwhile, ItemUpdate, updateWith, versionOf, whyNotWritten } from './item.ts';
import { getApplication } from './reads.ts';
import { type StaffApplicationView, toStaffApplication, updateApplicationByStaff } from './staff.ts';

/**
 * Who works an order (docs/product.md section 9, "Assignment"): one person, or nobody. The
 * assignment is written at the version the person assigning saw, with its audit entry in the same
 * transaction: of two people taking the same order, one wins and the other is told.
 */

type Assignee = NonNullable<ApplicationItem['assignee']>;

const personNotFound = () => new NotFoundError('No such person on the staff', 'person_not_found');

/** The person an order can be given to: on the staff and not removed. */
export async function assignablePerson(personId: string): Promise<{ id: string; email: string }> {
  const person = await readPerson(personId);
  if (!person || person.status === 'removed') throw personNotFound();
  return { id: person.id, email: person.email };
}

/** Gives order `id` to `person` (null: to nobody) if it is still at `version`; 409 version_conflict otherwise. */
export async function assignOrder(id: string, person: { id: string; email: string } | null, version: number, actor: AuditActor): Promise<StaffApplicationView> {
  const current = await getApplication(id);
  if (versionOf(current) !== version) throw changedMeanwhile('assigning it');
  const now = new Date().toISOString();
  const assignee: Assignee | undefined = person ? { id: person.id, email: person.email, at: now } : undefined;
  const change = new ItemUpdate(id).atVersion(version).set('updatedAt', now);
  if (assignee) change.set('assignee', assignee);
  else change.remove('assignee');
  const audit = auditPut({
    actor,
    action: 'application_assigned',
    applicationId: id,
    subject: person ? person.email : 'nobody',
    before: { assignee: current.assignee?.email ?? null },
    after: { assignee: person?.email ?? null },
  });
  const { assignee: _before, ...rest } = current;
  // The "assigned to" filter reads the assignee's index entry, changed in the same transaction.
  const index = searchIndexChanges(current, { ...rest, ...(assignee ? { assignee } : {}) });
  if (!(await updateWith(change, [audit, ...index]))) throw await whyNotWritten(id, () => changedMeanwhile('assigning it'));
  return toStaffApplication({ ...rest, ...(assignee ? { assignee } : {}), updatedAt: now, version: version + 1 });
}

/** A failed order of a bulk action, with the sentence and code its single action would have answered. */
function failureOf(id: string, err: unknown): BulkResult['failed'][number] {
  const known = err as DomainError;
  if (known instanceof DomainError && typeof known.code === 'string') return { id, code: known.code, error: known.message };
  // The others done so far stay reported: this one is told as not saved, and logged.
  logger.error('bulk action failed on an order', { applicationId: id, error: err as Error });
  return { id, code: 'unavailable', error: 'It could not be saved just now; try it again' };
}

/**
 * A bulk action over orders staff chose in the queue: each order is its own conditional write
 * (assign: at the version shown; Start Processing: the status move's own checks at the version
 * read), one after the other, so a failure stops nothing else and is reported with why.
 * `afterStart` runs after each Start Processing that succeeded (the documents it generates).
 */
export async function bulkAction(request: BulkActionRequest, actor: AuditActor, afterStart: (id: string) => Promise<number | undefined>): Promise<BulkResult> {
  const person = request.action === 'assign' && request.personId ? await assignablePerson(request.personId) : null;
  const result: BulkResult = { done: [], failed: [] };
  for (const order of request.orders) {
    try {
      if (request.action === 'assign') {
        result.done.push(await assignOrder(order.id, person, order.version, actor));
        continue;
      }
      const seen = await getApplication(order.id);
      if (versionOf(seen) !== order.version) throw changedMeanwhile('starting it');
      const moved = await updateApplicationByStaff(order.id, { status: 'processing' }, actor);
      const version = await afterStart(order.id);
      result.done.push(version === undefined ? moved : { ...moved, version });
    } catch (err) {
      result.failed.push(failureOf(order.id, err));
    }
  }
  return result;
}

import { normaliseStatus } from '#shared/application-status.ts';
import type { SunbizResult } from '#shared/orders/documents.schema.ts';
import { findState } from '#shared/states.ts';
import type { ApplicationItem } from '../../data/applications/item.ts';
import type { AuditActor } from '../../data/audit.ts';
import { ConflictError } from '../../lib/errors.ts';
import { generateOrderDocuments } from './generate.ts';
import { staffLink } from './links.ts';
import { soldOrder, staffDocuments } from './view.ts';

/**
 * "Generate Sunbiz" (the original brief's staff action while processing, POST
 * /api/staff/sunbiz/{id}): for a Florida order in processing, the Florida Articles of
 * Organization as Sunbiz (the Florida Division of Corporations' filing site) takes them, made
 * again from the order's filing details as the next version of its formation document, with a
 * 5-minute download link. Other states: 409 not_florida; other statuses: 409 status_conflict.
 */
export async function generateSunbiz(app: ApplicationItem, actor: AuditActor): Promise<SunbizResult> {
  const state = soldOrder(app).state;
  if (state !== 'FL')
    throw new ConflictError(
      `Sunbiz is Florida's filing site: this order is filed in ${findState(state)?.name ?? 'another state'}, so file it with that state's own office`,
      'not_florida',
    );
  const status = normaliseStatus(app.status);
  if (status !== 'processing')
    throw new ConflictError(`Sunbiz documents are generated while the order is in processing; this one is ${status}`, 'status_conflict', {
      currentStatus: status,
    });
  const recorded = await generateOrderDocuments(app, { actor, only: ['formation'] });
  const formation = (recorded.documents ?? []).filter((d) => d.kind === 'formation').at(-1);
  if (!formation) throw new ConflictError('The Florida Articles could not be generated: see the documents panel', 'documents_unavailable');
  const document = staffDocuments(recorded).documents.find((d) => d.id === formation.id);
  if (!document) throw new ConflictError('The Florida Articles could not be generated: see the documents panel', 'documents_unavailable');
  return { document, link: await staffLink(recorded, formation.id) };
}

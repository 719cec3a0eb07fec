import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { staffMoveTo } from '#shared/application-status.ts';
import { makesDocuments } from '#shared/orders/documents.ts';
import { applicationUpdateSchema } from '#shared/staff/applications.schema.ts';
import { updateApplicationByStaff } from '../../data/applications/staff.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

export const handler = route('PATCH /api/staff/applications/{id}', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const update = requestBody(event, applicationUpdateSchema);
  const saved = await updateApplicationByStaff(id, update, staffActor(event));
  // The move's documents (Start Processing: all of them; Mark Filed: a Form 2553 worksheet with
  // the filing date) are made once the move is done; a failure leaves the move in place and the
  // staff panel offers "Generate" (functions/documents/order/generate.ts).
  const action = update.status ? staffMoveTo(update.status)?.action : undefined;
  if (makesDocuments(action)) {
    const { documentsAfter } = await import('../../documents/order/generate.ts');
    const recorded = await documentsAfter(id, staffActor(event), action);
    if (recorded) return json(200, { ...saved, version: recorded.version });
  }
  return json(200, saved);
});

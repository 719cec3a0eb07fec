import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { applicationUpdateSchema } from '#shared/staff/applications.schema.ts';
import { updateApplicationByStaff } from '../../data/applications/staff.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

export const handler = route('PATCH /api/staff/applications/{id}', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const update = requestBody(event, applicationUpdateSchema);
  const saved = await updateApplicationByStaff(id, update, staffActor(event));
  // Start Processing makes the order's documents once the move is done, and Mark Filed makes a
  // Form 2553 worksheet again with the state's filing date; a failure leaves the move in place
  // and the staff panel offers "Generate" (functions/order-documents/generate.ts).
  const after = update.status === 'processing' ? 'Start Processing' : update.status === 'filed' ? 'Mark Filed' : undefined;
  if (after) {
    const { documentsAfter } = await import('../../order-documents/generate.ts');
    const recorded = await documentsAfter(id, staffActor(event), after, update.status === 'filed' ? ['form_2553_worksheet'] : undefined);
    if (recorded) return json(200, { ...saved, version: recorded.version });
  }
  return json(200, saved);
});

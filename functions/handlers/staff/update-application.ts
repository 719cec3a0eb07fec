import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { applicationUpdateSchema } from '#shared/staff/applications.schema.ts';
import { updateApplicationByStaff } from '../../data/applications/staff.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

export const handler = route('PATCH /api/staff/applications/{id}', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const update = requestBody(event, applicationUpdateSchema);
  const saved = await updateApplicationByStaff(id, update, staffActor(event));
  // Start Processing makes the order's documents once the move is done; a failure leaves the
  // move in place and the staff panel offers "Generate" (functions/order-documents/generate.ts).
  if (update.status === 'processing') {
    const { documentsAfterStartProcessing } = await import('../../order-documents/generate.ts');
    const version = await documentsAfterStartProcessing(id, staffActor(event));
    if (version !== undefined) return json(200, { ...saved, version });
  }
  return json(200, saved);
});

import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { generateOrderDocuments } from '../../documents/order/generate.ts';
import { staffDocuments } from '../../documents/order/view.ts';
import { json, pathParam, route, staffActor } from '../../lib/http.ts';

/**
 * POST /api/staff/applications/{id}/documents: (re)generates every document of a paid order
 * with complete details, in processing or later. Earlier versions are kept. 409 order_not_paid
 * or documents_unavailable otherwise.
 */
export const handler = route('POST /api/staff/applications/{id}/documents', async (event) => {
  const app = await getApplication(pathParam(event, 'id', applicationIdSchema));
  return json(200, staffDocuments(await generateOrderDocuments(app, { actor: staffActor(event) })));
});

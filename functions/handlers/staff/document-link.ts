import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { documentIdSchema } from '#shared/orders/documents.schema.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { staffLink } from '../../documents/order/links.ts';
import { json, pathParam, route } from '../../lib/http.ts';

/** GET /api/staff/applications/{id}/documents/{documentId}: a 5-minute download link to any version. */
export const handler = route('GET /api/staff/applications/{id}/documents/{documentId}', async (event) => {
  const app = await getApplication(pathParam(event, 'id', applicationIdSchema));
  return json(200, await staffLink(app, pathParam(event, 'documentId', documentIdSchema)));
});

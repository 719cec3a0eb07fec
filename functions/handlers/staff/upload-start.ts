import { randomUUID } from 'node:crypto';
import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { uploadRequestSchema } from '#shared/orders/documents.schema.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { startUpload } from '../../documents/order/uploads.ts';
import { json, pathParam, requestBody, route } from '../../lib/http.ts';

/**
 * POST /api/staff/applications/{id}/uploads: a presigned PUT (10 minutes) for one PDF of at most
 * 10 MB, for a paid order. The file becomes a document only once recorded (…/record).
 */
export const handler = route('POST /api/staff/applications/{id}/uploads', async (event) => {
  const app = await getApplication(pathParam(event, 'id', applicationIdSchema));
  const request = requestBody(event, uploadRequestSchema);
  return json(200, await startUpload(app, request, randomUUID()));
});

import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { recordUploadSchema, uploadIdSchema } from '#shared/orders/documents.schema.ts';
import { recordUpload } from '../../documents/order/uploads.ts';
import { staffDocuments } from '../../documents/order/view.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/**
 * POST /api/staff/applications/{id}/uploads/{uploadId}/record: checks the uploaded file (a PDF
 * of at most 10 MB, or 400 not_a_pdf / file_too_large and it is removed) and records it with its
 * kind and the state's file number. The EIN letter deletes the sealed SSN/ITIN.
 */
export const handler = route('POST /api/staff/applications/{id}/uploads/{uploadId}/record', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const uploadId = pathParam(event, 'uploadId', uploadIdSchema);
  const body = requestBody(event, recordUploadSchema);
  return json(200, staffDocuments(await recordUpload(id, uploadId, body, staffActor(event))));
});

import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { recordEinSchema } from '#shared/orders/documents.schema.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';
import { recordEinWithLetter } from '../../order-documents/uploads.ts';
import { staffDocuments } from '../../order-documents/view.ts';

/**
 * POST /api/staff/applications/{id}/ein: the EIN (validated: 9 digits, a prefix the IRS issues)
 * and its IRS letter recorded in one write that also deletes the sealed SSN/ITIN and emails the
 * customer (functions/data/applications/documents.ts recordEin).
 */
export const handler = route('POST /api/staff/applications/{id}/ein', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, recordEinSchema);
  return json(200, staffDocuments(await recordEinWithLetter(id, body, staffActor(event))));
});

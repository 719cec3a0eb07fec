import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { recordEinSchema } from '#shared/orders/documents.schema.ts';
import { recordEinWithLetter } from '../../documents/order/uploads.ts';
import { staffDocuments } from '../../documents/order/view.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/**
 * POST /api/staff/applications/{id}/ein: the EIN (validated: 9 digits, a prefix the IRS issues)
 * and its IRS letter recorded in one write that also deletes the sealed SSN/ITIN and emails the
 * customer (functions/data/applications/documents.ts recordEin); a Form 2553 worksheet made
 * before it is then made again with it.
 */
export const handler = route('POST /api/staff/applications/{id}/ein', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, recordEinSchema);
  const recorded = await recordEinWithLetter(id, body, staffActor(event));
  // A Form 2553 worksheet made before the EIN is made again with it (a failure leaves the EIN
  // recorded, and the staff panel lists the worksheet as missing, with "Generate").
  const { documentsAfter } = await import('../../documents/order/generate.ts');
  const remade = await documentsAfter(id, staffActor(event), 'Record EIN');
  return json(200, staffDocuments(remade ?? recorded));
});

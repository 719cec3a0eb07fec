import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { documentIdSchema } from '#shared/orders/documents.schema.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { vaultLink } from '../../documents/order/links.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';

/**
 * GET /api/orders/{id}/documents/{documentId} (holder only): a 5-minute download link to one
 * document of the customer's vault. 404 for an unknown order, another order's holder, or a
 * document that is not in this order's vault.
 */
export const handler = route('GET /api/orders/{id}/documents/{documentId}', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const documentId = pathParam(event, 'documentId', documentIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, await vaultLink(app, documentId));
});

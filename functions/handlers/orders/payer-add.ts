import { randomUUID } from 'node:crypto';
import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { payerBodySchema } from '#shared/payers/payers.schema.ts';
import { addPayer } from '../../data/applications/payers.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { orderPayers } from '../../orders/payers-view.ts';

/**
 * POST /api/orders/{id}/payers (holder only): a platform or brand added to the payers of the paid
 * order, at the version read. 201 the payers | 400 naming the field | 409 not paid, full, changed meanwhile.
 */
export const handler = route('POST /api/orders/{id}/payers', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, payerBodySchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  const now = new Date().toISOString();
  const saved = await addPayer(app, { id: randomUUID(), ...body, createdAt: now, updatedAt: now });
  return json(201, orderPayers(saved));
});

import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { renewalPaymentBodySchema } from '#shared/compliance/api.schema.ts';
import { payRenewal } from '../../compliance/renewal.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';

/** POST /api/orders/{id}/registered-agent/renewal-payment (holder only): the renewal whose charge failed, paid at the agreed price. */
export const handler = route('POST /api/orders/{id}/registered-agent/renewal-payment', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, renewalPaymentBodySchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, await payRenewal(app, body.card));
});

import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { detailsEditable, detailsLocked, orderNotPaid, saveFilingDetails } from '../../data/applications/order-page.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';
import { storedDetailsFrom } from '../../orders/details-input.ts';
import { orderView } from '../../orders/view.ts';

/**
 * PUT /api/orders/{id}/filing-details (holder only): the filing details, validated with the
 * order's schema (its filing state, its add-ons), the responsible party's SSN/ITIN sealed
 * before it is stored and replaced by its last four digits. 200 the order page | 400 with a
 * sentence per field | 409 not paid / processing started / changed meanwhile.
 */
export const handler = route('PUT /api/orders/{id}/filing-details', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  if (app.paymentStatus !== 'paid') throw orderNotPaid();
  if (!detailsEditable(app)) throw detailsLocked();
  const { stored, sealed } = await storedDetailsFrom(app, event.jsonBody, new Date().toISOString());
  await saveFilingDetails(app, stored, sealed);
  const saved = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, orderView(saved));
});

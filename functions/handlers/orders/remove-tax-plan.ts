import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { removeTaxPlan } from '../../data/applications/order-page.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { dropTaxSummary } from '../../documents/order/tax-summary-link.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';
import { orderView } from '../../orders/view.ts';

/**
 * DELETE /api/orders/{id}/tax-plan (holder only): the customer removes the tax plan saved on the
 * order, and its year-end summary with it. Removing when none is saved answers the order page as it
 * is. 200 the order page | 409 changed meanwhile.
 */
export const handler = route('DELETE /api/orders/{id}/tax-plan', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  await removeTaxPlan(app);
  await dropTaxSummary(app);
  return json(200, orderView(await getApplicationForHolder(id, resumeSecret(event))));
});

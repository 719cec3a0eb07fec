import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { specifiedServiceShare } from '#shared/income-map.ts';
import { savedTaxPlanBodySchema } from '#shared/saved-tax-plan.schema.ts';
import { orderNotPaid } from '../../compliance/order-calendar.ts';
import { saveTaxPlan } from '../../data/applications/order-page.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { estimatedTaxReminderPuts } from '../../data/reminders.ts';
import { dropTaxSummary } from '../../documents/order/tax-summary-link.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { orderView } from '../../orders/view.ts';

/**
 * PUT /api/orders/{id}/tax-plan (holder only): the tax plan saved from the planner on the order
 * page. The body is POST /api/tax-plan's input (under `plan`), the running costs and the income
 * map; only the inputs are stored, and the server computes the amounts the calendar, the
 * reminders and the year-end summary show (the endorsement share from the map, not the body). 200 the order page | 400 naming the field | 409 not
 * paid / changed meanwhile.
 */
export const handler = route('PUT /api/orders/{id}/tax-plan', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, savedTaxPlanBodySchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  if (app.paymentStatus !== 'paid') throw orderNotPaid();
  // The endorsement share the QBI rule reads comes from the income map saved with it, whatever the body said (one source).
  const { specifiedServiceShare: _given, ...plan } = body.plan;
  const share = body.incomeMap ? specifiedServiceShare(body.incomeMap) : 0;
  const saved = {
    request: { ...plan, ...(share > 0 ? { specifiedServiceShare: share } : {}) },
    ...(body.runningCosts ? { runningCosts: body.runningCosts } : {}),
    ...(body.incomeMap ? { incomeMap: body.incomeMap } : {}),
    savedAt: new Date().toISOString(),
  };
  // The estimated-tax reminder row with it (an order paid before those reminders has none), unless reminders are off.
  await saveTaxPlan(app, saved, app.remindersUnsubscribedAt ? [] : estimatedTaxReminderPuts(app));
  // The summary of the plan this one replaces goes with it.
  await dropTaxSummary(app);
  return json(200, orderView(await getApplicationForHolder(id, resumeSecret(event))));
});

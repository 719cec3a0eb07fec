import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { remindersBodySchema } from '#shared/compliance/api.schema.ts';
import { orderNotPaid } from '../../compliance/order-calendar.ts';
import { resubscribeReminders, unsubscribeReminders } from '../../data/applications/order-page.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { deadlineReminderPuts } from '../../data/reminders.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';

/** PUT /api/orders/{id}/reminders (holder only): the order page turns the deadline reminders on or off. */
export const handler = route('PUT /api/orders/{id}/reminders', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const { on } = requestBody(event, remindersBodySchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  if (app.paymentStatus !== 'paid') throw orderNotPaid();
  await (on ? resubscribeReminders(id, deadlineReminderPuts(app)) : unsubscribeReminders(id));
  return json(200, { remindersUnsubscribed: !on });
});

import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { changeRequestSchema } from '#shared/orders/requests.schema.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { createChangeRequest } from '../../data/tickets.ts';
import { json, pathParam, requestBody, resumeSecret, route, sourceIp } from '../../lib/http.ts';

/**
 * POST /api/orders/{id}/change-requests (holder only): "request a change" on the order page
 * opens a support ticket tied to the order, from the order's own email address; staff answer it
 * from the dashboard and the reply is emailed. 201 { ticketId } | 429 (the contact form's limit).
 */
export const handler = route('POST /api/orders/{id}/change-requests', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const { message } = requestBody(event, changeRequestSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  const ticket = await createChangeRequest(app, message, sourceIp(event));
  return json(201, { ticketId: ticket.id });
});

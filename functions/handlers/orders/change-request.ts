import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { changeRequestSchema } from '#shared/orders/requests.schema.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { postCustomerMessage } from '../../data/conversation.ts';
import { json, pathParam, requestBody, resumeSecret, route, sourceIp } from '../../lib/http.ts';

/**
 * POST /api/orders/{id}/change-requests (holder only): a message on the order's conversation, from
 * the order page. The first opens a high-priority ticket tied to the order, later ones (answers to
 * our replies) are added to it; each is acknowledged by email with the thread's reference.
 * 201 { ticketId, reference } | 429 | 409 conversation_full.
 */
export const handler = route('POST /api/orders/{id}/change-requests', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const { message } = requestBody(event, changeRequestSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  return json(201, await postCustomerMessage(app, message, sourceIp(event)));
});

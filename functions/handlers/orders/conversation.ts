import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { readOrderConversation } from '../../data/conversation.ts';
import { json, pathParam, resumeSecret, route } from '../../lib/http.ts';

/** GET /api/orders/{id}/conversation (holder only): the order's messages and our replies, oldest first. */
export const handler = route('GET /api/orders/{id}/conversation', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  await getApplicationForHolder(id, resumeSecret(event));
  return json(200, await readOrderConversation(id));
});

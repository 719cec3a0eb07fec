import { emailRetrySchema } from '#shared/staff/email-delivery.schema.ts';
import { retryEmail } from '../../data/email-delivery.ts';
import { json, requestBody, route, staffActor } from '../../lib/http.ts';

/** Sends an undelivered message again (to the order's address as it is now), with the reason. */
export const handler = route('POST /api/staff/emails/retries', async (event) => {
  const { messageId, reason } = requestBody(event, emailRetrySchema);
  return json(200, await retryEmail(messageId, reason, staffActor(event)));
});

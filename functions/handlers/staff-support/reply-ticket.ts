import { recordIdSchema } from '#shared/record-id.schema.ts';
import { ticketReplySchema } from '#shared/staff/tickets.schema.ts';
import { replyToTicket } from '../../data/tickets.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/**
 * POST /api/staff/tickets/{id}/replies: a staff reply quoting the customer message it answers,
 * kept on the ticket and emailed to the customer through the outbox in the same transaction.
 * 200 the ticket with its replies.
 */
export const handler = route('POST /api/staff/tickets/{id}/replies', async (event) => {
  const id = pathParam(event, 'id', recordIdSchema);
  const { message, quotes } = requestBody(event, ticketReplySchema);
  return json(200, await replyToTicket(id, message, 'The CreatorLLC team', staffActor(event), quotes));
});
